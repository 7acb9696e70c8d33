/* test_parser.c -- the front end: source text -> Expr trees as Julia 1.10's Meta.parse gives them,
 * written as Meta.show_sexpr output (compact form: blocks and QuoteNodes on one line). */
#include <string.h>
#include <time.h>
#include <stdlib.h>
#include "testutil.h"
#include "parser.h"

TestSuite(parser, .init = jl_test_init);

/* parse one statement like Meta.parse(src) and show it compactly */
static char *sx(const char *src)
{
    jl_value_t *r = NULL;
    size_t next = 0;
    jl_parse_errinfo_t e;
    int st = jl_parse_string_status(src, strlen(src), "none", 1, 0, 0, &r, &next, &e);
    if (st != 0) {
        char *m = malloc(strlen(e.msg) + 16);
        sprintf(m, "ERROR(%d): %s", st, e.msg);
        jl_parse_errinfo_free(&e);
        return m;
    }
    if (next != strlen(src))
        return strdup("ERROR: not all input consumed");
    return jl_sexpr_show(r, 1);
}

static char *sx_all(const char *src)
{
    jl_value_t *r = NULL;
    jl_parse_errinfo_t e;
    int st = jl_parse_string_status(src, strlen(src), "none", 1, 0, 1, &r, NULL, &e);
    if (st != 0) {
        char *m = malloc(strlen(e.msg) + 16);
        sprintf(m, "ERROR(%d): %s", st, e.msg);
        jl_parse_errinfo_free(&e);
        return m;
    }
    return jl_sexpr_show(r, 1);
}

#define CHECK(src, expected)                                                  \
    do {                                                                      \
        char *got__ = sx(src);                                                \
        cr_expect_str_eq(got__, expected, "parsing %s\n got: %s", src, got__);                 \
        free(got__);                                                          \
    } while (0)

#define CHECK_ALL(src, expected)                                              \
    do {                                                                      \
        char *got__ = sx_all(src);                                            \
        cr_expect_str_eq(got__, expected, "parsing all of %s\n got: %s", src, got__);          \
        free(got__);                                                          \
    } while (0)

#define L1 ":(#= none:1 =#)"
#define L2 ":(#= none:2 =#)"
#define L3 ":(#= none:3 =#)"
#define L4 ":(#= none:4 =#)"

Test(parser, arithmetic_precedence_and_chains)
{
    CHECK("1 + 2", "(:call, :+, 1, 2)");
    CHECK("a + b + c", "(:call, :+, :a, :b, :c)");
    CHECK("a - b - c", "(:call, :-, (:call, :-, :a, :b), :c)");
    CHECK("a + b - c + d", "(:call, :+, (:call, :-, (:call, :+, :a, :b), :c), :d)");
    CHECK("a * b * c", "(:call, :*, :a, :b, :c)");
    CHECK("a + b * c", "(:call, :+, :a, (:call, :*, :b, :c))");
    CHECK("a * b + c", "(:call, :+, (:call, :*, :a, :b), :c)");
    CHECK("a / b * c", "(:call, :*, (:call, :/, :a, :b), :c)");
    CHECK("a ++ b ++ c", "(:call, :++, :a, :b, :c)");
    CHECK("a .+ b .+ c", "(:call, :.+, (:call, :.+, :a, :b), :c)");
    CHECK("a + b .+ c", "(:call, :.+, (:call, :+, :a, :b), :c)");
    CHECK("a ^ b ^ c", "(:call, :^, :a, (:call, :^, :b, :c))");
    CHECK("a // b", "(:call, ://, :a, :b)");
    CHECK("a << 2 + 1", "(:call, :+, (:call, :<<, :a, 2), 1)");
    CHECK("a >>> b", "(:call, :>>>, :a, :b)");
    CHECK("a % b", "(:call, :%, :a, :b)");
    CHECK("a \\ b", "(:call, :\\, :a, :b)");
    CHECK("a | b & c", "(:call, :|, :a, (:call, :&, :b, :c))");
    CHECK("a ⊻ b", "(:call, :⊻, :a, :b)");
    CHECK("a ÷ b", "(:call, :÷, :a, :b)");
    CHECK("f ∘ g", "(:call, :∘, :f, :g)");
    CHECK("x ⋅ y", "(:call, :⋅, :x, :y)");
    CHECK("2^-3", "(:call, :^, 2, -3)");
    CHECK("a * b // c", "(:call, :*, :a, (:call, ://, :b, :c))");
}

Test(parser, unary_operators_and_literal_signs)
{
    CHECK("-x", "(:call, :-, :x)");
    CHECK("+x", "(:call, :+, :x)");
    CHECK("!x", "(:call, :!, :x)");
    CHECK("~x", "(:call, :~, :x)");
    CHECK("√x", "(:call, :√, :x)");
    CHECK("-2", "-2");
    CHECK("- 2", "(:call, :-, 2)");
    CHECK("-2.5", "-2.5");
    CHECK("-2^2", "(:call, :-, (:call, :^, 2, 2))");
    CHECK("-x^2", "(:call, :-, (:call, :^, :x, 2))");
    CHECK("-2x", "(:call, :*, -2, :x)");
    CHECK("-(1)", "(:call, :-, 1)");
    CHECK("+(a, b)", "(:call, :+, :a, :b)");
    CHECK("-(a)^2", "(:call, :-, (:call, :^, :a, 2))");
    CHECK(".!x", "(:call, :.!, :x)");
    CHECK("!!x", "(:call, :!, (:call, :!, :x))");
    CHECK("-9223372036854775808", "-9223372036854775808");
    CHECK("map(+, a)", "(:call, :map, :+, :a)");
    CHECK("(+)", ":+");
    CHECK("&x", "(:&, :x)");
    CHECK("::Int", "(:(::), :Int)");
    CHECK("<:T", "(:<:, :T)");
}

Test(parser, comparisons_and_logic)
{
    CHECK("a < b", "(:call, :<, :a, :b)");
    CHECK("a < b <= c", "(:comparison, :a, :<, :b, :<=, :c)");
    CHECK("a == b != c", "(:comparison, :a, :(==), :b, :!=, :c)");
    CHECK("a === b", "(:call, :(===), :a, :b)");
    CHECK("a <: b", "(:<:, :a, :b)");
    CHECK("a >: b", "(:>:, :a, :b)");
    CHECK("a <: b <: c", "(:comparison, :a, :<:, :b, :<:, :c)");
    CHECK("a .< b", "(:call, :.<, :a, :b)");
    CHECK("a in b", "(:call, :in, :a, :b)");
    CHECK("a isa T", "(:call, :isa, :a, :T)");
    CHECK("a ∈ b", "(:call, :∈, :a, :b)");
    CHECK("a ∉ b", "(:call, :∉, :a, :b)");
    CHECK("a ⊆ b", "(:call, :⊆, :a, :b)");
    CHECK("a ≤ b ≠ c", "(:comparison, :a, :≤, :b, :≠, :c)");
    CHECK("a && b", "(:&&, :a, :b)");
    CHECK("a || b || c", "(:||, :a, (:||, :b, :c))");
    CHECK("a || b && c", "(:||, :a, (:&&, :b, :c))");
    CHECK("a .&& b", "(:.&&, :a, :b)");
    CHECK("a --> b", "(:-->, :a, :b)");
    CHECK("a → b", "(:call, :→, :a, :b)");
    CHECK("x |> f |> g", "(:call, :|>, (:call, :|>, :x, :f), :g)");
    CHECK("f <| g <| x", "(:call, :<|, :f, (:call, :<|, :g, :x))");
    CHECK("a => b => c", "(:call, :(=>), :a, (:call, :(=>), :b, :c))");
    CHECK("a ? b : c", "(:if, :a, :b, :c)");
    CHECK("a ? b : c ? d : e", "(:if, :a, :b, (:if, :c, :d, :e))");
    CHECK("a ? b : c:d", "(:if, :a, :b, (:call, :(:), :c, :d))");
    CHECK("a == b ? 1 : 2", "(:if, (:call, :(==), :a, :b), 1, 2)");
}

