# compile.jl -- code compiled on the first call of a signature (codegen/): results equal the
# interpreter's, type-unstable code through dynamic dispatch, exceptions through compiled frames,
# redefinition reaching compiled callers, precompile statements.
using Test

fib(n) = n < 2 ? n : fib(n - 1) + fib(n - 2)
function sumsq(n)
    s = 0.0
    for i in 1:n
        s += 1.0 / (i * i)
    end
    s
end
pick(c) = c ? 1 : "one"
describe(x::Int) = "int $x"
describe(x::String) = "string $x"
unstable(c) = describe(pick(c))
checked(x) = x < 0 ? throw(ArgumentError("negative: $x")) : 2x
function guarded(x)
    try
        checked(x)
    catch e
        -1
    end
end
mutable struct Counter
    n::Int
end
function bump!(c::Counter, k)
    for _ in 1:k
        c.n += 1
    end
    c.n
end
function total(v::Vector{Int})
    s = 0
    for x in v
        s += x
    end
    s
end

@testset "compiled code" begin
    @test fib(20) == 6765
    @test fib(25) == 75025
    @test sumsq(1000) == sum(1.0 / (i * i) for i in 1:1000)
    @test unstable(true) == "int 1"
    @test unstable(false) == "string one"
    @test checked(3) == 6
    @test_throws ArgumentError checked(-1)
    @test guarded(4) == 8
    @test guarded(-4) == -1
    @test bump!(Counter(1), 5) == 6
    @test total([1, 2, 3, 4]) == 10
    @test_throws BoundsError [1, 2, 3][4]
    @test div(7, 2) == 3
    @test_throws DivideError div(1, 0)
end

lvl() = 1
uses_lvl() = lvl() + 10
@testset "redefinition reaches compiled callers" begin
    @test uses_lvl() == 11
    @eval lvl() = 2
    @test uses_lvl() == 12
end

@testset "precompile statements" begin
    s = ccall(:jl_precompile_statement, Ptr{UInt8}, (Any,), Tuple{typeof(fib), Int})
    @test unsafe_string(s) == "precompile(Tuple{typeof(Main.fib), Int64})"
    s2 = ccall(:jl_precompile_statement, Ptr{UInt8}, (Any,), Tuple{typeof(total), Vector{Int}})
    @test unsafe_string(s2) == "precompile(Tuple{typeof(Main.total), Array{Int64, 1}})"
end
