/* test_object.c -- the object model: boxes, strings, svecs, types and layouts, tuples, arrays,
   modules, egal, subtyping and the exception mechanism. */
#include <string.h>
#include "testutil.h"

TestSuite(object, .init = jl_test_init);

Test(object, boxes_and_small_int_cache)
{
    jl_value_t *a = jl_box_int64(7), *b = jl_box_int64(7);
    cr_assert_eq(a, b, "small ints come from the cache");
    cr_assert_eq(jl_typeof(a), (jl_value_t *)jl_int64_type);
    cr_assert_eq(jl_unbox_int64(jl_box_int64(-512)), -512);
    jl_value_t *big1 = jl_box_int64(1 << 20), *big2 = jl_box_int64(1 << 20);
    cr_assert_neq(big1, big2);
    cr_assert(jl_egal(big1, big2));
    cr_assert_eq(jl_unbox_float64(jl_box_float64(2.5)), 2.5);
    cr_assert_eq(jl_box_bool(1), jl_true);
    cr_assert_eq(jl_box_bool(0), jl_false);
    cr_assert_eq(jl_unbox_bool(jl_true), 1);
    cr_assert_eq(jl_typeof(jl_box_uint8(200)), (jl_value_t *)jl_uint8_type);
    cr_assert_eq(jl_unbox_uint8(jl_box_uint8(200)), 200);
}

Test(object, chars_use_julias_encoding)
{
    cr_assert_eq(jl_char_from_codepoint('a'), 0x61000000u);
    cr_assert_eq(jl_char_from_codepoint(0x3b1), 0xCEB10000u); /* α */
    cr_assert_eq(jl_char_from_codepoint(0x1F600), 0xF09F9880u);
    for (uint32_t c = 0; c < 0x110000; c += 97)
        cr_assert_eq(jl_char_to_codepoint(jl_char_from_codepoint(c)), c);
    jl_value_t *ch = jl_box_char(jl_char_from_codepoint('z'));
    cr_assert_eq(ch, jl_box_char(jl_char_from_codepoint('z')), "ASCII chars are cached");
    cr_assert_eq(jl_typeof(ch), (jl_value_t *)jl_char_type);
}

Test(object, strings)
{
    jl_value_t *s = jl_cstr_to_string("héllo");
    cr_assert(jl_is_string(s));
    cr_assert_eq(jl_string_len(s), 6);
    cr_assert_str_eq(jl_string_data(s), "héllo");
    cr_assert(jl_egal(s, jl_pchar_to_string("héllo!", 6)));
    cr_assert_not(jl_egal(s, jl_cstr_to_string("hello")));
    cr_assert_eq(jl_string_len(jl_cstr_to_string("")), 0);
}

Test(object, singletons_and_svecs)
{
    cr_assert_eq(jl_typeof(jl_nothing), (jl_value_t *)jl_nothing_type);
    cr_assert_eq(jl_nothing_type->instance, jl_nothing);
    cr_assert_eq(jl_alloc_svec(0), jl_emptysvec);
    jl_svec_t *v = jl_svec2(jl_box_int64(1), jl_nothing);
    cr_assert_eq(jl_svec_len(v), 2);
    cr_assert_eq(jl_svecref(v, 1), jl_nothing);
    cr_assert(jl_egal((jl_value_t *)v, (jl_value_t *)jl_svec2(jl_box_int64(1), jl_nothing)));
}

Test(object, builtin_layouts)
{
    cr_assert_eq(jl_datatype_size(jl_int64_type), 8);
    cr_assert_eq(jl_datatype_size(jl_int128_type), 16);
    cr_assert_eq(jl_datatype_size(jl_bool_type), 1);
    cr_assert(jl_int64_type->isbitstype);
    cr_assert(jl_int64_type->isprimitivetype);
    cr_assert_not(jl_string_type->isbitstype);
    cr_assert(jl_string_type->layout->pointerfree, "strings are allocated atomically");
    cr_assert_not(jl_expr_type->isbitstype);
    cr_assert(jl_is_mutable(jl_expr_type));
    cr_assert_eq(jl_datatype_nfields(jl_linenumbernode_type), 2);
    cr_assert_eq(jl_number_type->name->abstract, 1);
    cr_assert_not(jl_number_type->isconcretetype);
    cr_assert_eq(jl_int64_type->super, jl_signed_type);
}

