/* test_lower.c -- lowering (src/lower*.c): source -> Expr -> jl_lower -> CodeInfo, printed by
 * jl_lowered_str in code_lowered style. Expected texts follow Julia 1.10's lowering rules (statement
 * order, SSA numbering, slots, GlobalRefs); Base is not loaded in unit tests, so calls Lowering makes to
 * Base are shown through the top module Lowering found (Core until Base exists). */
#include <string.h>
#include <stdlib.h>
#include "testutil.h"
#include "parser.h"
#include "lower.h"

TestSuite(lower, .init = jl_test_init);

static jl_value_t *parse1(const char *src)
{
    jl_value_t *r = NULL;
    size_t next = 0;
    jl_parse_errinfo_t e;
    int st = jl_parse_string_status(src, strlen(src), "none", 1, 0, 0, &r, &next, &e);
    cr_assert_eq(st, 0, "parse failed: %s", src);
    return r;
}

static jl_value_t *warnings;
static char *lw(const char *src)
{
    warnings = NULL;
    jl_value_t *lo = jl_lower_with_warnings(parse1(src), jl_main_module, "none", 1, 0, &warnings);
    return jl_lowered_str(lo);
}

/* the lines of the printed code that contain `needle`, in order, must match */
#define CHECK(src, expected)                                                             \
    do {                                                                                 \
        char *got__ = lw(src);                                                           \
        cr_expect_str_eq(got__, expected, "lowering %s\n got:\n%s", src, got__);          \
        free(got__);                                                                     \
    } while (0)

#define CHECK_HAS(src, needle)                                                           \
    do {                                                                                 \
        char *got__ = lw(src);                                                           \
        cr_expect(strstr(got__, needle) != NULL, "lowering %s\n expected to contain: %s\n got:\n%s", src, needle, got__); \
        free(got__);                                                                     \
    } while (0)

#define CHECK_NOT(src, needle)                                                           \
    do {                                                                                 \
        char *got__ = lw(src);                                                           \
        cr_expect(strstr(got__, needle) == NULL, "lowering %s\n expected not to contain: %s\n got:\n%s", src, needle, got__); \
        free(got__);                                                                     \
    } while (0)

Test(lower, atoms_pass_through)
{
    char *s = jl_lowered_str(jl_lower((jl_value_t *)jl_symbol("x"), jl_main_module, "none", 1));
    cr_expect_str_eq(s, ":x"); /* a Symbol is returned as is */
    free(s);
    jl_value_t *one = jl_box_int64(1);
    cr_expect(jl_lower(one, jl_main_module, "none", 1) == one);
    jl_value_t *mod = (jl_value_t *)jl_exprn(jl_s_module, 0);
    cr_expect(jl_lower(mod, jl_main_module, "none", 1) == mod);
}

Test(lower, call_and_global)
{
    CHECK("f(x, 1)",
          "CodeInfo(\n"
          "  %1 = Main.f(Main.x, 1)\n"
          "  return %1\n"
          ")");
    CHECK("y = g(2)",
          "CodeInfo(\n"
          "  %1 = Main.g(2)\n"
          "  Main.y = %1\n"
          "  return %1\n"
          ")");
}

Test(lower, simple_method)
{
    CHECK("f(x) = x + 1",
          "CodeInfo(\n"
          "  $(Expr(:method, :f))\n"
          "  %2 = Core.Typeof(Main.f)\n"
          "  %3 = Core.svec(%2, Core.Any)\n"
          "  %4 = Core.svec()\n"
          "  %5 = Core.svec(%3, %4, $(QuoteNode(#= none:1 =#)))\n"
          "  $(Expr(:method, :f, %5, CodeInfo(\n"
          "      %1 = Main.+(x, 1)\n"
          "      return %1\n"
          "    )))\n"
          "  return Main.f\n"
          ")");
}

Test(lower, default_positional_args)
{
    char *s = lw("function g(x, y=2) z = x*y; return z end");
    /* g(x) forwards to #self#(x, 2); g(x, y) holds the body with z a local slot */
    cr_expect(strstr(s, "%1 = #self#(x, 2)") != NULL, "%s", s);
    cr_expect(strstr(s, "%8 = Core.svec(%7, Core.Any, Core.Any)") != NULL, "%s", s);
    cr_expect(strstr(s, "z = Main.*(x, y)\n      return z") != NULL, "%s", s);
    free(s);
}

