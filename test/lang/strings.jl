# strings.jl -- String basics: length vs ncodeunits, indexing (BoundsError/StringIndexError),
# iteration, concatenation, interpolation, search, split/join/strip/replace, parse, Char.
using Test

@testset "strings" begin
    s = "héllo"
    @test length(s) == 5
    @test ncodeunits(s) == 6
    @test s[1] == 'h'
    @test s[2] == 'é'
    @test s[4] == 'l'
    @test_throws StringIndexError s[3]
    @test_throws BoundsError s[10]
    @test collect("abc") == ['a', 'b', 'c']
    @test "ab" * "cd" == "abcd"
    @test "x" ^ 3 == "xxx"
    @test "a$(1 + 1)b" == "a2b"
    @test string("a", 1, 'c') == "a1c"
    @test startswith("julia", "ju")
    @test endswith("julia", "ia")
    @test occursin("li", "julia")
    @test findfirst("li", "julia") == 3:4
    @test findfirst('l', "hello") == 3
    @test split("a,b,,c", ",") == ["a", "b", "", "c"]
    @test split("  a b  ") == ["a", "b"]
    @test join(["a", "b", "c"], ", ") == "a, b, c"
    @test join([1, 2, 3]) == "123"
    @test strip("  hi  ") == "hi"
    @test lstrip("  hi") == "hi"
    @test rstrip("hi  ") == "hi"
    @test chomp("line\n") == "line"
    @test replace("hello", "l" => "L") == "heLLo"
    @test uppercase("abc") == "ABC"
    @test lowercase("ABC") == "abc"
    @test reverse("abc") == "cba"
    @test lpad("5", 3, "0") == "005"
    @test rpad("a", 3) == "a  "
    @test parse(Int, "42") == 42
    @test parse(Int, "-7") == -7
    @test parse(Float64, "2.5") == 2.5
    @test tryparse(Int, "x") === nothing
    @test "abc" < "abd"
    @test "abc" == "abc"
    @test cmp("a", "b") == -1
    @test Symbol("ab") === :ab
    @test String(:ab) == "ab"
    @test 'a' + 1 == 'b'
    @test 'c' - 'a' == 2
    @test Int('A') == 65
    @test Char(0x263A) == '☺'
    @test isdigit('7') && !isdigit('x')
    @test isspace(' ')
    @test uppercase('q') == 'Q'
    @test "abc"[2:3] == "bc"
    @test first("hello", 2) == "he"
    @test last("hello", 3) == "llo"
    @test repeat("ab", 2) == "abab"
    @test codeunit("abc", 1) == 0x61
    @test isvalid("héllo", 3) == false
    @test nextind("héllo", 2) == 4
end

@testset "AbstractString interface" begin
    s = "aé∀😀"
    @test ncodeunits(s) == 10
    @test codeunit(s) == UInt8
    @test codeunit(s, 2) == 0xc3
    @test_throws BoundsError codeunit(s, 11)
    @test codeunits("ab") == UInt8[0x61, 0x62]
    @test length(codeunits(s)) == 10
    @test collect(eachindex(s)) == [1, 2, 4, 7]
    @test collect(keys("ab")) == [1, 2]
    @test [isvalid(s, i) for i in 0:11] == [false, true, true, false, true, false, false, true, false, false, false, false]
    @test thisind(s, 3) == 2
    @test thisind(s, 0) == 0
    @test thisind(s, 11) == 11
    @test_throws BoundsError thisind(s, 12)
    @test nextind(s, 0) == 1
    @test nextind(s, 2) == 4
    @test nextind(s, 7) == 11
    @test nextind(s, 1, 3) == 7
    @test nextind(s, 10, 2) == 12
    @test_throws BoundsError nextind(s, 11)
    @test prevind(s, 11) == 7
    @test prevind(s, 1) == 0
    @test prevind(s, 4, 3) == 0
    @test prevind(s, 4, 4) == -1
    @test_throws BoundsError prevind(s, 0)
    @test length(s) == 4
    @test length(s, 2, 7) == 3
    @test length(s, 3, 3) == 0
    @test lastindex(s) == 7
    @test firstindex(s) == 1
    @test collect(s) == ['a', 'é', '∀', '😀']
    @test s[7] == '😀'
    @test s[2:4] == "é∀"
    @test sizeof(s) == 10
    @test isempty("") && !isempty("a")
    @test get("abc", 5, 'z') == 'z'
    @test sprint(showerror, StringIndexError("héllo", 3)) ==
        "StringIndexError: invalid index [3], valid nearby indices [2]=>'é', [4]=>'l'"
    @test sprint(showerror, StringIndexError("aé", 3)) ==
        "StringIndexError: invalid index [3], valid nearby index [2]=>'é'"
    ex = try "aé"[1:3]; catch e; e; end
    @test ex isa StringIndexError && ex.index == 3
    @test sprint(showerror, BoundsError("abc", 5)) == "BoundsError: attempt to access 3-codeunit String at index [5]"
    @test sprint(showerror, BoundsError("", 1)) == "BoundsError: attempt to access empty String at index [1]"
