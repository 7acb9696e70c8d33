# intparse.jl -- integers to text and back: string(n; base, pad) for every integer width, parse and
# tryparse (bases 2..62, prefixes, signs, whitespace, non-ASCII input) with Julia's errors, and the
# decimal printing of integers into streams.
using Test

msg(f) = try f(); "" catch e; sprint(showerror, e) end

@testset "string(n; base, pad)" begin
    @test string(0xf19cf4ea, base = 16) == "f19cf4ea"
    @test string(UInt32(0x0000009f), base = 16) == "9f"
    @test string(0x99, base = 16) == "99"
    @test string(typemax(UInt64), base = 16) == "ffffffffffffffff"
    @test string(typemax(UInt64)) == "18446744073709551615"
    @test string(typemin(Int64), base = 16) == "-8000000000000000"
    @test string(typemin(Int64), base = 2) == "-1" * "0"^63
    @test string(typemin(Int8), base = 7) == "-242"
    @test string(0, base = 16) == "0"
    @test string(0, base = 16, pad = 0) == ""
    @test string(0xff, base = 8, pad = 5) == "00377"
    @test string(-255, base = 2, pad = 12) == "-000011111111"
    @test string(123456789, base = 62) == "8M0kX"
    @test string(123456789, base = 36) == "21i3v9"
    @test string(Int16(-300), base = 10, pad = 6) == "-000300"
    @test string(big(255), base = 16) == "ff"
    @test msg(() -> string(5, base = 1)) != ""
    @test msg(() -> string(5, base = 63)) != ""
    # round trip through every base
    for b in 2:62, x in (0, 1, 61, 62, 12345, -98765, typemax(Int32), typemin(Int64) + 1)
        @test parse(Int64, string(x, base = b), base = b) == x
    end
end

@testset "parse and tryparse" begin
    @test parse(Int64, "f19cf4ea", base = 16) == 0xf19cf4ea
    @test parse(Int64, "F19CF4EA", base = 16) == 0xf19cf4ea
    @test parse(UInt32, "ffffffff", base = 16) === typemax(UInt32)
    @test parse(Int, "\t 42 \n") == 42
    @test parse(Int, "- 42") == -42
    @test parse(Int, "-0x10") == -16
    @test parse(Int, "0b", base = 16) == 11
    @test parse(Int, "Zz", base = 36) == 1295
    @test parse(Int, "Zz", base = 62) == 35 * 62 + 61
    @test parse(Int64, "-9223372036854775808") === typemin(Int64)
    @test parse(Int64, "9223372036854775807") === typemax(Int64)
    @test parse(Int, "\u00a012\u2003") == 12           # Unicode whitespace around the digits
    @test tryparse(UInt8, "256") === nothing
    @test tryparse(UInt8, "-1") === nothing
    @test tryparse(Int, "") === nothing
    @test tryparse(Int, "12 3") === nothing
    @test tryparse(Int, "ab", base = 16) == 171
    @test msg(() -> parse(Int, "")) == "ArgumentError: input string is empty or only contains whitespace"
    @test msg(() -> parse(Int, "   ")) == "ArgumentError: input string is empty or only contains whitespace"
    @test msg(() -> parse(Int, "+")) == "ArgumentError: input string is empty or only contains whitespace"
    @test msg(() -> parse(Int, "0b")) == "ArgumentError: premature end of integer: \"0b\""
    @test msg(() -> parse(Int, "1g", base = 16)) == "ArgumentError: invalid base 16 digit 'g' in \"1g\""
    @test msg(() -> parse(Int, "0x1g")) == "ArgumentError: invalid base 16 digit 'g' in \"0x1g\""
    @test msg(() -> parse(Int, "1é")) == "ArgumentError: invalid base 10 digit 'é' in \"1é\""
    @test msg(() -> parse(UInt8, "-1")) == "ArgumentError: invalid base 10 digit '-' in \"-1\""
    @test msg(() -> parse(Int, "1 2")) == "ArgumentError: extra characters after whitespace in \"1 2\""
    @test msg(() -> parse(Int64, "9223372036854775808")) == "OverflowError: overflow parsing \"9223372036854775808\""
    @test msg(() -> parse(Int64, "-9223372036854775809")) == "OverflowError: overflow parsing \"-9223372036854775809\""
    @test msg(() -> parse(UInt32, "100000000", base = 16)) == "OverflowError: overflow parsing \"100000000\""
    # an invalid base is an error even for tryparse, as in Julia
    @test msg(() -> tryparse(Int, "1", base = 1)) == "ArgumentError: invalid base: base must be 2 ≤ base ≤ 62, got 1"
    @test msg(() -> parse(Int, "", base = 70)) == "ArgumentError: invalid base: base must be 2 ≤ base ≤ 62, got 70"
    @test parse(BigInt, "-123456789012345678901234567890") == -big(123456789012345678901234567890)