Test(parser, assignment_forms)
{
    CHECK("a = b", "(:(=), :a, :b)");
    CHECK("a = b = c", "(:(=), :a, (:(=), :b, :c))");
    CHECK("a += 1", "(:+=, :a, 1)");
    CHECK("a .+= 1", "(:.+=, :a, 1)");
    CHECK("a .= b", "(:.=, :a, :b)");
    CHECK("a -= 1", "(:-=, :a, 1)");
    CHECK("a ÷= 2", "(:÷=, :a, 2)");
    CHECK("a ⊻= b", "(:⊻=, :a, :b)");
    CHECK("a >>>= 1", "(:>>>=, :a, 1)");
    CHECK("a := b", "(:(:=), :a, :b)");
    CHECK("a ~ b", "(:call, :~, :a, :b)");
    CHECK("a, b = c, d", "(:(=), (:tuple, :a, :b), (:tuple, :c, :d))");
    CHECK("x, = xs", "(:(=), (:tuple, :x), :xs)");
    CHECK("x::Int = 5", "(:(=), (:(::), :x, :Int), 5)");
    CHECK("a = 1, 2", "(:(=), :a, (:tuple, 1, 2))");
    CHECK("a.b = c", "(:(=), (:., :a, (:quote, #QuoteNode :b)), :c)");
    CHECK("a[i] = v", "(:(=), (:ref, :a, :i), :v)");
}

Test(parser, ranges_splats_and_postfix)
{
    CHECK("1:n", "(:call, :(:), 1, :n)");
    CHECK("a:b:c", "(:call, :(:), :a, :b, :c)");
    CHECK("a:b:c:d:e", "(:call, :(:), (:call, :(:), :a, :b, :c), :d, :e)");
    CHECK("1:n+1", "(:call, :(:), 1, (:call, :+, :n, 1))");
    CHECK("a..b", "(:call, :.., :a, :b)");
    CHECK("x...", "(:..., :x)");
    CHECK("x:y...", "(:..., (:call, :(:), :x, :y))");
    CHECK("x'", "(Symbol(\"'\"), :x)");
    CHECK("x''", "(Symbol(\"'\"), (Symbol(\"'\"), :x))");
    CHECK("a'b", "(:call, :*, (Symbol(\"'\"), :a), :b)");
    CHECK("a[1]'", "(Symbol(\"'\"), (:ref, :a, 1))");
    CHECK(":", ":(:)");
}

Test(parser, juxtaposition)
{
    CHECK("2x", "(:call, :*, 2, :x)");
    CHECK("2(x+1)", "(:call, :*, 2, (:call, :+, :x, 1))");
    CHECK("(x-1)y", "(:call, :*, (:call, :-, :x, 1), :y)");
    CHECK("2x^2", "(:call, :*, 2, (:call, :^, :x, 2))");
    CHECK("2π", "(:call, :*, 2, :π)");
    CHECK("1.5im", "(:call, :*, 1.5, :im)");
    CHECK("2√x", "(:call, :*, 2, (:call, :√, :x))");
    CHECK("(2)(3)x", "(:call, :*, 2, 3, :x)");
    CHECK("x'y", "(:call, :*, (Symbol(\"'\"), :x), :y)");
}

Test(parser, calls_keywords_and_parameters)
{
    CHECK("f()", "(:call, :f)");
    CHECK("f(x, y)", "(:call, :f, :x, :y)");
    CHECK("f(x; y=1)", "(:call, :f, (:parameters, (:kw, :y, 1)), :x)");
    CHECK("f(x, y=1)", "(:call, :f, :x, (:kw, :y, 1))");
    CHECK("f(; a)", "(:call, :f, (:parameters, :a))");
    CHECK("f(x...; kw...)", "(:call, :f, (:parameters, (:..., :kw)), (:..., :x))");
    CHECK("f(a)(b)", "(:call, (:call, :f, :a), :b)");
    CHECK("f(x)[1]", "(:ref, (:call, :f, :x), 1)");
    CHECK("f.(x, y)", "(:., :f, (:tuple, :x, :y))");
    CHECK("f.(a=1)", "(:., :f, (:tuple, (:kw, :a, 1)))");
    /* a parenthesized assignment is a positional argument (JuliaSyntax keeps `=`) */
    CHECK("f(a, (i = x))", "(:call, :f, :a, (:(=), :i, :x))");
    CHECK("f.((i = x))", "(:., :f, (:tuple, (:(=), :i, :x)))");
    CHECK("a.b.c", "(:., (:., :a, (:quote, #QuoteNode :b)), (:quote, #QuoteNode :c))");
    CHECK("a.b(c)", "(:call, (:., :a, (:quote, #QuoteNode :b)), :c)");
    CHECK("A.:+", "(:., :A, (:quote, #QuoteNode :+))");
    CHECK("a.$b", "(:., :a, (:quote, #QuoteNode (:$, :b)))");
    CHECK(".+", "(:., :+)");
    CHECK("A{T}", "(:curly, :A, :T)");
    CHECK("A{T}(x)", "(:call, (:curly, :A, :T), :x)");
    CHECK("sum(x for x in xs)", "(:call, :sum, (:generator, :x, (:(=), :x, :xs)))");
    CHECK("f(\n  a,\n  b\n)", "(:call, :f, :a, :b)");
    CHECK("x -> x^2", "(:->, :x, (:block, " L1 ", (:call, :^, :x, 2)))");
    CHECK("(x, y) -> x + y", "(:->, (:tuple, :x, :y), (:block, " L1 ", (:call, :+, :x, :y)))");
    CHECK("() -> 1", "(:->, (:tuple,), (:block, " L1 ", 1))");
    CHECK("a::T -> a", "(:->, (:(::), :a, :T), (:block, " L1 ", :a))");
}

Test(parser, declarations_where_and_curly)
{
    CHECK("x::Int", "(:(::), :x, :Int)");
    CHECK("x::Vector{Int}", "(:(::), :x, (:curly, :Vector, :Int))");
    CHECK("A{T} where T", "(:where, (:curly, :A, :T), :T)");
    CHECK("A{T} where T <: Real", "(:where, (:curly, :A, :T), (:<:, :T, :Real))");
    CHECK("A{T,S} where {T,S}", "(:where, (:curly, :A, :T, :S), :T, :S)");
    CHECK("f(x::T) where T = x",
          "(:(=), (:where, (:call, :f, (:(::), :x, :T)), :T), (:block, " L1 ", :x))");
    CHECK("f(x)::Int = 1", "(:(=), (:(::), (:call, :f, :x), :Int), (:block, " L1 ", 1))");
    CHECK("{a, b}", "(:braces, :a, :b)");
    CHECK("{a b}", "(:bracescat, (:row, :a, :b))");
}

