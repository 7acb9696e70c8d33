# inference_perf.jl -- properties of compiled numeric code a user can observe: concrete inferred types
# (code_typed / Base.return_types), folded type checks, and loops that do not allocate once compiled.
using Test, LinearAlgebra

# ccall whose return type names a static parameter (`Ptr{T}`): constant once specialized
ptr_of(v::Vector{T}) where {T} = ccall(:jl_array_ptr, Ptr{T}, (Any,), v)
# an isa against a `Matrix{<:X}` written in the body folds to a constant
is_float_matrix(C) = C isa Matrix{<:Union{Float32, Float64}}

function write_row_sum(io, n)
    row = zeros(UInt8, 4)
    s = 0.0
    for i in 1:n
        s += i * 0.5
    end
    write(io, row)
    s
end

function sum2d(A)
    s = 0.0
    for j in 1:size(A, 2), i in 1:size(A, 1)
        s += A[i, j]
    end
    s
end

function fill2d!(A)
    for j in 1:size(A, 2), i in 1:size(A, 1)
        A[i, j] = i + 10j
    end
    A
end

@testset "foreigncall types from static parameters" begin
    @test Base.return_types(ptr_of, (Vector{Float64},)) == Any[Ptr{Float64}]
    @test Base.return_types(ptr_of, (Vector{UInt8},)) == Any[Ptr{UInt8}]
    v = [1.0, 2.0]
    @test unsafe_load(ptr_of(v), 2) == 2.0
    # the function holding `write(io, ::Vector{UInt8})` is compiled: its Float64 loop does not allocate
    io = IOBuffer()
    write_row_sum(io, 10)
    @test write_row_sum(io, 1000) == sum(i * 0.5 for i in 1:1000)
    @test @allocated(write_row_sum(io, 100_000)) < 1000
end

@testset "type constructions in a body fold" begin
    ct = code_typed(is_float_matrix, (Matrix{Float64},))[1]
    @test ct.second == Bool
    @test length(ct.first.code) == 1          # just `return true`
    @test is_float_matrix(zeros(2, 2))
    @test !is_float_matrix(zeros(Int, 2, 2))
    @test !is_float_matrix([1.0, 2.0])
end

@testset "2-d indexing compiled inline" begin
    A = reshape(collect(1.0:12.0), 3, 4)
    @test sum2d(A) == 78.0
    big = ones(100, 100)
    sum2d(big)
    @test @allocated(sum2d(big)) < 200        # the result's box at most, nothing per element
    B = zeros(3, 4)
    fill2d!(B)
    @test B[2, 3] == 32.0
    fill2d!(big)
    @test @allocated(fill2d!(big)) < 200
    get2(A, i, j) = A[i, j]
    set2(A, i, j, v) = (A[i, j] = v)
    @test get2(A, 3, 4) == 12.0
    @test_throws BoundsError get2(A, 4, 1)
    @test_throws BoundsError get2(A, 1, 5)
    @test_throws BoundsError get2(A, 0, 1)
    @test_throws BoundsError set2(B, 1, 5, 1.0)
    e = try get2(A, 1, 5) catch err; err end
    @test e.i == (1, 5)
    C = zeros(2, 3, 4)
    C[2, 3, 4] = 5.0
    get3(C, i, j, k) = C[i, j, k]
    @test get3(C, 2, 3, 4) == 5.0
    @test_throws BoundsError get3(C, 2, 4, 1)
    dims(A) = (size(A, 1), size(A, 2), size(A, 3))
    @test dims(A) == (3, 4, 1)
end

@testset "BLAS products compiled" begin
    P = reshape(collect(1.0:20.0), 4, 5)
    Q = P' * P
    @test Q == [sum(P[k, i] * P[k, j] for k in 1:4) for i in 1:5, j in 1:5]
    @test issymmetric(Q)
    @test tr(Q) == sum(abs2, P)
    mulP(P) = P' * P
    mulP(P)
    @test @allocated(mulP(P)) < 2000
end

grid(n) = [i * 0.5 + j for i in 1:n, j in 1:n]
squares(v) = [x * x for x in v]

@testset "comprehensions and products typed from their values" begin
    @test Base.return_types(grid, (Int,)) == Any[Matrix{Float64}]
    @test Base.return_types(squares, (Vector{Float64},)) == Any[Vector{Float64}]
    @test grid(2) == [1.5 2.5; 2.0 3.0]
    @test eltype(grid(3)) == Float64
    @test size(grid(0)) == (0, 0) && eltype(grid(0)) == Float64
    @test [isodd(x) ? 1 : 2.0 for x in 1:4] == Real[1, 2.0, 1, 2.0]
    @test eltype([isodd(x) ? 1 : 2.0 for x in 1:4]) == Real
    @test [x for x in Any[1, 2.0, "a"]] == Any[1, 2.0, "a"]
    @test eltype([x for x in Any[1, 2, 3]]) == Int
    @test [x for x in 1:10 if iseven(x)] == [2, 4, 6, 8, 10]
    @test collect(Iterators.product(1:2, 3:4)) == [(1, 3) (1, 4); (2, 3) (2, 4)]
    @test collect(Iterators.product(1:2)) == [(1,), (2,)]
    @test size(collect(Iterators.product(1:2, 1:3, 1:4))) == (2, 3, 4)
    @test collect(Iterators.product(1:2, 1:0)) == Matrix{Tuple{Int,Int}}(undef, 2, 0)
end

@testset "concatenation of matrices" begin
    a = [1 2; 3 4]; b = [5 6; 7 8]; v = [9, 10]
    @test [a b] == [1 2 5 6; 3 4 7 8]
    @test [a; b] == [1 2; 3 4; 5 6; 7 8]
    @test [a b; b a] == [1 2 5 6; 3 4 7 8; 5 6 1 2; 7 8 3 4]
    @test [a v] == [1 2 9; 3 4 10]
    @test [a; [1.5 1]] == [1 2; 3 4; 1.5 1] && eltype([a; [1.5 1]]) == Float64
    @test_throws DimensionMismatch [a [1, 2, 3]]
end