Test(lower, if_else_value)
{
    CHECK("function f(c) if c 1 else 2 end end",
          "CodeInfo(\n"
          "  $(Expr(:method, :f))\n"
          "  %2 = Core.Typeof(Main.f)\n"
          "  %3 = Core.svec(%2, Core.Any)\n"
          "  %4 = Core.svec()\n"
          "  %5 = Core.svec(%3, %4, $(QuoteNode(#= none:1 =#)))\n"
          "  $(Expr(:method, :f, %5, CodeInfo(\n"
          "      goto %3 if not c\n"
          "      return 1\n"
          "      return 2\n"
          "    )))\n"
          "  return Main.f\n"
          ")");
}

Test(lower, while_loop_break_continue)
{
    char *s = lw("function f(n) i = 0; while i < n; i += 1; i == 3 && continue; i == 5 && break; end; i end");
    cr_expect(strstr(s, "i = 0\n"
                        "      %2 = Main.<(i, n)\n"
                        "      goto %12 if not %2\n"
                        "      i = Main.+(i, 1)\n"
                        "      %5 = Main.==(i, 3)\n"
                        "      goto %8 if not %5\n"
                        "      goto %11\n"
                        "      %8 = Main.==(i, 5)\n"
                        "      goto %11 if not %8\n"
                        "      goto %12\n"
                        "      goto %2\n"
                        "      return i\n") != NULL, "%s", s);
    free(s);
}

Test(lower, for_loop_iterate)
{
    char *s = lw("function f(v) s = 0; for x in v; s += x; end; s end");
    /* Julia 1.10: the collection and each iteration result are read into SSA values first */
    cr_expect(strstr(s, "%2 = v\n") != NULL, "%s", s);
    cr_expect(strstr(s, "@_3 = Core.iterate(%2)\n") || strstr(s, "@_3 = Base.iterate(%2)\n"), "%s", s);
    cr_expect(strstr(s, "Core.===(@_") != NULL, "%s", s);
    cr_expect(strstr(s, "%7 = @_3\n      x = Core.getfield(%7, 1)\n      %9 = Core.getfield(%7, 2)\n") != NULL, "%s", s);
    cr_expect(strstr(s, "NewvarNode(x)") == NULL, "loop variable is assigned first: no NewvarNode\n%s", s);
    free(s);
}

Test(lower, closures_capture_and_box)
{
    char *s = lw("function f(x) g = y -> x + y; g end");
    /* x is captured, never reassigned: a type parameter, no Box */
    cr_expect(strstr(s, "Core._structtype(Main, :#") != NULL, "%s", s);
    cr_expect(strstr(s, "%1 = Core.getfield(#self#, :x)") != NULL, "%s", s);
    cr_expect(strstr(s, "%1 = Core.typeof(x)") != NULL, "%s", s);
    cr_expect(strstr(s, "Core.Box") == NULL, "%s", s);
    free(s);
    s = lw("function f() c = 0; inc() = (c += 1); inc(); c end");
    /* c is reassigned inside the closure: boxed */
    cr_expect(strstr(s, "c = %new(Core.Box)\n") != NULL, "%s", s);
    cr_expect(strstr(s, "Core.setfield!(c, :contents, 0)") != NULL, "%s", s);
    cr_expect(strstr(s, "Core.svec(Core.Box)") != NULL, "%s", s);
    cr_expect(strstr(s, "Core.setfield!(%9, :contents, %8)") != NULL, "%s", s);
    free(s);
}

Test(lower, try_catch)
{
    CHECK("function f() try g() catch e; h(e) end end",
          "CodeInfo(\n"
          "  $(Expr(:method, :f))\n"
          "  %2 = Core.Typeof(Main.f)\n"
          "  %3 = Core.svec(%2)\n"
          "  %4 = Core.svec()\n"
          "  %5 = Core.svec(%3, %4, $(QuoteNode(#= none:1 =#)))\n"
          "  $(Expr(:method, :f, %5, CodeInfo(\n"
          "      %1 = $(Expr(:enter, 5))\n"
          "      %2 = Main.g()\n"
          "      $(Expr(:leave, 1))\n"
          "      return %2\n"
          "      e = $(Expr(:the_exception))\n"
          "      %6 = Main.h(e)\n"
          "      $(Expr(:pop_exception, %1))\n"
          "      return %6\n"
          "    )))\n"
          "  return Main.f\n"
          ")");
}

