# Meta.parse / Meta.parseall / Meta.show_sexpr: the C parser reached from the language (issue 3).
using Test

@testset "Meta.parse" begin
    @test Meta.parse("f(x) + 1") == :(f(x) + 1)
    ex, pos = Meta.parse("a + b\nc * d", 1)
    @test ex == :(a + b)
    @test pos == 7
    ex2, pos2 = Meta.parse("a + b\nc * d", pos)
    @test ex2 == :(c * d)
    @test pos2 == 12
    @test Meta.parse("x = ", 1; raise=false)[1] isa Expr
    @test Meta.parse("1 + )", 1; raise=false)[1].head === :error
    @test_throws Exception Meta.parse("1 + )", 1)
    @test Meta.parse("\"\$x y\"") == Expr(:string, :x, " y")
    @test Meta.parse("1f0") === 1.0f0
    @test Meta.parse("0x1f") === 0x1f
end

@testset "Meta.parseall and show_sexpr" begin
    top = Meta.parseall("a\nb"; filename="f.jl")
    @test top.head === :toplevel
    @test top.args[2] === :a && top.args[4] === :b
    @test top.args[3] == LineNumberNode(2, Symbol("f.jl"))
    io = IOBuffer()
    Meta.show_sexpr(io, :(f(x) + 1))
    @test String(take!(io)) == "(:call, :+, (:call, :f, :x), 1)"
end

@testset "Expr printing as Julia" begin
    @test string(:(1 + 2im)) == "1 + 2im"
    @test repr(:(1 + 2im)) == ":(1 + 2im)"
    @test repr(:(1 + 2.0im)) == ":(1 + 2.0im)"
    @test string(:(2x + 1)) == "2x + 1"
    @test string(:(x * 2)) == "x * 2"
    @test string(:(a <| b)) == "a <| b"
    @test string(:(a --> b)) == "a --> b"
    @test string(:(a |> f)) == "a |> f"
    @test string(:(a == b && c)) == "a == b && c"
end