Test(parser, integer_literals_and_types)
{
    CHECK("1", "1");
    CHECK("1_000_000", "1000000");
    CHECK("0x1f", "0x1f");
    CHECK("0x001f", "0x001f");
    CHECK("0x1", "0x01");
    CHECK("0x12345", "0x00012345");
    CHECK("0x123456789", "0x0000000123456789");
    CHECK("0b101", "0x05");
    CHECK("0b111111111", "0x01ff");
    CHECK("0o17", "0x0f");
    CHECK("0o777", "0x01ff");
    CHECK("0xffff_ffff", "0xffffffff");
    CHECK("9223372036854775807", "9223372036854775807");
    CHECK("9223372036854775808",
          "(:macrocall, :(Core.var\"@int128_str\"), nothing, \"9223372036854775808\")");
    CHECK("170141183460469231731687303715884105728",
          "(:macrocall, :(Core.var\"@big_str\"), nothing, \"170141183460469231731687303715884105728\")");
    CHECK("0x123456789abcdef01",
          "(:macrocall, :(Core.var\"@uint128_str\"), nothing, \"0x123456789abcdef01\")");
    CHECK("true", "true");
    CHECK("false", "false");
}

Test(parser, float_literals)
{
    CHECK("1.0", "1.0");
    CHECK("1.5e-3", "0.0015");
    CHECK("1e10", "1.0e10");
    CHECK("1.0e6", "1.0e6");
    CHECK("123456.0", "123456.0");
    CHECK(".5", "0.5");
    CHECK("1.", "1.0");
    CHECK("1f0", "1.0f0");
    CHECK("1.5f3", "1500.0f0");
    CHECK("0x1p3", "8.0");
    CHECK("0x1.8p1", "3.0");
    CHECK("1e-5", "1.0e-5");
    CHECK("0.1", "0.1");
    CHECK("2.5e-300", "2.5e-300");
}

Test(parser, chars_and_escapes)
{
    CHECK("'a'", "'a'");
    CHECK("'\\n'", "'\\n'");
    CHECK("'\\t'", "'\\t'");
    CHECK("'\\''", "'\\''");
    CHECK("'\"'", "'\"'");
    CHECK("'\\\\'", "'\\\\'");
    CHECK("'\\u03b1'", "'α'");
    CHECK("'α'", "'α'");
    CHECK("'\\x41'", "'A'");
    CHECK("'\\101'", "'A'");
    CHECK("'\\U1F600'", "'😀'");
    CHECK("'\\0'", "'\\0'");
    CHECK("'''", "'\\''");
    CHECK("['a', 'b']", "(:vect, 'a', 'b')");
}

Test(parser, strings_and_interpolation)
{
    CHECK("\"abc\"", "\"abc\"");
    CHECK("\"\"", "\"\"");
    CHECK("\"a\\nb\\t\\\"q\\\"\"", "\"a\\nb\\t\\\"q\\\"\"");
    CHECK("\"\\$x\"", "\"\\$x\"");
    CHECK("\"a$x b\"", "(:string, \"a\", :x, \" b\")");
    CHECK("\"$x$y\"", "(:string, :x, :y)");
    CHECK("\"$(x + 1)\"", "(:string, (:call, :+, :x, 1))");
    CHECK("\"$x\"", "(:string, :x)");
    CHECK("\"a$(\"b\")\"", "(:string, \"a\", (:string, \"b\"))");
    CHECK("\"α$β γ\"", "(:string, \"α\", :β, \" γ\")");
    CHECK("\"\\u03b1\\x41\"", "\"αA\"");
    CHECK("\"a\\\n   b\"", "\"ab\"");
    CHECK("\"$(f(\"x$y\"))z\"", "(:string, (:call, :f, (:string, \"x\", :y)), \"z\")");
}

Test(parser, triple_quoted_strings)
{
    CHECK("\"\"\"\n    a\n      b\n    \"\"\"", "\"a\\n  b\\n\"");
    CHECK("\"\"\"\n  a\n  b\"\"\"", "\"a\\nb\"");
    CHECK("\"\"\"  x\n    a\"\"\"", "\"  x\\na\"");
    CHECK("\"\"\"a \"quoted\" b\"\"\"", "\"a \\\"quoted\\\" b\"");
    CHECK("\"\"\"\n    x = $x\n    \"\"\"", "(:string, \"x = \", :x, \"\\n\")");
    CHECK("\"\"\"\n\ta\n\tb\n\t\"\"\"", "\"a\\nb\\n\"");
    CHECK("\"\"\"\n  a\n\n  b\n  \"\"\"", "\"a\\n\\nb\\n\"");
}

Test(parser, raw_prefixed_strings_and_commands)
{
    CHECK("r\"a\\d+\"", "(:macrocall, Symbol(\"@r_str\"), " L1 ", \"a\\\\d+\")");
    CHECK("r\"a\"i", "(:macrocall, Symbol(\"@r_str\"), " L1 ", \"a\", \"i\")");
    CHECK("b\"abc\"", "(:macrocall, Symbol(\"@b_str\"), " L1 ", \"abc\")");
    CHECK("raw\"a\\b$x\"", "(:macrocall, Symbol(\"@raw_str\"), " L1 ", \"a\\\\b\\$x\")");
    CHECK("raw\"a\\\"b\"", "(:macrocall, Symbol(\"@raw_str\"), " L1 ", \"a\\\"b\")");
    CHECK("x\"s\"2", "(:macrocall, Symbol(\"@x_str\"), " L1 ", \"s\", 2)");
    CHECK("A.x\"s\"", "(:macrocall, (:., :A, (:quote, #QuoteNode Symbol(\"@x_str\"))), " L1 ", \"s\")");
    CHECK("`ls -l`", "(:macrocall, :(Core.var\"@cmd\"), " L1 ", \"ls -l\")");
    CHECK("`echo $x`", "(:macrocall, :(Core.var\"@cmd\"), " L1 ", \"echo \\$x\")");
    CHECK("x`a`", "(:macrocall, Symbol(\"@x_cmd\"), " L1 ", \"a\")");
    CHECK("var\"foo bar\"", "Symbol(\"foo bar\")");
    CHECK("var\"x\" + 1", "(:call, :+, :x, 1)");
}

Test(parser, comments)
{
    CHECK("x # comment", ":x");
    CHECK("x #= inline =# + 1", "(:call, :+, :x, 1)");
    CHECK("#= a #= nested =# b =# y", ":y");
    CHECK_ALL("a\n# c\nb", "(:toplevel, " L1 ", :a, " L3 ", :b)");
}

Test(parser, blocks_and_line_numbers)
{
    CHECK("begin\nx\ny\nend", "(:block, " L2 ", :x, " L3 ", :y)");
    CHECK("begin x end", "(:block, " L1 ", :x)");
    CHECK("begin end", "(:block, " L1 ")");
    CHECK("begin x; y end", "(:block, " L1 ", :x, " L1 ", :y)");
    CHECK("quote x end", "(:quote, (:block, " L1 ", :x))");
    CHECK("(a; b)", "(:block, " L1 ", :a, " L1 ", :b)");
    CHECK("a; b", "(:toplevel, :a, :b)");
    CHECK_ALL("a\nb", "(:toplevel, " L1 ", :a, " L2 ", :b)");
    CHECK_ALL("", "(:toplevel,)");
    CHECK_ALL("a;b\nc", "(:toplevel, " L1 ", (:toplevel, :a, :b), " L2 ", :c)");
    CHECK_ALL("\n\nx\n", "(:toplevel, " L3 ", :x)");
}

