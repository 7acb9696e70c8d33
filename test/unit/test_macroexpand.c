/* test_macroexpand.c -- macro expansion and hygiene (src/macroexpand.c) with macros written in C:
   each test macro is a builtin bound as `@name` in a module, returning a tree the test builds by
   parsing text, so the hygiene pass is checked on exactly the shapes Julia macros produce. */
#include <string.h>
#include "testutil.h"
#include "toplevel.h"
#include "parser.h"

static jl_module_t *macromod;   /* where the test macros live */
static jl_value_t *macro_result; /* what @ret returns */

static jl_value_t *parse1(const char *s)
{
    return jl_parse_expr(s, strlen(s));
}

static jl_value_t *ret_macro(jl_value_t *F, jl_value_t **args, uint32_t n)
{
    return jl_copy_ast(macro_result);
}

/* @wrap(ex): `tmp = $(esc(ex)); f(tmp)` */
static jl_value_t *wrap_macro(jl_value_t *F, jl_value_t **args, uint32_t n)
{
    jl_value_t *ex = n >= 3 ? args[2] : jl_nothing;
    jl_value_t *blk = parse1("begin\n tmp = ESC\n f(tmp)\n end");
    jl_value_t *asg = jl_exprarg(blk, 1);
    jl_exprargset(asg, 1, (jl_value_t *)jl_expr(jl_symbol("escape"), 1, ex));
    return blk;
}

static jl_value_t *fail_macro(jl_value_t *F, jl_value_t **args, uint32_t n)
{
    jl_error("boom from a macro");
}

static jl_value_t *source_macro(jl_value_t *F, jl_value_t **args, uint32_t n)
{
    return jl_tuple(2, args[0], args[1]); /* (__source__, __module__) */
}

static void setup(void)
{
    jl_test_init();
    if (macromod)
        return;
    macromod = jl_new_module(jl_symbol("MacroMod"), jl_main_module);
    jl_gc_add_root((jl_value_t *)macromod);
    jl_set_const(jl_main_module, jl_symbol("MacroMod"), (jl_value_t *)macromod);
    jl_new_builtin("@ret", ret_macro, macromod);
    jl_new_builtin("@wrap", wrap_macro, macromod);
    jl_new_builtin("@fail", fail_macro, macromod);
    jl_new_builtin("@source", source_macro, macromod);
}

static jl_value_t *expand_in(jl_module_t *m, const char *src)
{
    return jl_macroexpand(parse1(src), m, 1);
}

static char *show(jl_value_t *v)
{
    return jl_sexpr_show(v, 1);
}

static int is_gref(jl_value_t *v, jl_module_t *m, const char *name)
{
    return jl_is_globalref(v) && ((jl_globalref_t *)v)->mod == m &&
           ((jl_globalref_t *)v)->name == jl_symbol(name);
}

static int is_gensym_of(jl_value_t *v, const char *name)
{
    if (!jl_is_symbol(v))
        return 0;
    const char *s = jl_symbol_name(v);
    const char *h = strrchr(s, '#');
    return s[0] == '#' && h != NULL && h != s && strcmp(h + 1, name) == 0;
}

TestSuite(macroexpand, .init = setup);

Test(macroexpand, quote_without_interpolation_is_copyast)
{
    jl_value_t *r = jl_bq_expand(parse1("a + b"));
    cr_assert(jl_is_expr(r) && ((jl_expr_t *)r)->head == jl_symbol("copyast"));
    jl_value_t *q = jl_exprarg(r, 0);
    cr_assert(jl_is_quotenode(q));
    char *s = show(((jl_quotenode_t *)q)->value);
    cr_assert_str_eq(s, "(:call, :+, :a, :b)");
    free(s);
}

