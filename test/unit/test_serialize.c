/* test_serialize.c -- the value-graph serializer (serializer/serialize.c, deserialize.c): round trips
   of every kind of value (egal for immutables, structure and identity for mutables and cycles,
   behaviour for methods), compact sizes, and clean errors for truncated, corrupted and foreign
   streams. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>
#include "testutil.h"
#include "builtins.h"
#include "gf.h"
#include "toplevel.h"
#include "../../serializer/serializer.h"

TestSuite(serialize, .init = jl_test_init);

#define HDR 14 /* HEADER, "JLSR", version varint, 8-byte table hash */

/* ------------------------------------------------------------------ helpers */

static uint8_t *ser(jl_value_t *v, size_t *n)
{
    uint8_t *volatile p = NULL;
    JL_TRY {
        p = jl_serialize_value(v, n);
    }
    JL_CATCH {
        cr_assert_fail("serialize threw: %s", jl_exception_message(jl_current_exception()));
    }
    return p;
}

/* deserialize from an exactly sized heap copy (ASan sees reads past the end); NULL and *err set
   when it throws */
static jl_value_t *deser(const uint8_t *p, size_t n, const char **err)
{
    uint8_t *copy = (uint8_t *)malloc(n ? n : 1);
    memcpy(copy, p, n);
    jl_value_t *volatile v = NULL;
    *err = NULL;
    JL_TRY {
        v = jl_deserialize_value(copy, n);
    }
    JL_CATCH {
        *err = jl_exception_message(jl_current_exception());
    }
    free(copy);
    return v;
}

static jl_value_t *roundtrip_n(jl_value_t *v, size_t *len)
{
    size_t n;
    uint8_t *p = ser(v, &n);
    const char *err;
    jl_value_t *r = deser(p, n, &err);
    free(p);
    cr_assert_null(err, "deserialize threw: %s", err);
    if (len)
        *len = n;
    return r;
}

static jl_value_t *roundtrip(jl_value_t *v)
{
    return roundtrip_n(v, NULL);
}

static void assert_egal_roundtrip(jl_value_t *v, const char *what)
{
    jl_value_t *r = roundtrip(v);
    cr_assert(jl_egal(r, v), "%s does not round-trip", what);
    cr_assert_eq(jl_typeof(r), jl_typeof(v), "%s changed type", what);
}

static jl_value_t *eval(const char *src)
{
    jl_value_t *v = jl_eval_string(src);
    cr_assert_not_null(v, "eval failed: %s: %s", src, jl_exception_message(jl_current_exception()));
    return v;
}

static size_t ser_size(jl_value_t *v)
{
    size_t n;
    free(ser(v, &n));
    return n - HDR;
}

static jl_value_t *getf(jl_value_t *v, const char *field)
{
    jl_datatype_t *dt = (jl_datatype_t *)jl_typeof(v);
    int i = jl_field_index(dt, jl_symbol(field), 1);
    return jl_get_nth_field(v, (size_t)i);
}

/* a struct type bound in Main, made with the C API (no constructors needed: values are built with
   jl_new_struct); params are TypeVar names, field types may use them by index (-1 - i) */
static jl_datatype_t *def_type(const char *name, int mutabl, int nparams, const char **pnames, int nf,
                               const char **fnames, jl_value_t **ftypes, const int *ftvar)
{
    jl_svec_t *params = jl_alloc_svec((size_t)nparams);
    for (int i = 0; i < nparams; i++)
        jl_svecset(params, i, jl_new_typevar(jl_symbol(pnames[i]), jl_bottom_type, (jl_value_t *)jl_any_type));
    jl_svec_t *fn = jl_alloc_svec((size_t)nf), *ft = jl_alloc_svec((size_t)nf);
    for (int i = 0; i < nf; i++) {
        jl_svecset(fn, i, jl_symbol(fnames[i]));
        jl_svecset(ft, i, ftvar && ftvar[i] >= 0 ? jl_svecref(params, ftvar[i]) : ftypes[i]);
    }
    jl_datatype_t *dt = jl_new_datatype(jl_symbol(name), jl_main_module, jl_any_type, params, fn, ft, 0,
                                        mutabl, nf);
    jl_set_const(jl_main_module, jl_symbol(name), dt->name->wrapper);
    return dt;
}

static jl_value_t *tvar(const char *name, jl_value_t *ub)
{
    return (jl_value_t *)jl_new_typevar(jl_symbol(name), jl_bottom_type, ub ? ub : (jl_value_t *)jl_any_type);
}

static jl_value_t *new_vararg(jl_value_t *T, jl_value_t *N)
{
    jl_vararg_t *va = (jl_vararg_t *)jl_gc_alloc(sizeof(jl_vararg_t), (jl_value_t *)jl_vararg_type);
    va->T = T;
    va->N = N;
    return (jl_value_t *)va;
}

static int is_deser_error(const char *err)
{
    return err && strncmp(err, "deserialize: ", 13) == 0;
}

/* ------------------------------------------------------------------ singletons, tags, sizes */

Test(serialize, tagged_values_take_one_byte_and_keep_identity)
{
    jl_value_t *vals[] = {jl_nothing, jl_true, jl_false, jl_emptytuple, (jl_value_t *)jl_emptysvec,
                          jl_bottom_type, (jl_value_t *)jl_core_module, (jl_value_t *)jl_main_module,
                          (jl_value_t *)jl_int64_type, (jl_value_t *)jl_any_type,
                          (jl_value_t *)jl_s_call, (jl_value_t *)jl_s_block, jl_box_int64(0), jl_box_int64(1)};
    for (size_t i = 0; i < sizeof vals / sizeof vals[0]; i++) {
        size_t n;
        jl_value_t *r = roundtrip_n(vals[i], &n);
        cr_assert_eq(r, vals[i], "value #%zu lost its identity", i);
        cr_assert_eq(n, HDR + 1, "value #%zu takes %zu bytes", i, n - HDR);
    }
}

Test(serialize, small_ints_are_compact)
{
    for (int64_t x = -64; x < 64; x++) {
        size_t n = ser_size(jl_box_int64(x));
        cr_assert(n <= 2, "Int %lld takes %zu bytes", (long long)x, n);
    }
    cr_assert_leq(ser_size(jl_box_int64(1000)), 3);
    int64_t big[] = {INT64_MIN, INT64_MAX, -1000000007, 1ll << 40, 64, -65};
    for (size_t i = 0; i < sizeof big / sizeof big[0]; i++) {
        jl_value_t *r = roundtrip(jl_box_int64(big[i]));
        cr_assert(jl_is_int64(r) && jl_unbox_int64(r) == big[i], "Int %lld", (long long)big[i]);
    }
}