Test(parser, control_flow)
{
    CHECK("if a\nb\nend", "(:if, :a, (:block, " L2 ", :b))");
    CHECK("if a\nb\nelseif c\nd\nelse\ne\nend",
          "(:if, :a, (:block, " L2 ", :b), (:elseif, (:block, " L3 ", :c), (:block, " L4
          ", :d), (:block, :(#= none:6 =#), :e)))");
    CHECK("if a b else c end", "(:if, :a, (:block, " L1 ", :b), (:block, " L1 ", :c))");
    CHECK("while i < n\ni += 1\nend", "(:while, (:call, :<, :i, :n), (:block, " L2 ", (:+=, :i, 1)))");
    CHECK("for i = 1:n\nend", "(:for, (:(=), :i, (:call, :(:), 1, :n)), (:block, " L1 "))");
    CHECK("for i in x, j ∈ y\nf(i)\nend",
          "(:for, (:block, (:(=), :i, :x), (:(=), :j, :y)), (:block, " L2 ", (:call, :f, :i)))");
    CHECK("for outer i = 1:2 end", "(:for, (:(=), (:outer, :i), (:call, :(:), 1, 2)), (:block, " L1 "))");
    CHECK("let x = 1, y = 2\nx\nend",
          "(:let, (:block, (:(=), :x, 1), (:(=), :y, 2)), (:block, " L2 ", :x))");
    CHECK("let x = 1; x end", "(:let, (:(=), :x, 1), (:block, " L1 ", :x))");
    CHECK("let\nend", "(:let, (:block,), (:block, " L2 "))");
    CHECK("try x catch e y end",
          "(:try, (:block, " L1 ", :x), :e, (:block, " L1 ", :y))");
    CHECK("try x finally z end",
          "(:try, (:block, " L1 ", :x), false, false, (:block, " L1 ", :z))");
    CHECK("try x catch\ny\nend", "(:try, (:block, " L1 ", :x), false, (:block, " L2 ", :y))");
    CHECK("try\nx\ncatch e\ny\nelse\nz\nend",
          "(:try, (:block, " L2 ", :x), :e, (:block, " L4 ", :y), false, (:block, :(#= none:6 =#), :z))");
    CHECK("return", "(:return, nothing)");
    CHECK("return x, y", "(:return, (:tuple, :x, :y))");
    CHECK("while true break end", "(:while, true, (:block, " L1 ", (:break,)))");
    CHECK("for x in y continue end", "(:for, (:(=), :x, :y), (:block, " L1 ", (:continue,)))");
}

Test(parser, functions_and_macros)
{
    CHECK("function f(x)\n  x + 1\nend",
          "(:function, (:call, :f, :x), (:block, " L1 ", " L2 ", (:call, :+, :x, 1)))");
    CHECK("function f end", "(:function, :f)");
    CHECK("function f(x::T; k=1) where T <: Real\nend",
          "(:function, (:where, (:call, :f, (:parameters, (:kw, :k, 1)), (:(::), :x, :T)), (:<:, :T, :Real)), "
          "(:block, " L1 ", " L1 "))");
    CHECK("function f(x)::Int x end", "(:function, (:(::), (:call, :f, :x), :Int), (:block, " L1 ", " L1 ", :x))");
    CHECK("function (x) x end", "(:function, (:tuple, :x), (:block, " L1 ", " L1 ", :x))");
    CHECK("function (x...) end", "(:function, (:..., :x), (:block, " L1 ", " L1 "))");
    CHECK("function A.f() end", "(:function, (:call, (:., :A, (:quote, #QuoteNode :f))), (:block, " L1 ", " L1 "))");
    CHECK("function (a::A)(x) end", "(:function, (:call, (:(::), :a, :A), :x), (:block, " L1 ", " L1 "))");
    CHECK("f(x) = x", "(:(=), (:call, :f, :x), (:block, " L1 ", :x))");
    CHECK("f(x) = begin x end", "(:(=), (:call, :f, :x), (:block, " L1 ", :x))");
    CHECK("f(x=1, y...) = 0", "(:(=), (:call, :f, (:kw, :x, 1), (:..., :y)), (:block, " L1 ", 0))");
    CHECK("macro m(x) x end", "(:macro, (:call, :m, :x), (:block, " L1 ", " L1 ", :x))");
    CHECK("f(x) do y\n  y\nend",
          "(:do, (:call, :f, :x), (:->, (:tuple, :y), (:block, " L2 ", :y)))");
    CHECK("f() do\nend", "(:do, (:call, :f), (:->, (:tuple,), (:block, " L2 ")))");
    CHECK("map(xs) do x, y x end", "(:do, (:call, :map, :xs), (:->, (:tuple, :x, :y), (:block, " L1 ", :x)))");
}

Test(parser, macro_calls)
{
    CHECK("@m", "(:macrocall, Symbol(\"@m\"), " L1 ")");
    CHECK("@m a b", "(:macrocall, Symbol(\"@m\"), " L1 ", :a, :b)");
    CHECK("@m(a, b)", "(:macrocall, Symbol(\"@m\"), " L1 ", :a, :b)");
    CHECK("@m (a, b)", "(:macrocall, Symbol(\"@m\"), " L1 ", (:tuple, :a, :b))");
    CHECK("@m (x)", "(:macrocall, Symbol(\"@m\"), " L1 ", :x)");
    CHECK("@m a = 1", "(:macrocall, Symbol(\"@m\"), " L1 ", (:(=), :a, 1))");
    CHECK("@m(a = 1)", "(:macrocall, Symbol(\"@m\"), " L1 ", (:(=), :a, 1))");
    CHECK("@m [1 2]", "(:macrocall, Symbol(\"@m\"), " L1 ", (:hcat, 1, 2))");
    CHECK("@m f (x)", "(:macrocall, Symbol(\"@m\"), " L1 ", :f, :x)");
    CHECK("@. a + b", "(:macrocall, Symbol(\"@__dot__\"), " L1 ", (:call, :+, :a, :b))");
    CHECK("A.@m x", "(:macrocall, (:., :A, (:quote, #QuoteNode Symbol(\"@m\"))), " L1 ", :x)");
    CHECK("@A.m x", "(:macrocall, (:., :A, (:quote, #QuoteNode Symbol(\"@m\"))), " L1 ", :x)");
    CHECK("@time f(x)", "(:macrocall, Symbol(\"@time\"), " L1 ", (:call, :f, :x))");
    CHECK("@m begin\nx\nend", "(:macrocall, Symbol(\"@m\"), " L1 ", (:block, " L2 ", :x))");
    CHECK("@doc \"d\" f", "(:macrocall, Symbol(\"@doc\"), " L1 ", \"d\", :f)");
    CHECK("\"doc\"\nf(x) = 1",
          "(:macrocall, :(Core.var\"@doc\"), " L1 ", \"doc\", (:(=), (:call, :f, :x), (:block, " L2 ", 1)))");
}