Test(lower, struct_definition)
{
    char *s = lw("struct P x::Int; y end");
    cr_expect(strstr(s, "$(Expr(:global, Main.P))\n  $(Expr(:const, Main.P))") != NULL, "%s", s);
    cr_expect(strstr(s, "Core._structtype(Main, :P, %") != NULL, "%s", s);
    cr_expect(strstr(s, ", false, 2)") != NULL, "%s", s);
    cr_expect(strstr(s, "Core._setsuper!(@_1, Core.Any)") != NULL, "%s", s);
    cr_expect(strstr(s, "Core._equiv_typedef(") != NULL, "%s", s);
    cr_expect(strstr(s, "Core._typebody!(") != NULL, "%s", s);
    cr_expect(strstr(s, "%new(#ctor-self#, %2, y)") != NULL, "%s", s);
    cr_expect(strstr(s, "Core.fieldtype(#ctor-self#, 1)") != NULL, "%s", s);
    cr_expect(strstr(s, "Core._structtype(Main, :#") == NULL, "constructors are not closures\n%s", s);
    free(s);
}

Test(lower, string_interpolation_and_tuples)
{
    CHECK_HAS("\"a $x b\"", "Core.string(\"a \", Main.x, \" b\")");
    CHECK("a, b = b, a",
          "CodeInfo(\n"
          "  %1 = Main.b\n"
          "  %2 = Main.a\n"
          "  Main.a = %1\n"
          "  Main.b = %2\n"
          "  %5 = Core.tuple(%1, %2)\n"
          "  return %5\n"
          ")");
    CHECK_HAS("(1, x)", "Core.tuple(1, Main.x)");
    CHECK_HAS("[1, 2]", ".vect(1, 2)");
}

Test(lower, syntax_errors)
{
    CHECK("break", "error: break or continue outside loop");
    CHECK("f(x, x) = 1", "error: function argument name not unique: \"x\"");
    CHECK("_ + 1", "error: all-underscore identifiers are write-only and their values cannot be used in expressions");
    CHECK("function f() local x; global x; end", "error: variable \"x\" declared both local and global");
}

Test(lower, scope_rules)
{
    /* a function assigns a new local unless declared global */
    CHECK_HAS("function f() x = 1 end", "x = 1");
    CHECK_HAS("function f() global x = 1 end", "Main.x = 1");
    /* at top level, assignments are global */
    CHECK_HAS("x = 1", "Main.x = 1");
    /* `let` is a hard scope: a new local */
    CHECK_NOT("let; z = 1; end", "Main.z = 1");
    /* inner function sees the enclosing local (captured), not a global */
    CHECK_HAS("function f() y = 1; g() = y; g end", "Core.getfield(#self#, :y)");
}

Test(lower, implicit_where_params)
{
    /* Vector{<:Integer} -> (Vector{#s1} where #s1<:Integer); Ref{>:Int} sets the lower bound */
    char *s = lw("Vector{<:Integer}");
    cr_expect(strstr(s, "@_1 = Core._typevar(:#s1, Union{}, Main.Integer)") != NULL, "%s", s);
    cr_expect(strstr(s, "Core.apply_type(Main.Vector, @_1)") != NULL, "%s", s);
    cr_expect(strstr(s, "Core.UnionAll(@_1, %") != NULL, "%s", s);
    free(s);
    s = lw("Ref{>:Int}");
    cr_expect(strstr(s, "Core._typevar(:#s1, Main.Int, Core.Any)") != NULL, "%s", s);
    free(s);
    s = lw("Dict{<:AbstractString, <:Number}");
    cr_expect(strstr(s, "Core.apply_type(Main.Dict, @_1, @_2)") != NULL, "%s", s);
    free(s);
    CHECK_NOT("f(x::Vector{<:Integer}) = 1", "error");
}

Test(lower, optional_args_with_keywords)
{
    char *s = lw("g(a, b=2; c=3) = (a, b, c)");
    cr_expect(strstr(s, "error") == NULL, "%s", s);
    /* g(a) forwards to g(a, 2); Core.kwcall(kws, g, a) forwards to Core.kwcall(kws, g, a, 2) */
    cr_expect(strstr(s, "#self#(a, 2)") != NULL, "%s", s);
    cr_expect(strstr(s, "Core.kwcall(@_2, #self#, a, 2)") != NULL, "%s", s);
    free(s);
}

Test(lower, broadcast_splat)
{
    char *s = lw("f.(xs...)");
    cr_expect(strstr(s, "Core._apply_iterate(") != NULL && strstr(s, ".broadcasted, %1, Main.xs)") != NULL, "%s", s);
    cr_expect(strstr(s, ".materialize(%2)") != NULL, "%s", s);
    free(s);
}

