# lowering2.jl -- constructs lowering gained after its first version: implicit where-parameters
# (`Vector{<:Integer}`), optional positional arguments together with keywords, try/finally control flow,
# @goto out of try blocks. Uses Test.
using Test

@testset "implicit where parameters" begin
    @test Vector{<:Integer} == (Vector{T} where T<:Integer)
    @test [1, 2] isa Vector{<:Integer}
    @test !([1.0] isa Vector{<:Integer})
    @test Ref{>:Int} == (Ref{T} where T>:Int)
    @test Ref{Any}(1) isa Ref{>:Int}
    @test !(Ref{Int32}(1) isa Ref{>:Int})
    iv(x::Vector{<:Integer}) = :int
    iv(x) = :other
    @test iv([1]) === :int
    @test iv([1.5]) === :other
    @test Dict{Int,Int} <: AbstractDict{<:Integer, <:Number}
end

@testset "optional positional arguments with keywords" begin
    g(a, b=2; c=3) = (a, b, c)
    @test g(1) == (1, 2, 3)
    @test g(1, 5) == (1, 5, 3)
    @test g(1; c=4) == (1, 2, 4)
    @test g(1, 5; c=6) == (1, 5, 6)
    h(a, b::Int=a + 1, xs...; k) = (a, b, xs, k)
    @test h(1; k=0) == (1, 2, (), 0)
    @test h(1, 3, 4, 5; k=9) == (1, 3, (4, 5), 9)
    @test_throws UndefKeywordError h(1)
end

@testset "local keyword functions" begin
    let
        g(a; c=3) = (a, c)
        @test g(1) == (1, 3)
        @test g(1; c=2) == (1, 2)
    end
    function mkkw(base)
        k(a, b=base; c=base + 1) = (a, b, c)
        k
    end
    k = mkkw(10)
    @test k(1) == (1, 10, 11)
    @test k(1, 2; c=3) == (1, 2, 3)
    @test k(1; c=0) == (1, 10, 0)
end

@testset "return type annotations" begin
    rt(x)::Float64 = x
    @test rt(1) === 1.0
    function rt2(::Type{T}, x) where T
        inner(y)::T = y
        inner(x)
    end
    @test rt2(Float64, 2) === 2.0
    function rt3(x)::Int
        try
            return x
        finally
            nothing
        end
    end
    @test rt3(2.0) === 2
end

@testset "try/finally exits" begin
    lg = String[]
    function fin_return(lg)
        try
            return 1
        finally
            push!(lg, "fin")
        end
    end
    @test fin_return(lg) == 1
    @test lg == ["fin"]
    function fin_loop(n)
        s = 0
        for i in 1:n
            try
                i == 2 && continue
                i == 4 && break
                s += i
            finally
                s += 100
            end
        end
        s
    end
    @test fin_loop(10) == 404
    function fin_copy()
        x = 1
        try
            return x
        finally
            x = 2
        end
    end
    @test fin_copy() == 1
    function fin_nested(lg)
        for i in 1:3
            try
                try
                    i == 2 && return i
                finally
                    push!(lg, "a$i")
                end
            finally
                push!(lg, "b$i")
            end
        end
        0
    end
    empty!(lg)
    @test fin_nested(lg) == 2
    @test lg == ["a1", "b1", "a2", "b2"]
    function fin_catch(lg)
        try
            try
                error("boom")
            finally
                push!(lg, "inner")
            end
        catch e
            push!(lg, e.msg)
            return :c
        finally
            push!(lg, "outer")
        end
    end
    empty!(lg)
    @test fin_catch(lg) === :c
    @test lg == ["inner", "boom", "outer"]
    function fin_value(lg)
        r = try
            10
        finally
            push!(lg, "v")
        end
        r + 1
    end
    @test fin_value(lg) == 11
    # the finally code is emitted once: a label inside it is defined once
    function fin_label()
        n = 0
        try
            n += 1
        finally
            @label again
            n += 1
            n < 5 && @goto again
        end
        n
    end
    @test fin_label() == 5
end

@testset "broadcast with splatting" begin
    xs = [1, 2, 3]
    @test max.(xs...) == 3
    @test tuple.(xs, xs...) == [(1, 1, 2, 3), (2, 1, 2, 3), (3, 1, 2, 3)]
    @test (+).([1, 2], [10, 20]...) == [31, 32]
end

@testset "@goto and handlers" begin
    function goto_out_of_try()
        i = 0
        try
            while true
                i += 1
                i > 3 && @goto done
            end
        catch
        end
        @label done
        i
    end
    @test goto_out_of_try() == 4
    function goto_out_of_catch()
        try
            error("x")
        catch
            @goto out
        end
        @label out
        length(current_exceptions())
    end
    @test goto_out_of_catch() == 0
    function goto_loop(n)
        k = 0
        @label top
        k += 1
        k < n && @goto top
        k
    end
    @test goto_loop(7) == 7
    lowered_error(ex) = (r = Meta.lower(@__MODULE__, ex); r isa Expr && r.head === :error ? r.args[1] : nothing)
    @test lowered_error(:(function g_undef() @goto nowhere end)) == "label \"nowhere\" referenced but not defined"
    @test lowered_error(:(function g_in() @goto inside; try @label inside; 1; catch; end end)) ==
          "cannot goto label \"inside\" inside try/catch block"
    @test lowered_error(:(function g_twice() @label a; @label a; end)) == "label \"a\" defined multiple times"
end

@testset "destructuring arguments" begin
    function dsum((a, b), c)
        a + b + c
    end
    @test dsum((1, 2), 3) == 6
    @test map(((k, v),) -> k * v, [(2, 3), (4, 5)]) == [6, 20]
    dtyped((a, b)::Tuple{Int,Int}) = a - b
    @test dtyped((5, 2)) == 3
    # the pattern's names are locals of the function, not the enclosing function's variables
    function outer_names()
        a = 100
        f((a, b)) = a + b
        (f((1, 2)), a)
    end
    @test outer_names() == (3, 100)
end

@testset "global updating assignment" begin
    global gcount = 0
    for i in 1:3
        global gcount += i
    end
    @test gcount == 6
end

@testset "@eval interpolates the caller's locals" begin
    for (nm, k) in ((:lw2_plus2, 2), (:lw2_plus3, 3))
        @eval $nm(x) = x + $k
    end
    @test lw2_plus2(1) == 3
    @test lw2_plus3(1) == 4
end

# the function forms Julia accepts inside a struct body
struct LwKw
    a::Int
    b::Int
    LwKw(a; b = 2) = new(a, b)
end
struct LwGlobal
    x::Int
    global make_lwglobal() = new(7)
end
struct LwCallable
    x::Int
    (::Type{LwCallable})(a, b) = new(a + b)
end
mutable struct LwPartial
    x::Int
    LwPartial() = (p = new(); p.x = 4; p)
end
struct LwParam{T<:Real}
    x::T
    LwParam(x::T) where {T<:Real} = new{T}(x)
    LwParam{T}(x::Real) where {T<:Real} = new{T}(convert(T, x))
end
@testset "functions in struct bodies" begin
    @test LwKw(1).b == 2
    @test LwKw(1; b = 5).b == 5
    @test make_lwglobal().x == 7
    @test LwCallable(1, 2).x == 3
    @test LwPartial().x == 4
    @test LwParam(1) isa LwParam{Int}
    @test LwParam{Float64}(1).x === 1.0
end