Test(parser, arrays_and_comprehensions)
{
    CHECK("[]", "(:vect,)");
    CHECK("[1, 2]", "(:vect, 1, 2)");
    CHECK("[1, 2,]", "(:vect, 1, 2)");
    CHECK("[1 2]", "(:hcat, 1, 2)");
    CHECK("[1; 2]", "(:vcat, 1, 2)");
    CHECK("[1 2; 3 4]", "(:vcat, (:row, 1, 2), (:row, 3, 4))");
    CHECK("[1 2\n3 4]", "(:vcat, (:row, 1, 2), (:row, 3, 4))");
    CHECK("[1 -2]", "(:hcat, 1, -2)");
    CHECK("[1 - 2]", "(:vect, (:call, :-, 1, 2))");
    CHECK("[1 -x]", "(:hcat, 1, (:call, :-, :x))");
    CHECK("[x +y]", "(:hcat, :x, (:call, :+, :y))");
    CHECK("[x+y +z]", "(:hcat, (:call, :+, :x, :y), (:call, :+, :z))");
    CHECK("[f (x)]", "(:hcat, :f, :x)");
    CHECK("[a' b']", "(:hcat, (Symbol(\"'\"), :a), (Symbol(\"'\"), :b))");
    CHECK("[1 :a]", "(:hcat, 1, (:quote, #QuoteNode :a))");
    CHECK("[a;;b]", "(:ncat, 2, :a, :b)");
    CHECK("[a;;;b]", "(:ncat, 3, :a, :b)");
    CHECK("[a ; b ;; c ; d]", "(:ncat, 2, (:nrow, 1, :a, :b), (:nrow, 1, :c, :d))");
    CHECK("T[1, 2]", "(:ref, :T, 1, 2)");
    CHECK("T[1 2]", "(:typed_hcat, :T, 1, 2)");
    CHECK("T[1; 2]", "(:typed_vcat, :T, 1, 2)");
    CHECK("T[x for x in y]", "(:typed_comprehension, :T, (:generator, :x, (:(=), :x, :y)))");
    CHECK("[x for x in xs]", "(:comprehension, (:generator, :x, (:(=), :x, :xs)))");
    CHECK("[x for x in xs if x > 0]",
          "(:comprehension, (:generator, :x, (:filter, (:call, :>, :x, 0), (:(=), :x, :xs))))");
    CHECK("[(i, j) for i = 1:2, j = 1:3]",
          "(:comprehension, (:generator, (:tuple, :i, :j), (:(=), :i, (:call, :(:), 1, 2)), "
          "(:(=), :j, (:call, :(:), 1, 3))))");
    CHECK("[x for a in as for x in a]",
          "(:comprehension, (:flatten, (:generator, (:generator, :x, (:(=), :x, :a)), (:(=), :a, :as))))");
    CHECK("(x for x in xs)", "(:generator, :x, (:(=), :x, :xs))");
    CHECK("a[i, j]", "(:ref, :a, :i, :j)");
    CHECK("a[end]", "(:ref, :a, :end)");
    CHECK("a[end-1, begin]", "(:ref, :a, (:call, :-, :end, 1), :begin)");
    CHECK("a[begin:end]", "(:ref, :a, (:call, :(:), :begin, :end))");
    CHECK("[\n  1,\n  2\n]", "(:vect, 1, 2)");
    CHECK("[1 2\n]", "(:hcat, 1, 2)");
}

Test(parser, tuples_and_named_tuples)
{
    CHECK("()", "(:tuple,)");
    CHECK("(x)", ":x");
    CHECK("(x,)", "(:tuple, :x)");
    CHECK("(1, 2)", "(:tuple, 1, 2)");
    CHECK("(a=1, b=2)", "(:tuple, (:(=), :a, 1), (:(=), :b, 2))");
    CHECK("(; a=1, b=2)", "(:tuple, (:parameters, (:kw, :a, 1), (:kw, :b, 2)))");
    CHECK("(; a, b)", "(:tuple, (:parameters, :a, :b))");
    CHECK("(a...,)", "(:tuple, (:..., :a))");
    CHECK("(a = 1)", "(:(=), :a, 1)");
}

Test(parser, type_definitions_and_modules)
{
    CHECK("struct Foo\nx\ny::Int\nend",
          "(:struct, false, :Foo, (:block, " L2 ", :x, " L3 ", (:(::), :y, :Int)))");
    CHECK("mutable struct Foo{T} <: Bar end",
          "(:struct, true, (:<:, (:curly, :Foo, :T), :Bar), (:block, " L1 "))");
    CHECK("struct A\nx\nA() = new(1)\nend",
          "(:struct, false, :A, (:block, " L2 ", :x, " L3 ", (:(=), (:call, :A), (:block, " L3
          ", (:call, :new, 1)))))");
    CHECK("abstract type A end", "(:abstract, :A)");
    CHECK("abstract type A{T} <: B end", "(:abstract, (:<:, (:curly, :A, :T), :B))");
    CHECK("primitive type P 32 end", "(:primitive, :P, 32)");
    CHECK("primitive type P <: Integer 64 end", "(:primitive, (:<:, :P, :Integer), 64)");
    CHECK("module M\nx\nend", "(:module, true, :M, (:block, " L1 ", " L2 ", :x))");
    CHECK("baremodule M end", "(:module, false, :M, (:block, " L1 ", " L1 "))");
    CHECK("using A", "(:using, (:., :A))");
    CHECK("using A, B.C", "(:using, (:., :A), (:., :B, :C))");
    CHECK("using A: b, c", "(:using, (:(:), (:., :A), (:., :b), (:., :c)))");
    CHECK("import A.B as C", "(:import, (:as, (:., :A, :B), :C))");
    CHECK("import ..A", "(:import, (:., :., :., :A))");
    CHECK("import Base: +, ==", "(:import, (:(:), (:., :Base), (:., :+), (:., :(==))))");
    CHECK("using A: @m", "(:using, (:(:), (:., :A), (:., Symbol(\"@m\"))))");
    CHECK("export a, @b, +", "(:export, :a, Symbol(\"@b\"), :+)");
    CHECK("const x = 1", "(:const, (:(=), :x, 1))");
    CHECK("global x", "(:global, :x)");
    CHECK("global x, y", "(:global, :x, :y)");
    CHECK("local x = 1", "(:local, (:(=), :x, 1))");
    CHECK("global const x = 1", "(:const, (:global, (:(=), :x, 1)))");
    CHECK("const global x = 1", "(:const, (:global, (:(=), :x, 1)))");
}

Test(parser, quoting_and_interpolation)
{
    CHECK(":x", "(:quote, #QuoteNode :x)");
    CHECK(":(a + b)", "(:quote, (:call, :+, :a, :b))");
    CHECK(":end", "(:quote, #QuoteNode :end)");
    CHECK(":+", "(:quote, #QuoteNode :+)");
    CHECK(":(=)", "(:quote, #QuoteNode :(=))");
    CHECK(":(::)", "(:quote, #QuoteNode :(::))");
    CHECK("$x", "(:$, :x)");
    CHECK(":($x + 1)", "(:quote, (:call, :+, (:$, :x), 1))");
    CHECK("quote\n$(esc(x))\nend", "(:quote, (:block, " L2 ", (:$, (:call, :esc, :x))))");
    CHECK("x = :sym", "(:(=), :x, (:quote, #QuoteNode :sym))");
}