Test(object, struct_layout_with_inline_and_pointer_fields)
{
    jl_svec_t *names = jl_svec(3, jl_symbol("a"), jl_symbol("b"), jl_symbol("c"));
    jl_svec_t *types = jl_svec(3, jl_int8_type, jl_float64_type, jl_any_type);
    jl_datatype_t *dt = jl_new_datatype(jl_symbol("Mixed"), jl_main_module, jl_any_type, jl_emptysvec,
                                        names, types, 0, 0, 3);
    const jl_datatype_layout_t *ly = dt->layout;
    cr_assert_eq(ly->nfields, 3);
    cr_assert_eq(ly->fields[0].offset, 0);
    cr_assert_eq(ly->fields[1].offset, 8);
    cr_assert_eq(ly->fields[2].offset, 16);
    cr_assert(ly->fields[2].isptr);
    cr_assert_not(ly->fields[1].isptr);
    cr_assert_eq(ly->size, 24);
    cr_assert(ly->haspadding);
    cr_assert_not(dt->isbitstype, "a pointer field makes it non-isbits");

    jl_datatype_t *pt = jl_new_datatype(jl_symbol("Point"), jl_main_module, jl_any_type, jl_emptysvec,
                                        jl_svec2(jl_symbol("x"), jl_symbol("y")),
                                        jl_svec2(jl_float64_type, jl_float64_type), 0, 0, 2);
    cr_assert(pt->isbitstype);
    cr_assert_eq(pt->layout->size, 16);
    /* an isbits struct field is stored inline */
    jl_datatype_t *seg = jl_new_datatype(jl_symbol("Seg"), jl_main_module, jl_any_type, jl_emptysvec,
                                         jl_svec2(jl_symbol("p"), jl_symbol("q")), jl_svec2(pt, pt), 0, 0, 2);
    cr_assert_eq(seg->layout->size, 32);
    cr_assert_not(seg->layout->fields[1].isptr);
    jl_value_t *p = jl_new_struct(pt, jl_box_float64(1.0), jl_box_float64(2.0));
    jl_value_t *s = jl_new_struct(seg, p, p);
    cr_assert_eq(jl_unbox_float64(jl_get_nth_field(jl_get_nth_field(s, 1), 1)), 2.0);
    cr_assert(jl_egal(p, jl_new_struct(pt, jl_box_float64(1.0), jl_box_float64(2.0))));
    cr_assert_eq(jl_field_index(pt, jl_symbol("y"), 0), 1);
    cr_assert_eq(jl_field_index(pt, jl_symbol("z"), 0), -1);
}

Test(object, mutable_structs_compare_by_identity)
{
    jl_datatype_t *m = jl_new_datatype(jl_symbol("Box1"), jl_main_module, jl_any_type, jl_emptysvec,
                                       jl_svec1(jl_symbol("v")), jl_svec1(jl_int64_type), 0, 1, 1);
    jl_value_t *a = jl_new_struct(m, jl_box_int64(1)), *b = jl_new_struct(m, jl_box_int64(1));
    cr_assert_not(jl_egal(a, b));
    cr_assert(jl_egal(a, a));
    jl_set_nth_field(a, 0, jl_box_int64(9));
    cr_assert_eq(jl_unbox_int64(jl_get_nth_field(a, 0)), 9);
}

Test(object, immutable_structs_with_strings_compare_by_content)
{
    jl_datatype_t *named = jl_new_datatype(jl_symbol("Named"), jl_main_module, jl_any_type, jl_emptysvec,
                                           jl_svec2(jl_symbol("name"), jl_symbol("n")),
                                           jl_svec2(jl_string_type, jl_int64_type), 0, 0, 2);
    jl_value_t *a = jl_new_struct(named, jl_cstr_to_string("ab"), jl_box_int64(3));
    jl_value_t *b = jl_new_struct(named, jl_cstr_to_string("ab"), jl_box_int64(3));
    jl_value_t *c = jl_new_struct(named, jl_cstr_to_string("ac"), jl_box_int64(3));
    cr_assert(jl_egal(a, b));
    cr_assert_not(jl_egal(a, c));
    cr_assert_eq(jl_object_id(a), jl_object_id(b));
}

