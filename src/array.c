/*
 * array.c -- Array{T,N} objects. Elements of an isbits T are stored inline (elsize bytes each) in a
 * pointer-free buffer; all other element types are stored as jl_value_t * (NULL = #undef) in a scanned
 * buffer. The data buffer is a separate allocation so a vector can grow in place of its header.
 * Invariant: data == buffer start + offset * elsize; length <= maxsize - offset for vectors.
 */
#include <string.h>
#include "julep_internal.h"

static void elem_layout(jl_value_t *eltype, uint16_t *elsize, int *isptr, int *haspointers)
{
    if (jl_is_datatype(eltype) && ((jl_datatype_t *)eltype)->isbitstype) {
        *elsize = (uint16_t)((jl_datatype_t *)eltype)->layout->size;
        *isptr = 0;
        *haspointers = 0;
    }
    else {
        *elsize = sizeof(void *);
        *isptr = 1;
        *haspointers = 1;
    }
}

static void *alloc_data(size_t nbytes, int haspointers)
{
    return haspointers ? jl_gc_alloc_buf(nbytes) : jl_gc_alloc_buf_atomic(nbytes);
}

JL_DLLEXPORT jl_array_t *jl_alloc_array_1d(jl_value_t *atype, size_t n)
{
    jl_value_t *eltype = jl_svecref(((jl_datatype_t *)atype)->parameters, 0);
    uint16_t elsize;
    int isptr, hasptr;
    elem_layout(eltype, &elsize, &isptr, &hasptr);
    if (n > ((size_t)1 << 48) / (elsize ? elsize : 1))
        jl_argument_error("invalid Array dimensions");
    jl_array_t *a = (jl_array_t *)jl_gc_alloc(sizeof(jl_array_t) + sizeof(size_t), atype);
    a->elsize = elsize;
    a->flags = (uint16_t)(isptr ? JL_ARRAY_PTRARRAY : 0);
    a->ndims = 1;
    a->length = n;
    a->maxsize = n;
    a->dims[0] = n;
    a->data = alloc_data(n * elsize, hasptr);
    return a;
}

JL_DLLEXPORT jl_array_t *jl_alloc_array_nd(jl_value_t *atype, size_t ndims, const size_t *dims)
{
    if (ndims == 1)
        return jl_alloc_array_1d(atype, dims[0]);
    jl_value_t *eltype = jl_svecref(((jl_datatype_t *)atype)->parameters, 0);
    uint16_t elsize;
    int isptr, hasptr;
    elem_layout(eltype, &elsize, &isptr, &hasptr);
    size_t n = 1, limit = ((size_t)1 << 48) / (elsize ? elsize : 1);
    for (size_t i = 0; i < ndims; i++) {
        if (dims[i] > limit || (dims[i] && n > limit / dims[i]))
            jl_argument_error("invalid Array dimensions");
        n *= dims[i];
    }
    jl_array_t *a = (jl_array_t *)jl_gc_alloc(sizeof(jl_array_t) + ndims * sizeof(size_t), atype);
    a->elsize = elsize;
    a->flags = (uint16_t)(isptr ? JL_ARRAY_PTRARRAY : 0);
    a->ndims = (uint32_t)ndims;
    a->length = n;
    a->maxsize = n;
    for (size_t i = 0; i < ndims; i++)
        a->dims[i] = dims[i];
    a->data = alloc_data(n * elsize, hasptr);
    return a;
}

/* dims given as a tuple of Ints (Julia's `Array{T,N}(undef, dims)` calls this) */
static size_t tuple_dims(jl_value_t *dims, size_t *out, size_t max)
{
    if (!jl_is_tuple(dims))
        jl_type_error("new_array", (jl_value_t *)jl_anytuple_type, dims);
    size_t nd = jl_datatype_nfields(jl_typeof(dims));
    if (nd > max)
        jl_argument_error("invalid Array dimensions");
    for (size_t i = 0; i < nd; i++) {
        jl_value_t *d = jl_get_nth_field(dims, i);
        if (!jl_is_int64(d))
            jl_type_error("new_array", (jl_value_t *)jl_int64_type, d);
        int64_t v = jl_unbox_int64(d);
        if (v < 0)
            jl_argument_error("invalid Array dimensions");
        out[i] = (size_t)v;
    }
    return nd;
}

