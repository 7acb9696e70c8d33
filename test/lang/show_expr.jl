# show_expr.jl -- Expr printing as Julia 1.10's show/print do it: block forms with their line-number
# comments and 4-space indentation (plus 2 inside `:(`), operators by precedence, macro calls,
# comprehensions, imports, `where`, and the `$(Expr(...))` fallback. The expressions are built with
# Meta.parse from one line, so every line-number comment reads `#= none:1 =#`.
using Test

p(s) = Meta.parse(s)

@testset "block forms" begin
    @test repr(p("if a; b; else; c; end")) ==
          ":(if a\n      #= none:1 =#\n      b\n  else\n      #= none:1 =#\n      c\n  end)"
    @test string(p("if a; b; elseif c; d; end")) ==
          "if a\n    #= none:1 =#\n    b\nelseif #= none:1 =# c\n    #= none:1 =#\n    d\nend"
    @test string(p("for i in 1:2; x; end")) == "for i = 1:2\n    #= none:1 =#\n    x\nend"
    @test string(p("while x < 3; x += 1; end")) == "while x < 3\n    #= none:1 =#\n    x += 1\nend"
    @test string(p("let a = 1, b = 2; a; end")) == "let a = 1, b = 2\n    #= none:1 =#\n    a\nend"
    @test string(p("try f() catch e; g(e) finally h() end")) ==
          "try\n    #= none:1 =#\n    f()\ncatch e\n    #= none:1 =#\n    g(e)\nfinally\n    #= none:1 =#\n    h()\nend"
    @test startswith(string(p("struct A; x::Int; end")), "struct A\n    #= none:1 =#\n    x::Int")
    @test startswith(string(p("mutable struct B{T} <: C; y; end")), "mutable struct B{T} <: C\n")
    @test string(p("function f end")) == "function f end"
    @test startswith(string(p("function f(x) x end")), "function f(x)\n    #= none:1 =#\n")
    @test string(p("abstract type AA end")) == "abstract type AA end"
    @test string(p("primitive type P 8 end")) == "primitive type P 8 end"
    @test string(p("f(x) do y; y + 1; end")) == "f(x) do y\n    #= none:1 =#\n    y + 1\nend"
    @test string(p("begin; x; end")) == "begin\n    #= none:1 =#\n    x\nend"
    @test repr(p("x -> x^2")) == ":(x->begin\n          #= none:1 =#\n          x ^ 2\n      end)"
    @test repr(p("a = 1; b")) == ":(\$(Expr(:toplevel, :(a = 1), :b)))"   # Meta.parse's toplevel form
end

@testset "statements" begin
    for s in ("local a = 1", "global b", "const c = 2", "return x", "export f, g", "import Base: sin",
              "using LinearAlgebra", "import A.B, C", "x::Int = 3", "x += 1", "a && b || c", "(a, b) = c")
        @test string(p(s)) == s
    end
    @test string(p("return")) == "return"
    @test string(Expr(:break)) == "break" && string(Expr(:continue)) == "continue"
    @test repr(p("x .= y")) == ":(x .= y)"
end

@testset "operators and calls" begin
    for s in ("x .+ y", "f.(x)", "a => b", "1:2:10", "x[1:end - 1]", "A[end, begin]", "Vector{<:Real}",
              "T where {S, T}", "f(x) where T", "[x for x = 1:3]", "(x for x = 1:3 if x > 1)", "Int[1, 2]",
              "[1 2; 3 4]", "[1; 2]", "a.b.c", "x'", "!x", "-x", "f(; a = 1)", "f(x...; k...)",
              "g(; a)", "2x", "(a - b) - c", "a - (b - c)", "a + b + c", "(-1) ^ 2", "a --> b", "::Int")
        @test string(p(s)) == s
    end
    @test string(p("x^2")) == "x ^ 2"
    @test string(p("-(a + b)")) == "-((a + b))"   # the unary operand list is enclosed at the operator's precedence
    @test string(p("f(a, (i = x))")) == "f(a, \$(Expr(:(=), :i, :x)))"
    @test string(p("f = x -> x")) == "f = (x->begin\n            #= none:1 =#\n            x\n        end)"
end

@testset "macros, strings, symbols, fallback" begin
    @test repr(p("@show x")) == ":(#= none:1 =# @show x)"
    @test string(p("@show x")) == "#= none:1 =# @show x"
    @test sprint(Base.show_unquoted, p("@show x")) == "#= none:1 =# @show(x)"
    @test string(p("r\"a+\"")) == "r\"a+\""
    @test string(p("\"a \$x b\"")) == "\"a \$(x) b\""
    @test repr(:(==)) == ":(==)" && repr(:+) == ":+" && repr(:end) == ":end"
    @test repr(Symbol("a b")) == "Symbol(\"a b\")"
    @test repr(QuoteNode(:x)) == ":(:x)"
    @test repr(LineNumberNode(3, :f)) == ":(#= f:3 =#)"
    @test repr(Expr(:kw, :a, 1)) == ":(\$(Expr(:kw, :a, 1)))"
    @test repr(Expr(:quote, :(x + 1))) == ":(\$(Expr(:quote, :(x + 1))))"
    @test string(Expr(:quote, :(x + 1))) == ":(x + 1)"
    @test string(Expr(:$, :x)) == "\$x"
    @test Base.isoperator(:+) && Base.isoperator(:.+) && !Base.isoperator(:f)
    @test Base.operator_precedence(:+) == 11 && Base.operator_precedence(:*) == 12 &&
          Base.operator_precedence(:(=)) == 1 && Base.operator_precedence(:sin) == 0
    @test Base.isidentifier("end") && !Base.isidentifier("true") && Base.isidentifier("αβ") && !Base.isidentifier("1a")
end