Test(parser, unicode_identifiers_and_operators)
{
    CHECK("π", ":π");
    CHECK("αβ₁ = 1", "(:(=), :αβ₁, 1)");
    CHECK("x′", ":x′");
    CHECK("∂f", ":∂f");
    CHECK("a ≤ b", "(:call, :≤, :a, :b)");
    CHECK("a ≠ b", "(:call, :≠, :a, :b)");
    CHECK("a ≈ b", "(:call, :≈, :a, :b)");
    CHECK("a +₁ b", "(:call, :+₁, :a, :b)");
    CHECK("a ∪ b ∩ c", "(:call, :∪, :a, (:call, :∩, :b, :c))");
    CHECK("push!(a, 1)", "(:call, :push!, :a, 1)");
    CHECK("µ = 1", "(:(=), :μ, 1)");      /* U+00B5 is normalized to U+03BC */
    CHECK("ɛ", ":ε");
    CHECK("a · b", "(:call, :⋅, :a, :b)");
}

Test(parser, whitespace_and_newline_rules)
{
    CHECK("a +\nb", "(:call, :+, :a, :b)");
    CHECK("f(a,\n  b)", "(:call, :f, :a, :b)");
    CHECK("(a\n+ b)", "(:call, :+, :a, :b)");
    CHECK("x = [1,\n 2]", "(:(=), :x, (:vect, 1, 2))");
    CHECK("a ?\nb :\nc", "(:if, :a, :b, :c)");
    CHECK_ALL("a\n+b", "(:toplevel, " L1 ", :a, " L2 ", (:call, :+, :b))");
}

Test(parser, show_sexpr_exact_julia_format)
{
    jl_value_t *r = jl_parse_string("f(x) = x", 8, "none", 1, 0, 0, NULL);
    char *s = jl_sexpr_show(r, 0);
    cr_expect_str_eq(s, "(:(=), (:call, :f, :x), (:block,\n    :(#= none:1 =#),\n    :x\n  ))");
    free(s);
    r = jl_parse_string(":a", 2, "none", 1, 0, 0, NULL);
    s = jl_sexpr_show(r, 0);
    cr_expect_str_eq(s, "(:quote, #QuoteNode\n  :a\n)");
    free(s);
    r = jl_parse_string("(:call, :f)", 11, "none", 1, 0, 0, NULL);
    s = jl_sexpr_show(r, 0);
    cr_expect_str_eq(s, "(:tuple, (:quote, #QuoteNode\n    :call\n  ), (:quote, #QuoteNode\n    :f\n  ))");
    free(s);
    cr_expect_str_eq(jl_sexpr_show((jl_value_t *)jl_exprn(jl_symbol("block"), 0), 0), "(:block,)");
}

Test(parser, filename_and_line_offsets)
{
    const char *src = "x = 1\ny = 2\n";
    jl_value_t *r = jl_parse_all(src, strlen(src), "foo.jl");
    char *s = jl_sexpr_show(r, 1);
    cr_expect_str_eq(s, "(:toplevel, :(#= foo.jl:1 =#), (:(=), :x, 1), :(#= foo.jl:2 =#), (:(=), :y, 2))");
    free(s);
    /* Meta.parse(str, pos): one statement at a time */
    size_t next = 0;
    r = jl_parse_string(src, strlen(src), "none", 1, 0, 0, &next);
    cr_expect_str_eq(jl_sexpr_show(r, 1), "(:(=), :x, 1)");
    cr_expect_eq(next, 6);
    r = jl_parse_string(src, strlen(src), "none", 1, next, 0, &next);
    cr_expect_str_eq(jl_sexpr_show(r, 1), "(:(=), :y, 2)");
    cr_expect_eq(next, strlen(src));
    r = jl_parse_string(src, strlen(src), "none", 1, next, 0, &next);
    cr_expect(r == jl_nothing);
    /* lines count from the offset */
    const char *s2 = "a\nbegin\nx\nend";
    r = jl_parse_string(s2, strlen(s2), "f.jl", 1, 2, 0, &next);
    cr_expect_str_eq(jl_sexpr_show(r, 1), "(:block, :(#= f.jl:3 =#), :x)");
}

/* ---------------------------------------------------------------- errors */

typedef struct { int status; char *msg; char *text; int line, col; } perr_t;

static perr_t perr(const char *src)
{
    jl_value_t *r = NULL;
    jl_parse_errinfo_t e;
    perr_t out = {0, NULL, NULL, 0, 0};
    out.status = jl_parse_string_status(src, strlen(src), "none", 1, 0, 1, &r, NULL, &e);
    if (out.status) {
        out.msg = strdup(e.msg);
        out.text = strdup(e.text);
        out.line = e.line;
        out.col = e.column;
        jl_parse_errinfo_free(&e);
    }
    return out;
}

#define ERR(src, st, m, ln, cl)                                                       \
    do {                                                                              \
        perr_t e__ = perr(src);                                                       \
        cr_expect_eq(e__.status, st, "status of %s: %d", src, e__.status);            \
        cr_expect_str_eq(e__.msg ? e__.msg : "(none)", m, "message for %s", src);     \
        cr_expect_eq(e__.line, ln, "line for %s: %d", src, e__.line);                 \
        cr_expect_eq(e__.col, cl, "column for %s: %d", src, e__.col);                 \
        free(e__.msg); free(e__.text);                                                \
    } while (0)

Test(parser, incomplete_input_is_distinguished)
{
    ERR("1 +", 2, "incomplete: premature end of input", 1, 4);
    ERR("f(", 2, "incomplete: premature end of input", 1, 3);
    ERR("[1, 2", 2, "incomplete: premature end of input", 1, 6);
    ERR("\"abc", 2, "incomplete: invalid string syntax", 1, 1);
    ERR("\"\"\"abc\"\"", 2, "incomplete: invalid string syntax", 1, 1);
    ERR("`ls", 2, "incomplete: invalid \"`\" syntax", 1, 1);
    ERR("'a", 2, "incomplete: invalid character literal", 1, 1);
    ERR("#= comment", 2, "incomplete: unterminated multi-line comment #= ... =#", 1, 11);
    ERR("begin\nx", 2, "incomplete: \"begin\" at none:1 requires end", 2, 2);
    ERR("function f(x)\n  x\n", 2, "incomplete: \"function\" at none:1 requires end", 3, 1);
    ERR("if a\nb\nelse\n", 2, "incomplete: \"if\" at none:1 requires end", 4, 1);
    ERR("a ? b :", 2, "incomplete: premature end of input", 1, 8);
    ERR("x = ", 2, "incomplete: premature end of input", 1, 5);
}

Test(parser, invalid_input_messages_and_positions)
{
    ERR("1 + )", 1, "unexpected \")\"", 1, 5);
    ERR("a b", 1, "extra token \"b\" after end of expression", 1, 3);
    ERR("x\n  end", 1, "unexpected \"end\"", 2, 3);
    ERR("f (x)", 1, "whitespace is not allowed here", 1, 2);
    ERR("a ?b : c", 1, "space required after \"?\" operator", 1, 4);
    ERR("a? b : c", 1, "space required before \"?\" operator", 1, 2);
    ERR("\"\\q\"", 1, "invalid escape sequence", 1, 2);
    ERR("''", 1, "invalid empty character literal", 1, 1);
    ERR("'ab'", 1, "character literal contains multiple characters", 1, 1);
    ERR("[1, 2)", 1, "unexpected \")\" in bracketed list", 1, 6);
    ERR("f(a b)", 1, "missing comma or ) in argument list", 1, 5);
    ERR("\"$ x\"", 1, "identifier or parenthesized expression expected after $ in string", 1, 2);
    ERR("1e500", 1, "overflow in floating point literal", 1, 1);
    ERR("try x end", 1, "try without catch or finally", 1, 1);
    ERR("x = 1 )", 1, "unexpected \")\"", 1, 7);
    ERR("for i 1:2 end", 1, "invalid iteration specification", 1, 7);
    ERR("0x", 1, "invalid numeric constant", 1, 1);
}

