# serialization.jl -- the Serialization stdlib over julep's serializer: round trips through an IOBuffer,
# several values in one buffer, shared and cyclic structure, and a clean error for a corrupted stream.
using Test
using Serialization

mutable struct SerNode
    val
    next
    SerNode(v) = new(v)
end

roundtrip(x) = (io = IOBuffer(); serialize(io, x); seekstart(io); deserialize(io))

@testset "Serialization" begin
    @test roundtrip(42) === 42
    @test roundtrip("héllo") == "héllo"
    @test roundtrip(:sym) === :sym
    @test roundtrip((1, 2.5, "x")) == (1, 2.5, "x")
    @test roundtrip([1, 2, 3]) == [1, 2, 3]
    @test roundtrip(Int) === Int
    @test roundtrip(Vector{String}) === Vector{String}
    @test roundtrip(:(f(x) + 1)) == :(f(x) + 1)
    d = Dict("a" => 1, :b => [2], Int => 3)
    d2 = roundtrip(d)
    @test d2["a"] == 1 && d2[:b] == [2] && d2[Int] == 3
    n = SerNode(1); n.next = n
    n2 = roundtrip(n)
    @test n2.next === n2 && n2.val == 1
    a = [1, 2]
    t = roundtrip((a, a))
    @test t[1] === t[2]
    io = IOBuffer()
    serialize(io, 1); serialize(io, "two"); serialize(io, [3.0])
    seekstart(io)
    @test deserialize(io) === 1
    @test deserialize(io) == "two"
    @test deserialize(io) == [3.0]
    bad = IOBuffer(UInt8[0x04, 0x4a, 0x4c, 0x53, 0x52, 0x01])
    @test_throws ErrorException deserialize(bad)
end