Test(serialize, header_is_checked)
{
    size_t n;
    uint8_t *p = ser(jl_box_int64(12345), &n);
    cr_assert_eq(p[0], JL_TAG_HEADER);
    cr_assert(memcmp(p + 1, "JLSR", 4) == 0);
    const char *err;
    /* bad magic, version and table hash each fail with their own message */
    p[2] ^= 1;
    cr_assert_null(deser(p, n, &err));
    cr_assert(is_deser_error(err) && strstr(err, "header"), "got %s", err);
    p[2] ^= 1;
    p[5] = JL_SERIALIZER_VERSION + 1;
    cr_assert_null(deser(p, n, &err));
    cr_assert(is_deser_error(err) && strstr(err, "version"), "got %s", err);
    p[5] = JL_SERIALIZER_VERSION;
    p[8] ^= 0x40;
    cr_assert_null(deser(p, n, &err));
    cr_assert(is_deser_error(err) && strstr(err, "incompatible"), "got %s", err);
    p[8] ^= 0x40;
    cr_assert_not_null(deser(p, n, &err), "%s", err);
    free(p);
    const char *foreign = "\x37\x4a\x4c\x01hello, world";
    cr_assert_null(deser((const uint8_t *)foreign, strlen(foreign), &err));
    cr_assert(is_deser_error(err), "got %s", err);
    cr_assert_null(deser((const uint8_t *)"", 0, &err));
    cr_assert(is_deser_error(err), "got %s", err);
}

Test(serialize, trailing_bytes_are_an_error_but_prefix_reads_stop)
{
    size_t n;
    uint8_t *p = ser(jl_box_int64(7), &n);
    uint8_t two[64];
    memcpy(two, p, n);
    memcpy(two + n, p, n);
    const char *err;
    cr_assert_null(deser(two, 2 * n, &err));
    cr_assert(is_deser_error(err) && strstr(err, "unexpected bytes"), "got %s", err);
    size_t used = 0;
    jl_value_t *v = jl_deserialize_value_prefix(two, 2 * n, &used);
    cr_assert_eq(used, n);
    cr_assert_eq(jl_unbox_int64(v), 7);
    v = jl_deserialize_value_prefix(two + used, n, &used);
    cr_assert_eq(jl_unbox_int64(v), 7);
    free(p);
}

/* ------------------------------------------------------------------ bits, strings, symbols */

Test(serialize, primitive_values_roundtrip)
{
    int64_t k = 0x123456789abcdefll;
    assert_egal_roundtrip(jl_box_int8(-5), "Int8");
    assert_egal_roundtrip(jl_box_uint8(200), "UInt8");
    assert_egal_roundtrip(jl_box_int16(-30000), "Int16");
    assert_egal_roundtrip(jl_box_uint16(60000), "UInt16");
    assert_egal_roundtrip(jl_box_int32(-2000000000), "Int32");
    assert_egal_roundtrip(jl_box_uint32(4000000000u), "UInt32");
    assert_egal_roundtrip(jl_box_uint64(0xfedcba9876543210ull), "UInt64");
    assert_egal_roundtrip(jl_new_bits((jl_value_t *)jl_int128_type, (int64_t[2]){k, -k}), "Int128");
    assert_egal_roundtrip(jl_new_bits((jl_value_t *)jl_uint128_type, (int64_t[2]){-1, k}), "UInt128");
    assert_egal_roundtrip(jl_new_bits((jl_value_t *)jl_float16_type, (uint16_t[1]){0x3c00}), "Float16");
    assert_egal_roundtrip(jl_box_float32(-1.5f), "Float32");
    assert_egal_roundtrip(jl_box_float64(3.141592653589793), "Float64");
    assert_egal_roundtrip(jl_box_float64(-0.0), "-0.0");
    assert_egal_roundtrip(jl_box_char(jl_char_from_codepoint(0x1F600)), "Char");
    assert_egal_roundtrip(jl_box_char(jl_char_from_codepoint('x')), "ASCII Char");
    assert_egal_roundtrip(jl_box_voidpointer(NULL), "Ptr{Nothing}");
    cr_assert_eq(roundtrip(jl_box_int64(-1)), jl_box_int64(-1));
}

Test(serialize, strings_and_symbols_roundtrip)
{
    const char *strs[] = {"", "hello", "héllo wörld ∀x", "a\0b"};
    size_t lens[] = {0, 5, strlen(strs[2]), 3};
    for (size_t i = 0; i < 4; i++) {
        jl_value_t *s = jl_pchar_to_string(strs[i], lens[i]);
        jl_value_t *r = roundtrip(s);
        cr_assert(jl_is_string(r) && jl_egal(r, s), "string #%zu", i);
    }
    jl_sym_t *syms[] = {jl_symbol("x"), jl_symbol("a_rather_long_symbol_name_for_the_test"),
                        jl_symbol("∂ϕ"), jl_s_call, jl_s_assign, jl_symbol("#self#")};
    for (size_t i = 0; i < sizeof syms / sizeof syms[0]; i++)
        cr_assert_eq(roundtrip((jl_value_t *)syms[i]), (jl_value_t *)syms[i], "symbol %s",
                     jl_symbol_name(syms[i]));
    cr_assert_eq(ser_size((jl_value_t *)jl_s_call), 1, "a common symbol takes one byte");
    cr_assert_eq(ser_size((jl_value_t *)jl_symbol("xyz")), 5);
}

/* ------------------------------------------------------------------ containers */

Test(serialize, svec_and_tuples_roundtrip)
{
    jl_svec_t *sv = jl_svec(3, jl_box_int64(1), jl_cstr_to_string("two"), NULL);
    jl_value_t *r = roundtrip((jl_value_t *)sv);
    cr_assert(jl_is_svec(r) && jl_svec_len(r) == 3);
    cr_assert_eq(jl_unbox_int64(jl_svecref(r, 0)), 1);
    cr_assert(jl_egal(jl_svecref(r, 1), jl_svecref(sv, 1)));
    cr_assert_null(jl_svecref(r, 2), "#undef svec slot");
    jl_value_t *t = jl_tuple(4, jl_box_int64(123456), jl_box_float64(2.5), jl_cstr_to_string("s"),
                             jl_tuple(2, (jl_value_t *)jl_s_call, (jl_value_t *)jl_int64_type));
    assert_egal_roundtrip(t, "tuple");
    jl_value_t *bits = jl_tuple(3, jl_box_int8(1), jl_box_int64(-2), jl_box_char(jl_char_from_codepoint('q')));
    assert_egal_roundtrip(bits, "isbits tuple");
    jl_value_t *names = jl_tuple(2, (jl_value_t *)jl_symbol("a"), (jl_value_t *)jl_symbol("b"));
    jl_value_t *ntt = jl_apply_type2(jl_namedtuple_type, names,
                                     (jl_value_t *)jl_apply_tuple_type(jl_svec2(jl_int64_type, jl_string_type)));
    jl_value_t *nt = jl_new_struct((jl_datatype_t *)ntt, jl_box_int64(1), jl_cstr_to_string("two"));
    assert_egal_roundtrip(nt, "NamedTuple");
}

