# arrays2.jl -- reductions with dims, scans, searching, reordering, copyto!, mapslices/eachcol, and
# the generic AbstractArray interface: a user type with only `size` and `getindex` (and `setindex!`)
# gets iteration, printing, sum, ==, in, broadcasting and Base's BoundsError.
using Test

disp(x) = sprint(show, MIME("text/plain"), x)
errmsg(f) = try; f(); "no error"; catch e; sprint(showerror, e); end

struct Squares <: AbstractVector{Int}
    n::Int
end
Base.size(s::Squares) = (s.n,)
Base.getindex(s::Squares, i::Int) = (checkbounds(s, i); i^2)

mutable struct Grid <: AbstractMatrix{Float64}
    data::Vector{Float64}
end
Base.size(g::Grid) = (2, 2)
Base.getindex(g::Grid, i::Int, j::Int) = g.data[i + 2(j - 1)]
Base.setindex!(g::Grid, x, i::Int, j::Int) = (g.data[i + 2(j - 1)] = x; g)

struct OnlySize <: AbstractVector{Int} end
Base.size(::OnlySize) = (2,)

@testset "arrays2" begin
    @testset "reductions with dims" begin
        A = [1 2; 3 4]
        @test sum(A, dims=1) == [4 6]
        @test sum(A, dims=2) == reshape([3, 7], 2, 1)
        @test sum(A) == 10
        @test prod(A, dims=1) == [3 8]
        @test maximum(A, dims=2) == reshape([2, 4], 2, 1)
        @test minimum(A, dims=1) == [1 2]
        @test sum(A, dims=(1, 2)) == reshape([10], 1, 1)
        @test typeof(sum(Int8[1 2], dims=1)) == Matrix{Int64}
        @test sum(Int8[100, 100]) === 200
        @test sum(zeros(0, 3), dims=1) == zeros(1, 3)
        @test any(A .> 3, dims=1) == [false true]
        @test all(A .> 0)
        @test count(>(1), A) == 3
        @test extrema([3, 1, 2]) == (1, 3)
        @test mapreduce(abs2, +, [1 2; 3 4], dims=1) == [10 20]
        @test reduce(max, [1 5; 7 2], dims=2) == reshape([5, 7], 2, 1)
        @test findmax([1, 5, 2]) == (5, 2)
        @test findmin([4, 1, 2]) == (1, 2)
        @test argmax(A) == CartesianIndex(2, 2)
        @test argmin([3, 1, 2]) == 2
        @test findmax(A, dims=1) == ([3 4], [CartesianIndex(2, 1) CartesianIndex(2, 2)])
        @test diff([1, 4, 9]) == [3, 5]
        @test diff(A, dims=1) == [2 2]
        @test cumsum(A, dims=1) == [1 2; 4 6]
        @test mapslices(sum, A; dims=1) == [4 6]
        @test [sum(c) for c in eachcol(A)] == [4, 6]
        @test [sum(r) for r in eachrow(A)] == [3, 7]
    end

    @testset "searching and reordering" begin
        A = [1 2; 3 4]
        @test findall(isodd, A) == [CartesianIndex(1, 1), CartesianIndex(2, 1)]
        @test findall([true, false, true]) == [1, 3]
        @test findfirst(>(2), [1, 3, 5]) == 2
        @test findlast(>(2), [1, 3, 5]) == 3
        @test findnext(isodd, [1, 2, 3], 2) == 3
        @test findprev(isodd, [1, 2, 3], 2) == 1
        @test findfirst(==(4), A) == CartesianIndex(2, 2)
        @test reverse([1, 2, 3]) == [3, 2, 1]
        @test reverse(A, dims=1) == [3 4; 1 2]
        @test reverse([1, 2, 3, 4], 2, 3) == [1, 3, 2, 4]
        @test circshift([1, 2, 3, 4], 1) == [4, 1, 2, 3]
        @test circshift([1 2; 3 4], (1, 0)) == [3 4; 1 2]
        @test unique([1, 2, 1, 3]) == [1, 2, 3]
        @test unique([1 2; 1 2], dims=1) == [1 2]
        v = [3, 1, 3]
        unique!(v)
        @test v == [3, 1]
        @test allunique([1, 2]) && !allunique([1, 1])
        @test copyto!(zeros(3), [1, 2]) == [1.0, 2.0, 0.0]
        @test copyto!([0, 0, 0, 0], 2, [7, 8], 1, 2) == [0, 7, 8, 0]
        @test 3 in [1 2; 3 4]
        @test first([5 6; 7 8]) == 5 && last([5 6; 7 8]) == 8
    end

    @testset "copyto! and copy of Arrays" begin
        v = collect(1:6)
        @test copyto!(v, 3, v, 1, 3) == [1, 2, 1, 2, 3, 6]      # overlapping, moving up
        v = collect(1:6)
        @test copyto!(v, 1, v, 3, 4) == [3, 4, 5, 6, 5, 6]      # overlapping, moving down
        @test copyto!(["x", "y", "z"], 2, ["a"], 1, 1) == ["x", "a", "z"]
        @test_throws ArgumentError copyto!([1, 2], 1, [3, 4], 1, -1)
        # whole-array copyto! checks the length once, then copies unchecked
        @test_throws BoundsError copyto!([0, 0], [1, 2, 3])
        @test copyto!(zeros(Int, 5), [1 3; 2 4]) == [1, 2, 3, 4, 0]
        @test copyto!(zeros(2, 2), 1:3) == [1.0 3.0; 2.0 0.0]
        @test copyto!(Vector{String}(undef, 3), ["a", "b"])[1:2] == ["a", "b"]
        m = [1 2; 3 4]
        c = copy(m)
        @test c == m && c !== m && size(c) == (2, 2)
        c[1] = 9
        @test m[1] == 1
        @test copy(Int[]) == Int[]
        @test copy(["a", "b"]) == ["a", "b"]
        u = copy(Vector{String}(undef, 2))
        @test !isassigned(u, 1)
        @test copy([(1, 2.5), (3, 4.5)]) == [(1, 2.5), (3, 4.5)]
        @test copy(collect(1:10_000)) == 1:10_000
    end

    @testset "generic AbstractArray interface" begin
        s = Squares(4)
        @test collect(s) == [1, 4, 9, 16]
        @test sum(s) == 30
        @test s == [1, 4, 9, 16]
        @test 9 in s
        @test s .+ 1 == [2, 5, 10, 17]
        @test s[2:3] == [4, 9]
        @test s[end] == 16
        @test maximum(s) == 16
        @test disp(s) == "4-element Squares:\n  1\n  4\n  9\n 16"
        @test repr(s) == "[1, 4, 9, 16]"
        @test errmsg(() -> s[5]) == "BoundsError: attempt to access 4-element Squares at index [5]"
        g = Grid([1.0, 2.0, 3.0, 4.0])
        @test g[2, 1] == 2.0
        @test g[3] == 3.0                # linear index through the Cartesian method
        g[4] = 10.0
        @test g.data[4] == 10.0
        @test collect(g) == [1.0 3.0; 2.0 10.0]
        @test sum(g) == 16.0
        @test disp(g) == "2×2 Grid:\n 1.0   3.0\n 2.0  10.0"
        @test g .* 2 == [2.0 6.0; 4.0 20.0]
        g .= 0
        @test g.data == zeros(4)
        @test errmsg(() -> OnlySize()[1]) == "CanonicalIndexError: getindex not defined for OnlySize"
    end
