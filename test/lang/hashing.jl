# hashing.jl -- hash agrees with isequal across number types, as in Julia (hash(1//2) == hash(0.5))
using Test

@testset "numbers equal across types hash alike" begin
    @test hash(1 // 2) == hash(0.5)
    @test hash(3 // 4) == hash(0.75)
    @test hash(-3 // 8) == hash(-0.375)
    @test hash(2 // 1) == hash(2)
    @test hash(1 // 3) == hash(big(1) // big(3))
    @test hash(big(3) // big(4)) == hash(0.75)
    @test hash(1 + 0im) == hash(1)
    @test hash(2.5 + 0im) == hash(2.5)
    @test hash(1 // 2 + 0im) == hash(0.5)
    @test hash(1 + 2im) == hash(1.0 + 2.0im)
    @test hash(1 + 2im) != hash(1 + 3im)
    @test hash(big(3)) == hash(3)
    @test hash(-big(3)) == hash(-3)
    @test hash(big(2)^63) == hash(UInt64(2)^63)
    @test hash(big(2)^64) == hash(2.0^64)
    @test hash(-big(2)^63) == hash(typemin(Int))
    @test hash(big(2)^70 + 1) != hash(big(2)^70)
    @test hash(3.0) == hash(3)
    @test hash(Float32(0.5)) == hash(0.5)
    @test hash(1 // 0) == hash(Inf)
    @test hash(Int128(2)^70) == hash(big(2)^70)
    d = Dict{Any,Int}(1 // 2 => 1)
    @test d[0.5] == 1
    @test length(Set(Any[1, 1.0, 1 // 1, big(1), 1 + 0im])) == 1
end
