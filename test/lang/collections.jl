# collections.jl -- Vector (push!/pop!/indexing/BoundsError/iteration/comprehensions), ranges, tuples,
# NamedTuple, Pair, Dict, Set, and the higher-order functions on them.
using Test

@testset "collections" begin
    @testset "vectors" begin
        v = [1, 2, 3]
        @test length(v) == 3
        @test v[end] == 3
        @test v[begin] == 1
        push!(v, 4)
        @test v == [1, 2, 3, 4]
        @test pop!(v) == 4
        pushfirst!(v, 0)
        @test v == [0, 1, 2, 3]
        v[2] = 10
        @test v[2] == 10
        @test_throws BoundsError v[5]
        @test eltype(v) == Int64
        w = Float64[]
        push!(w, 1)
        @test w == [1.0]
        @test typeof([1, 2.0]) == Vector{Float64}
        @test typeof(Any[1]) == Vector{Any}
        @test [x^2 for x in 1:4] == [1, 4, 9, 16]
        @test [x for x in 1:10 if iseven(x)] == [2, 4, 6, 8, 10]
        @test sum([1, 2, 3]) == 6
        @test prod([1, 2, 3, 4]) == 24
        @test maximum([3, 1, 4]) == 4
        @test minimum([3, 1, 4]) == 1
        @test sort([3, 1, 2]) == [1, 2, 3]
        @test sort([3, 1, 2], rev = true) == [3, 2, 1]
        @test reverse([1, 2, 3]) == [3, 2, 1]
        @test 2 in [1, 2, 3]
        @test findfirst(==(2), [1, 2, 3]) == 2
        @test map(+, [1, 2], [10, 20]) == [11, 22]
        @test reduce(+, [1, 2, 3]) == 6
        @test foldl(-, [1, 2, 3]) == -4
        @test collect(1:3) == [1, 2, 3]
        @test append!([1], [2, 3]) == [1, 2, 3]
        @test vcat([1], [2, 3]) == [1, 2, 3]
        @test unique([1, 2, 1, 3]) == [1, 2, 3]
        @test [1, 2] == [1.0, 2.0]
        @test isempty(Int[])
        @test zeros(2) == [0.0, 0.0]
        @test fill(7, 2) == [7, 7]
        v2 = Vector{Int}(undef, 2)
        @test length(v2) == 2
        @test any(iseven, [1, 3, 4]) && all(isodd, [1, 3])
        @test count(iseven, 1:10) == 5
        @test cumsum([1, 2, 3]) == [1, 3, 6]
    end
    @testset "ranges" begin
        r = 1:5
        @test length(r) == 5
        @test r[2] == 2
        @test_throws BoundsError r[6]
        @test sum(r) == 15
        @test collect(1:2:7) == [1, 3, 5, 7]
        @test collect(5:-1:3) == [5, 4, 3]
        @test isempty(3:2)
        @test length(0:0.1:1) == 11
        s = 0
        for i in 1:10
            s += i
        end
        @test s == 55
    end
    @testset "tuples and named tuples" begin
        t = (1, "a", 2.5)
        @test length(t) == 3
        @test t[2] == "a"
        @test_throws BoundsError t[4]
        nt = (a = 1, b = 2)
        @test nt.a == 1
        @test nt[:b] == 2
        @test keys(nt) == (:a, :b)
        @test values(nt) == (1, 2)
        @test merge(nt, (c = 3,)) == (a = 1, b = 2, c = 3)
        p = 1 => 2
        @test p.first == 1 && p.second == 2
        @test first(p) == 1
        # comparison element by element; == is missing when an element is and none differs
        @test (1, 2) == (1, 2) && (1, 2) != (1, 3) && (1, 2) != (1, 2, 3) && () == ()
        @test (1, 2.0) == (1.0, 2) && !isequal((1, 2), (1, 2.5))
        @test ismissing((1, missing) == (1, 2)) && ((1, missing) == (2, 2)) === false
        @test ((missing, 1) == (missing, 2)) === false && ismissing((missing, 1) == (missing, 1))
        @test isequal((1, NaN), (1, NaN)) && !isequal((0.0,), (-0.0,)) && isequal((missing,), (missing,))
        @test (1, 2) < (1, 3) && (1,) < (1, 2) && !((1, 2) < (1,)) && !(() < ())
        @test isless((1, "a"), (1, "b")) && isless((1, NaN), (2, 0.0)) && !isless((NaN, 1), (NaN, 1))
        @test sort([(2, 1), (1, 3), (1, 2)]) == [(1, 2), (1, 3), (2, 1)]
        @test ntuple(identity, 40) == ntuple(identity, 40) && ntuple(identity, 40) != ntuple(i -> i % 40, 40)
    end
    @testset "broadcasting" begin
        x = [1, 2, 3]
        @test x .+ 1 == [2, 3, 4]
        @test x .* x == [1, 4, 9]
        @test sqrt.([4.0, 9.0]) == [2.0, 3.0]
        @test (1, 2) .+ 1 == (2, 3)
        @test abs.(-2) == 2
        y = zeros(3)
        y .= x .* 2
        @test y == [2.0, 4.0, 6.0]
        y .+= 1
        @test y == [3.0, 5.0, 7.0]
        @test string.(x, "!") == ["1!", "2!", "3!"]
        @test x .^ 2 == [1, 4, 9]
        @test_throws DimensionMismatch [1, 2] .+ [1, 2, 3]
    end
    @testset "dicts and sets" begin
        d = Dict("a" => 1, "b" => 2)
        @test d["a"] == 1
        @test length(d) == 2
        d["c"] = 3
        @test haskey(d, "c")
        @test get(d, "z", 0) == 0
        delete!(d, "a")
        @test !haskey(d, "a")
        @test_throws KeyError d["a"]
        @test sort(collect(keys(d))) == ["b", "c"]
        @test sum(values(d)) == 5
        d2 = Dict{Int,String}()
        d2[1] = "x"
        @test d2[1] == "x"
        @test get!(d2, 2, "y") == "y"
        s = Set([1, 2, 2, 3])
        @test length(s) == 3
        @test 2 in s
        push!(s, 4)
        @test 4 in s
        @test issubset([1, 2], s)
    end
end

# a user Number that only defines +, promote_rule and convert gets zero, sum and mixing with Int
struct UNum <: Number
    re::Int
    im::Int
end
Base.:+(a::UNum, b::UNum) = UNum(a.re + b.re, a.im + b.im)
Base.promote_rule(::Type{UNum}, ::Type{Int}) = UNum
Base.convert(::Type{UNum}, x::Int) = UNum(x, 0)
@testset "user Number in generic code" begin
    @test UNum(1, 2) + 3 == UNum(4, 2)
    @test 3 + UNum(1, 2) == UNum(4, 2)
    @test zero(UNum) == UNum(0, 0)
    @test sum([UNum(1, 1), UNum(2, 2)]) == UNum(3, 3)
    @test sum(UNum[]) == UNum(0, 0)
end