end

@testset "front of a vector: pushfirst!/popfirst!/prepend!, reshape display" begin
    q = Int[]
    for i in 1:1000
        pushfirst!(q, i)
    end
    @test q[1] == 1000 && q[end] == 1 && length(q) == 1000
    @test sum(popfirst!(q) for _ in 1:500) == sum(501:1000)
    @test q == collect(500:-1:1)
    # a queue: push at the end, pop at the front, interleaved
    q = [1]
    n = 0
    while !isempty(q) && n < 2000
        x = popfirst!(q)
        n += 1
        x < 1000 && push!(q, 2x, 2x + 1)
    end
    @test n == 1999 && isempty(q)
    v = Any["c"]
    @test prepend!(v, ["a", "b"]) == ["a", "b", "c"]
    @test prepend!([3], (1, 2)) == [1, 2, 3]
    @test prepend!(Float64[1], [0]) == [0.0, 1.0]
    w = [1, 2, 3]
    popfirst!(w); push!(w, 4); pushfirst!(w, 0)
    @test w == [0, 2, 3, 4]
    @test summary(reshape(1:6, 2, 3)) == "2×3 reshape(::UnitRange{Int64}, 2, 3) with eltype Int64"
    @test sprint(show, MIME"text/plain"(), reshape(1:4, 2, 2)) ==
        "2×2 reshape(::UnitRange{Int64}, 2, 2) with eltype Int64:\n 1  3\n 2  4"
