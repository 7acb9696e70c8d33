# unicode.jl -- Unicode properties through utf8proc: categories, normalization, graphemes, the
# Unicode stdlib, textwidth.
using Test
using Unicode

@testset "normalize" begin
    e1 = "e\u0301"          # e + combining acute
    @test Unicode.normalize(e1, :NFC) == "é"
    @test length(Unicode.normalize(e1, :NFC)) == 1
    @test Unicode.normalize("é", :NFD) == e1
    @test Unicode.normalize("ﬁ", :NFKC) == "fi"
    @test Unicode.normalize("ﬁ", :NFC) == "ﬁ"
    @test Unicode.normalize("①", :NFKD) == "1"
    @test Unicode.normalize("JuLiA", casefold=true) == "julia"
    @test Unicode.normalize("éa", stripmark=true, decompose=true) == "ea"
    @test_throws ArgumentError Unicode.normalize("a", :NFX)
    @test isequal_normalized("é", e1)
    @test !isequal_normalized("é", "e")
    @test isequal_normalized("ABC", "abc", casefold=true)
end

@testset "graphemes and categories" begin
    g = collect(graphemes("e\u0301x🇫🇷"))
    @test g == ["e\u0301", "x", "🇫🇷"]
    @test eltype(g) == SubString{String}
    @test length(graphemes("abc")) == 3
    @test Unicode.isassigned('a') && !Unicode.isassigned('\U0e0080')
    @test Base.Unicode.category_abbrev('a') == "Ll"
    @test Base.Unicode.category_abbrev('1') == "Nd"
    @test Base.Unicode.category_string('∀') == "Symbol, math"
    @test Base.Unicode.category_abbrev('\xff') == "Ma"
    @test Base.Unicode.isletter === isletter
    @test textwidth('a') == 1 && textwidth('中') == 2 && textwidth("a中b") == 4
    @test isletter('ß') && islowercase('ß')
    @test uppercase("straße") == "STRAẞE" || uppercase("straße") == "STRAßE"
    @test lowercase("ΑΒΓ") == "αβγ"
    @test titlecase("éclair au chocolat") == "Éclair Au Chocolat"
    @test isspace('\u00a0') && isspace('\u3000') && !isspace('\u200b')
    @test ispunct('«') && ispunct('—')
    @test isnumeric('Ⅻ')
    @test isprint('∀') && !isprint('\u0085')
end

@testset "transcode between code-unit types" begin
    @test transcode(UInt8, UInt32[0x1F600]) == UInt8[0xf0, 0x9f, 0x98, 0x80]
    @test transcode(UInt16, UInt8[0xf0, 0x9f, 0x98, 0x80]) == UInt16[0xd83d, 0xde00]
    @test transcode(UInt32, UInt16[0xd83d, 0xde00]) == UInt32[0x1f600]
    @test transcode(UInt8, UInt8[0x61]) == UInt8[0x61]
end