Test(parser, error_display_text_has_caret)
{
    perr_t e = perr("x = 1 + )");
    cr_expect_str_eq(e.text, "ParseError:\n# Error @ none:1:9\nx = 1 + )\n#       \xE2\x95\x99 \xE2\x94\x80\xE2\x94\x80 unexpected \")\"");
    free(e.msg); free(e.text);
    e = perr("a\nb c\n");
    cr_expect_str_eq(e.text, "ParseError:\n# Error @ none:2:3\nb c\n# \xE2\x95\x99 \xE2\x94\x80\xE2\x94\x80 extra token \"c\" after end of expression");
    free(e.msg); free(e.text);
}

Test(parser, throwing_entry_points)
{
    volatile int caught = 0;
    JL_TRY {
        jl_parse_string("1 + )", 5, "none", 1, 0, 0, NULL);
    }
    JL_CATCH {
        caught = 1;
    }
    cr_expect(caught);
    jl_value_t *r = jl_parse_expr("f(", 2);
    cr_expect_str_eq(jl_sexpr_show(r, 1), "(:incomplete, \"incomplete: premature end of input\")");
    caught = 0;
    JL_TRY {
        jl_parse_expr("a\nb", 3);
    }
    JL_CATCH {
        caught = 1;
    }
    cr_expect(caught);
    cr_expect_str_eq(jl_sexpr_show(jl_parse_expr("a + b", 5), 1), "(:call, :+, :a, :b)");
    cr_expect(jl_parse_expr("   ", 3) == jl_nothing);
}

Test(parser, deep_nesting_is_an_error_not_a_crash)
{
    size_t n = 200000;
    char *s = malloc(2 * n + 2);
    memset(s, '(', n);
    s[n] = 'x';
    memset(s + n + 1, ')', n);
    s[2 * n + 1] = 0;
    perr_t e = perr(s);
    cr_expect_eq(e.status, 1);
    cr_expect_str_eq(e.msg, "expression too deeply nested");
    free(e.msg); free(e.text);
    /* moderately deep nesting still works */
    size_t m = 200;
    memset(s, '[', m);
    s[m] = '1';
    memset(s + m + 1, ']', m);
    s[2 * m + 1] = 0;
    perr_t ok = perr(s);
    cr_expect_eq(ok.status, 0);
    memset(s, '-', n);
    s[n] = 'x';
    s[n + 1] = 0;
    e = perr(s);
    cr_expect_eq(e.status, 1);
    free(e.msg); free(e.text);
    free(s);
}

Test(parser, speed_is_not_a_bottleneck)
{
    /* 20k lines of typical code must parse well under a second */
    const char *chunk = "function f(x::Int, y; z=1)\n    a = x + y * 2 - z\n    if a > 0\n        return [a, b]\n"
                        "    end\n    s = \"v=$(a) ok\"\n    g(a) do t; t^2 end\nend\n";
    size_t cl = strlen(chunk), reps = 2500;
    char *src = malloc(cl * reps + 1);
    for (size_t i = 0; i < reps; i++)
        memcpy(src + i * cl, chunk, cl);
    src[cl * reps] = 0;
    struct timespec t0, t1;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
    jl_value_t *r = jl_parse_all(src, cl * reps, "bench.jl");
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
    double dt = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) * 1e-9;
    cr_expect_eq(jl_expr_nargs(r), 2 * reps);
    cr_expect_lt(dt, 1.0, "20000 lines took %f s", dt);
    free(src);
}

/* ---------------------------------------------------------------- every .jl file of the repository parses */

#include <dirent.h>
#include <sys/stat.h>

static int parse_tree(const char *dir, int *nfiles, char *failed, size_t failed_cap)
{
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    struct dirent *de;
    int bad = 0;
    while ((de = readdir(d))) {
        if (de->d_name[0] == '.')
            continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
        struct stat st;
        if (stat(path, &st) != 0)
            continue;
        if (S_ISDIR(st.st_mode)) {
            bad += parse_tree(path, nfiles, failed, failed_cap);
            continue;
        }
        size_t n = strlen(de->d_name);
        if (n < 3 || strcmp(de->d_name + n - 3, ".jl") != 0)
            continue;
        FILE *f = fopen(path, "rb");
        if (!f)
            continue;
        fseek(f, 0, SEEK_END);
        long len = ftell(f);
        fseek(f, 0, SEEK_SET);
        char *src = malloc(len + 1);
        size_t got = fread(src, 1, len, f);
        fclose(f);
        jl_value_t *r;
        jl_parse_errinfo_t e;
        (*nfiles)++;
        if (jl_parse_string_status(src, got, path, 1, 0, 1, &r, NULL, &e) != 0) {
            bad++;
            size_t k = strlen(failed);
            snprintf(failed + k, failed_cap - k, "%s\n%s\n", path, e.text);
            jl_parse_errinfo_free(&e);
        }
        free(src);
    }
    closedir(d);
    return bad;
}

Test(parser, every_jl_file_in_the_repository_parses)
{
    const char *root = getenv("JULEP_SRCDIR");
    if (!root)
        root = ".";
    static const char *const dirs[] = {"base", "stdlib", "test", "bench"};
    int nfiles = 0, bad = 0;
    static char failed[1 << 16];
    failed[0] = 0;
    for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", root, dirs[i]);
        bad += parse_tree(path, &nfiles, failed, sizeof failed);
    }
    cr_expect_eq(bad, 0, "%d of %d files failed to parse:\n%s", bad, nfiles, failed);
    cr_expect_gt(nfiles, 0, "no .jl files found under %s", root);
}