end

@testset "invalid UTF-8" begin
    s = "a\xffb\xe2\x88"
    @test length(s) == 4
    @test collect(s) == ['a', '\xff', 'b', "\xe2\x88"[1]]
    @test !isvalid(s)
    @test isvalid("aé")
    @test !isvalid(s[2])
    @test isvalid('a')
    @test Base.ismalformed('\xff')
    @test Base.isoverlong("\xc0\x80"[1])
    @test repr('\xff') == "'\\xff'"
    @test repr("\xc0\x80"[1]) == "'\\xc0\\x80'"
    @test repr(s) == "\"a\\xffb\\xe2\\x88\""
    @test_throws Base.InvalidCharError codepoint('\xff')
    @test sprint(show, Base.InvalidCharError('\xff')) == "Base.InvalidCharError{Char}('\\xff')"
    @test_throws Base.CodePointError Char(0x200000)
    @test Char(0xd800) isa Char && !isvalid(Char(0xd800))
end

@testset "concatenation and construction" begin
    @test "a" * 'b' * "c" == "abc"
    @test 'a' * 'b' == "ab"
    @test "ab"^3 == "ababab"
    @test 'x'^2 == "xx"
    @test repeat("é", 2) == "éé"
    @test_throws ArgumentError repeat("a", -1)
    @test string() == ""
    @test string("a", 'b', 1, 2.5, :c, nothing) == "ab12.5cnothing"
    @test String(['a', 'é']) == "aé"
    @test String(UInt8[0x61, 0x62]) == "ab"
    @test Vector{UInt8}("ab") == UInt8[0x61, 0x62]
    @test join(["a", "b", "c"], ", ", " and ") == "a, b and c"
    @test join(["a"], ", ", " and ") == "a"
    @test join(String[], ", ") == ""
    @test join((1, 2, 3), '-') == "1-2-3"
    @test sprint(join, ["x", "y"], "+") == "x+y"
    @test reverse("aé∀") == "∀éa"
    @test lpad("ab", 5) == "   ab"
    @test lpad(7, 3, '0') == "007"
    @test rpad("ab", 5, "xy") == "abxyx"
    @test lpad("abcdef", 3) == "abcdef"
    @test lpad("∀", 3, "é") == "éé∀"
    @test lpad("中", 4) == "  中"
    @test ascii("abc") == "abc"
    @test_throws ArgumentError ascii("abé")
    @test sprint(showerror, try ascii("abé"); catch e; e; end) == "ArgumentError: invalid ASCII at index 3 in \"abé\""
    @test isascii("abc") && !isascii("é")
    @test map(uppercase, "abc") == "ABC"
    @test filter(isdigit, "a1b2") == "12"
    @test first("héllo", 2) == "hé"
    @test last("héllo", 2) == "lo"
    @test first("ab", 5) == "ab"
end

