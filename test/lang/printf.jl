# printf.jl -- the Printf stdlib: every conversion with flags, width, precision and `*`, against C's
# printf output (glibc) and, where Julia deliberately differs from C (negative %x/%o/%u, Inf/NaN,
# %.0d of 0, subnormal %a, %d of a float), against Julia 1.10's Printf; @printf to an IO,
# Printf.Format/format, and the errors for malformed format strings.
using Test
using Printf

@testset "printf integers" begin
    @test @sprintf("%d", 42) == "42"
    @test @sprintf("%i", -42) == "-42"
    @test @sprintf("%5d|%-5d|%05d", 42, 42, 42) == "   42|42   |00042"
    @test @sprintf("%+d|% d|%+d|% d", 5, 5, -5, -5) == "+5| 5|-5|-5"
    @test @sprintf("%.3d|%8.3d|%-8.3d|", 7, 7, 7) == "007|     007|007     |"
    @test @sprintf("%08.3d", 7) == "     007"          # a precision turns the 0 flag off
    @test @sprintf("%+08d|%-08d|", 42, 42) == "+0000042|42      |"
    @test @sprintf("%x|%X|%#x|%#X|%o|%#o", 255, 255, 255, 255, 8, 8) == "ff|FF|0xff|0XFF|10|010"
    @test @sprintf("%#08x", 255) == "0x0000ff"
    @test @sprintf("%u", 3) == "3"
    @test @sprintf("%d|%d", typemin(Int64), typemax(Int64)) == "-9223372036854775808|9223372036854775807"
    @test @sprintf("%u|%x", typemax(UInt64), typemax(UInt64)) == "18446744073709551615|ffffffffffffffff"
    @test @sprintf("%d|%x", Int8(-128), UInt8(200)) == "-128|c8"
    @test @sprintf("%d %d", true, false) == "1 0"
    # Julia: sign and magnitude for every base (C would print the two's complement)
    @test @sprintf("%x|%o|%u", -255, -8, -3) == "-ff|-10|-3"
    # Julia prints at least one digit (C prints nothing for %.0d of 0)
    @test @sprintf("%.0d", 0) == "0"
    # length modifiers are accepted and ignored
    @test @sprintf("%ld|%hd|%lld|%zd|%lf", 5, 3, 4, 2, 1.5) == "5|3|4|2|1.500000"
    # a float given to %d is printed as %.0f (Julia)
    @test @sprintf("%d|%5d|%d", 3.0, 2.0, 3.7) == "3|    2|4"
end

