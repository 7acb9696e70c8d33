# enums.jl -- @enum (values, conversions, errors, printing as Julia 1.10) and @kwdef structs.
using Test

@enum Fruit apple orange=3 kiwi
@enum Color::UInt8 begin
    red
    green = 5
end
Base.@kwdef struct KW{T}
    a::T = 1
    b::String = "x"
end
Base.@kwdef struct KW2
    a::Int = 1
    b
end

@testset "@enum" begin
    @test Int(apple) == 0 && Int(orange) == 3 && Int(kiwi) == 4
    @test Fruit(3) === orange && instances(Fruit) == (apple, orange, kiwi)
    @test_throws ArgumentError Fruit(7)
    @test sprint(showerror, try; Fruit(7); catch e; e; end) == "ArgumentError: invalid value for Enum Fruit: 7"
    @test apple < kiwi && typemin(Fruit) === apple && typemax(Fruit) === kiwi
    @test string(orange) == "orange" && repr(orange) == "orange"
    @test sprint(show, MIME("text/plain"), apple) == "apple::Fruit = 0"
    @test sprint(show, MIME("text/plain"), Fruit) == "Enum Fruit:\napple = 0\norange = 3\nkiwi = 4"
    @test typeof(Integer(red)) == UInt8 && Int(green) == 5
    @test Fruit <: Enum && isbitstype(Fruit) && sizeof(Fruit) == 4 && sizeof(Color) == 1
    @test Dict(apple => 1)[apple] == 1
end

@testset "@kwdef" begin
    @test KW() == KW{Int}(1, "x")
    @test KW(a = 2.5) isa KW{Float64}
    @test KW{Int}(b = "y").b == "y"
    @test KW2(b = 3) == KW2(1, 3)
    @test_throws UndefKeywordError KW2()
end
