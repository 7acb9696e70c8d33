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