@testset "comparison and hashing" begin
    @test cmp("a", "b") == -1 && cmp("b", "a") == 1 && cmp("a", "a") == 0
    @test cmp("ab", "abc") == -1
    @test isless("a", "b") && !isless("b", "a")
    @test "abc" < "abd" && "b" > "abc"
    @test "α" > "a"
    @test SubString("xabc", 2) == "abc"
    @test "abc" == SubString("xabc", 2)
    @test isequal(SubString("xabc", 2), "abc")
    @test hash(SubString("xabc", 2)) == hash("abc")
    @test cmp(SubString("xab", 2), "ab") == 0
    @test Dict("abc" => 1)[SubString("xabc", 2)] == 1
    @test sort(["b", "a", "c"]) == ["a", "b", "c"]
end

@testset "search" begin
    s = "héllo wörld"
    @test findfirst('l', s) == 4
    @test findlast('l', s) == 12
    @test findnext('l', s, 5) == 5
    @test findnext('l', s, 6) == 12
    @test findprev('l', s, 11) == 5
    @test findfirst('z', s) === nothing
    @test findall('l', s) == [4, 5, 12]
    @test findfirst("ö", s) == 9:9
    @test findfirst("wö", s) == 8:9
    @test findfirst("lo", s) == 5:6
    @test findlast("l", s) == 12:12
    @test findnext("l", s, 6) == 12:12
    @test findprev("l", s, 11) == 5:5
    @test findfirst("", "abc") == 1:0
    @test findfirst("zz", s) === nothing
    @test findall("aa", "aaaa") == [1:2, 3:4]
    @test findall("aa", "aaaa"; overlap=true) == [1:2, 2:3, 3:4]
    @test findfirst(isdigit, "ab1c2") == 3
    @test findlast(isdigit, "ab1c2") == 5
    @test findall(isuppercase, "aBcD") == [2, 4]
    @test findnext(isspace, "a b c", 3) == 4
    @test_throws StringIndexError findnext('l', s, 3)
    @test occursin("wör", s) && !occursin("xyz", s)
    @test occursin('w', s)
    @test contains(s, "llo")
    @test contains("ll")(s)
    @test occursin("abc")("b")
    @test 'é' in s
    @test_throws ErrorException "a" in "abc"
    @test startswith(s, "hé") && !startswith(s, "he")
    @test endswith(s, "rld")
    @test startswith(s, 'h') && endswith(s, 'd')
    @test startswith("abc", ['x', 'a'])
    @test startswith("ab")("abc")
    @test endswith("bc")("abc")
    @test count("a", "banana") == 3
    @test count(==('a'), "banana") == 3
end

@testset "split, strip, chop" begin
    @test split("a b  c") == ["a", "b", "c"]
    @test split(" a b ") == ["a", "b"]
    @test split("a,b,,c", ',') == ["a", "b", "", "c"]
    @test split("a,b,,c", ','; keepempty=false) == ["a", "b", "c"]
    @test split("a,b,c", ','; limit=2) == ["a", "b,c"]
    @test split("a1b2c", isdigit) == ["a", "b", "c"]
    @test split("a,b;c", [',', ';']) == ["a", "b", "c"]
    @test split("a--b--c", "--") == ["a", "b", "c"]
    @test split("abc", "") == ["a", "b", "c"]
    @test split("", ',') == [""]
    @test split("") == SubString{String}[]
    @test typeof(split("a b")) == Vector{SubString{String}}
    @test eltype(split(SubString("a b", 1))) == SubString{String}
    @test rsplit("a.b.c", '.') == ["a", "b", "c"]
    @test rsplit("a.b.c", "."; limit=2) == ["a.b", "c"]
    @test rsplit(" a b ") == ["a", "b"]
    @test rsplit("a..b", '.'; keepempty=false) == ["a", "b"]
    @test collect(eachsplit("a b", ' ')) == ["a", "b"]
    @test strip("  ab  ") == "ab"
    @test typeof(strip(" a ")) == SubString{String}
    @test lstrip("  ab  ") == "ab  "
    @test rstrip("  ab  ") == "  ab"
    @test strip("xxaxx", 'x') == "a"
    @test strip("{3, 5}\n", ['{', '}', '\n']) == "3, 5"
    @test strip(isdigit, "12ab34") == "ab"
    @test lstrip(isuppercase, "ABcD") == "cD"
    @test strip("\u3000a\u00a0") == "a"
    @test_throws ArgumentError strip("abc", "a")
    @test chomp("ab\n") == "ab"
    @test chomp("ab\r\n") == "ab"
    @test chomp("ab") == "ab"
    @test typeof(chomp("ab\n")) == SubString{String}
    @test chop("héllo") == "héll"
    @test chop("March", head=1, tail=2) == "ar"
    @test chop("ab", head=5, tail=5) == ""
    @test chop("") == ""
    @test chopprefix("abc", "ab") == "c"
    @test chopprefix("abc", "x") == "abc"
    @test chopsuffix("abc", "bc") == "a"
