# regex.jl -- Regex on PCRE2: literals and flags, match/RegexMatch, eachmatch, search functions,
# split/replace with regexes and substitution strings, errors.
using Test

@testset "Regex construction and show" begin
    @test r"a.c" isa Regex
    @test occursin(r"a.c", "xabcx")
    @test repr(r"a.c") == "r\"a.c\""
    @test repr(r"ab"imsx) == "r\"ab\"imsx"
    @test repr(r"a\"b") == "r\"a\\\"b\""
    @test repr(Regex("x+", "i")) == "r\"x+\"i"
    @test Regex("a.c") == r"a.c"
    @test r"a" != r"a"i
    @test_throws ArgumentError Regex("a", "q")
    @test_throws ErrorException Regex("(")
    @test sprint(showerror, try Regex("a("); catch e; e; end) ==
        "PCRE compilation error: missing closing parenthesis at offset 2"
    @test occursin(r"ABC"i, "xabc")
    @test !occursin(r"^b", "a\nb")
    @test occursin(r"^b"m, "a\nb")
    @test !occursin(r"a.b", "a\nb")
    @test occursin(r"a.b"s, "a\nb")
    @test occursin(r"a b c"x, "abc")
    @test occursin(r"\w+", "é")
    @test !occursin(r"^\w$"a, "é")
end

@testset "match and RegexMatch" begin
    m = match(r"(\d+)-(\d+)", "tel 123-4567 end")
    @test m isa RegexMatch
    @test m.match == "123-4567"
    @test typeof(m.match) == SubString{String}
    @test m.captures == ["123", "4567"]
    @test m[1] == "123" && m[2] == "4567"
    @test m.offset == 5
    @test m.offsets == [5, 9]
    @test repr(m) == "RegexMatch(\"123-4567\", 1=\"123\", 2=\"4567\")"
    @test length(m) == 2
    @test collect(m) == ["123", "4567"]
    m = match(r"(?<year>\d{4})-(?<mon>\d\d)", "on 2024-05-01")
    @test m[:year] == "2024"
    @test m["mon"] == "05"
    @test keys(m) == ["year", "mon"]
    @test haskey(m, :year) && !haskey(m, :day)
    @test repr(m) == "RegexMatch(\"2024-05\", year=\"2024\", mon=\"05\")"
    @test_throws ErrorException m[:day]
    m = match(r"a(x)?b", "ab")
    @test m.captures == [nothing]
    @test m[1] === nothing
    @test m.offsets == [0]
    @test repr(m) == "RegexMatch(\"ab\", 1=nothing)"
    @test repr(match(r"b+", "abbc")) == "RegexMatch(\"bb\")"
    @test match(r"z", "abc") === nothing
    @test match(r"b", "abcb", 3).offset == 4
    @test match(r"é(.)", "aéx").captures == ["x"]
    @test match(r"é(.)", "aéx").offset == 2
    @test match(r"b", SubString("abc", 2)).offset == 1
    @test_throws ArgumentError match(r"a", Base.SubstitutionString("a"))
end

@testset "eachmatch, find, count" begin
    @test [m.match for m in eachmatch(r"\d+", "a1b22c333")] == ["1", "22", "333"]
    @test length(collect(eachmatch(r"a", "banana"))) == 3
    @test [m.offset for m in eachmatch(r"aa", "aaaa"; overlap=true)] == [1, 2, 3]
    @test [m.match for m in eachmatch(r"x*", "ab")] == ["", "", ""]
    @test findfirst(r"o+", "foo boo") == 2:3
    @test findnext(r"o+", "foo boo", 4) == 6:7
    @test findfirst(r"z", "abc") === nothing
    @test findall(r"o+", "foo boo") == [2:3, 6:7]
    @test findfirst(r"", "ab") == 1:0
    @test count(r"a", "banana") == 3
    @test count(r"an", "banana") == 2
    @test startswith("banana", r"ban") && !startswith("banana", r"nan")
    @test endswith("banana", r"an+a") && !endswith("banana", r"ban")
    @test contains("banana", r"n.n")
end

@testset "split and replace with regex" begin
    @test split("a1b22c", r"\d+") == ["a", "b", "c"]
    @test split("a, b,c", r",\s*") == ["a", "b", "c"]
    @test split("abc", r"") == ["a", "b", "c"]
    @test split("a1b", r"\d"; limit=1) == ["a1b"]
    @test replace("abab", r"(a)" => s"\1x") == "axbaxb"
    @test replace("The quick foxes run quickly.", r"fox(es)?" => s"bus\1") == "The quick buses run quickly."
    @test replace("2024-05", r"(?<y>\d+)-(?<m>\d+)" => s"\g<m>/\g<y>") == "05/2024"
    @test replace("ab", r"(a)(b)" => s"\2\\\1\0") == "b\\aab"
    @test replace("ab", r"(a)(b)" => s"\g<2>") == "b"
    @test replace("aaa", r"a" => "b"; count=2) == "bba"
    @test replace("hello world", r"o" => uppercase) == "hellO wOrld"
    @test replace("abc", r"x*" => "-") == "-a-b-c-"
    @test replace("abc", r"b" => "") == "ac"
    @test replace("a.b", "." => "!", r"[ab]" => "_") == "_!_"
    @test_throws ErrorException replace("ab", r"(a)" => s"\2")
    @test_throws ErrorException replace("ab", r"a" => s"\g<x>")
    @test repr(s"\1x") == "s\"\\\\1x\""
    @test s"a\1" isa SubstitutionString
end

@testset "RegexMatch keys" begin
    m = match(r"(?<y>\d+)-(?<m>\d+)", "2024-05")
    @test keys(m) == ["y", "m"]
    @test keys(m) isa Vector{String}
    @test keys(match(r"(a)(?<n>b)", "ab")) == Any[1, "n"]
end

@testset "Regex concatenation with *" begin
    @test repr(r"a" * r"b") == "r\"(?:a)(?:b)\""
    @test repr(r"a"i * r"b"i) == "r\"(?:a)(?:b)\"i"
    @test repr(r"a"i * r"b") == "r\"(?i:a)(?:b)\""
    @test repr(r"Hello|Good bye" * ' ' * "world") == "r\"(?:Hello|Good bye)\\Q \\E\\Qworld\\E\""
    @test occursin(r"a" * "b.", "xab.")
    @test !occursin(r"a" * "b.", "abc")
    @test match(r"A"i * "b", "ab").match == "ab"
    let r = r"x"
        @test *(r) === r
    end
    @test "a" * "b" * 'c' == "abc"
    @test_throws ArgumentError r"a" * Regex("b", Base.DEFAULT_COMPILER_OPTS, Base.PCRE.ANCHORED)
end