Test(macroexpand, interpolation_builds_core_expr_call)
{
    /* :(a + $b) -> Core._expr(:call, :+, :a, b) */
    jl_value_t *q = parse1(":(a + $b)");
    jl_value_t *r = jl_macroexpand(q, jl_main_module, 1);
    cr_assert(jl_is_expr(r) && ((jl_expr_t *)r)->head == jl_s_call);
    cr_assert_eq(jl_expr_nargs(r), 5);
    cr_assert(is_gref(jl_exprarg(r, 0), jl_core_module, "_expr"));
    cr_assert(jl_is_quotenode(jl_exprarg(r, 1)));
    cr_assert_eq(((jl_quotenode_t *)jl_exprarg(r, 1))->value, (jl_value_t *)jl_s_call);
    cr_assert_eq(((jl_quotenode_t *)jl_exprarg(r, 2))->value, (jl_value_t *)jl_symbol("+"));
    cr_assert_eq(jl_exprarg(r, 4), (jl_value_t *)jl_symbol("b"), "the interpolated value is evaluated");
}

Test(macroexpand, splat_interpolation)
{
    jl_value_t *r = jl_bq_expand(parse1("f($(xs...))"));
    cr_assert(jl_is_expr(r));
    jl_value_t *last = jl_exprarg(r, jl_expr_nargs(r) - 1);
    cr_assert(jl_is_expr(last) && ((jl_expr_t *)last)->head == jl_symbol("..."));
    cr_assert_eq(jl_exprarg(last, 0), (jl_value_t *)jl_symbol("xs"));
}

Test(macroexpand, nested_quote_keeps_inner_dollar)
{
    /* quote $(x) end inside another quote: the inner $ belongs to the inner quote */
    jl_value_t *r = jl_bq_expand(parse1(":(g($y))"));
    char *s = show(r);
    cr_assert(strstr(s, ":$") != NULL, "inner interpolation stays quoted: %s", s);
    free(s);
}

Test(macroexpand, globals_resolve_in_macro_module)
{
    macro_result = parse1("f(x) + g");
    jl_value_t *r = expand_in(jl_main_module, "MacroMod.@ret");
    cr_assert(jl_is_expr(r) && ((jl_expr_t *)r)->head == jl_s_call);
    cr_assert(is_gref(jl_exprarg(r, 0), macromod, "+"));
    jl_value_t *call = jl_exprarg(r, 1);
    cr_assert(is_gref(jl_exprarg(call, 0), macromod, "f"));
    cr_assert(is_gref(jl_exprarg(call, 1), macromod, "x"));
    cr_assert(is_gref(jl_exprarg(r, 2), macromod, "g"));
}

Test(macroexpand, assigned_locals_get_gensyms_and_esc_resolves_in_caller)
{
    jl_value_t *r = expand_in(jl_main_module, "MacroMod.@wrap(a + 1)");
    cr_assert(jl_is_expr(r) && ((jl_expr_t *)r)->head == jl_s_block, "%s", show(r));
    jl_value_t *asg = NULL, *call = NULL;
    for (size_t i = 0; i < jl_expr_nargs(r); i++) {
        jl_value_t *a = jl_exprarg(r, i);
        if (jl_is_expr(a) && ((jl_expr_t *)a)->head == jl_s_assign)
            asg = a;
        else if (jl_is_expr(a) && ((jl_expr_t *)a)->head == jl_s_call)
            call = a;
    }
    cr_assert(asg && call);
    jl_value_t *tmp = jl_exprarg(asg, 0);
    cr_assert(is_gensym_of(tmp, "tmp"), "tmp renamed: %s", show(r));
    cr_assert_eq(jl_exprarg(call, 1), tmp, "the same gensym in the use");
    cr_assert(is_gref(jl_exprarg(call, 0), macromod, "f"));
    jl_value_t *user = jl_exprarg(asg, 1); /* a + 1, escaped: caller's names, untouched */
    cr_assert(jl_is_expr(user) && jl_exprarg(user, 0) == (jl_value_t *)jl_symbol("+"));
    cr_assert_eq(jl_exprarg(user, 1), (jl_value_t *)jl_symbol("a"));
}

Test(macroexpand, two_expansions_get_different_gensyms)
{
    jl_value_t *r1 = expand_in(jl_main_module, "MacroMod.@wrap(1)");
    jl_value_t *r2 = expand_in(jl_main_module, "MacroMod.@wrap(1)");
    char *s1 = show(r1), *s2 = show(r2);
    cr_assert_str_neq(s1, s2);
    free(s1);
    free(s2);
}