end

@testset "replace" begin
    @test replace("hello", "l" => "L") == "heLLo"
    @test replace("hello", 'l' => 'L') == "heLLo"
    @test replace("hello", "l" => "L"; count=1) == "heLlo"
    @test replace("abc", "a" => "b", "b" => "c") == "bcc"
    @test replace("abcabc", "a" => "b", "b" => "c", r".+" => "a") == "bca"
    @test replace("hello", ['e', 'o'] => '0') == "h0ll0"
    @test replace("hello", isuppercase => "") == "hello"
    @test replace("a1b22", isdigit => "#") == "a#b##"
    @test replace("hello", "l" => uppercase) == "heLLo"
    @test replace("hello", 'l' => c -> c + 1) == "hemmo"
    @test replace("abc", "" => "-") == "-a-b-c-"
    @test replace("abc", "x" => "y") == "abc"
    @test replace(SubString("xaax", 2, 3), "a" => "b") == "bb"
    @test_throws DomainError replace("a", "a" => "b"; count=-1)
    @test replace("The quick foxes run quickly.", "quick" => "slow", count=1) == "The slow foxes run quickly."
end

@testset "case and classification" begin
    @test uppercase("héllo") == "HÉLLO"
    @test lowercase("ÀB") == "àb"
    @test titlecase("the QUICK brown-fox") == "The Quick Brown-Fox"
    @test titlecase("the QUICK fox", strict=false) == "The QUICK Fox"
    @test uppercasefirst("éa") == "Éa"
    @test lowercasefirst("ABC") == "aBC"
    @test uppercasefirst("") == ""
    @test titlecase('ǆ') == 'ǅ'
    @test lowercase('Σ') == 'σ'
    @test isdigit('7') && !isdigit('٣')
    @test isnumeric('٣') && isnumeric('½') && !isnumeric('a')
    @test isletter('é') && isletter('λ') && !isletter('1')
    @test isspace('\u2003') && isspace('\t') && !isspace('a')
    @test isuppercase('Λ') && !isuppercase('λ')
    @test islowercase('λ')
    @test isascii('a') && !isascii('é')
    @test ispunct('!') && ispunct('¿') && !ispunct('a')
    @test isxdigit('F') && !isxdigit('g')
    @test isprint('a') && !isprint('\x7f') && !isprint('\u200b')
    @test iscntrl('\n') && !iscntrl('a')
    @test textwidth("ab中") == 4
    @test textwidth('\u0301') == 0
    @test codepoint('é') == 0xe9
    @test typeof(codepoint('a')) == UInt32
    @test Char(0x1F600) == '😀'
    @test Int('€') == 8364
end

