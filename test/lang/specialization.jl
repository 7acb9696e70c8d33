# specialization.jl -- methods compiled for the concrete types of each call: varargs methods (one
# specialization per tuple of trailing argument types), splatting of tuples of known length, and the
# code that results (code_typed / code_llvm), with exceptions and type-unstable values through them.
using Test
using InteractiveUtils
include(joinpath(@__DIR__, "include", "child.jl"))

addall(xs...) = +(xs...)
firstrest(x, ys...) = (x, length(ys), ys)
tagged(tag, xs...) = string(tag, ":", join(xs, ","))
converted(T, xs...) = map(x -> T(x), xs)
count_args(xs...) = length(xs)
vmax(a, b, c) = max(a, b, c)
pairsum(t::Tuple) = addall(t...)
twice(f, args...) = (f(args...), f(args...))
picky(xs...) = xs[1] > 0 ? xs[2] : throw(ArgumentError("first must be positive"))
unstable_va(xs...) = xs[1] ? 1 : "one"
kwva(x, ys...; scale = 1) = scale * (x + sum(ys; init = 0))
function loop_va(n)
    s = 0
    for i in 1:n
        s += addall(i, 2, 3) + vmax(i, 5, 3)
    end
    s
end

@testset "varargs methods" begin
    @test addall(1, 2, 3) === 6
    @test addall(1.5, 2) === 3.5
    @test addall(1) === 1
    @test firstrest(1) == (1, 0, ())
    @test firstrest(1, "a", 2.5) == (1, 2, ("a", 2.5))
    @test tagged(:t, 1, "x", 2.5) == "t:1,x,2.5"
    @test tagged(:t) == "t:"
    @test converted(Float64, 1, 2) === (1.0, 2.0)
    @test converted(Int8, 3) === (Int8(3),)
    @test count_args() == 0 && count_args(nothing, missing, 1) == 3
    @test vmax(3, 9, 4) === 9 && vmax(1.0, -2.0, 0.5) === 1.0
    @test pairsum((4, 5, 6)) === 15
    @test twice(+, 1, 2) == (3, 3)
    @test twice(string, "a", 1) == ("a1", "a1")
    @test loop_va(10) == sum(i + 5 + max(i, 5) for i in 1:10)
    @test kwva(1, 2, 3) == 6 && kwva(1, 2; scale = 10) == 30 && kwva(4) == 4
    @test string(1, "a", 2.5) == "1a2.5"
    @test max(3, 7, 5) == 7
    @test println(IOBuffer(), 1, 'x', "y") === nothing
end

@testset "exceptions and dynamic values through compiled varargs frames" begin
    @test picky(1, "ok") == "ok"
    @test_throws ArgumentError picky(-1, "no")
    @test_throws BoundsError picky()
    err = try
        picky(0, 1)
    catch e
        e
    end
    @test err == ArgumentError("first must be positive")
    @test unstable_va(true) === 1
    @test unstable_va(false) == "one"
    @test unstable_va(true, 2, 3) === 1
    @test_throws TypeError unstable_va(1)
end

@testset "splatting of known-length tuples is a plain call" begin
    ct = code_typed(addall, (Int, Int, Int))[1]
    src = sprint(show, ct.first)
    @test !occursin("_apply_iterate", src)
    @test ct.second == Int
    src2 = sprint(show, code_typed(pairsum, (Tuple{Int, Int},))[1].first)
    @test !occursin("_apply_iterate", src2) && occursin("add_int", src2)
    ir = sprint(code_llvm, addall, (Int, Int, Int))
    @test occursin(r"define i64 @julia_addall_\d+\(i64 signext %0, i64 signext %1, i64 signext %2\)", ir)
    @test !occursin("jl_apply_generic", ir) && !occursin("jl_invoke", ir)
end