Test(macroexpand, function_arguments_are_locals)
{
    macro_result = parse1("function h(x, y::Int; k = 1) x + y + k + z end");
    jl_value_t *r = expand_in(jl_main_module, "MacroMod.@ret");
    jl_value_t *sig = jl_exprarg(r, 0);
    cr_assert(is_gref(jl_exprarg(sig, 0), macromod, "h"), "%s", show(r));
    jl_value_t *x = jl_exprarg(sig, 2);
    cr_assert(is_gensym_of(x, "x"), "%s", show(r));
    jl_value_t *y = jl_exprarg(jl_exprarg(sig, 3), 0);
    cr_assert(is_gensym_of(y, "y"), "%s", show(r));
    cr_assert(is_gref(jl_exprarg(jl_exprarg(sig, 3), 1), macromod, "Int"));
    /* keyword names are never renamed */
    jl_value_t *params = jl_exprarg(sig, 1);
    cr_assert_eq(jl_exprarg(jl_exprarg(params, 0), 0), (jl_value_t *)jl_symbol("k"), "%s", show(r));
    char *s = show(r);
    cr_assert(strstr(s, jl_symbol_name(x)) != strstr(s, jl_symbol_name(x) + 1), "x used in the body");
    cr_assert(strstr(s, "MacroMod.z") != NULL || strstr(s, "z") != NULL);
    free(s);
}

Test(macroexpand, local_and_global_declarations)
{
    macro_result = parse1("begin\n local a = 1\n global b = 2\n c = a + b\n end");
    jl_value_t *r = expand_in(jl_main_module, "MacroMod.@ret");
    char *s = show(r);
    cr_assert(strstr(s, "#a") != NULL && strstr(s, "#c") != NULL, "locals renamed: %s", s);
    cr_assert(strstr(s, "#b") == NULL, "global not renamed: %s", s);
    free(s);
}

Test(macroexpand, nested_macro_resolves_in_macro_module)
{
    /* @ret returns a call of @wrap, which is only visible in MacroMod */
    macro_result = parse1("@wrap(q)");
    jl_value_t *r = expand_in(jl_main_module, "MacroMod.@ret");
    char *s = show(r);
    cr_assert(strstr(s, "macrocall") == NULL, "expanded: %s", s);
    cr_assert(strstr(s, "#tmp") != NULL, "%s", s);
    free(s);
    /* q was escaped by @wrap, but it came from @ret's unescaped output: MacroMod.q */
    cr_assert(jl_is_expr(r));
}

Test(macroexpand, macroexpand1_expands_one_level)
{
    macro_result = parse1("@wrap(q)");
    jl_value_t *r = jl_macroexpand1(parse1("MacroMod.@ret"), jl_main_module);
    char *s = show(r);
    cr_assert(strstr(s, "macrocall") != NULL, "inner macro kept: %s", s);
    free(s);
}

Test(macroexpand, source_and_module_arguments)
{
    jl_value_t *r = expand_in(macromod, "@source");
    cr_assert(jl_is_tuple(r), "a tuple needs no hygiene and is returned as is");
    jl_value_t *src = jl_get_nth_field(r, 0), *mod = jl_get_nth_field(r, 1);
    cr_assert(jl_is_linenode(src));
    cr_assert_eq(((jl_linenumbernode_t *)src)->line, 1);
    cr_assert_eq(mod, (jl_value_t *)macromod);
}

Test(macroexpand, undefined_macro_is_undefvarerror)
{
    volatile int caught = 0;
    JL_TRY {
        expand_in(jl_main_module, "@nosuchmacro 1");
    }
    JL_CATCH {
        jl_value_t *e = jl_current_exception();
        caught = jl_typeis(e, jl_undefvarerror_type) &&
                 jl_get_nth_field(e, 0) == (jl_value_t *)jl_symbol("@nosuchmacro");
    }
    cr_assert(caught);
}

