# comprehension_perf.jl -- multi-dimensional comprehensions over Iterators.product compile to loops that
# box nothing per element: `x !== nothing` refines x like `x === nothing`, a small call split over a
# Union argument is inlined, functions returning an isbits Union (`iterate`) return it unboxed, and a
# slot refined on a path is passed narrowed into inlined callees and tuples.
using Test

function escapes(z)
    c = z
    for n = 1:80
        abs(z) > 2 && return n - 1
        z = z^2 + c
    end
    return 80
end
escgrid(n) = [escapes(complex(r / n, i / n)) for i = -n:n, r = -2n:n÷2]
fgrid(n) = [i * 0.5 + j for i in 1:n, j in 1:n]
grid3(n) = [i + 10j + 100k for i in 1:n, j in 1:n, k in 1:2]
cgrid(n) = [complex(i, j) for i in 1:n, j in 1:n]
evens(n) = [i * j for i in 1:n, j in 1:n if iseven(i + j)]

# refinement through `!==` (Julia's Conditional for `!(x === y)`)
unwrap(x) = x !== nothing ? x : (0, 0)
unwrap_not(x) = !(x === nothing) ? x : (0, 0)
first_or_zero(x) = x !== nothing ? x[1] : 0

# a non-inlined function returning Union{Nothing, Tuple{Int, Int}}, called compiled and dynamically
@noinline function next_pair(i, n)
    i > n && return nothing
    (i, i * i)
end
function sum_pairs(n)
    s = 0
    i = 1
    while true
        y = next_pair(i, n)
        y === nothing && return s
        s += y[2]
        i = y[1] + 1
    end
end
# a refined slot stored into a tuple
function pair_with(t)
    r = next_pair(t, 10)
    r === nothing && return nothing
    (r[1], r)
end

@testset "2-d and 3-d comprehensions: values and element types" begin
    @test sum(escgrid(10)) == 14791
    @test size(escgrid(10)) == (21, 26)
    @test eltype(escgrid(3)) == Int
    @test escgrid(1) == [escapes(complex(r / 1, i / 1)) for i in -1:1, r in -2:0]
    @test fgrid(2) == [1.5 2.5; 2.0 3.0]
    @test grid3(2)[2, 1, 2] == 212 && size(grid3(3)) == (3, 3, 2) && eltype(grid3(2)) == Int
    @test cgrid(2) == [1+1im 1+2im; 2+1im 2+2im] && eltype(cgrid(2)) == Complex{Int}
    @test evens(3) == [1, 3, 4, 3, 9] && eltype(evens(3)) == Int
    @test eltype([i == j ? 1 : 1.0 for i in 1:2, j in 1:2]) == Real
    @test [i == j ? 1 : 1.0 for i in 1:2, j in 1:2] == [1 1.0; 1.0 1]
end

@testset "comprehensions infer concrete arrays" begin
    @test Base.return_types(escgrid, (Int,)) == Any[Matrix{Int}]
    @test Base.return_types(grid3, (Int,)) == Any[Array{Int, 3}]
    @test Base.return_types(cgrid, (Int,)) == Any[Matrix{Complex{Int}}]
    @test Base.return_types(evens, (Int,)) == Any[Vector{Int}]
end

@testset "no boxing per element" begin
    escgrid(3); fgrid(3); grid3(3)
    @test @allocated(escgrid(20)) < 41 * 51 * 8 + 1000
    @test @allocated(fgrid(100)) < 100 * 100 * 8 + 1000
    @test @allocated(grid3(50)) < 50 * 50 * 2 * 8 + 1000
    sum_pairs(3)
    @test sum_pairs(100) == sum(i * i for i in 1:100)
    @test @allocated(sum_pairs(10_000)) < 200
end

@testset "!== refines like ===" begin
    U = Union{Nothing, Tuple{Int, Int}}
    @test Base.return_types(unwrap, (U,)) == Any[Tuple{Int, Int}]
    @test Base.return_types(unwrap_not, (U,)) == Any[Tuple{Int, Int}]
    @test Base.return_types(first_or_zero, (U,)) == Any[Int]
    @test unwrap(nothing) == (0, 0) && unwrap((3, 4)) == (3, 4)
    @test unwrap_not(nothing) == (0, 0) && unwrap_not((3, 4)) == (3, 4)
    @test first_or_zero((5, 6)) == 5 && first_or_zero(nothing) == 0
end

@testset "isbits Union results" begin
    @test next_pair(3, 5) === (3, 9)
    @test next_pair(6, 5) === nothing
    f = next_pair                       # through the generic entry: the result is boxed there
    @test Base.invokelatest(f, 2, 5) === (2, 4)
    @test Base.invokelatest(f, 9, 5) === nothing
    @test pair_with(3) == (3, (3, 9))
    @test pair_with(11) === nothing
    @test Base.return_types(pair_with, (Int,)) == Any[Union{Nothing, Tuple{Int, Tuple{Int, Int}}}]
end

@testset "Iterators.product state" begin
    P = Iterators.product(1:2, 3:5)
    @test collect(P) == [(1, 3) (1, 4) (1, 5); (2, 3) (2, 4) (2, 5)]
    @test [x + 10y for (x, y) in P] == [31 41 51; 32 42 52]
    @test length(collect(Iterators.product(1:3, 1:0))) == 0
    @test sum(x * y * z for (x, y, z) in Iterators.product(1:2, 1:3, 1:4)) == 3 * 6 * 10
end

blocks2x2(a, b, c, d) = [a b; c d]
blocks1x4(a, b, c, d) = [a b c d]
stack2(a, b) = [a; b]

@testset "concatenation of vectors and matrices infers Matrix" begin
    M = Matrix{Float64}
    @test Base.return_types(blocks2x2, (M, M, M, M)) == Any[M]
    @test Base.return_types(blocks1x4, (M, M, M, M)) == Any[M]
    @test Base.return_types(stack2, (Matrix{Int}, Vector{Int})) == Any[Matrix{Int}]
    a = [1 2; 3 4]; b = [5 6; 7 8]; v = [9, 10]
    @test blocks2x2(a, b, b, a) == [1 2 5 6; 3 4 7 8; 5 6 1 2; 7 8 3 4]
    @test blocks1x4(a, v, b, v) == [1 2 9 5 6 9; 3 4 10 7 8 10]
    @test stack2(a, [1 2]) == [1 2; 3 4; 1 2]
    @test [a 1.5 * b] == [1 2 7.5 9; 3 4 10.5 12] && eltype([a 1.5 * b]) == Float64
    @test [v; v] == [9, 10, 9, 10]
    @test Float64[v; [1]] == [9.0, 10.0, 1.0] && Float64[v; [1]] isa Vector{Float64}
    @test Base.return_types(stack2, (Vector{Int}, Vector{Int})) == Any[Vector{Int}]
    @test_throws DimensionMismatch [a v; v]
    @test_throws DimensionMismatch [a b; v]
end