@testset "--trace-compile lines for varargs signatures" begin
    out, err, st, _ = run_julep("""
        f(x, ys...) = x + length(ys)
        f(1, 2)
        f(1, 2)
        f(1, 2.0)
        println("done")
        """; flags = "--trace-compile=stderr")
    @test st == 0 && out == "done\n"
    lines = split(err, '\n')
    @test count(==("precompile(Tuple{typeof(Main.f), Int64, Int64})"), lines) == 1
    @test count(==("precompile(Tuple{typeof(Main.f), Int64, Float64})"), lines) == 1
end

@testset "macros: typed __source__ and __module__, named arguments not specialized" begin
    # Julia lowers `macro m(a, b...)` to `var"@m"(__source__::LineNumberNode, __module__::Module,
    # @nospecialize(a), b...)`: a plain-name argument compiles once whatever syntax it gets
    out, err, st, _ = run_julep("""
        macro summed(first, rest...)
            total = first isa Integer ? first : 1
            for a in rest            # a loop: compiled before it runs
                total += a isa Integer ? a : 1
            end
            total
        end
        x = 5
        println(@summed(x, 2), " ", @summed(3, x + 1), " ", @summed(x), " ", @summed(7))
        m = only(methods(var"@summed"))
        println(m.sig)
        """; flags = "--trace-compile=stderr")
    @test st == 0
    @test out == "3 4 1 7\nTuple{typeof(@summed), LineNumberNode, Module, Any, Vararg{Any}}\n"
    lines = filter(l -> startswith(l, "precompile(Tuple{typeof(Main.:(var\"@summed\"))"), split(err, '\n'))
    @test lines == ["precompile(Tuple{typeof(Main.:(var\"@summed\")), LineNumberNode, Module, Any, Int64})",
                    "precompile(Tuple{typeof(Main.:(var\"@summed\")), LineNumberNode, Module, Any, Expr})",
                    "precompile(Tuple{typeof(Main.:(var\"@summed\")), LineNumberNode, Module, Any})"]
    @test Meta.lower(Main, :(macro kwm(a; b = 1) a end)) == Expr(:error, "macros cannot accept keyword arguments")
end

@testset "--trace-compile lines are Julia's and replay" begin
    code = """
        module Geo
        struct Pt{T}; x::T; end
        norm1(p::Pt) = abs(p.x)
        end
        squares = [i^2 for i in 1:3]
        tup(a, b, c, d) = (a, b, c, d)
        scale(x; by = 2) = x * by
        println(sum(squares), " ", Geo.norm1(Geo.Pt(-2)), " ", scale(3; by = 4), " ", tup(1, 2, 3, 4)[4])
        """
    out, err, st, _ = run_julep(code; flags = "--trace-compile=stderr")
    @test st == 0 && out == "14 2 12 4\n"
    lines = split(err, '\n')
    @test any(l -> occursin(r"^precompile\(Tuple\{Type\{Base.Generator\{I, F\} where F where I\}, Main.var\"#\d+#\d+\", Base.UnitRange\{Int64\}\}\)$", l), lines)
    @test "precompile(Tuple{typeof(Geo.norm1), Geo.Pt{Int64}})" in lines
    @test "precompile(Tuple{typeof(Core.kwcall), NamedTuple{(:by,), Tuple{Int64}}, typeof(Main.scale), Int64})" in lines
    # a run of 4 or more equal types: NTuple, or a Vararg tail, as Julia's static printer writes them
    @test "precompile(Tuple{typeof(Main.tup), Vararg{Int64, 4}})" in lines
    @test "precompile(Tuple{typeof(Base.getindex), NTuple{4, Int64}, Int64})" in lines
    # the trace is Julia code: a process that defined the same things replays it
    mktempdir() do dir
        trace = joinpath(dir, "trace.jl")
        write(trace, join(filter(l -> startswith(l, "precompile(") && !occursin("var\"#", l), lines), "\n"))
        out, err, st, _ = run_julep(code * "include(\"$trace\"); println(\"replayed\")")
        @test st == 0 && endswith(out, "replayed\n")
        @test err == ""
    end
