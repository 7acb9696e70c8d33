# redefinition.jl -- redefining a method takes effect at the next call, also for callers defined
# before the redefinition (no stale dispatch cache).
using Test

version() = 1
caller() = version() + 100
g(x::Int) = "int"
@testset "method redefinition" begin
    @test caller() == 101
    @eval version() = 2
    @test version() == 2
    @test caller() == 102
    @eval caller() = version() * 10
    @test caller() == 20
    @test g(1) == "int"
    @eval g(x::Integer) = "integer"
    @test g(1) == "int"
    @test g(0x01) == "integer"
    @eval g(x::Int) = "new int"
    @test g(1) == "new int"
    @test length(methods(g)) == 2
end