#define JL_MAX_NEW_NDIMS 64

JL_DLLEXPORT jl_array_t *jl_new_array(jl_value_t *atype, jl_value_t *dims)
{
    size_t d[JL_MAX_NEW_NDIMS];
    size_t nd = tuple_dims(dims, d, JL_MAX_NEW_NDIMS);
    if (nd == 0) { /* a 0-dimensional array holds one element */
        jl_array_t *a = jl_alloc_array_nd(atype, 1, (size_t[]){1});
        a->ndims = 0;
        return a;
    }
    return jl_alloc_array_nd(atype, nd, d);
}

JL_DLLEXPORT jl_array_t *jl_alloc_array_2d(jl_value_t *atype, size_t nr, size_t nc)
{
    size_t d[2] = {nr, nc};
    return jl_alloc_array_nd(atype, 2, d);
}

JL_DLLEXPORT jl_array_t *jl_alloc_array_3d(jl_value_t *atype, size_t n1, size_t n2, size_t n3)
{
    size_t d[3] = {n1, n2, n3};
    return jl_alloc_array_nd(atype, 3, d);
}

/* An array of type atype with the given dims sharing `data`'s elements (reshape). Both arrays are
   marked shared so neither can be resized under the other. */
JL_DLLEXPORT jl_array_t *jl_reshape_array(jl_value_t *atype, jl_array_t *data, jl_value_t *dims)
{
    size_t d[JL_MAX_NEW_NDIMS];
    size_t nd = tuple_dims(dims, d, JL_MAX_NEW_NDIMS), n = 1;
    for (size_t i = 0; i < nd; i++)
        n *= d[i];
    if (n != data->length)
        jl_argument_error("new dimensions must be consistent with array size");
    jl_array_t *a = (jl_array_t *)jl_gc_alloc(sizeof(jl_array_t) + (nd ? nd : 1) * sizeof(size_t), atype);
    a->data = data->data;
    a->length = n;
    a->elsize = data->elsize;
    a->flags = (uint16_t)(data->flags | JL_ARRAY_ISSHARED);
    a->ndims = (uint32_t)nd;
    a->offset = 0;
    a->maxsize = n;
    a->owner = data->owner ? data->owner : (jl_value_t *)data;
    for (size_t i = 0; i < nd; i++)
        a->dims[i] = d[i];
    if (nd == 0)
        a->dims[0] = 1;
    data->flags |= JL_ARRAY_ISSHARED;
    return a;
}

JL_DLLEXPORT jl_array_t *jl_alloc_vec_any(size_t n)
{
    return jl_alloc_array_1d((jl_value_t *)jl_array_any_type, n);
}

static jl_value_t *array_eltype(jl_array_t *a)
{
    return jl_svecref(((jl_datatype_t *)jl_typeof(a))->parameters, 0);
}

JL_DLLEXPORT jl_value_t *jl_arrayref(jl_array_t *a, size_t i)
{
    if (i >= a->length)
        jl_bounds_error_int((jl_value_t *)a, i + 1);
    if (a->flags & JL_ARRAY_PTRARRAY) {
        jl_value_t *v = jl_array_ptr_ref(a, i);
        if (v == NULL)
            jl_errorf("UndefRefError: access to undefined reference");
        return v;
    }
    return jl_new_bits(array_eltype(a), (char *)a->data + i * a->elsize);
}