Test(object, tuples_are_hash_consed_types)
{
    jl_value_t *t = jl_tuple(2, jl_box_int64(1), jl_box_float64(2.0));
    jl_datatype_t *tt = (jl_datatype_t *)jl_typeof(t);
    cr_assert(jl_is_tuple(t));
    cr_assert(tt->isconcretetype);
    cr_assert(tt->isbitstype);
    cr_assert_eq(tt->layout->size, 16);
    jl_value_t *ps[2] = {(jl_value_t *)jl_int64_type, (jl_value_t *)jl_float64_type};
    cr_assert_eq(jl_apply_tuple_type_v(ps, 2), tt);
    cr_assert_eq(jl_unbox_float64(jl_get_nth_field(t, 1)), 2.0);
    cr_assert_eq(jl_typeof(jl_emptytuple), (jl_value_t *)jl_emptytuple_type);
    cr_assert(jl_egal(t, jl_tuple(2, jl_box_int64(1), jl_box_float64(2.0))));
}

Test(object, arrays)
{
    jl_array_t *a = jl_alloc_vec_any(0);
    cr_assert_eq(jl_typeof(a), (jl_value_t *)jl_array_any_type);
    for (int i = 0; i < 1000; i++)
        jl_array_ptr_1d_push(a, jl_box_int64(i));
    jl_gc_collect(1);
    cr_assert_eq(jl_array_len(a), 1000);
    cr_assert_eq(jl_unbox_int64(jl_arrayref(a, 999)), 999);
    jl_array_del_end(a, 10);
    cr_assert_eq(jl_array_len(a), 990);

    jl_value_t *vf = jl_apply_array_type((jl_value_t *)jl_float64_type, 1);
    cr_assert_eq(vf, jl_apply_array_type((jl_value_t *)jl_float64_type, 1), "Vector{Float64} is cached");
    jl_array_t *f = jl_alloc_array_1d(vf, 4);
    cr_assert_eq(f->elsize, 8, "Float64 elements are stored inline");
    cr_assert_not(f->flags & JL_ARRAY_PTRARRAY);
    jl_arrayset(f, jl_box_float64(3.5), 2);
    cr_assert_eq(((double *)f->data)[2], 3.5);
    cr_assert_eq(jl_unbox_float64(jl_arrayref(f, 2)), 3.5);
}

Test(object, arrays_grow_and_shrink_at_the_front)
{
    jl_array_t *a = jl_alloc_vec_any(0);
    for (int i = 0; i < 100; i++) {
        jl_array_grow_beg(a, 1);
        cr_assert_null(jl_array_ptr_ref(a, 0), "a new front slot is #undef");
        jl_array_ptr_set(a, 0, jl_box_int64(i));
    }
    jl_gc_collect(1);
    cr_assert_eq(jl_array_len(a), 100);
    cr_assert_eq(jl_unbox_int64(jl_arrayref(a, 0)), 99);
    cr_assert_eq(jl_unbox_int64(jl_arrayref(a, 99)), 0);
    void *before = a->data;
    jl_array_del_beg(a, 10);
    cr_assert_eq((char *)a->data, (char *)before + 10 * sizeof(void *), "deleting at the front moves no elements");
    cr_assert_eq(jl_unbox_int64(jl_arrayref(a, 0)), 89);
    jl_array_grow_beg(a, 3);
    cr_assert_eq((char *)a->data, (char *)before + 7 * sizeof(void *), "the freed front space is reused");
    cr_assert_eq(jl_array_len(a), 93);
    jl_array_ptr_1d_push(a, jl_box_int64(-1));
    cr_assert_eq(jl_unbox_int64(jl_arrayref(a, 93)), -1);
    cr_assert_eq(jl_unbox_int64(jl_arrayref(a, 3)), 89);
}

