# statistics.jl -- the Statistics stdlib. Exact values are Julia 1.10's documented examples (mean,
# median, middle, quantile docstrings) or exact by construction (small integers, dyadic rationals);
# the rest are checked against the definitions with ≈.
using Test
using Statistics

@testset "mean" begin
    @test mean([1, 2, 3]) === 2.0
    @test mean(1:20) === 10.5
    @test mean(Float32[1, 2]) === 1.5f0
    @test mean(x -> x^2, [1, 2, 3]) ≈ 14 / 3
    @test mean(sqrt, [1, 2, 3]) == 1.3820881233139908
    @test mean((1, 2, 3)) === 2.0
    @test mean(x for x in 1:4) === 2.5
    @test isnan(mean(Float64[]))
    @test isnan(mean(Int[]))
    @test mean(0.0:0.5:2.0) === 1.0
    @test_throws ArgumentError mean(x for x in [])
    A = [1 2; 3 4]
    @test mean(A) === 2.5
    @test mean(A, dims = 1) == [2.0 3.0]
    @test mean(A, dims = 2) == reshape([1.5, 3.5], 2, 1)
    @test mean(A, dims = (1, 2)) == reshape([2.5], 1, 1)
    @test mean(sqrt, [1 2 3; 4 5 6], dims = 2) == reshape([1.3820881233139908, 2.2285192400943226], 2, 1)
    @test mean!([1.0, 1.0], A) == [1.5, 3.5]
    @test mean!([1.0 1.0], A) == [2.0 3.0]
end

@testset "var and std" begin
    @test var([1, 2, 3, 4]) == 5 / 3
    @test var([1, 2, 3, 4]; corrected = false) == 1.25
    @test std([1, 2, 3, 4]) == sqrt(5 / 3)
    @test std([1, 2, 3, 4]; corrected = false) == sqrt(1.25)
    @test var([2.0, 4.0]; mean = 0.0) == 20.0
    @test var(1:10) == 55 / 6
    @test var(1.0:2.0:9.0) ≈ 10.0
    @test std(1:10) ≈ sqrt(55 / 6)
    @test var((1, 2, 3, 4)) ≈ 5 / 3           # iterators: Welford's update
    @test var(x for x in [1.0, 2.0, 3.0, 4.0]; corrected = false) ≈ 1.25
    @test isnan(var(Float64[]))
    @test isnan(var([1.0]))
    @test var([5.0]; corrected = false) == 0.0
    @test_throws ArgumentError var(x for x in [])
    @test_throws ArgumentError var((1, 2); mean = "x")
    @test varm([1, 2, 3], 2) == 1.0
    @test stdm([1, 2, 3], 0; corrected = false) ≈ sqrt(14 / 3)
    A = [1 2; 3 6]
    @test var(A, dims = 1) == [2.0 8.0]
    @test var(A, dims = 2) == reshape([0.5, 4.5], 2, 1)
    @test std(A, dims = 1) == [sqrt(2.0) sqrt(8.0)]
    @test var(A) ≈ var(vec(A))
end

@testset "median and middle" begin
    @test median([1, 2, 3]) === 2.0
    @test median([1, 2, 3, 4]) === 2.5
    @test median([3, 1, 2]) === 2.0
    @test median([1.0, NaN, 3.0]) |> isnan
    @test median(sqrt, [1, 3, 2]) == 1.4142135623730951
    @test median(1:4) === 2.5
    @test median((5, 1, 3)) === 3.0
    @test median([1 2; 3 4], dims = 1) == [2.0 3.0]
    @test median([1 2; 3 4], dims = 2) == reshape([1.5, 3.5], 2, 1)
    @test median([4 1; 3 2]) === 2.5
    v = [3, 1, 2]
    @test median!(v) === 2.0
    @test v == [1, 2, 3]
    @test_throws ArgumentError median(Int[])
    try
        median(Float64[])
    catch e
        @test sprint(showerror, e) == "ArgumentError: median of an empty array is undefined, Float64[]"
    end
    @test middle(1) === 1.0
    @test middle(2.5) === 2.5
    @test middle(1, 2) === 1.5
    @test middle(1:10) === 5.5
    @test middle([1, 2, 3.6, 10.9]) == 5.95
    @test_throws ArgumentError middle(1:0)
end

@testset "quantile" begin
    @test quantile(0:20, 0.5) === 10.0
    @test quantile(0:20, [0.1, 0.5, 0.9]) == [2.0, 10.0, 18.0]
    @test quantile([1, 2, 3, 4], 0.25) == 1.75
    @test quantile([3, 1, 2], (0.0, 1.0)) === (1.0, 3.0)
    @test quantile(sqrt, [1, 3, 2], 0.3) == 1.248528137423857
    @test quantile(sqrt, [1, 3, 2], (0.3, 0.4, 0.5)) == (1.248528137423857, 1.3313708498984762, 1.4142135623730951)
    @test quantile([1.0, 2.0, 3.0, 4.0], 0.5; alpha = 0.0, beta = 0.0) == 2.5
    @test quantile([1.0, 2.0, 3.0, 4.0], 0.2; alpha = 0.0, beta = 0.0) == 1.0
    @test quantile([7], 0.3) == 7.0
    x = [3, 2, 1]
    @test quantile!(x, 0.5) == 2.0
    @test x == [1, 2, 3]
    y = zeros(3)
    @test quantile!(y, [3, 2, 1], [0.1, 0.5, 0.9]) === y
    @test y ≈ [1.2, 2.0, 2.8]
    @test quantile([1, 2, 3], 0.5; sorted = true) == 2.0
    @test_throws ArgumentError quantile([1.0, NaN], 0.5)
    @test_throws ArgumentError quantile([1, 2], 1.5)
    @test_throws ArgumentError quantile(Int[], 0.5)
    @test_throws ArgumentError quantile([1, 2], 0.5; alpha = 2.0)
    try
        quantile([1, 2], -0.1)
    catch e
        @test sprint(showerror, e) == "ArgumentError: input probability out of [0,1] range"
    end
end

@testset "cov and cor" begin
    x = [1, 2, 3]
    y = [1, 2, 4]
    @test cov(x) == 1.0
    @test cov(x, y) == 1.5
    @test cov(x, y; corrected = false) == 1.0
    @test cov([1.0, 3.0]) == 2.0
    @test cor(x) === 1.0
    @test cor(x, x) === 1.0
    @test cor(x, y) ≈ 3 / sqrt(2 * 42 / 9)
    @test cor([1, 2, 3], [3, 2, 1]) == -1.0
    @test_throws DimensionMismatch cor([1, 2], [1, 2, 3])
    X = [1 2; 3 4; 5 7]
    C = cov(X)
    @test size(C) == (2, 2)
    @test C ≈ [4.0 5.0; 5.0 19 / 3]
    @test cov(X; dims = 2) ≈ [0.5 0.5 1.0; 0.5 0.5 1.0; 1.0 1.0 2.0]
    @test cov(X, corrected = false) ≈ [8 / 3 10 / 3; 10 / 3 38 / 9]
    R = cor(X)
    @test R[1, 1] == 1.0 && R[2, 2] == 1.0
    @test R[1, 2] == R[2, 1]
    @test R[1, 2] ≈ 5 / sqrt(4 * 19 / 3)
    @test cov(X[:, 1], X[:, 2]) ≈ 5.0
    @test cov(X, X[:, 1]) ≈ reshape([4.0, 5.0], 2, 1)
    @test cor(X, X[:, 2])[1] ≈ R[1, 2]
end