Test(lower, try_finally_tag)
{
    /* Julia 1.10: the finally code is emitted once; exits set a tag and jump to it */
    char *s = lw("function f() try return g() finally h() end end");
    const char *p = strstr(s, "Main.h()");
    cr_expect(p != NULL && strstr(p + 1, "Main.h()") == NULL, "finally code emitted once\n%s", s);
    cr_expect(strstr(s, "@_2 = -1\n") != NULL, "%s", s);
    cr_expect(strstr(s, "@_2 = 1\n") != NULL && strstr(s, "@_2 = 2\n") != NULL, "%s", s);
    cr_expect(strstr(s, "Core.===(@_2, 2)") != NULL, "%s", s);
    cr_expect(strstr(s, ".rethrow()") != NULL, "%s", s);
    free(s);
    /* break out of a try/finally inside a loop goes through the finally code */
    s = lw("function f() while true; try break finally h() end end end");
    p = strstr(s, "Main.h()");
    cr_expect(p != NULL && strstr(p + 1, "Main.h()") == NULL, "%s", s);
    free(s);
}

Test(lower, return_type_annotation)
{
    char *s = lw("f(x)::Int = x");
    cr_expect(strstr(s, ".convert(Main.Int, x)") != NULL || strstr(s, ".convert(%") != NULL, "%s", s);
    cr_expect(strstr(s, ":Int") == NULL, "the return type is resolved, not a symbol\n%s", s);
    free(s);
}

Test(lower, local_keyword_function)
{
    /* the kwcall method of a local function reads the body function through the closure object */
    char *s = lw("function m() g(a; c=3) = (a, c); g end");
    cr_expect(strstr(s, "error") == NULL, "%s", s);
    cr_expect(strstr(s, "Core.getfield(#self#, :#g#") != NULL, "%s", s);
    free(s);
}

/* @goto/@label macro calls -> the forms Base's macros produce (unit tests run without Base) */
static jl_value_t *labels_expanded(jl_value_t *e)
{
    if (!jl_is_expr(e))
        return e;
    jl_expr_t *x = (jl_expr_t *)e;
    if (x->head == jl_s_macrocall) {
        const char *m = jl_symbol_name((jl_sym_t *)jl_exprarg(e, 0));
        if (!strcmp(m, "@goto") || !strcmp(m, "@label"))
            return (jl_value_t *)jl_expr(jl_symbol(!strcmp(m, "@goto") ? "symbolicgoto" : "symboliclabel"), 1,
                                         jl_exprarg(e, jl_expr_nargs(e) - 1));
    }
    for (size_t i = 0; i < jl_expr_nargs(e); i++)
        jl_exprargset(e, i, labels_expanded(jl_exprarg(e, i)));
    return e;
}

static char *lw_labels(const char *src)
{
    jl_value_t *lo = jl_lower(labels_expanded(parse1(src)), jl_main_module, "none", 1);
    return jl_lowered_str(lo);
}

Test(lower, goto_leaves_handlers)
{
    /* @goto out of a try emits the leave Julia's handler-goto-fixups add; placeholders vanish */
    char *s = lw_labels("function f() try; @goto done; catch; end; @label done; 1 end");
    cr_expect(strstr(s, "$(Expr(:leave, 1))\n      goto %") != NULL, "%s", s);
    cr_expect(strstr(s, "#deleted") == NULL, "%s", s);
    free(s);
    s = lw_labels("function f(n) @label top; n -= 1; n > 0 && @goto top; n end");
    cr_expect(strstr(s, "leave") == NULL && strstr(s, "#deleted") == NULL, "%s", s);
    cr_expect(strstr(s, "goto %1\n") != NULL, "%s", s);
    free(s);
    s = lw_labels("function f() @goto x; try; @label x; catch; end; end");
    cr_expect_str_eq(s, "error: cannot goto label \"x\" inside try/catch block");
    free(s);
}

Test(lower, destructured_argument_and_global_update)
{
    char *s = lw("f((a, b), c) = a + b + c");
    cr_expect(strstr(s, "error") == NULL, "%s", s);
    cr_expect(strstr(s, "= @_2\n") != NULL && strstr(s, "indexed_iterate(%1, 1)") != NULL, "the unnamed argument is destructured\n%s", s);
    free(s);
    CHECK_NOT("for i in 1:3; global s += i; end", "error");
    CHECK_HAS("for i in 1:3; global s += i; end", "Main.s = ");
}