Test(object, nd_arrays_and_reshape)
{
    jl_value_t *mt = jl_apply_array_type((jl_value_t *)jl_int64_type, 2);
    jl_array_t *m = jl_new_array(mt, jl_tuple(2, jl_box_int64(2), jl_box_int64(3)));
    cr_assert_eq(m->ndims, 2);
    cr_assert_eq(m->dims[0], 2);
    cr_assert_eq(m->dims[1], 3);
    cr_assert_eq(jl_array_len(m), 6);
    for (int i = 0; i < 6; i++)
        ((int64_t *)m->data)[i] = i;
    jl_value_t *vt = jl_apply_array_type((jl_value_t *)jl_int64_type, 1);
    jl_array_t *v = jl_reshape_array(vt, m, jl_tuple(1, jl_box_int64(6)));
    cr_assert_eq(v->data, m->data, "reshape shares the elements");
    cr_assert_eq(jl_unbox_int64(jl_arrayref(v, 5)), 5);
    cr_assert(v->flags & JL_ARRAY_ISSHARED);
    cr_assert(m->flags & JL_ARRAY_ISSHARED);
    jl_value_t *caught = NULL;
    JL_TRY {
        jl_reshape_array(vt, m, jl_tuple(1, jl_box_int64(5)));
    }
    JL_CATCH {
        caught = jl_current_exception();
    }
    cr_assert_eq(jl_typeof(caught), (jl_value_t *)jl_argumenterror_type);
    caught = NULL;
    JL_TRY {
        jl_array_grow_end(v, 1);
    }
    JL_CATCH {
        caught = jl_current_exception();
    }
    cr_assert_not_null(caught, "a shared vector cannot grow");
    jl_array_t *z = jl_new_array(jl_apply_array_type((jl_value_t *)jl_int64_type, 0), jl_emptytuple);
    cr_assert_eq(z->ndims, 0);
    cr_assert_eq(jl_array_len(z), 1, "a 0-dimensional array has one element");
}

Test(object, bounds_and_type_errors_are_thrown)
{
    jl_array_t *f = jl_alloc_array_1d(jl_apply_array_type((jl_value_t *)jl_float64_type, 1), 2);
    jl_value_t *caught = NULL;
    JL_TRY {
        jl_arrayref(f, 5);
    }
    JL_CATCH {
        caught = jl_current_exception();
    }
    cr_assert_not_null(caught);
    cr_assert_eq(jl_typeof(caught), (jl_value_t *)jl_boundserror_type);
    caught = NULL;
    {
        JL_TRY {
            jl_arrayset(f, jl_cstr_to_string("x"), 0);
        }
        JL_CATCH {
            caught = jl_current_exception();
        }
    }
    cr_assert_eq(jl_typeof(caught), (jl_value_t *)jl_typeerror_type);
    cr_assert_null(jl_current_task->eh, "handlers are popped");
}

Test(object, nested_try_and_rethrow)
{
    volatile int inner = 0, outer = 0, after = 0;
    JL_TRY {
        {
            JL_TRY {
                jl_error("boom");
            }
            JL_CATCH {
                inner = 1;
                jl_rethrow();
            }
        }
        after = 1;
    }
    JL_CATCH {
        outer = 1;
        cr_assert_str_eq(jl_exception_message(jl_current_exception()), "boom");
    }
    cr_assert(inner && outer && !after);
    cr_assert_null(jl_current_task->eh);
}