@testset "printf floats" begin
    @test @sprintf("%f", 1.5) == "1.500000"
    @test @sprintf("%5.2f|%.10f|%.0f|%#.0f", 3.14159, 1/3, 2.5, 3.0) == " 3.14|0.3333333333|2|3."
    @test @sprintf("%f|%e|%g", -0.0, 0.0, 0.0) == "-0.000000|0.000000e+00|0"
    @test @sprintf("%e|%E|%.0e|%#.0e", 0.0, -1.5, 12345.0, 5.0) == "0.000000e+00|-1.500000E+00|1e+04|5.e+00"
    @test @sprintf("%-8.3e|%+.2e", 1234.5, 1e100) == "1.234e+03|+1.00e+100"
    @test @sprintf("%g|%g|%g|%g|%#g|%G|%.3g|%g", 100000.0, 1000000.0, 0.0001, 0.00001, 1.0, 1e-10, 3.14159, 0.5) ==
          "100000|1e+06|0.0001|1e-05|1.00000|1E-10|3.14|0.5"
    @test @sprintf("% .3f|%08.2f|%-8.2f|%+f", 2.0, -3.14159, 2.5, 1.0) == " 2.000|-0003.14|2.50    |+1.000000"
    @test @sprintf("%F", 2.0) == "2.000000"
    @test @sprintf("%e|%g", 1e-300, 1e-300) == "1.000000e-300|1e-300"
    @test @sprintf("%.0f", 1e300) == "1000000000000000052504760255204420248704468581108159154915854115511802457988908195786371375080447864043704443832883878176942523235360430575644792184786706982848387200926575803737830233794788090059368953234970799945081119038967640880074652742780142494579258788820056842838115669472196386865459400540160"
    @test @sprintf("%.2f", 2.675) == "2.67"            # the double below 2.675, exactly rounded
    @test @sprintf("%.3f|%.1e", 0.0005, 0.25) == "0.001|2.5e-01"
    @test @sprintf("%f", Float32(0.1)) == "0.100000"
    @test @sprintf("%.10f", Float32(0.1)) == "0.1000000015"
    @test @sprintf("%f|%d", 3, 3) == "3.000000|3"   # integers convert for float conversions
    # hex floats
    @test @sprintf("%a|%A|%a|%.3a|%a|%13a", 1.0, -0.5, 0.1, 1/3, 0.0, 1.5) ==
          "0x1p+0|-0X1P-1|0x1.999999999999ap-4|0x1.555p-2|0x0p+0|     0x1.8p+0"
    @test @sprintf("%013a|%-13a|", 1.5, 1.5) == "0x000001.8p+0|0x1.8p+0     |"
    @test @sprintf("%a|%a", 1e-310, -5e-324) == "0x1.2688b70e62bp-1030|-0x1p-1074"   # Julia normalizes
    # non-finite values print as Julia does
    @test @sprintf("%f|%e|%g|%f|%+f|% f", Inf, -Inf, NaN, NaN, Inf, Inf) == "Inf|-Inf|NaN|NaN|+Inf| Inf"
    @test @sprintf("%6f|%-6f|%a", Inf, -Inf, Inf) == "   Inf|-Inf  |Inf"
    @test @sprintf("%06f|%06.1f|%06e", Inf, -Inf, NaN) == "000Inf|-00Inf|000NaN"   # Julia zero-pads these
end

@testset "printf chars and strings" begin
    @test @sprintf("%c|%3c|%-3c|", 'x', 'y', 'z') == "x|  y|z  |"
    @test @sprintf("%c", 'é') == "é"
    @test @sprintf("%s|%10s|%-10s|%.3s", "abc", "abc", "abc", "abcdef") == "abc|       abc|abc       |abc"
    @test @sprintf("%s|%s|%s|%s", 1.5, :sym, nothing, 12) == "1.5|sym|nothing|12"
    @test @sprintf("%5s|%-5s|", 12, :ab) == "   12|ab   |"
    @test @sprintf("%3s|", "héllo") == "héllo|"
    @test @sprintf("%.2s|", "héllo") == "hé|"
    @test @sprintf("%#s|%#s", "ab", :ab) == "\"ab\"|:ab"
    @test @sprintf("100%%|%%d|%d%%", 5) == "100%|%d|5%"
    @test @sprintf("no conversions") == "no conversions"
    @test @sprintf("%s and %s", "a", "b") == "a and b"
end

@testset "printf dynamic width and precision" begin
    @test @sprintf("%*d|%-*d|", 6, 42, 6, 42) == "    42|42    |"
    @test @sprintf("%.*f|%*.*e", 2, 3.14159, 12, 3, 6.02214076e23) == "3.14|   6.022e+23"
    @test @sprintf("%0*d|%.*d", 5, 42, 4, 42) == "00042|0042"
    @test @sprintf("%*s|", 4, "a") == "   a|"
    @test @sprintf("%.*s|", 2, "abcdef") == "ab|"
end

@testset "@printf and Printf.format" begin
    io = IOBuffer()
    @printf(io, "%d-%s", 1, "x")
    @printf(io, "|%5.1f|", 2.25)
    @test String(take!(io)) == "1-x|  2.2|"
    io = IOBuffer()
    @printf io "%s\n" "line"
    @test String(take!(io)) == "line\n"
    f = Printf.Format("%5.2f|%x")
    @test Printf.format(f, pi, 255) == " 3.14|ff"
    io = IOBuffer()
    Printf.format(io, f, 1.0, 16)
    @test String(take!(io)) == " 1.00|10"
    @test Printf.format(Printf.Format("%s=%d"), "a", 1) == "a=1"
    # the format is parsed once; it can be reused
    @test [Printf.format(f, x, 1) for x in (1.0, 2.5)] == [" 1.00|1", " 2.50|1"]