Test(serialize, arrays_roundtrip)
{
    jl_array_t *f = jl_alloc_array_1d(jl_apply_array_type((jl_value_t *)jl_float64_type, 1), 1000);
    for (size_t i = 0; i < 1000; i++)
        ((double *)f->data)[i] = i * 0.5 - 7;
    size_t n;
    jl_array_t *rf = (jl_array_t *)roundtrip_n((jl_value_t *)f, &n);
    cr_assert_eq(jl_typeof(rf), jl_typeof(f));
    cr_assert_eq(jl_array_len(rf), 1000);
    cr_assert(memcmp(rf->data, f->data, 8000) == 0);
    cr_assert_lt(n, 8000 + HDR + 16, "isbits elements are written in bulk (%zu bytes)", n);

    size_t dims[3] = {2, 3, 4};
    jl_array_t *m = jl_alloc_array_nd(jl_apply_array_type((jl_value_t *)jl_int32_type, 3), 3, dims);
    for (size_t i = 0; i < 24; i++)
        ((int32_t *)m->data)[i] = (int32_t)(i * i);
    jl_array_t *rm = (jl_array_t *)roundtrip((jl_value_t *)m);
    cr_assert_eq(jl_typeof(rm), jl_typeof(m));
    cr_assert_eq(rm->ndims, 3);
    cr_assert(rm->dims[0] == 2 && rm->dims[1] == 3 && rm->dims[2] == 4 && rm->length == 24);
    cr_assert(memcmp(rm->data, m->data, 24 * 4) == 0);

    jl_array_t *z = jl_alloc_array_nd(jl_apply_array_type((jl_value_t *)jl_any_type, 0), 0, NULL);
    jl_array_ptr_set(z, 0, jl_cstr_to_string("zero-d"));
    jl_array_t *rz = (jl_array_t *)roundtrip((jl_value_t *)z);
    cr_assert(rz->ndims == 0 && rz->length == 1 && jl_egal(jl_array_ptr_ref(rz, 0), jl_array_ptr_ref(z, 0)));

    jl_array_t *a = jl_alloc_vec_any(4);
    jl_value_t *s = jl_cstr_to_string("shared");
    jl_array_ptr_set(a, 0, s);
    jl_array_ptr_set(a, 1, s);
    jl_array_ptr_set(a, 3, (jl_value_t *)jl_symbol("sym"));
    jl_array_t *ra = (jl_array_t *)roundtrip((jl_value_t *)a);
    cr_assert_eq(jl_array_len(ra), 4);
    cr_assert(jl_egal(jl_array_ptr_ref(ra, 0), s));
    cr_assert_eq(jl_array_ptr_ref(ra, 0), jl_array_ptr_ref(ra, 1), "shared element written once");
    cr_assert_null(jl_array_ptr_ref(ra, 2), "#undef element");
    cr_assert_eq(jl_array_ptr_ref(ra, 3), (jl_value_t *)jl_symbol("sym"));

    jl_array_t *vs = jl_alloc_array_1d(jl_apply_array_type((jl_value_t *)jl_string_type, 1), 2);
    jl_array_ptr_set(vs, 0, jl_cstr_to_string("a"));
    jl_array_ptr_set(vs, 1, jl_cstr_to_string("b"));
    jl_array_t *rvs = (jl_array_t *)roundtrip((jl_value_t *)vs);
    cr_assert_eq(jl_typeof(rvs), jl_typeof(vs));
    cr_assert(jl_egal(jl_array_ptr_ref(rvs, 1), jl_array_ptr_ref(vs, 1)));
}

Test(serialize, array_containing_itself)
{
    jl_array_t *a = jl_alloc_vec_any(2);
    jl_array_ptr_set(a, 0, a);
    jl_array_ptr_set(a, 1, jl_tuple(1, a)); /* an immutable inside the cycle */
    jl_array_t *r = (jl_array_t *)roundtrip((jl_value_t *)a);
    cr_assert_neq(r, a);
    cr_assert_eq(jl_array_ptr_ref(r, 0), (jl_value_t *)r);
    jl_value_t *t = jl_array_ptr_ref(r, 1);
    cr_assert(jl_is_tuple(t) && jl_get_nth_field(t, 0) == (jl_value_t *)r);
}

/* ------------------------------------------------------------------ structs */

Test(serialize, immutable_and_mutable_structs)
{
    const char *pf[] = {"x", "y"}, *wf[] = {"p", "name", "any"};
    jl_value_t *pt[] = {(jl_value_t *)jl_int64_type, (jl_value_t *)jl_float64_type};
    jl_datatype_t *SPoint = def_type("SPoint", 0, 0, NULL, 2, pf, pt, NULL);
    jl_value_t *wt[] = {(jl_value_t *)SPoint, (jl_value_t *)jl_string_type, (jl_value_t *)jl_any_type};
    jl_datatype_t *SWrap = def_type("SWrap", 0, 0, NULL, 3, wf, wt, NULL);
    eval("mutable struct SNode; val; next; SNode(v) = new(v); end");
    jl_value_t *p = jl_new_struct(SPoint, jl_box_int64(3), jl_box_float64(4.5));
    assert_egal_roundtrip(p, "isbits struct");
    /* OBJECT, the type by name (Main.SPoint: ~14 bytes), 3 as one byte, 4.5 as OBJECT Float64 + 8 */
    cr_assert_leq(ser_size(p), 28, "small struct fields are compact (%zu bytes)", ser_size(p));
    jl_array_t *arr = jl_alloc_array_1d(jl_apply_array_type((jl_value_t *)jl_int64_type, 1), 2);
    ((int64_t *)arr->data)[0] = 1;
    ((int64_t *)arr->data)[1] = 2;
    jl_value_t *w = jl_new_struct(SWrap, jl_new_struct(SPoint, jl_box_int64(-1), jl_box_float64(0.25)),
                                  jl_cstr_to_string("w"), arr);
    jl_value_t *rw = roundtrip(w);
    cr_assert_eq(jl_typeof(rw), jl_typeof(w));
    cr_assert(jl_egal(getf(rw, "p"), getf(w, "p")) && jl_egal(getf(rw, "name"), getf(w, "name")));
    jl_array_t *ra = (jl_array_t *)getf(rw, "any");
    cr_assert(jl_is_array((jl_value_t *)ra) && jl_array_len(ra) == 2 && ((int64_t *)ra->data)[1] == 2);

    jl_value_t *n = eval("SNode(1)");
    jl_value_t *rn = roundtrip(n);
    cr_assert_eq(jl_typeof(rn), jl_typeof(n));
    cr_assert_eq(jl_unbox_int64(getf(rn, "val")), 1);
    cr_assert(!jl_field_isdefined(rn, 1), "#undef field stays undefined");
}