JL_DLLEXPORT void jl_arrayset(jl_array_t *a, jl_value_t *v, size_t i)
{
    if (i >= a->length)
        jl_bounds_error_int((jl_value_t *)a, i + 1);
    jl_value_t *et = array_eltype(a);
    if (et != (jl_value_t *)jl_any_type && !jl_isa(v, et))
        jl_type_error("arrayset", et, v);
    if (a->flags & JL_ARRAY_PTRARRAY)
        jl_array_ptr_set(a, i, v);
    else
        memcpy((char *)a->data + i * a->elsize, v, a->elsize);
}

JL_DLLEXPORT void jl_array_grow_end(jl_array_t *a, size_t inc)
{
    if (a->ndims != 1 || (a->flags & JL_ARRAY_ISSHARED))
        jl_error("cannot resize array with shared data");
    size_t newlen = a->length + inc;
    if (a->offset + newlen > a->maxsize) {
        size_t cap = a->maxsize < 4 ? 4 : a->maxsize;
        while (cap < newlen)
            cap = cap + cap / 2 + 1; /* 1.5x growth */
        int hasptr = (a->flags & (JL_ARRAY_PTRARRAY | JL_ARRAY_HASPTR)) != 0;
        char *nd = alloc_data(cap * a->elsize, hasptr);
        memcpy(nd, a->data, a->length * a->elsize);
        a->data = nd;
        a->offset = 0;
        a->maxsize = cap;
    }
    a->length = newlen;
    a->dims[0] = newlen;
}

JL_DLLEXPORT void jl_array_del_end(jl_array_t *a, size_t dec)
{
    if (dec > a->length)
        jl_argument_error("array must be non-empty");
    size_t newlen = a->length - dec;
    /* clear dropped slots so the collector does not keep their objects alive */
    memset((char *)a->data + newlen * a->elsize, 0, dec * a->elsize);
    a->length = newlen;
    a->dims[0] = newlen;
}

/* pushfirst!/prepend!: room at the front comes from the space popfirst! left (offset) or from a new
   buffer with spare space on both sides, so alternating use at either end stays amortized O(1) */
JL_DLLEXPORT void jl_array_grow_beg(jl_array_t *a, size_t inc)
{
    if (a->ndims != 1 || (a->flags & JL_ARRAY_ISSHARED))
        jl_error("cannot resize array with shared data");
    size_t es = a->elsize;
    if (inc <= a->offset) {
        a->offset -= inc;
        a->data = (char *)a->data - inc * es;
        memset(a->data, 0, inc * es); /* new slots of a pointer array are #undef */
    }
    else {
        size_t newlen = a->length + inc;
        size_t cap = newlen < 4 ? 4 : newlen + newlen / 2 + 1;
        size_t front = (cap - newlen) / 2;
        int hasptr = (a->flags & (JL_ARRAY_PTRARRAY | JL_ARRAY_HASPTR)) != 0;
        char *nd = alloc_data(cap * es, hasptr);
        memset(nd + front * es, 0, inc * es);
        if (a->length > 0)
            memcpy(nd + (front + inc) * es, a->data, a->length * es);
        a->data = nd + front * es;
        a->offset = front;
        a->maxsize = cap;
    }
    a->length += inc;
    a->dims[0] = a->length;
}

/* popfirst!/deleteat! at the front: move the start of the data forward (no copying) */
JL_DLLEXPORT void jl_array_del_beg(jl_array_t *a, size_t dec)
{
    if (dec > a->length)
        jl_argument_error("array must be non-empty");
    if (dec == 0)
        return;
    if (a->ndims != 1 || (a->flags & JL_ARRAY_ISSHARED))
        jl_error("cannot resize array with shared data");
    /* clear dropped slots so the collector does not keep their objects alive */
    memset(a->data, 0, dec * a->elsize);
    a->data = (char *)a->data + dec * a->elsize;
    a->offset += dec;
    a->length -= dec;
    a->dims[0] = a->length;
}

JL_DLLEXPORT void jl_array_ptr_1d_push(jl_array_t *a, jl_value_t *item)
{
    jl_array_grow_end(a, 1);
    jl_array_ptr_set(a, a->length - 1, item);
}
