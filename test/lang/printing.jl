# printing.jl -- show/print/repr/string of strings, symbols, chars, tuples, named tuples, nothing,
# structs (default show), vectors, ranges, types, pairs, dicts, expressions, and the REPL display.
using Test

struct Pt
    x::Float64
    y::Float64
end
mutable struct Box
    v::Any
end
struct Empty end
struct Custom
    n::Int
end
Base.show(io::IO, c::Custom) = print(io, "Custom<", c.n, ">")

pf(x) = x
pf(x, y) = x
disp(x) = sprint(show, MIME("text/plain"), x)

@testset "printing" begin
    @test repr("hi") == "\"hi\""
    @test repr("a\"b\n") == "\"a\\\"b\\n\""
    @test repr("\$x") == "\"\\\$x\""
    @test repr(:sym) == ":sym"
    @test repr(:+) == ":+"
    @test repr(Symbol("a b")) == "Symbol(\"a b\")"
    @test repr('a') == "'a'"
    @test repr('\n') == "'\\n'"
    @test string('a') == "a"
    @test repr((1, "a")) == "(1, \"a\")"
    @test repr((1,)) == "(1,)"
    @test repr(()) == "()"
    @test repr((a = 1, b = "x")) == "(a = 1, b = \"x\")"
    @test repr((a = 1,)) == "(a = 1,)"
    # a field declared wider than its value: the type, then the values as a tuple
    t = NamedTuple{(:a,), Tuple{Any}}((1,))
    @test repr(t) == repr(typeof(t)) * "((1,))"
    u = NamedTuple{(:a, :b), Tuple{Int, Real}}((1, 2.0))
    @test repr(u) == repr(typeof(u)) * "((1, 2.0))"
    @test repr((a = 1, b = Any[])) == "(a = 1, b = Any[])"
    @test repr((var"a b" = 1, c = :x)) == "(var\"a b\" = 1, c = :x)"
    @test repr(nothing) == "nothing"
    @test string(nothing) == "nothing"
    @test repr(Pt(1.0, 2.0)) == "Pt(1.0, 2.0)"
    @test repr(Box([1])) == "Box([1])"
    @test repr(Empty()) == "Empty()"
    @test repr(Custom(3)) == "Custom<3>"
    @test string(Custom(3)) == "Custom<3>"
    @test "$(Custom(4))!" == "Custom<4>!"
    @test repr([Custom(1)]) == "Custom[Custom<1>]"
    @test repr([1, 2, 3]) == "[1, 2, 3]"
    @test repr([1.0, 2.5]) == "[1.0, 2.5]"
    @test repr(Any[1, "a"]) == "Any[1, \"a\"]"
    @test repr(Int[]) == "Int64[]"
    @test repr(String["a"]) == "[\"a\"]"
    @test repr(Float32[1.5]) == "Float32[1.5]"
    @test repr([true, false]) == "Bool[1, 0]"
    @test repr(UInt8[1, 2]) == "UInt8[0x01, 0x02]"
    @test repr([(1, 2)]) == "[(1, 2)]"
    @test repr(1:3) == "1:3"
    @test repr(1:2:7) == "1:2:7"
    @test repr(1 => "a") == "1 => \"a\""
    @test repr(Int64) == "Int64"
    @test repr(Vector{Int64}) == "Vector{Int64}"
    @test repr(Dict{String,Int64}) == "Dict{String, Int64}"
    @test repr(Union{Int64,String}) == "Union{Int64, String}"
    @test repr(Tuple{Int64,Float64}) == "Tuple{Int64, Float64}"
    @test repr(Pt) == "Pt"
    @test repr(Dict("a" => 1)) == "Dict(\"a\" => 1)"
    @test repr(:(a + b * c)) == ":(a + b * c)"
    @test repr(:(f(x, y))) == ":(f(x, y))"
    @test string(:((a + b) * c)) == "(a + b) * c"
    @test repr(sin) == "sin"
    @test string(1, "a", 'b', 2.5) == "1ab2.5"
    @test sprint(print, "x", 1) == "x1"
    @test sprint(println, "x") == "x\n"
    io = IOBuffer()
    print(io, "a", 1)
    println(io, :b)
    show(io, "c")
    @test String(take!(io)) == "a1b\n\"c\""
    @test disp([1, 2, 3]) == "3-element Vector{Int64}:\n 1\n 2\n 3"
    @test disp([1, 10, 100]) == "3-element Vector{Int64}:\n   1\n  10\n 100"
    @test disp([1.5, 10.25]) == "2-element Vector{Float64}:\n  1.5\n 10.25"
    @test disp(["a", "bb"]) == "2-element Vector{String}:\n \"a\"\n \"bb\""
    @test disp(Int[]) == "Int64[]"   # Julia shows an empty Vector as its literal
    @test disp(1:3) == "1:3"
    @test disp(Dict("a" => 1)) == "Dict{String, Int64} with 1 entry:\n  \"a\" => 1"
    @test disp('a') == "'a': ASCII/Unicode U+0061 (category Ll: Letter, lowercase)"
    @test disp(pf) == "pf (generic function with 2 methods)"
    @test summary([1, 2]) == "2-element Vector{Int64}"