Test(serialize, cycles_and_shared_structure)
{
    eval("mutable struct CNode; val; next; CNode(v) = new(v); end");
    eval("struct CHolder; n; end");
    /* a node that refers to itself */
    jl_value_t *n = eval("begin; n = CNode(:me); Core.setfield!(n, :next, n); n; end");
    jl_value_t *rn = roundtrip(n);
    cr_assert_neq(rn, n);
    cr_assert_eq(getf(rn, "next"), rn, "self reference kept");
    /* a ring of three, and an immutable in a cycle through a mutable */
    jl_value_t *ring = eval("begin; a = CNode(1); b = CNode(2); c = CNode(3); Core.setfield!(a, :next, b); "
                            "Core.setfield!(b, :next, c); Core.setfield!(c, :next, a); a; end");
    jl_value_t *rr = roundtrip(ring);
    jl_value_t *r2 = getf(rr, "next"), *r3 = getf(r2, "next");
    cr_assert_eq(getf(r3, "next"), rr);
    cr_assert_eq(jl_unbox_int64(getf(r3, "val")), 3);
    jl_value_t *h = eval("begin; m = CNode(0); hh = CHolder(m); Core.setfield!(m, :next, hh); hh; end");
    jl_value_t *rh = roundtrip(h);
    jl_value_t *rm = getf(rh, "n");
    cr_assert(jl_egal(getf(rm, "next"), rh), "the holder in the cycle is egal to the outer one");
    cr_assert_eq(getf(getf(rm, "next"), "n"), rm);
    /* the same mutable twice: one object after reading, and written once */
    jl_value_t *pair = eval("begin; s = CNode(\"a long payload string that takes bytes\"); (s, s); end");
    size_t len;
    jl_value_t *rp = roundtrip_n(pair, &len);
    cr_assert_eq(jl_get_nth_field(rp, 0), jl_get_nth_field(rp, 1));
    jl_value_t *one = eval("(s,)");
    cr_assert_lt(len, ser_size(one) + HDR + 6, "second occurrence is a back-reference");
}

/* ------------------------------------------------------------------ AST and IR nodes */

Test(serialize, expr_and_ast_nodes)
{
    jl_value_t *ex = eval("quote; x = f(1, \"two\", :three); if x > 0; return [x, 2.5]; end; end");
    jl_value_t *rex = roundtrip(ex);
    cr_assert(jl_is_expr(rex));
    /* structural equality through Base-free means: serialize both and compare the bytes */
    size_t n1, n2;
    uint8_t *a = ser(ex, &n1), *b = ser(rex, &n2);
    cr_assert(n1 == n2 && memcmp(a, b, n1) == 0, "Expr round trip changes its encoding");
    free(a);
    free(b);
    assert_egal_roundtrip(jl_new_linenumbernode(42, (jl_value_t *)jl_symbol("file.jl")), "LineNumberNode");
    jl_value_t *q = jl_new_quotenode((jl_value_t *)jl_symbol("qq"));
    assert_egal_roundtrip(q, "QuoteNode");
    jl_value_t *g = jl_new_struct(jl_globalref_type, jl_core_module, jl_symbol("tuple"), NULL);
    jl_globalref_t *rg = (jl_globalref_t *)roundtrip(g);
    cr_assert(jl_is_globalref(rg) && rg->mod == jl_core_module && rg->name == jl_symbol("tuple"));
    jl_value_t *ssa = jl_new_struct(jl_ssavalue_type, jl_box_int64(3));
    assert_egal_roundtrip(ssa, "SSAValue");
    cr_assert_leq(ser_size(ssa), 4, "SSAValue takes %zu bytes", ser_size(ssa));
    assert_egal_roundtrip(jl_new_struct(jl_slotnumber_type, jl_box_int64(2)), "SlotNumber");
    assert_egal_roundtrip(jl_new_struct(jl_gotonode_type, jl_box_int64(7)), "GotoNode");
    assert_egal_roundtrip(jl_new_struct(jl_gotoifnot_type, ssa, jl_box_int64(9)), "GotoIfNot");
    jl_value_t *ret = jl_new_struct_uninit(jl_returnnode_type);
    jl_value_t *rret = roundtrip(ret);
    cr_assert(jl_typeis(rret, jl_returnnode_type) && !jl_field_isdefined(rret, 0), "unreachable ReturnNode");
    jl_array_t *edges = jl_alloc_array_1d((jl_value_t *)jl_array_int32_type, 2);
    ((int32_t *)edges->data)[0] = 1;
    ((int32_t *)edges->data)[1] = 4;
    jl_array_t *vals = jl_alloc_vec_any(2);
    jl_array_ptr_set(vals, 0, ssa);
    jl_array_ptr_set(vals, 1, jl_box_int64(0));
    jl_value_t *phi = jl_new_struct(jl_phinode_type, edges, vals);
    jl_value_t *rphi = roundtrip(phi);
    jl_phinode_t *pp = (jl_phinode_t *)rphi;
    cr_assert(jl_typeis(rphi, jl_phinode_type) && ((int32_t *)pp->edges->data)[1] == 4 &&
              jl_egal(jl_array_ptr_ref(pp->values, 0), ssa));
}

/* ------------------------------------------------------------------ types and modules */

Test(serialize, types_roundtrip)
{
    const char *tp[] = {"T", "N"}, *xf[] = {"x"};
    int xtv[] = {0};
    def_type("TParam", 0, 2, tp, 1, xf, NULL, xtv);
    jl_value_t *abs = (jl_value_t *)jl_new_abstracttype(jl_symbol("TAbs"), jl_main_module, jl_any_type,
        jl_svec1(jl_new_typevar(jl_symbol("T"), jl_bottom_type, (jl_value_t *)jl_any_type)));
    jl_set_const(jl_main_module, jl_symbol("TAbs"), ((jl_datatype_t *)abs)->name->wrapper);
    jl_value_t *TParam = jl_get_global(jl_main_module, jl_symbol("TParam"));
    jl_value_t *TAbs = ((jl_datatype_t *)abs)->name->wrapper;
    jl_value_t *I = (jl_value_t *)jl_int64_type, *F = (jl_value_t *)jl_float64_type;
    jl_value_t *S = (jl_value_t *)jl_string_type;
    jl_value_t *types[] = {
        I, jl_apply_array_type(F, 2), jl_apply_array_type(S, 1),
        jl_apply_type2(TParam, I, jl_box_int64(3)),
        jl_apply_type2(TParam, jl_apply_array_type((jl_value_t *)jl_symbol_type, 1), (jl_value_t *)jl_symbol("sym")),
        jl_apply_type1(TAbs, (jl_value_t *)jl_float32_type),
        (jl_value_t *)jl_apply_tuple_type(jl_svec2(I, S)),
        (jl_value_t *)jl_apply_tuple_type(jl_svec2(I, new_vararg(F, NULL))),
        (jl_value_t *)jl_apply_tuple_type(jl_emptysvec), jl_array_type, TParam,
        eval("Core.apply_type(Ptr, UInt8)"), jl_apply_type1(jl_type_typename->wrapper, I),
        jl_apply_type2(jl_namedtuple_type, jl_tuple(1, jl_symbol("a")), (jl_value_t *)jl_apply_tuple_type(jl_svec1(I))),
        (jl_value_t *)jl_apply_tuple_type(jl_svec2(jl_apply_tuple_type(jl_svec2(I, I)), jl_simplevector_type)),
        eval("typeof(Core.tuple)"),
    };
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) {
        jl_value_t *r = roundtrip(types[i]);
        cr_assert_eq(r, types[i], "type #%zu is not the same object after the round trip", i);
    }
    jl_value_t *T1 = tvar("T", NULL), *T2 = tvar("T", (jl_value_t *)jl_real_type);
    jl_value_t *T3 = tvar("T", NULL), *T4 = tvar("T", (jl_value_t *)jl_integer_type), *N = tvar("N", NULL);
    jl_value_t *T5 = tvar("T", (jl_value_t *)jl_integer_type);
    jl_value_t *u1[2] = {I, S};
    jl_value_t *u2[3] = {(jl_value_t *)jl_nothing_type, jl_apply_type2(TParam, I, jl_box_int64(1)),
                         (jl_value_t *)jl_char_type};
    jl_value_t *uas[] = {
        jl_type_unionall((jl_tvar_t *)T1, jl_apply_array_type(T1, 1)),
        jl_type_unionall((jl_tvar_t *)T2, jl_apply_type2(TParam, T2, jl_box_int64(2))),
        jl_type_unionall((jl_tvar_t *)T3, (jl_value_t *)jl_apply_tuple_type(jl_svec2(T3, T3))),
        jl_type_unionall((jl_tvar_t *)T4, jl_apply_array_type(T4, 1)),
        jl_type_unionall((jl_tvar_t *)N, (jl_value_t *)jl_apply_tuple_type(jl_svec1(new_vararg(I, N)))),
        jl_type_unionall((jl_tvar_t *)T5, jl_apply_type1(jl_type_typename->wrapper, T5)),
        jl_type_union(u1, 2), jl_type_union(u2, 3),
    };
    for (size_t i = 0; i < sizeof uas / sizeof uas[0]; i++) {
        jl_value_t *r = roundtrip(uas[i]);
        cr_assert(jl_typeof(r) == jl_typeof(uas[i]) && jl_types_equal(r, uas[i]), "UnionAll/Union #%zu", i);
    }
    jl_tvar_t *tv = jl_new_typevar(jl_symbol("S"), I, (jl_value_t *)jl_real_type);
    jl_tvar_t *rtv = (jl_tvar_t *)roundtrip((jl_value_t *)tv);
    cr_assert(jl_is_tvar(rtv) && rtv->name == tv->name && rtv->lb == tv->lb && rtv->ub == tv->ub);
    jl_value_t *va = new_vararg(I, jl_box_int64(3));
    jl_vararg_t *rva = (jl_vararg_t *)roundtrip(va);
    cr_assert(jl_typeis(rva, jl_vararg_type) && rva->T == (jl_value_t *)jl_int64_type &&
              jl_unbox_int64(rva->N) == 3);
    /* a value of a parametric user type */
    jl_value_t *tpi = jl_apply_type2(TParam, I, jl_box_int64(3));
    jl_value_t *v = jl_new_struct((jl_datatype_t *)tpi, jl_box_int64(77));
    assert_egal_roundtrip(v, "TParam{Int,3}(77)");
}