end

@testset "printf errors" begin
    @test_throws Printf.InvalidFormatStringError Printf.Format("")
    @test_throws Printf.InvalidFormatStringError Printf.Format("%")
    @test_throws Printf.InvalidFormatStringError Printf.Format("abc %")
    @test_throws Printf.InvalidFormatStringError Printf.Format("%y")
    @test_throws Printf.InvalidFormatStringError Printf.Format("%-")
    @test_throws Printf.InvalidFormatStringError Printf.Format("%5.")
    @test_throws Printf.InvalidFormatStringError Printf.Format("%l")
    msg(s) = try
        Printf.Format(s)
        ""
    catch e
        e.message
    end
    @test msg("") == "Format string must not be empty"
    @test msg("%") == "Format specifier is incomplete"
    @test msg("%y") == "'y' is not a valid type specifier"
    @test msg("%.") == "Precision specifier is missing precision"
    @test msg("%l") == "Length modifier is missing type specifier"
    @test msg("ok %d") == ""
    shown = sprint(showerror, try Printf.Format("ab%yc") catch e e end)
    @test shown == "InvalidFormatStringError: 'y' is not a valid type specifier\n    \"ab%yc\"\n       -^\n"
    @test_throws ArgumentError Printf.format(Printf.Format("%d %d"), 1)
    @test_throws ArgumentError Printf.format(Printf.Format("%d"), 1, 2)
    e = try Printf.format(Printf.Format("%d %d"), 1) catch err err end
    @test e.msg == "Number of format specifiers and number of provided args differ: 2 != 1"
    @test_throws MethodError @sprintf("%d", "notanumber")
    # a bad literal format string is rejected when the macro is expanded
    @test_throws Exception eval(:(@sprintf("%y", 1)))
end

@testset "Printf with Base part 1 numbers" begin
    @test @sprintf("%d", big(2)^70) == "1180591620717411303424"
    @test @sprintf("%x", big(255)) == "ff"
    @test @sprintf("%d", typemin(Int)) == "-9223372036854775808"
    @test @sprintf("%d", typemax(UInt128)) == "340282366920938463463374607431768211455"
    @test @sprintf("%a", 1.0) == "0x1p+0"
    @test @sprintf("%A", 0.5) == "0X1P-1"
    @test @sprintf("%.3a", 1.0) == "0x1.000p+0"
    @test @sprintf("%*d|%-*d|", 5, 42, 4, 7) == "   42|7   |"
    @test @sprintf("%.*f", 2, pi) == "3.14"
    @test @sprintf("%s", 1//3) == "1//3"
    @test @sprintf("%s", 1 + 2im) == "1 + 2im"
    @test @sprintf("%.3f", π) == "3.142"
    @test Printf.format(Printf.Format("%05.1f|%+d"), 3.14159, 5) == "003.1|+5"
end

@testset "Printf widths are display widths; %d of a Rational" begin
    @test @sprintf("%5s|", "你") == "   你|"
    @test @sprintf("%-5c|", '你') == "你   |"
    @test @sprintf("%5c|", 'é') == "    é|"
    @test @sprintf("%.3s|", "你好世界") == "你|"
    @test @sprintf("%6.3s|", "你好世界") == "   你|"
    @test @sprintf("%#s", "a") == "\"a\""
    @test @sprintf("%#s", :a) == ":a"
    @test @sprintf("%#5s|", "a") == "  \"a\"|"
    @test @sprintf("%#.2s|", "ab") == "\"a|"
    @test @sprintf("%d", 3//1) == "3"
    @test @sprintf("%x", 255//1) == "ff"
end