Test(parser, assorted_real_world_forms)
{
    CHECK("x = a − b", "(:(=), :x, (:call, :-, :a, :b))");
    CHECK("x.end", "(:., :x, (:quote, #QuoteNode :end))");
    CHECK("const a, b = 1, 2", "(:const, (:(=), (:tuple, :a, :b), (:tuple, 1, 2)))");
    CHECK("mutable struct A\n const x::Int\nend", "(:struct, true, :A, (:block, " L2 ", (:const, (:(::), :x, :Int))))");
    CHECK("map(x) do (a, b)\n a\nend", "(:do, (:call, :map, :x), (:->, (:tuple, (:tuple, :a, :b)), (:block, " L2 ", :a)))");
    CHECK("Base.:(==)(a, b) = 1", "(:(=), (:call, (:., :Base, (:quote, #QuoteNode :(==))), :a, :b), (:block, " L1 ", 1))");
    CHECK("function (::Type{T})(x) where T end",
          "(:function, (:where, (:call, (:(::), (:curly, :Type, :T)), :x), :T), (:block, " L1 ", " L1 "))");
    CHECK("@inbounds for i in 1:n\n s += x[i]\nend",
          "(:macrocall, Symbol(\"@inbounds\"), " L1 ", (:for, (:(=), :i, (:call, :(:), 1, :n)), (:block, " L2
          ", (:+=, :s, (:ref, :x, :i)))))");
    CHECK("A[i, :] .= B[:, j]'", "(:.=, (:ref, :A, :i, :(:)), (Symbol(\"'\"), (:ref, :B, :(:), :j)))");
    CHECK("x = if a 1 else 2 end", "(:(=), :x, (:if, :a, (:block, " L1 ", 1), (:block, " L1 ", 2)))");
    CHECK("!isnothing(x) || return", "(:||, (:call, :!, (:call, :isnothing, :x)), (:return, nothing))");
    CHECK("type = 1", "(:(=), :type, 1)");
    CHECK("f(x) = @inline g(x)",
          "(:(=), (:call, :f, :x), (:block, " L1 ", (:macrocall, Symbol(\"@inline\"), " L1 ", (:call, :g, :x))))");
    CHECK("g(@m x for x in y)",
          "(:call, :g, (:generator, (:macrocall, Symbol(\"@m\"), " L1 ", :x), (:(=), :x, :y)))");
    CHECK("[a..., b...]", "(:vect, (:..., :a), (:..., :b))");
    CHECK("x -> y -> x + y", "(:->, :x, (:block, " L1 ", (:->, :y, (:block, " L1 ", (:call, :+, :x, :y)))))");
    CHECK("\"Hello, $name!\"", "(:string, \"Hello, \", :name!)");
    CHECK("x = \"\"\"\n    $(a)\n    \"\"\"", "(:(=), :x, (:string, :a, \"\\n\"))");
}

Test(parser, expr_conversion_rules)
{
    CHECK(":(:a)", "(:quote, (:quote, #QuoteNode :a))");
    CHECK(":true", "(:quote, true)");
    CHECK("begin a\nb\n\nc\nend", "(:block, " L1 ", :a, " L2 ", :b, " L4 ", :c)");
    CHECK("module A\n\nbody\nend", "(:module, true, :A, (:block, " L1 ", " L3 ", :body))");
    CHECK("function f()\na\n\nb\nend", "(:function, (:call, :f), (:block, " L1 ", " L2 ", :a, " L4 ", :b))");
    CHECK("macro f end", "(:macro, :f)");
    CHECK("if a\nb\nelseif c\n d\nend",
          "(:if, :a, (:block, " L2 ", :b), (:elseif, (:block, " L3 ", :c), (:block, " L4 ", :d)))");
    CHECK("for f() = xs\nend", "(:for, (:(=), (:call, :f), :xs), (:block, " L1 "))");
    CHECK("function (xs...)\nbody end", "(:function, (:..., :xs), (:block, " L1 ", " L2 ", :body))");
    CHECK("\"$(\"str\")\"", "(:string, (:string, \"str\"))");
    CHECK("```\n  a\n  b```", "(:macrocall, :(Core.var\"@cmd\"), " L1 ", \"a\\nb\")");
    CHECK("\"\"\"\n  a\n  $x\n  b\n  c\"\"\"", "(:string, \"a\\n\", :x, \"\\nb\\nc\")");
    CHECK("'\\xce\\xb1'", "'α'");
    CHECK("f(a=1; b=2)", "(:call, :f, (:parameters, (:kw, :b, 2)), (:kw, :a, 1))");
    CHECK("(x=1) != 2", "(:call, :!=, (:(=), :x, 1), 2)");
    CHECK("f.(a=1; b=2)", "(:., :f, (:tuple, (:parameters, (:kw, :b, 2)), (:kw, :a, 1)))");
    CHECK("(a=1,; b=2)", "(:tuple, (:parameters, (:kw, :b, 2)), (:(=), :a, 1))");
    CHECK("(a=1,; b=2; c=3)", "(:tuple, (:parameters, (:parameters, (:kw, :c, 3)), (:kw, :b, 2)), (:(=), :a, 1))");
    CHECK("x[i=j]", "(:ref, :x, (:kw, :i, :j))");
    CHECK("[a=1,; b=2]", "(:vect, (:parameters, (:(=), :b, 2)), (:(=), :a, 1))");
    CHECK("{a=1,; b=2}", "(:braces, (:parameters, (:(=), :b, 2)), (:(=), :a, 1))");
    CHECK("f(a .= 1)", "(:call, :f, (:.=, :a, 1))");
    CHECK("a .< b .< c", "(:comparison, :a, :.<, :b, :.<, :c)");
    CHECK(".*(x)", "(:call, :.*, :x)");
    CHECK(".+x", "(:call, :.+, :x)");
    CHECK("A where {X, Y; Z}", "(:where, :A, (:parameters, :Z), :X, :Y)");
}

Test(parser, macro_call_chains_signed_literals_and_ranges)
{
    CHECK("@S[a].b", "(:., (:macrocall, Symbol(\"@S\"), " L1 ", (:vect, :a)), (:quote, #QuoteNode :b))");
    CHECK("A.@x(y).z", "(:., (:macrocall, (:., :A, (:quote, #QuoteNode Symbol(\"@x\"))), " L1 ", :y), (:quote, #QuoteNode :z))");
    CHECK("@a[b][c]", "(:ref, (:macrocall, Symbol(\"@a\"), " L1 ", (:vect, :b)), :c)");
    CHECK("@a{b}{c}", "(:curly, (:macrocall, Symbol(\"@a\"), " L1 ", (:braces, :b)), :c)");
    CHECK("@f(x) do y body end", "(:do, (:macrocall, Symbol(\"@f\"), " L1 ", :x), (:->, (:tuple, :y), (:block, " L1 ", :body)))");
    CHECK("A.@.x", "(:macrocall, (:., :A, (:quote, #QuoteNode Symbol(\"@__dot__\"))), " L1 ", :x)");
    CHECK("@end x", "(:macrocall, Symbol(\"@end\"), " L1 ", :x)");
    CHECK("@var\"#\" a", "(:macrocall, Symbol(\"@#\"), " L1 ", :a)");
    CHECK("-1.0f0", "-1.0f0");
    CHECK("+0x12", "0x12");
    CHECK("-0x12", "(:call, :-, 0x12)");
    CHECK("-0xf.0p0", "-15.0");
    CHECK("-1::T", "(:(::), -1, :T)");
    CHECK("-2[1, 3]", "(:call, :-, (:ref, 2, 1, 3))");
    CHECK("(1:\n2)", "(:call, :(:), 1, 2)");
    CHECK("(x...;)", "(:tuple, (:parameters,), (:..., :x))");
    CHECK("(;)", "(:tuple, (:parameters,))");
    CHECK(":.+=", "(:quote, #QuoteNode :.+=)");
    CHECK("try x catch $e y end", "(:try, (:block, " L1 ", :x), (:$, :e), (:block, " L1 ", :y))");
    CHECK("1.0e-1000", "0.0");
    CHECK("[x \n, y]", "(:vect, :x, :y)");
    CHECK("(x for a in as, b in bs if z)", "(:generator, :x, (:filter, :z, (:(=), :a, :as), (:(=), :b, :bs)))");
    CHECK("a ~ b", "(:call, :~, :a, :b)");
    CHECK("[a ~b]", "(:hcat, :a, (:call, :~, :b))");
    CHECK("[a~b]", "(:vect, (:call, :~, :a, :b))");
    ERR("1:\n2", 1, "line break in \":\" expression", 1, 2);
}