Test(serialize, modules_by_path)
{
    eval("module SerOuter; module Inner; struct InnerT; a; end; end; end");
    jl_value_t *mods[] = {(jl_value_t *)jl_core_module, (jl_value_t *)jl_main_module,
                          eval("Core.Intrinsics"), eval("SerOuter"), eval("SerOuter.Inner")};
    for (size_t i = 0; i < sizeof mods / sizeof mods[0]; i++)
        cr_assert_eq(roundtrip(mods[i]), mods[i], "module #%zu", i);
    jl_value_t *v = eval("SerOuter.Inner.InnerT(5)");
    assert_egal_roundtrip(v, "struct from a nested module");
    /* a module that is not bound by name cannot be written */
    jl_value_t *anon = (jl_value_t *)jl_new_module(jl_symbol("Anon"), jl_main_module);
    size_t n;
    volatile int threw = 0;
    JL_TRY {
        free(jl_serialize_value(anon, &n));
    }
    JL_CATCH {
        threw = 1;
        cr_assert(strstr(jl_exception_message(jl_current_exception()), "serialize: cannot serialize module"));
    }
    cr_assert(threw);
}

/* ------------------------------------------------------------------ functions */

Test(serialize, functions_by_name_and_closures_as_structs)
{
    jl_value_t *fs[] = {eval("Core.tuple"), eval("Core.Intrinsics.add_int"), eval("Core.Intrinsics.mul_float"),
                        eval("begin; sq(x) = Core.Intrinsics.mul_int(x, x); sq; end"), eval("Core.kwcall")};
    for (size_t i = 0; i < sizeof fs / sizeof fs[0]; i++) {
        size_t n;
        cr_assert_eq(roundtrip_n(fs[i], &n), fs[i], "function #%zu", i);
        cr_assert_lt(n, HDR + 40, "function #%zu is written by name (%zu bytes)", i, n);
    }
    cr_assert_eq(roundtrip(eval("typeof(sq)")), eval("typeof(sq)"));
    jl_value_t *mk = eval("begin; makeadder(n) = x -> Core.Intrinsics.add_int(x, n); makeadder(10); end");
    jl_value_t *rc = roundtrip(mk);
    cr_assert_eq(jl_typeof(rc), jl_typeof(mk));
    cr_assert(rc != mk && jl_egal(rc, mk), "closure fields round-trip");
    jl_value_t *args[2] = {rc, jl_box_int64(5)};
    jl_value_t *res = jl_call(rc, args + 1, 1);
    cr_assert(res && jl_unbox_int64(res) == 15, "the deserialized closure runs");
}

/* ------------------------------------------------------------------ lowered code and methods */

static jl_method_t *only_method(jl_value_t *f)
{
    jl_methtable_t *mt = jl_gf_mtable(f);
    cr_assert(mt && jl_array_len(mt->defs) == 1);
    return (jl_method_t *)jl_array_ptr_ref(mt->defs, 0);
}

static int is_blob(jl_value_t *v)
{
    return v && jl_typeof(v) == (jl_value_t *)jl_array_uint8_type;
}

/* decompressing and compressing again gives the same bytes and adds no root */
static void assert_recompresses(jl_method_t *m)
{
    jl_array_t *blob = (jl_array_t *)m->source;
    size_t nroots = m->roots ? jl_array_len(m->roots) : 0;
    jl_code_info_t *fresh = jl_uncompress_ir(m, blob);
    cr_assert(jl_is_code_info(fresh));
    jl_array_t *again = jl_compress_ir(m, fresh);
    cr_assert_eq(jl_array_len(again), jl_array_len(blob), "%s: %zu bytes, then %zu", jl_symbol_name(m->name),
                 jl_array_len(blob), jl_array_len(again));
    cr_assert(memcmp(again->data, blob->data, jl_array_len(blob)) == 0, "%s recompresses differently",
              jl_symbol_name(m->name));
    cr_assert_eq(m->roots ? jl_array_len(m->roots) : 0, nroots, "%s: roots grew", jl_symbol_name(m->name));
}

/* A defined method keeps its lowered code compressed; the code decompresses to an equivalent
   CodeInfo (once per process: the same object each time) and runs. */