end


@testset "n-dimensional concatenation ([a; b;; c; d;;; ...], hvncat)" begin
    x = 1
    @test [x; x;; x; x] == fill(1, 2, 2)
    @test [1;;2] == [1 2] && [1;;2] isa Matrix{Int}
    @test [1;;] isa Matrix{Int} && size([1;;]) == (1, 1)
    @test size([1;;;]) == (1, 1, 1)
    a = [1 2; 3 4]; b = [5 6; 7 8]
    c = [a ;;; b]
    @test size(c) == (2, 2, 2) && c[:, :, 1] == a && c[:, :, 2] == b
    @test [1 2;;; 3 4] == reshape([1, 2, 3, 4], 1, 2, 2)
    t = Int8[1 2;;; 3 4]
    @test t isa Array{Int8,3} && size(t) == (1, 2, 2)
    @test [1; 2;; 3; 4;; 5; 6;;; 7; 8;; 9; 10;; 11; 12] == reshape(1:12, 2, 3, 2)
    @test [1 2; 3 4;;; 5 6; 7 8] == cat([1 2; 3 4], [5 6; 7 8]; dims=3)
    @test [1.0;;; 2] isa Array{Float64,3}
    v = [1, 2]
    @test [v;;; v] == reshape([1, 2, 1, 2], 2, 1, 2)
    @test [v v;;; v v] == reshape([1, 2, 1, 2, 1, 2, 1, 2], 2, 2, 2)
    @test [[1, 2] ;; [3, 4]] == [1 3; 2 4]
    xs = (1, 2, 3)
    @test [xs... ;;; 4] == reshape(1:4, 1, 1, 4)
    @test [;;] isa Matrix{Any} && size([;;]) == (0, 0)
    # unbalanced blocks: the rows of the first slice have different numbers of blocks
    u = [a [5; 6]; [5 6 7] ;;; zeros(Int, 3, 3)]
    @test size(u) == (3, 3, 2) && u[:, :, 1] == [1 2 5; 3 4 6; 5 6 7] && iszero(u[:, :, 2])
    @test ["a" "b";;; "c" "d"] isa Array{String,3}
    @test hvncat(3, 1, 2) == reshape([1, 2], 1, 1, 2)
    @test hvncat((2, 1, 3), false, 1, 2, 3, 4, 5, 6) == reshape(1:6, 2, 1, 3)
    @test hvncat((1, 3, 2), true, 1, 2, 3, 4, 5, 6) == [1 2 3;;; 4 5 6]
    @test hvncat(((3, 3), (3, 3), (6,)), true, 1, 2, 3, 4, 5, 6) == [1 2 3;;; 4 5 6]
    @test Base.typed_hvncat(Float32, 2, 1, 2) == Float32[1 2] && Base.typed_hvncat(Float32, 2, 1, 2) isa Matrix{Float32}
    @test hvncat(0, 1) == fill(1) && hvncat((), true, [1]) == [1]
    @test hvncat((2,), true, 1, 1) == [1; 1] && hvncat(((2,),), true, 1, 1) == [1 1]
    @test [zeros(Int, 1, 2, 0) ;;; 1 3] == [1 3;;;]
    @test [[] ; 1 ;;; 2] == [1 ;;; 2]
    @test Meta.lower(Main, :([1;;2])) isa Expr
    @test occursin("Splatting ... in an `ncat` with multiple dimensions is not supported",
                   sprint(show, Meta.lower(Main, :([xs; xs;;; v...]))))