Test(object, subtyping)
{
    cr_assert(jl_subtype((jl_value_t *)jl_int64_type, (jl_value_t *)jl_integer_type));
    cr_assert(jl_subtype((jl_value_t *)jl_int64_type, (jl_value_t *)jl_any_type));
    cr_assert_not(jl_subtype((jl_value_t *)jl_float64_type, (jl_value_t *)jl_integer_type));
    jl_value_t *u[2] = {(jl_value_t *)jl_int64_type, (jl_value_t *)jl_string_type};
    jl_value_t *U = jl_type_union(u, 2);
    cr_assert(jl_subtype((jl_value_t *)jl_string_type, U));
    cr_assert_not(jl_subtype((jl_value_t *)jl_float64_type, U));
    cr_assert(jl_subtype(jl_bottom_type, U));
    jl_value_t *one[1] = {(jl_value_t *)jl_int64_type};
    cr_assert_eq(jl_type_union(one, 1), (jl_value_t *)jl_int64_type);
    jl_value_t *vi = jl_apply_array_type((jl_value_t *)jl_int64_type, 1);
    cr_assert(jl_subtype(vi, jl_array_type), "Vector{Int64} <: Array");
    cr_assert_not(jl_subtype(vi, (jl_value_t *)jl_array_any_type), "parameters are invariant");
    jl_value_t *tt[2] = {(jl_value_t *)jl_int64_type, (jl_value_t *)jl_float64_type};
    jl_value_t *ta[2] = {(jl_value_t *)jl_integer_type, (jl_value_t *)jl_real_type};
    cr_assert(jl_subtype((jl_value_t *)jl_apply_tuple_type_v(tt, 2), (jl_value_t *)jl_apply_tuple_type_v(ta, 2)),
              "tuples are covariant");
    cr_assert(jl_subtype((jl_value_t *)jl_apply_tuple_type_v(tt, 2), (jl_value_t *)jl_anytuple_type));
    cr_assert(jl_subtype((jl_value_t *)jl_datatype_type, jl_type_typename->wrapper));
    cr_assert(jl_isa((jl_value_t *)jl_int64_type, (jl_value_t *)jl_datatype_type));
    cr_assert(jl_isa(jl_box_int64(3), (jl_value_t *)jl_number_type));
    cr_assert(jl_isa((jl_value_t *)jl_int64_type, jl_apply_type1(jl_type_typename->wrapper, (jl_value_t *)jl_int64_type)));
    cr_assert_not(jl_isa((jl_value_t *)jl_float64_type, jl_apply_type1(jl_type_typename->wrapper, (jl_value_t *)jl_int64_type)));
}

Test(object, parametric_instantiation_checks_bounds)
{
    /* struct P{T<:Real}; x::T; end */
    jl_tvar_t *T = jl_new_typevar(jl_symbol("T"), jl_bottom_type, (jl_value_t *)jl_real_type);
    jl_datatype_t *body = jl_new_datatype(jl_symbol("P"), jl_main_module, jl_any_type, jl_svec1(T),
                                          jl_svec1(jl_symbol("x")), jl_svec1(T), 0, 0, 1);
    jl_value_t *P = body->name->wrapper;
    cr_assert(jl_is_unionall(P));
    jl_datatype_t *pf = (jl_datatype_t *)jl_apply_type1(P, (jl_value_t *)jl_float64_type);
    cr_assert(pf->isbitstype);
    cr_assert_eq(jl_svecref(pf->types, 0), (jl_value_t *)jl_float64_type);
    cr_assert_eq(jl_apply_type1(P, (jl_value_t *)jl_float64_type), (jl_value_t *)pf);
    cr_assert(jl_subtype((jl_value_t *)pf, P));
    jl_value_t *caught = NULL;
    JL_TRY {
        jl_apply_type1(P, (jl_value_t *)jl_string_type);
    }
    JL_CATCH {
        caught = jl_current_exception();
    }
    cr_assert_not_null(caught, "P{String} violates T<:Real");
    cr_assert_eq(jl_typeof(caught), (jl_value_t *)jl_typeerror_type);
}

Test(object, modules_and_bindings)
{
    jl_module_t *m = jl_new_module(jl_symbol("M"), jl_main_module);
    jl_sym_t *x = jl_symbol("x");
    cr_assert_not(jl_boundp(m, x));
    jl_set_global(m, x, jl_box_int64(42));
    cr_assert_eq(jl_unbox_int64(jl_get_global(m, x)), 42);
    jl_set_const(m, jl_symbol("K"), jl_box_int64(1));
    int threw = 0;
    JL_TRY {
        jl_set_const(m, jl_symbol("K"), jl_box_int64(2));
    }
    JL_CATCH {
        threw = 1;
    }
    cr_assert(threw, "redefining a constant is an error");
    /* Core's names are visible through `using` */
    jl_module_using(m, jl_core_module);
    cr_assert_eq(jl_get_global(m, jl_s_Int64), (jl_value_t *)jl_int64_type);
    for (int i = 0; i < 200; i++) {
        char buf[16];
        snprintf(buf, sizeof buf, "v%d", i);
        jl_set_global(m, jl_symbol(buf), jl_box_int64(i));
    }
    cr_assert_eq(jl_unbox_int64(jl_get_global(m, jl_symbol("v150"))), 150);
}