Test(serialize, method_source_is_compressed_and_roundtrips)
{
    jl_value_t *f = eval("begin; cf(x) = Core.Intrinsics.add_int(x, 1); "
                         "cg(x, y) = x === y ? (x, :same) : Core.tuple(y, \"diff\", 2.5); cf; end");
    jl_method_t *m = only_method(f);
    cr_assert(is_blob(m->source), "Method.source is a Vector{UInt8}");
    jl_code_info_t *ci = jl_method_source(m);
    cr_assert(jl_is_code_info(ci));
    cr_assert_eq(jl_method_source(m), ci, "decompressed once, then cached");
    jl_code_info_t *fresh = jl_uncompress_ir(m, (jl_array_t *)m->source);
    cr_assert(fresh != ci);
    cr_assert_eq(jl_array_len(fresh->code), jl_array_len(ci->code));
    cr_assert_eq(jl_array_len(fresh->slotnames), jl_array_len(ci->slotnames));
    for (size_t i = 0; i < jl_array_len(ci->slotnames); i++)
        cr_assert_eq(jl_array_ptr_ref(fresh->slotnames, i), jl_array_ptr_ref(ci->slotnames, i));
    assert_recompresses(m);
    cr_assert_eq(jl_unbox_int64(eval("cf(41)")), 42);

    jl_method_t *mg = only_method(eval("cg"));
    cr_assert(is_blob(mg->source));
    assert_recompresses(mg);
    jl_value_t *t = eval("cg(1, 2)");
    cr_assert(jl_is_tuple(t) && jl_unbox_int64(jl_get_nth_field(t, 0)) == 2);
    cr_assert_eq(jl_get_nth_field(eval("cg(:a, :a)"), 1), (jl_value_t *)jl_symbol("same"));

    /* the blob names modules (and types, functions) through the method's roots, not by name */
    jl_value_t *rm = eval("module RM; rmf(x) = x; rmg(x) = rmf(x); end; RM");
    jl_method_t *rmg = only_method(eval("RM.rmg"));
    int has_rm = 0;
    for (size_t i = 0; rmg->roots && i < jl_array_len(rmg->roots); i++)
        has_rm |= jl_array_ptr_ref(rmg->roots, i) == rm;
    cr_assert(has_rm, "module RM (of the GlobalRef RM.rmf) is a root of rmg");
    assert_recompresses(rmg);

    /* a corrupted or foreign blob fails cleanly */
    jl_array_t *bad = jl_alloc_array_1d((jl_value_t *)jl_array_uint8_type, jl_array_len(mg->source));
    memcpy(bad->data, ((jl_array_t *)mg->source)->data, jl_array_len(bad));
    for (size_t k = HDR; k < jl_array_len(bad); k++) {
        uint8_t saved = ((uint8_t *)bad->data)[k];
        ((uint8_t *)bad->data)[k] ^= 0xff;
        JL_TRY {
            jl_uncompress_ir(mg, bad);
        }
        JL_CATCH {
        }
        ((uint8_t *)bad->data)[k] = saved;
    }
    const char *volatile err = NULL;
    JL_TRY {
        jl_uncompress_ir(NULL, (jl_array_t *)rmg->source); /* without its method's roots */
    }
    JL_CATCH {
        err = jl_exception_message(jl_current_exception());
    }
    cr_assert(err && strstr(err, "method root reference outside compressed code"), "%s", err ? err : "no error");
}

/* A constant object in the code is the same object after decompression (it is a root). */
Test(serialize, compressed_source_keeps_constant_identity)
{
    eval("begin; mutable struct RBox; x; end; const rbox = RBox(1); end");
    eval("Core.eval(Main, Core._expr(:function, Core._expr(:call, :rget), Core._expr(:block, rbox)))");
    jl_method_t *m = only_method(eval("rget"));
    cr_assert(is_blob(m->source));
    jl_value_t *rbox = eval("rbox");
    jl_code_info_t *fresh = jl_uncompress_ir(m, (jl_array_t *)m->source);
    int found = 0;
    for (size_t i = 0; i < jl_array_len(fresh->code); i++) {
        jl_value_t *st = jl_array_ptr_ref(fresh->code, i);
        found |= st == rbox || (jl_typeof(st) == (jl_value_t *)jl_returnnode_type &&
                                ((jl_returnnode_t *)st)->val == rbox);
    }
    cr_assert(found, "the decompressed code holds the very object");
    cr_assert_eq(eval("rget() === rbox"), jl_true);
    assert_recompresses(m);
}

/* Base's methods in the system image are compressed too, and every one round-trips. */
Test(serialize, image_methods_are_compressed)
{
    if (jl_base_module == NULL)
        return;
    jl_array_t *ms = (jl_array_t *)eval("Any[m for f in (Base.println, Base.getindex, Base.sort!, "
                                        "Base.show, Base.iterate) for m in Base.methods(f).ms]");
    size_t ncompressed = 0;
    for (size_t i = 0; i < jl_array_len(ms); i++) {
        jl_method_t *m = (jl_method_t *)jl_array_ptr_ref(ms, i);
        if (!is_blob(m->source))
            continue;
        ncompressed++;
        assert_recompresses(m);
    }
    cr_assert_gt(ncompressed, 100, "only %zu of %zu methods compressed", ncompressed, jl_array_len(ms));
}

Test(serialize, method_and_method_instance_roundtrip)
{
    jl_value_t *f = eval("begin; mf(x::Int, y) = Core.Intrinsics.add_int(x, 3); mf; end");
    jl_method_t *m = only_method(f);
    jl_method_t *rm = (jl_method_t *)roundtrip((jl_value_t *)m);
    cr_assert(jl_is_method(rm) && rm != m);
    cr_assert(rm->name == m->name && rm->module == m->module && rm->nargs == m->nargs && rm->line == m->line);
    cr_assert(jl_types_equal(rm->sig, m->sig));
    cr_assert(jl_egal(rm->slot_syms, m->slot_syms));
    cr_assert_eq(jl_array_len(jl_gf_mtable(f)->defs), 1, "an existing equal method is not replaced");
    jl_value_t *mi = (jl_value_t *)jl_specializations_get_linfo(m, eval("Tuple{typeof(mf), Int, Int}"), jl_emptysvec);
    jl_method_instance_t *rmi = (jl_method_instance_t *)roundtrip(mi);
    cr_assert(jl_is_method_instance(rmi) && jl_is_method(rmi->def));
    cr_assert_eq(rmi->specTypes, ((jl_method_instance_t *)mi)->specTypes);
    cr_assert_eq(((jl_method_t *)rmi->def)->name, m->name);
}

/* A method serialized in one process runs in another that has the function but not the method. */
Test(serialize, method_crosses_processes)
{
    eval("function xf end");
    int fds[2];
    cr_assert_eq(pipe(fds), 0);
    pid_t pid = fork();
    cr_assert_geq(pid, 0);
    if (pid == 0) {
        close(fds[0]);
        jl_value_t *f = jl_eval_string("begin; xf(x) = Core.Intrinsics.mul_int(x, 7); xf; end");
        size_t n = 0;
        uint8_t *p = f ? jl_serialize_value((jl_value_t *)only_method(f), &n) : NULL;
        ssize_t w = p ? write(fds[1], p, n) : -1;
        _exit(w == (ssize_t)n ? 0 : 1);
    }
    close(fds[1]);
    uint8_t buf[1 << 16];
    size_t n = 0;
    ssize_t k;
    while ((k = read(fds[0], buf + n, sizeof buf - n)) > 0)
        n += (size_t)k;
    close(fds[0]);
    int st;
    waitpid(pid, &st, 0);
    cr_assert(WIFEXITED(st) && WEXITSTATUS(st) == 0 && n > HDR);
    const char *err;
    cr_assert_eq(jl_array_len(jl_gf_mtable(eval("xf"))->defs), 0);
    jl_value_t *m = deser(buf, n, &err);
    cr_assert(m && jl_is_method(m), "%s", err);
    cr_assert_eq(jl_array_len(jl_gf_mtable(eval("xf"))->defs), 1, "the method was added to xf's table");
    cr_assert_eq(jl_unbox_int64(eval("xf(6)")), 42);
}

