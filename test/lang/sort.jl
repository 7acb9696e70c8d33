# sort.jl -- sort/sort!/sortperm/issorted/partialsort (by, lt, rev; stable), sort along dims, and
# searchsorted*.
using Test

@testset "sort" begin
    v = [3, 1, 2]
    @test sort(v) == [1, 2, 3]
    @test v == [3, 1, 2]
    @test sort(v, rev=true) == [3, 2, 1]
    @test sortperm(v) == [2, 3, 1]
    @test sortperm(v, rev=true) == [1, 3, 2]
    sort!(v)
    @test v == [1, 2, 3]
    @test issorted([1, 2, 2, 3]) && !issorted([2, 1])
    @test issorted([3, 2, 1], rev=true)
    @test sort(["bb", "a", "ccc"], by=length) == ["a", "bb", "ccc"]
    @test sort([3, 1, 2], lt=(a, b) -> a > b) == [3, 2, 1]
    # stable: equal keys keep their order, also reversed
    ps = [(1, 'a'), (0, 'b'), (1, 'c'), (0, 'd')]
    @test sort(ps, by=first) == [(0, 'b'), (0, 'd'), (1, 'a'), (1, 'c')]
    @test sort(ps, by=first, rev=true) == [(1, 'a'), (1, 'c'), (0, 'b'), (0, 'd')]
    @test sortperm([2, 1, 2, 1]) == [2, 4, 1, 3]
    big = [mod(7i, 101) for i in 1:100]
    @test sort(big) == sort(collect(Set(big)))
    @test issorted(sort(big))
    @test isequal(sort([1.0, NaN, -1.0]), [-1.0, 1.0, NaN])
    @test sort([3 1; 2 4], dims=1) == [2 1; 3 4]
    @test sort([3 1; 2 4], dims=2) == [1 3; 2 4]
    @test partialsort([5, 3, 1, 4], 2) == 3
    @test partialsort([5, 3, 1, 4], 1:2) == [1, 3]
    @test partialsortperm([5, 3, 1, 4], 1) == 3
    @test searchsorted([1, 2, 2, 3], 2) == 2:3
    @test searchsorted([1, 2, 2, 3], 5) == 5:4
    @test searchsortedfirst([1, 2, 4], 3) == 3
    @test searchsortedlast([1, 2, 4], 3) == 2
    @test searchsortedfirst([4, 2, 1], 2, rev=true) == 2
    @test insorted(2, [1, 2, 3])
    @test sort((3, 1, 2)) == (1, 2, 3)
    @test_throws ArgumentError partialsort([1, 2], 3)
end
