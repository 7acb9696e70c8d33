# iterators.jl -- Iterators.product/flatten/partition/cycle/rest/reverse/take/drop/countfrom/
# repeated, 2-d comprehensions, generators and collect (shapes and element types), tuples (ntuple,
# map, Base.tail), and the higher-order functions (accumulate, foldr, mapreduce with init, ∘, Fix1/Fix2).
using Test

@testset "iterators" begin
    @testset "Iterators" begin
        P = collect(Iterators.product(1:2, "ab"))
        @test size(P) == (2, 2)
        @test P == [(1, 'a') (1, 'b'); (2, 'a') (2, 'b')]
        @test length(Iterators.product(1:3, 1:4)) == 12
        @test collect(Iterators.flatten([[1, 2], [3]])) == [1, 2, 3]
        @test collect(Iterators.partition(1:5, 2)) == [1:2, 3:4, 5:5]
        @test collect(Iterators.partition([1, 2, 3], 2)) == [[1, 2], [3]]
        @test collect(Iterators.take(Iterators.cycle([1, 2]), 5)) == [1, 2, 1, 2, 1]
        @test collect(Iterators.reverse([1, 2, 3])) == [3, 2, 1]
        @test collect(Iterators.take(Iterators.countfrom(5, 2), 3)) == [5, 7, 9]
        @test collect(Iterators.repeated(7, 3)) == [7, 7, 7]
        @test collect(Iterators.drop(1:5, 2)) == [3, 4, 5]
        it = [1, 2, 3, 4]
        _, st = iterate(it)
        @test collect(Iterators.rest(it, st)) == [2, 3, 4]
        @test collect(Iterators.filter(isodd, 1:6)) == [1, 3, 5]
        @test collect(Iterators.map(x -> 2x, 1:3)) == [2, 4, 6]
        @test [(i, c) for (i, c) in enumerate("ab")] == [(1, 'a'), (2, 'b')]
        @test collect(zip(1:3, "abc")) == [(1, 'a'), (2, 'b'), (3, 'c')]
    end

    @testset "comprehensions and collect" begin
        M = [x * y for x in 1:2, y in 1:3]
        @test M == [1 2 3; 2 4 6]
        @test size(M) == (2, 3)
        @test [x^2 for x in [1 2; 3 4]] == [1 4; 9 16]
        @test typeof([x for x in Int[]]) == Vector{Int64}
        @test typeof([x / 2 for x in 1:3]) == Vector{Float64}
        @test typeof(collect(x for x in (1, 2.5))) == Vector{Real}
        @test collect(CartesianIndices((2, 2))) == [CartesianIndex(1, 1) CartesianIndex(1, 2); CartesianIndex(2, 1) CartesianIndex(2, 2)]
        @test collect(1:3) isa Vector{Int64}
        @test sum(x for x in 1:4) == 10
    end

    @testset "tuples" begin
        @test ntuple(i -> i^2, 5) == (1, 4, 9, 16, 25)
        @test ntuple(identity, Val(3)) == (1, 2, 3)
        @test map(+, (1, 2), (3, 4)) == (4, 6)
        @test map(x -> 2x, (1, 2, 3)) == (2, 4, 6)
        @test Base.tail((1, 2, 3)) == (2, 3)
        @test Base.front((1, 2, 3)) == (1, 2)
        a, b... = (1, 2, 3)
        @test a == 1 && b == (2, 3)
    end

    @testset "higher-order" begin
        @test accumulate(+, [1, 2, 3]) == [1, 3, 6]
        @test accumulate(*, [1, 2, 3], init=2) == [2, 4, 12]
        @test cumsum([1, 2, 3]) == [1, 3, 6]
        @test cumprod([1, 2, 3]) == [1, 2, 6]
        @test cumsum([1 2; 3 4], dims=2) == [1 3; 3 7]
        # scans of machine numbers have the type Julia gives (small integers widen) and it is inferred,
        # so a loop over the result compiles without dynamic calls
        @test cumsum([0.5, 0.25]) == [0.5, 0.75] && cumsum(Int8[100, 100]) isa Vector{Int64}
        @test cumprod(UInt8[16, 16]) == UInt[16, 256] && cumsum(Float32[]) isa Vector{Float32}
        @test Base.return_types(cumsum, (Vector{Float64},)) == Any[Vector{Float64}]
        @test cumsum(view([1.5, 2.5, 3.0], 2:3)) == [2.5, 5.5]
        @test foldr(-, [1, 2, 3]) == 2
        @test foldl(-, [1, 2, 3]) == -4
        @test mapreduce(x -> x^2, +, [1, 2, 3]; init=10) == 24
        @test mapreduce(x -> x^2, +, [1, 2, 3]) == 14
        @test reduce(+, Int[]; init=0) == 0
        @test (sin ∘ cos)(0.0) == sin(1.0)
        @test Base.Fix1(-, 10)(3) == 7
        @test Base.Fix2(-, 10)(3) == -7
        @test map(x -> x + 1, [1 2; 3 4]) == [2 3; 4 5]
        @test filter(isodd, [1 2; 3 4]) == [1, 3]
        @test foreach(x -> nothing, 1:3) === nothing
    end
    @testset "more Iterators (exports, takewhile, Stateful, only, pairs)" begin
        @test Base.Iterators.countfrom === Iterators.countfrom
        @test collect(Iterators.takewhile(<(3), 1:5)) == [1, 2]
        @test collect(Iterators.dropwhile(<(3), 1:5)) == [3, 4, 5]
        @test collect(Iterators.flatmap(x -> 1:x, 1:3)) == [1, 1, 2, 1, 2, 3]
        @test collect(Iterators.accumulate(+, 1:4)) == [1, 3, 6, 10]
        @test only([3]) == 3
        @test only((7,)) == 7
        @test_throws ArgumentError only([1, 2])
        @test_throws ArgumentError only(Int[])
        h, t = Iterators.peel(1:3)
        @test h == 1 && collect(t) == [2, 3]
        s = Iterators.Stateful(1:5)
        @test first(s) == 1
        @test collect(s) == [2, 3, 4, 5]
        @test length(Iterators.take(1:10, 3)) == 3
        @test length(Iterators.drop(1:10, 3)) == 7
        @test collect(Iterators.take(Iterators.countfrom(1), 3)) isa Vector{Int}
        @test eltype(Iterators.take(1:3, 2)) == Int
        @test collect(pairs([10, 20])) == [1 => 10, 2 => 20]
        @test collect(pairs((:a, :b))) == [1 => :a, 2 => :b]
        @test [k => v for (k, v) in pairs(["x"])] == [1 => "x"]
        @test sprint(show, Iterators.take(1:10, 3)) == "Base.Iterators.Take{UnitRange{Int64}}(1:10, 3)"
    end
    @testset "reductions: empty, mapfoldr, tuples" begin
        @test reduce(+, Int[]) === 0
        @test reduce(*, Float64[]) === 1.0
        @test_throws ArgumentError reduce(max, Int[])
        @test mapfoldr(x -> 2x, -, [1, 2, 3]) == 2 - (4 - 6)
        @test filter(isodd, (1, 2, 3)) == (1, 3)
        @test filter(iseven, ()) == ()
        @test sum(Int8[100, 100]) === 200
        @test prod(Int8[100, 2]) === 200
        @test sum([-0.0]) === -0.0
        # init= on tuples and other iterables, as on arrays
        @test maximum(abs, (1, -3, 2); init = 0) === 3
        @test minimum((4, 2, 7); init = 3) === 2
        @test maximum(x -> 2x, (); init = -1) === -1
        @test minimum(Int[]; init = 5) === 5
        @test maximum((i for i in 1:4 if isodd(i)); init = 0) === 3
    end
end