/* ------------------------------------------------------------------ Dict rehashing */

Test(serialize, base_dict_is_rehashed_after_reading)
{
    if (jl_base_module == NULL) {
        jl_base_module = jl_new_module(jl_s_Base, jl_main_module);
        jl_module_using(jl_base_module, jl_core_module);
        jl_set_const(jl_main_module, jl_s_Base, (jl_value_t *)jl_base_module);
    }
    /* a stand-in Dict: the reader calls Base._rehash! on every Base.Dict once the value is complete */
    const char *src = "mutable struct Dict; keys; stamp; end\n"
                      "_rehash!(d::Dict) = (Core.setfield!(d, :stamp, "
                      "Core.Intrinsics.add_int(Core.getfield(d, :stamp), 100)); d)\n";
    jl_value_t *ok = jl_load_file_string(src, strlen(src), "dict.jl", jl_base_module);
    cr_assert_not_null(ok, "%s", jl_exception_message(jl_current_exception()));
    jl_value_t *D = jl_get_global(jl_base_module, jl_symbol("Dict"));
    jl_array_t *ks = jl_alloc_vec_any(1);
    jl_array_ptr_set(ks, 0, jl_symbol("k"));
    jl_value_t *dd = jl_new_struct((jl_datatype_t *)D, ks, jl_box_int64(1));
    jl_value_t *d = jl_tuple(2, dd, dd);
    jl_value_t *r = roundtrip(d);
    jl_value_t *rd = jl_get_nth_field(r, 0);
    cr_assert_eq(rd, jl_get_nth_field(r, 1));
    cr_assert_eq(jl_unbox_int64(getf(rd, "stamp")), 101, "rehashed exactly once");
}

/* ------------------------------------------------------------------ errors */

Test(serialize, process_local_objects_are_refused)
{
    jl_value_t *bad[] = {(jl_value_t *)jl_current_task, (jl_value_t *)jl_gf_mtable(eval("Core.kwcall"))};
    for (size_t i = 0; i < 2; i++) {
        size_t n;
        volatile int threw = 0;
        JL_TRY {
            free(jl_serialize_value(bad[i], &n));
        }
        JL_CATCH {
            threw = 1;
            cr_assert(strncmp(jl_exception_message(jl_current_exception()), "serialize: ", 11) == 0);
        }
        cr_assert(threw, "value #%zu was serialized", i);
    }
}

/* a value that exercises most of the format (built with the C API: independent of Base) */
static jl_value_t *rich_value(void)
{
    eval("mutable struct RNode; val; next; RNode(v) = new(v); end");
    eval("struct RPair; a; b; end");
    jl_value_t *RNode = jl_get_global(jl_main_module, jl_symbol("RNode"));
    jl_value_t *RPair = jl_get_global(jl_main_module, jl_symbol("RPair"));
    jl_value_t *n = jl_new_struct_uninit((jl_datatype_t *)RNode);
    jl_set_nth_field(n, 0, jl_new_struct((jl_datatype_t *)RPair, jl_box_float64(1.5), jl_box_float64(-2.0)));
    jl_set_nth_field(n, 1, n);
    jl_value_t *T = tvar("T", NULL);
    jl_value_t *ua = jl_type_unionall((jl_tvar_t *)T, jl_apply_array_type(T, 1));
    jl_value_t *ut[2] = {(jl_value_t *)jl_int64_type, (jl_value_t *)jl_string_type};
    jl_value_t *ex = (jl_value_t *)jl_expr(jl_s_call, 3, jl_s_plus,
                                           jl_expr(jl_s_call, 2, jl_symbol("f"), jl_symbol("x")), jl_box_int64(1));
    jl_value_t *part = jl_tuple(12, n,
        jl_svec(6, jl_box_int64(1), jl_symbol("a"), jl_cstr_to_string("str"), jl_nothing, jl_box_int64(1000000),
                jl_box_char(jl_char_from_codepoint('c'))),
        jl_apply_array_type((jl_value_t *)jl_int64_type, 1), jl_type_union(ut, 2), ua, ex,
        jl_main_module, jl_get_global(jl_core_module, jl_symbol("tuple")),
        jl_new_struct((jl_datatype_t *)RPair, jl_box_int64(1), jl_box_int64(2)), n, tvar("S", NULL),
        jl_get_intrinsic("add_int"));
    jl_array_t *ints = jl_alloc_array_1d(jl_apply_array_type((jl_value_t *)jl_int64_type, 1), 3);
    for (int i = 0; i < 3; i++)
        ((int64_t *)ints->data)[i] = i + 1;
    jl_array_t *any = jl_alloc_vec_any(3);
    jl_array_ptr_set(any, 0, part);
    jl_array_ptr_set(any, 1, ints);
    jl_array_ptr_set(any, 2, jl_box_int8(3));
    return (jl_value_t *)any;
}

Test(serialize, truncated_streams_fail_cleanly_at_every_length)
{
    size_t n;
    uint8_t *p = ser(rich_value(), &n);
    cr_assert_gt(n, 100);
    for (size_t len = 0; len < n; len++) {
        const char *err;
        jl_value_t *v = deser(p, len, &err);
        cr_assert_null(v, "a stream cut to %zu of %zu bytes was accepted", len, n);
        cr_assert(is_deser_error(err), "cut to %zu bytes: %s", len, err ? err : "(no error)");
    }
    free(p);
}

Test(serialize, corrupted_streams_never_crash)
{
    size_t n;
    uint8_t *p = ser(rich_value(), &n);
    uint8_t *q = (uint8_t *)malloc(n);
    static const uint8_t subst[] = {0x00, 0x01, 0x02, 0x03, 0x05, 0x0c, 0x0d, 0x7f, 0x80, 0xff};
    size_t errors = 0, total = 0;
    for (size_t i = HDR; i < n; i++) {
        for (size_t k = 0; k < sizeof subst; k++) {
            memcpy(q, p, n);
            if (q[i] == subst[k])
                continue;
            q[i] = subst[k];
            const char *err;
            jl_value_t *v = deser(q, n, &err);
            total++;
            if (v == NULL) {
                errors++;
                cr_assert(err != NULL);
            }
        }
    }
    cr_assert_gt(errors, total / 4, "most corruptions are detected (%zu of %zu)", errors, total);
    free(q);
    free(p);
}

