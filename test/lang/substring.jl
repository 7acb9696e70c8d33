# substring.jl -- SubString: construction and bounds, index arithmetic shifted by the offset,
# conversion, printing, functions that return SubStrings as Julia 1.10 does.
using Test

@testset "SubString basics" begin
    s = "héllo wörld"
    ss = SubString(s, 8, 13)
    @test ss == "wörld"
    @test typeof(ss) == SubString{String}
    @test ss.offset == 7 && ss.ncodeunits == 6
    @test ss.string === s
    @test ncodeunits(ss) == 6 && length(ss) == 5
    @test ss[2] == 'ö'
    @test ss[4] == 'r'
    @test_throws StringIndexError ss[3]
    @test_throws BoundsError ss[7]
    @test collect(ss) == ['w', 'ö', 'r', 'l', 'd']
    @test collect(eachindex(ss)) == [1, 2, 4, 5, 6]
    @test nextind(ss, 2) == 4 && prevind(ss, 4) == 2 && thisind(ss, 3) == 2
    @test lastindex(ss) == 6
    @test isvalid(ss, 2) && !isvalid(ss, 3) && !isvalid(ss, 7)
    @test codeunit(ss, 1) == UInt8('w')
    @test SubString(s, 1:2) == "hé"
    @test SubString(s, 8) == "wörld"
    @test SubString("abc") == "abc"
    @test SubString(ss, 2, 4) == "ör"
    @test typeof(SubString(ss, 2, 4)) == SubString{String}
    @test SubString(ss, 2, 4).offset == 8
    @test SubString("abc", 3, 2) == ""
    @test_throws StringIndexError SubString(s, 3, 4)
    @test_throws BoundsError SubString("abc", 2, 5)
    @test ss[2:4] == "ör"
    @test typeof(ss[2:4]) == SubString{String}
    @test typeof(s[1:2]) == String
    @test String(ss) == "wörld" && typeof(String(ss)) == String
    @test string(ss) == "wörld" && typeof(string(ss)) == String
    @test convert(String, ss) == "wörld"
    @test convert(SubString{String}, "ab") == "ab"
    @test Symbol(SubString("xab", 2)) === :ab
    @test ss * "!" == "wörld!"
    @test repeat(SubString("xab", 2), 2) == "abab"
    @test uppercase(ss) == "WÖRLD"
    @test reverse(ss) == "dlröw"
    @test parse(Int, SubString("x42", 2)) == 42
    @test sprint(show, ss) == "\"wörld\""
    @test sprint(print, ss) == "wörld"
    @test "[$ss]" == "[wörld]"
    @test repr(split("a b")) == "SubString{String}[\"a\", \"b\"]"
    @test repr(typeof(ss)) == "SubString{String}"
    @test sizeof(ss) == 6
    @test pointer(ss) == pointer(s) + 7
    @test unsafe_string(pointer(ss), 3) == "wö"
    @test ccall(:strlen, Csize_t, (Ptr{UInt8},), SubString("abc", 1, 3)) == 3
end

@testset "functions returning SubString" begin
    @test typeof(strip(" a ")) == SubString{String}
    @test typeof(lstrip(" a")) == SubString{String}
    @test typeof(rstrip("a ")) == SubString{String}
    @test typeof(chop("ab")) == SubString{String}
    @test typeof(chomp("a\n")) == SubString{String}
    @test eltype(split("a,b", ',')) == SubString{String}
    @test eltype(rsplit("a,b", ',')) == SubString{String}
    @test typeof(first(split(strip("  a b "), ' '))) == SubString{String}
    @test typeof(match(r"b", "abc").match) == SubString{String}
    @test typeof(replace(SubString("abc", 1), "b" => "x")) == String
    @test typeof(lpad(SubString("ab", 1), 4)) == String
    @test typeof(SubString("ab", 1) * "c") == String
    @test typeof(join([SubString("ab", 1), "c"])) == String
end