end

@testset "mixed-width integer arithmetic promotes first" begin
    @test UInt64(16) - 0x01 === UInt64(15)
    @test 0x10 - UInt64(1) === UInt64(15)
    @test Int32(5) - Int8(7) === Int32(-2)
end

@testset "printing integers" begin
    for x in Any[0, 7, -7, 10, -10, 1234567890, typemax(Int64), typemin(Int64), Int8(-128), Int16(300),
                 Int32(-70000), 0x07, UInt16(65535), typemax(UInt32), typemax(UInt64), Int128(-5), UInt128(5)]
        @test sprint(print, x) == string(x)
        @test sprint(io -> print(io, "<", x, ">")) == "<" * string(x) * ">"
    end
    @test sprint(show, 0x07) == "0x07"
    @test sprint(show, -12) == "-12"
    @test sprint(print, 1, " ", 2.5, 'c', :s, "\n", nothing, 3, 4, 5, 6) == "1 2.5cs\nnothing3456"
    @test string(1, 2, 3, 4, 5, 6, 7, 8, 9, 10) == "12345678910"
    @test print(IOBuffer(), 1, 2, 3) === nothing
end

# the hex round trip of bench/julia/parse_integers.jl: one String per conversion, none for parsing, and
# keyword calls compiled to direct code (no Core.kwcall call left, no conversion call per digit)
hexstr(n) = string(n, base = 16)
hexparse(s) = parse(Int64, s, base = 16)
alloc_hexstr(n) = @allocated hexstr(n)
alloc_hexparse(s) = @allocated hexparse(s)
typed_text(f, types) = sprint(show, code_typed(f, types)[1].first)
@testset "hex conversions: allocations and compiled calls" begin
    alloc_hexstr(0x01); alloc_hexparse("1")
    @test alloc_hexstr(0x8badf00d) <= 32        # one String of 8 bytes
    @test alloc_hexstr(typemax(UInt64)) <= 40   # one String of 16 bytes
    @test alloc_hexparse("8badf00d") == 0
    @test alloc_hexparse(" -7fffffffffffffff ") == 0
    @test !occursin("kwcall", typed_text(hexstr, (UInt32,)))
    @test !occursin("kwcall", typed_text(hexparse, (String,)))
    @test !occursin("_checked_int", typed_text(x -> Int(x), (UInt8,)))
    @test !occursin("invoke", typed_text(leading_zeros, (UInt8,)))
    # digits and letters of every case at the edges of the ASCII ranges the digit conversion folds
    @test parse(Int, "09azAZ", base = 36) == 0 * 36^5 + 9 * 36^4 + 10 * 36^3 + 35 * 36^2 + 10 * 36 + 35
    @test parse(Int, "azAZ", base = 62) == 36 * 62^3 + 61 * 62^2 + 10 * 62 + 35
    @test string(36 * 62^3 + 61 * 62^2 + 10 * 62 + 35, base = 62) == "azAZ"
    @test string(0x0123456789abcdef, base = 16) == "123456789abcdef"
    for c in ('@', '[', '`', '{', '/', ':', '\x7f')
        @test msg(() -> parse(Int, "1$(c)", base = 62)) == "ArgumentError: invalid base 62 digit $(repr(c)) in $(repr("1$c"))"
        @test tryparse(Int, "$(c)1", base = 36) === nothing
    end
    @test parse(Int, "\u2003 12 \u2003", base = 16) == 18    # Unicode whitespace around the digits
    @test msg(() -> parse(Int, "1 \u2003 2")) == "ArgumentError: extra characters after whitespace in \"1 \u2003 2\""
end