@testset "escapes and repr" begin
    @test repr("a\"b\n") == "\"a\\\"b\\n\""
    @test repr("\e") == "\"\\e\""
    @test repr("\x7f") == "\"\\x7f\""
    @test repr("\$x") == "\"\\\$x\""
    @test repr("é∀") == "\"é∀\""
    @test repr("\0") == "\"\\0\""
    @test repr("\0" * "1") == "\"\\x001\""
    @test repr("\u200b") == "\"\\u200b\""
    @test repr("\u200bb") == "\"\\u200bb\""
    @test repr("\t\r\a\b\f\v\\") == "\"\\t\\r\\a\\b\\f\\v\\\\\""
    @test repr('a') == "'a'"
    @test repr('\'') == "'\\''"
    @test repr('"') == "'\"'"
    @test repr('\n') == "'\\n'"
    @test repr('\e') == "'\\e'"
    @test repr('\u85') == "'\\u85'"
    @test repr('😀') == "'😀'"
    @test repr(SubString("a\nb", 1)) == "\"a\\nb\""
    @test escape_string("a\tb\"") == "a\\tb\""
    @test escape_string("a\"b", "\"") == "a\\\"b"
    @test escape_string("a\nb"; keep='\n') == "a\nb"
    @test unescape_string("a\\tb\\x41\\u00e9\\101\\\\") == "a\tbAéA\\"
    @test unescape_string("\\\"") == "\""
    @test unescape_string("a\\nb", ('n',)) == "a\\nb"
    @test_throws ArgumentError unescape_string("\\q")
    @test_throws ArgumentError unescape_string("\\xg")
    @test sprint(show, MIME"text/plain"(), 'a') == "'a': ASCII/Unicode U+0061 (category Ll: Letter, lowercase)"
    @test sprint(show, MIME"text/plain"(), 'é') == "'é': Unicode U+00E9 (category Ll: Letter, lowercase)"
    @test sprint(show, MIME"text/plain"(), '\xff') == "'\\xff': Malformed UTF-8 (category Ma: Malformed, bad data)"
    @test sprint(show, MIME"text/plain"(), '∀') == "'∀': Unicode U+2200 (category Sm: Symbol, math)"
    @test sprint(print, SubString("abc", 2)) == "bc"
    @test summary(SubString("abc", 2)) == "2-codeunit SubString{String}"
end

@testset "transcode" begin
    @test transcode(UInt16, "a😀") == UInt16[0x0061, 0xd83d, 0xde00]
    @test transcode(String, UInt16[0x0061, 0xd83d, 0xde00]) == "a😀"
    @test transcode(UInt32, "aé") == UInt32[0x61, 0xe9]
    @test transcode(String, UInt32[0x61, 0xe9]) == "aé"
    @test transcode(UInt8, "é") == UInt8[0xc3, 0xa9]
    @test transcode(String, UInt8[0xc3, 0xa9]) == "é"
end

@testset "hex2bytes and bytes2hex" begin
    @test hex2bytes("0aff") == UInt8[0x0a, 0xff]
    @test hex2bytes("3039") == UInt8[0x30, 0x39]
    @test hex2bytes("01abEF") == UInt8[0x01, 0xab, 0xef]
    @test hex2bytes("") == UInt8[]
    @test bytes2hex(UInt8[1, 255, 16]) == "01ff10"
    @test bytes2hex(hex2bytes("deadbeef")) == "deadbeef"
    @test sprint(bytes2hex, UInt8[0xab]) == "ab"
    @test_throws ArgumentError hex2bytes("abc")
    @test_throws ArgumentError hex2bytes("zz")
    @test sprint(showerror, try hex2bytes("0g") catch e; e end) == "ArgumentError: byte is not an ASCII hexadecimal digit"
    dest = zeros(UInt8, 2)
    @test hex2bytes!(dest, "1234") === dest && dest == [0x12, 0x34]
end

@testset "eachsplit element type" begin
    @test eltype(eachsplit("a b", " ")) == SubString{String}
    @test collect(eachsplit("a b", " ")) isa Vector{SubString{String}}
    @test repr(collect(eachsplit("a,b", ","))) == "SubString{String}[\"a\", \"b\"]"
    @test eltype(eachsplit(SubString("xa b", 2))) == SubString{String}
end