end

@testset "@nospecialize arguments: one compilation for any argument type" begin
    out, err, st, _ = run_julep("""
        describe(@nospecialize(x), n::Int) = string(typeof(x), ":", n)
        count_all(@nospecialize(xs...)) = length(xs)
        bump(@nospecialize(x::Integer = 3)) = x + 1
        function inside(x)
            @nospecialize x
            x isa String ? "s" : "o"
        end
        println(describe(1, 2), " ", describe("a", 3), " ", describe(2.5, 4))
        println(count_all(), count_all(1), count_all(1, "x"), count_all(2, 3))
        println(bump(), " ", bump(Int8(2)), " ", bump(UInt(1)))
        println(inside("a"), inside(1), inside(:s))
        """; flags = "--trace-compile=stderr")
    @test st == 0
    @test out == "Int64:2 String:3 Float64:4\n0122\n4 3 2\nsoo\n"
    lines = split(err, '\n')
    @test count(l -> occursin("Main.describe", l), lines) == 1
    @test "precompile(Tuple{typeof(Main.describe), Any, Int64})" in lines
    @test "precompile(Tuple{typeof(Main.count_all), Any, Any})" in lines
    @test count(l -> occursin("Main.count_all", l), lines) == 3   # one per number of arguments
    @test "precompile(Tuple{typeof(Main.bump), Integer})" in lines
    @test count(l -> occursin("Main.inside", l), lines) == 1
end

@generated function gen_double(x)
    x <: Integer ? :(2x) : :(string(x, x))
end
kwuser(x; scale = 2, shift = 0) = scale * x + shift
call_kw(x) = kwuser(x; shift = 1)

@testset "@generated bodies and keyword calls are inferred" begin
    @test gen_double(4) === 8 && gen_double("ab") == "abab"
    @test code_typed(gen_double, (Int,))[1].second == Int
    @test code_typed(gen_double, (String,))[1].second == String
    @test call_kw(5) == 11
    @test kwuser(5; scale = 3) == 15
    @test_throws MethodError kwuser(5; nope = 1)
    @test_throws MethodError string(1; nope = 2)
    @test Base.structdiff((a = 1, b = "x", c = 3.0), (b = 0,)) === (a = 1, c = 3.0)
    @test Base.structdiff((a = 1,), NamedTuple{(:a,)}) === NamedTuple()
    ct = code_typed(call_kw, (Int,))[1]
    @test ct.second == Int
    @test !occursin("structdiff", sprint(show, ct.first))
    @test code_typed(Core.kwcall, (NamedTuple{(:base,), Tuple{Int}}, typeof(string), UInt32))[1].second == String
end

@testset "types passed as values stay constant for inference" begin
    @test map(Int, (1.0, 2.0)) === (1, 2)
    @test map(Float64, (1, 2, 3)) === (1.0, 2.0, 3.0)
    @test map(+, (1, 2), (10, 20)) === (11, 22)
    @test code_typed(zeros, (Type{Int}, Int))[1].second == Vector{Int}
    @test code_typed(zeros, (Type{Float64}, Int, Int))[1].second == Matrix{Float64}
    @test code_typed(sizeof, (Int32,))[1].second == Int
end

# Equal UnionAlls made by two `where`s are two objects with different TypeVars: code specialized on
# Type{X} for the first must use the object it is given (show printed the second as Array{T, 1} ...)
@testset "Type{X} arguments with a where" begin
    tv(x::Type) = x.var
    pass_tv(x) = tv(x)
    x1 = Vector{T} where T<:Real
    x2 = Vector{T} where T<:Real
    @test x1 === x2 && x1.var !== x2.var
    @test pass_tv(x1) === x1.var
    @test pass_tv(x2) === x2.var
    @test sprint(show, Vector{T} where T<:Real) == "Vector{T} where T<:Real"
    @test sprint(show, Vector{T} where T<:Real) == "Vector{T} where T<:Real"
end