Test(macroexpand, toplevel_expansion_wraps_errors_in_loaderror)
{
    volatile int caught = 0;
    JL_TRY {
        jl_value_t *ex = jl_parse_string("\n\nMacroMod.@fail", 16, "file.jl", 1, 0, 0, NULL);
        jl_macroexpand_toplevel(ex, jl_main_module);
    }
    JL_CATCH {
        jl_value_t *e = jl_current_exception();
        jl_value_t *le = jl_loaderror_type_get();
        if (jl_typeis(e, le)) {
            jl_value_t *file = jl_get_nth_field(e, 0), *line = jl_get_nth_field(e, 1);
            jl_value_t *inner = jl_get_nth_field(e, 2);
            caught = strcmp(jl_string_data(file), "file.jl") == 0 && jl_unbox_int64(line) == 3 &&
                     jl_typeis(inner, jl_errorexception_type);
            if (!caught)
                fprintf(stderr, "got LoadError(%s, %lld)\n", jl_string_data(file), (long long)jl_unbox_int64(line));
        }
        else
            fprintf(stderr, "got %s\n", jl_exception_message(e));
    }
    cr_assert(caught);
}

Test(macroexpand, let_and_for_variables)
{
    macro_result = parse1("let i = n\n for j = 1:i\n s = j\n end\n end");
    jl_value_t *r = expand_in(jl_main_module, "MacroMod.@ret");
    char *s = show(r);
    cr_assert(strstr(s, "#i") && strstr(s, "#j") && strstr(s, "#s"), "%s", s);
    cr_assert(strstr(s, "MacroMod.n") != NULL || strstr(s, ":n") == NULL, "%s", s);
    free(s);
}

Test(macroexpand, struct_names_and_fields_are_kept)
{
    macro_result = parse1("struct P\n x::Int\n end");
    jl_value_t *r = expand_in(jl_main_module, "MacroMod.@ret");
    cr_assert(jl_is_expr(r) && ((jl_expr_t *)r)->head == jl_symbol("struct"));
    cr_assert_eq(jl_exprarg(r, 1), (jl_value_t *)jl_symbol("P"));
    jl_value_t *body = jl_exprarg(r, 2);
    jl_value_t *fld = NULL;
    for (size_t i = 0; i < jl_expr_nargs(body); i++)
        if (jl_is_expr(jl_exprarg(body, i)))
            fld = jl_exprarg(body, i);
    cr_assert(fld != NULL);
    cr_assert_eq(jl_exprarg(fld, 0), (jl_value_t *)jl_symbol("x"));
    cr_assert(is_gref(jl_exprarg(fld, 1), macromod, "Int"));
}

Test(macroexpand, labels_renamed_per_expansion_unless_escaped)
{
    jl_value_t *lab = (jl_value_t *)jl_expr(jl_symbol("symboliclabel"), 1, jl_symbol("L"));
    jl_value_t *go = (jl_value_t *)jl_expr(jl_symbol("symbolicgoto"), 1, jl_symbol("L"));
    macro_result = (jl_value_t *)jl_expr(jl_s_block, 2, go, lab);
    jl_value_t *r = expand_in(jl_main_module, "MacroMod.@ret");
    jl_value_t *g = jl_exprarg(jl_exprarg(r, 0), 0), *l = jl_exprarg(jl_exprarg(r, 1), 0);
    cr_assert(is_gensym_of(g, "L"));
    cr_assert_eq(g, l);
    jl_value_t *esc = (jl_value_t *)jl_expr(jl_s_escape, 1, lab);
    macro_result = (jl_value_t *)jl_expr(jl_s_block, 1, esc);
    r = expand_in(jl_main_module, "MacroMod.@ret");
    cr_assert_eq(jl_exprarg(jl_exprarg(r, 0), 0), (jl_value_t *)jl_symbol("L"));
}

Test(macroexpand, macro_with_do_block)
{
    jl_value_t *r = expand_in(jl_main_module, "MacroMod.@source() do x\n x\n end");
    /* the do-block function is the macro's first argument: @source ignores it, returns a tuple */
    cr_assert(jl_is_tuple(r));
}