end

# the message of the error a malformed concatenation throws
errmsg(f) = try f(); "no error" catch e; sprint(showerror, e) end
@testset "hvncat errors as Julia's" begin
    # pieces that do not fit: DimensionMismatch
    @test errmsg(() -> [1; 2;; 3]) ==
        "DimensionMismatch: argument 3 has a mismatched number of elements along axis 1; expected 2, got 1"
    @test errmsg(() -> [1 2 ;;; 3]) ==
        "DimensionMismatch: argument 3 has a mismatched number of elements along axis 2; expected 2, got 1"
    @test errmsg(() -> [[1 2; 3 4] ;;; [1 2 3; 4 5 6]]) ==
        "DimensionMismatch: mismatched size along axis 2 in element 2"
    @test errmsg(() -> [zeros(Int, 0, 0) ;;; 1]) ==
        "DimensionMismatch: all dimensions of element 1 other than 3 must be of length 1"
    @test errmsg(() -> [[1 1]; 2 ;; 3 ; [3 4]]) == "DimensionMismatch: incompatible shape in element 2"
    @test errmsg(() -> hvncat(((1, 2, 1), (2, 2), (4,)), true, [1 2], [3], [4], [1 2; 3 4])) ==
        "DimensionMismatch: shape in level 2 is inconsistent; level counts must nest evenly into each other"
    for v in (1, fill(1), fill(1, 1, 1))
        @test_throws DimensionMismatch [v; v;; v]
        @test_throws DimensionMismatch [v; v; v;; v; v]
        @test_throws DimensionMismatch [v; v;; v; v;;; v; v]
        @test_throws DimensionMismatch [v; v;; v; v;;; v; v; v; v]
    end
    # a malformed dims or shape argument: ArgumentError
    @test errmsg(() -> hvncat((2, 2), false, 1, 2, 3)) ==
        "ArgumentError: argument count does not match specified shape (expected 4, got 3)"
    @test errmsg(() -> hvncat((0, 1), true, 1)) == "ArgumentError: `dims` argument must contain positive integers"
    @test errmsg(() -> hvncat(((0,), (1,)), true, 1)) ==
        "ArgumentError: `shape` argument must consist of positive integers"
    @test errmsg(() -> hvncat(((2, 1), (1, 1, 1)), true, 1, 2, 3)) ==
        "ArgumentError: last level of shape must contain only one integer"
    @test errmsg(() -> hvncat((2,), true, 1)) ==
        "ArgumentError: number of elements does not match `dimshape` argument; expected 2, got 1"
    @test errmsg(() -> hvncat(((),), true, 1)) ==
        "ArgumentError: each level of `shape` argument must have at least one value"
    @test errmsg(() -> hvncat(-1, 1)) == "ArgumentError: concatenation dimension must be non-negative"
    @test errmsg(() -> hvncat(0, 1, 1)) ==
        "ArgumentError: a 0-dimensional array may only contain exactly one element"
    @test_throws ArgumentError hvncat(0)
    @test_throws ArgumentError hvncat((), true)
end