end

module PrMod
struct S end
abstract type A{T} end
end
@testset "types print as Julia's show" begin
    @test string(Tuple{}) == "Tuple{}"
    @test string(typeof(())) == "Tuple{}"
    @test string(NTuple{4, Int}) == "NTuple{4, Int64}"
    @test string(Tuple{String, Int, Int, Int, Int}) == "Tuple{String, Vararg{Int64, 4}}"
    @test string(Tuple{Int, Int, Int, Int, String}) == "Tuple{Int64, Int64, Int64, Int64, String}"
    @test string(Tuple{Vararg{Int}}) == "Tuple{Vararg{Int64}}"
    @test string(NTuple{N, Int} where N) == "NTuple{N, Int64} where N"
    @test string(Vector{<:Real}) == "Vector{<:Real}"
    @test string(Pair{<:Any, Int}) == "Pair{<:Any, Int64}"
    @test string(Type{<:Real}) == "Type{<:Real}"
    @test string(Dict{K, Int} where K) == "Dict{K, Int64} where K"
    @test string(Union{Int, Nothing}) == "Union{Nothing, Int64}"
    @test string(Union{Int, String, Nothing}) == "Union{Nothing, Int64, String}"
    @test string(Union{Missing, Float64}) == "Union{Missing, Float64}"
    @test string(Base.RefValue{Int}) == "Base.RefValue{Int64}"
    @test string(typeof(Union{})) == "Core.TypeofBottom"
    @test string(PrMod.S) == "Main.PrMod.S"
    @test string(PrMod.A{Int}) == "Main.PrMod.A{Int64}"
    @test string(PrMod) == "Main.PrMod"
    @test string(AbstractVector{Int}) == "AbstractVector{Int64}"
    @test string(AbstractMatrix) == "AbstractMatrix"
    @test string(Array{Int}) == "Array{Int64}"
    @test string(Matrix) == "Matrix"
    @test string(Union{Vector{Int}, Matrix{Int}}) == "VecOrMat{Int64}"
    @test string(NamedTuple{(:a, :b), Tuple{Int, String}}) == "@NamedTuple{a::Int64, b::String}"
    @test string(typeof(keys(Dict(1 => 2)))) == "Base.KeySet{Int64, Dict{Int64, Int64}}"
    @test repr(Base.OneTo(3)) == "Base.OneTo(3)"
    @test repr(MIME"text/plain"(), Vector{Int}) == "Vector{Int64} (alias for Array{Int64, 1})"
    @test repr(MIME"text/plain"(), typeof(sin)) == "typeof(sin) (singleton type of function sin, subtype of Function)"
    @test repr(MIME"text/plain"(), Int) == "Int64"
    @test sprint(show, "text/plain", π) == "π = 3.1415926535897..."   # the MIME type as a string
    @test sprint(show, "text/plain", [1, 2]) == "2-element Vector{Int64}:\n 1\n 2"
end