Test(serialize, hostile_lengths_do_not_allocate)
{
    /* header, then ARRAY Float64 with 2^40 elements / STRING of 2^60 bytes / deep SVEC nesting */
    size_t n;
    uint8_t *h = ser(jl_nothing, &n);
    uint8_t buf[HDR + 64];
    memcpy(buf, h, HDR);
    free(h);
    uint8_t f64 = jl_serializer_tag_of((jl_value_t *)jl_float64_type);
    uint8_t arr[] = {JL_TAG_ARRAY, f64, 1, 0x80, 0x80, 0x80, 0x80, 0x80, 0x20};
    memcpy(buf + HDR, arr, sizeof arr);
    const char *err;
    cr_assert_null(deser(buf, HDR + sizeof arr, &err));
    cr_assert(is_deser_error(err), "%s", err);
    uint8_t str[] = {JL_TAG_STRING, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x0f};
    memcpy(buf + HDR, str, sizeof str);
    cr_assert_null(deser(buf, HDR + sizeof str, &err));
    cr_assert(is_deser_error(err), "%s", err);
    size_t depth = 2000000;
    uint8_t *deep = (uint8_t *)malloc(HDR + 2 * depth + 1);
    memcpy(deep, buf, HDR);
    for (size_t i = 0; i < depth; i++) {
        deep[HDR + 2 * i] = JL_TAG_SVEC;
        deep[HDR + 2 * i + 1] = 1;
    }
    deep[HDR + 2 * depth] = jl_serializer_tag_of(jl_nothing);
    cr_assert_null(deser(deep, HDR + 2 * depth + 1, &err));
    cr_assert(is_deser_error(err) && strstr(err, "nested too deeply"), "%s", err);
    free(deep);
}

static jl_value_t *make_list(jl_datatype_t *dt, size_t n)
{
    jl_value_t *volatile h = jl_new_struct_uninit(dt);
    for (size_t i = 0; i < n; i++) {
        jl_value_t *x = jl_new_struct_uninit(dt);
        jl_set_nth_field(x, 0, h);
        h = x;
    }
    return h;
}

/* a stream of header + body, read back; returns the error (NULL if it was accepted) */
static const char *read_body_bytes(const uint8_t *body, size_t n)
{
    size_t hn;
    uint8_t *h = ser(jl_nothing, &hn);
    uint8_t *buf = (uint8_t *)malloc(HDR + n);
    memcpy(buf, h, HDR);
    memcpy(buf + HDR, body, n);
    free(h);
    const char *err;
    deser(buf, HDR + n, &err);
    free(buf);
    return err;
}

static uint8_t T_(jl_value_t *v)
{
    uint8_t t = jl_serializer_tag_of(v);
    cr_assert_neq(t, 0);
    return t;
}

Test(serialize, invalid_type_applications_are_rejected)
{
    uint8_t ptr = T_((jl_value_t *)jl_unwrap_unionall(eval("Ptr"))), ty = T_((jl_value_t *)jl_type_type);
    uint8_t nt = T_((jl_value_t *)jl_namedtuple_type_body), tup = T_((jl_value_t *)jl_anytuple_type);
    uint8_t i64 = T_((jl_value_t *)jl_int64_type), five = jl_serializer_int64_tag(5);
    /* a parameter holding a SimpleVector (with an #undef slot): not a valid type parameter */
    uint8_t a[] = {JL_TAG_DATATYPE, ptr, 1, JL_TAG_TUPLE, 1, JL_TAG_SVEC, 1, JL_TAG_NULL};
    const char *err = read_body_bytes(a, sizeof a);
    cr_assert(is_deser_error(err) && strstr(err, "invalid parameter"), "%s", err);
    /* Type{5} */
    uint8_t b[] = {JL_TAG_DATATYPE, ty, 1, five};
    err = read_body_bytes(b, sizeof b);
    cr_assert(is_deser_error(err) && strstr(err, "Type"), "%s", err);
    /* NamedTuple{(:a, :b), Tuple{Int}}: names and fields disagree */
    uint8_t c[] = {JL_TAG_DATATYPE, nt, 2, JL_TAG_TUPLE, 2, JL_TAG_SYMBOL, 1, 'a', JL_TAG_SYMBOL, 1, 'b',
                   JL_TAG_DATATYPE, tup, 1, i64};
    err = read_body_bytes(c, sizeof c);
    cr_assert(is_deser_error(err) && strstr(err, "NamedTuple"), "%s", err);
    /* duplicate names */
    uint8_t c2[] = {JL_TAG_DATATYPE, nt, 2, JL_TAG_TUPLE, 2, JL_TAG_SYMBOL, 1, 'a', JL_TAG_SYMBOL, 1, 'a',
                    JL_TAG_DATATYPE, tup, 2, i64, i64};
    err = read_body_bytes(c2, sizeof c2);
    cr_assert(is_deser_error(err) && strstr(err, "NamedTuple"), "%s", err);
    /* the valid one reads */
    uint8_t d[] = {JL_TAG_DATATYPE, nt, 2, JL_TAG_TUPLE, 1, JL_TAG_SYMBOL, 1, 'a', JL_TAG_DATATYPE, tup, 1, i64};
    cr_assert_null(read_body_bytes(d, sizeof d));
    /* an object of a process-local or abstract type, a back-reference to nothing, an opcode 0 */
    uint8_t e[] = {JL_TAG_OBJECT, T_((jl_value_t *)jl_task_type)};
    cr_assert(is_deser_error(read_body_bytes(e, sizeof e)));
    uint8_t f[] = {JL_TAG_OBJECT, T_((jl_value_t *)jl_number_type)};
    cr_assert(is_deser_error(read_body_bytes(f, sizeof f)));
    uint8_t g[] = {JL_TAG_OBJECT, T_((jl_value_t *)jl_datatype_type), 1, 2, 3};
    cr_assert(is_deser_error(read_body_bytes(g, sizeof g)));
    uint8_t h[] = {JL_TAG_BACKREF, 0};
    cr_assert(is_deser_error(read_body_bytes(h, sizeof h)));
    uint8_t k[] = {0};
    cr_assert(is_deser_error(read_body_bytes(k, sizeof k)));
    /* a field of the wrong type in a struct: Expr-free LineNumberNode with a String line */
    uint8_t l[] = {JL_TAG_OBJECT, T_((jl_value_t *)jl_linenumbernode_type), JL_TAG_STRING, 1, 'x', JL_TAG_NULL};
    err = read_body_bytes(l, sizeof l);
    cr_assert(is_deser_error(err) && strstr(err, "wrong type"), "%s", err);
}

Test(serialize, very_deep_values_fail_cleanly_when_written)
{
    const char *f[] = {"next"};
    jl_value_t *t[] = {(jl_value_t *)jl_any_type};
    jl_datatype_t *DNode = def_type("DNode", 1, 0, NULL, 1, f, t, NULL);
    jl_value_t *head = make_list(DNode, 2000000);
    size_t n;
    volatile int threw = 0;
    JL_TRY {
        free(jl_serialize_value(head, &n));
    }
    JL_CATCH {
        threw = 1;
        cr_assert(strstr(jl_exception_message(jl_current_exception()), "nested too deeply"));
    }
    cr_assert(threw);
    /* a moderately long list is fine */
    jl_value_t *r = roundtrip(make_list(DNode, 1000));
    size_t len = 0;
    for (jl_value_t *p = r; p && jl_field_isdefined(p, 0); p = getf(p, "next"))
        len++;
    cr_assert_eq(len, 1000);
}
