# testset_fail.jl -- a failing @test inside a @testset: report, summary, non-zero exit status
using Test
@testset "arith" begin
    @test 1 + 1 == 2
    @test 2 * 2 == 5
end