@testset "display of empty vectors, repr with a MIME string" begin
    @test disp(Int[]) == "Int64[]"
    @test disp(ComplexF64[]) == "ComplexF64[]"
    @test disp(Any[]) == "Any[]"
    @test disp(zeros(0, 3)) == "0×3 Matrix{Float64}"
    @test sprint(show, MIME("text/plain"), zeros(0, 3); context=:compact => true) == "Matrix{Float64}(undef, 0, 3)"
    @test repr("text/plain", 1//2) == "1//2"
    @test repr("text/plain", [1]) == "1-element Vector{Int64}:\n 1"
    @test repr(MIME("text/plain"), 1/3; context=:compact => true) == "0.333333"
end

@testset "Pair show: nesting, operators, loose types" begin
    @test repr((1 => 2) => 3) == "(1 => 2) => 3"
    @test repr(1 => (2 => 3)) == "1 => (2 => 3)"
    @test repr(Pair{Any,Any}(1, 2)) == "Pair{Any, Any}(1, 2)"
    @test repr(Any[Pair{Any,Any}(1, 2)]) == "Any[Pair{Any, Any}(1, 2)]"
    @test repr(Pair{Any,Any}[1 => 2]) == "Pair{Any, Any}[1 => 2]"
    @test repr((+) => 1) == "(+) => 1"
    @test repr(sin => 1) == "sin => 1"
    @test repr(Dict(1 => 1.0f0)) == "Dict{Int64, Float32}(1 => 1.0)"
    @test sprint(show, 1 => 2; context = :compact => true) == "1=>2"
    @test string(1 => "a") == "1 => \"a\""
end

@testset "REPL display: alignment of Rational and Complex columns, compact Dict entries" begin
    # Rationals align on their `//`, complex numbers on the sign of the imaginary part
    @test disp([1//2 3//40; 10 2]) == "2×2 Matrix{Rational{Int64}}:\n  1//2  3//40\n 10//1  2//1"
    @test disp([1//2, 10//3, -7//100]) == "3-element Vector{Rational{Int64}}:\n  1//2\n 10//3\n -7//100"
    @test disp([1.5 + 2im, -3.25 - 4im, 100im]) ==
        "3-element Vector{ComplexF64}:\n   1.5 + 2.0im\n -3.25 - 4.0im\n   0.0 + 100.0im"
    @test disp([1.5+2im 1; -10.25-4im 2]) ==
        "2×2 Matrix{ComplexF64}:\n    1.5+2.0im  1.0+0.0im\n -10.25-4.0im  2.0+0.0im"
    @test disp([1+2im 3-4im; 10im 1]) == "2×2 Matrix{Complex{Int64}}:\n 1+2im   3-4im\n 0+10im  1+0im"
    # an exponent's sign is not the separator
    @test disp([1e-10 + 2im, 1 + 1e10im]) == "2-element Vector{ComplexF64}:\n 1.0e-10 + 2.0im\n     1.0 + 1.0e10im"
    # dictionary entries are shown compactly
    @test disp(Dict{Float32,Float32}(1f0 => 2f0)) == "Dict{Float32, Float32} with 1 entry:\n  1.0 => 2.0"
    @test disp(Dict("a" => 0.1 + 0.2)) == "Dict{String, Float64} with 1 entry:\n  \"a\" => 0.3"
    @test repr(Dict{Float32,Float32}(1f0 => 2f0)) == "Dict{Float32, Float32}(1.0 => 2.0)"
    # sets, pairs and named tuples keep the type of Float32s
    @test disp(Set([1f0])) == "Set{Float32} with 1 element:\n  1.0f0"
    @test disp(1f0 => 2f0) == "1.0f0 => 2.0f0"
    @test repr((a = 1f0,)) == "(a = 1.0f0,)"
    @test repr(Pair{Float32,Float32}[1f0 => 2f0]) == "Pair{Float32, Float32}[1.0 => 2.0]"
    # tuples and named tuples whose type the container gives show their fields without type suffixes
    @test repr([(1f0, 2)]) == "Tuple{Float32, Int64}[(1.0, 2)]"
    @test disp([(1f0, 2)]) == "1-element Vector{Tuple{Float32, Int64}}:\n (1.0, 2)"
    @test repr([(a = 1f0, b = [2f0])]) == "@NamedTuple{a::Float32, b::Vector{Float32}}[(a = 1.0, b = [2.0])]"
    @test repr((1f0, [2f0])) == "(1.0f0, Float32[2.0])"
    @test repr(Any[(1f0,)]) == "Any[(1.0f0,)]"
    @test repr(Base.ImmutableDict(1 => 2, 3 => 4)) == "Base.ImmutableDict(3 => 4, 1 => 2)"
    @test disp(Base.ImmutableDict(1 => 2)) == "Base.ImmutableDict{Int64, Int64} with 1 entry:\n  1 => 2"
end

@testset "REPL display of tall arrays (:limit): first and last rows around ⋮" begin
    lim = (:limit => true, :displaysize => (24, 80))
    # 24 lines less 4: 10 rows, the ⋮ line under the alignment point, 9 rows
    v = collect(1:100)
    ls = split(sprint(show, MIME"text/plain"(), v; context = lim), '\n')
    @test ls[1] == "100-element Vector{Int64}:"
    @test ls[2:11] == [lpad(i, 4) for i in 1:10]
    @test ls[12] == "   ⋮"
    @test ls[13:end] == [lpad(i, 4) for i in 92:100]
    # floats align on the point; strings and other values on the left
    f = split(sprint(show, MIME"text/plain"(), [1.5i for i in 1:30]; context = lim), '\n')
    @test f[11] == " 15.0" && f[12] == "  ⋮" && f[13] == " 33.0"
    s = split(sprint(show, MIME"text/plain"(), string.(1:25); context = lim), '\n')
    @test s[12] == " ⋮" && length(s) == 21
    # matrices: ⋮ under columns 1, 6, 11, ..., nothing after the last column
    m = split(sprint(show, MIME"text/plain"(), reshape(1:300, 50, 6); context = lim), '\n')
    @test m[12] == "  ⋮                        ⋮"
    @test m[2] == "  1   51  101  151  201  251" && m[end] == " 50  100  150  200  250  300"
    # short arrays, and any array without :limit, are shown in full
    @test length(split(sprint(show, MIME"text/plain"(), collect(1:20); context = lim), '\n')) == 21
    @test length(split(sprint(show, MIME"text/plain"(), v), '\n')) == 101
end

@testset "REPL display of wide matrices (:limit): first and last columns around …" begin
    lim = (:limit => true, :displaysize => (24, 80))
    # 79 columns of room: the right part gets 9 columns, the left the 10 that fit in the rest;
    # `…` on rows 1, 6, 11, ..., spaces of its width on the others; no padding after the last column
    ls = split(sprint(show, MIME"text/plain"(), collect(reshape(1:60, 2, 30)); context = lim), '\n')
    @test ls[1] == "2×30 Matrix{Int64}:"
    @test ls[2] == " 1  3  5  7   9  11  13  15  17  19  …  43  45  47  49  51  53  55  57  59"
    @test ls[3] == " 2  4  6  8  10  12  14  16  18  20     44  46  48  50  52  54  56  58  60"
    w = split(sprint(show, MIME"text/plain"(), reshape(1:140, 7, 20); context = lim), '\n')
    @test [occursin('…', l) for l in w[2:end]] == [true, false, false, false, false, true, false]
    @test all(l -> textwidth(l) <= 80, w)
    # tall and wide: ⋮ under every fifth column of each part, ⋱ between them
    b = split(sprint(show, MIME"text/plain"(), collect(reshape(1.0:3000.0, 100, 30)); context = lim), '\n')
    @test length(b) == 21 && all(l -> textwidth(l) <= 80, b)
    @test occursin("  ⋱  ", b[12]) && count(==('⋮'), b[12]) >= 2
    @test startswith(b[2], "   1.0  101.0") && endswith(b[end], "3000.0")
    # without :limit, and when the columns fit, every column is shown
    @test !occursin('…', sprint(show, MIME"text/plain"(), reshape(1:60, 2, 30)))
    @test !occursin('…', sprint(show, MIME"text/plain"(), reshape(1:20, 2, 10); context = lim))
end
