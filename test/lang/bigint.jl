# bigint.jl -- BigInt on GMP: construction (big, BigInt, big"...", parse), arithmetic and comparison
# with machine integers, conversions back (InexactError), number theory, printing, and finalizers
# (a loop allocating many BigInts runs in bounded memory).
using Test

@testset "BigInt" begin
    @testset "construction" begin
        @test big(2)^100 == parse(BigInt, "1267650600228229401496703205376")
        @test string(big(2)^100) == "1267650600228229401496703205376"
        @test factorial(big(30)) == big"265252859812191058636308480000000"
        @test string(factorial(big(21))) == "51090942171709440000"
        @test typeof(big(1)) === BigInt
        @test BigInt(typemax(Int128)) == big"170141183460469231731687303715884105727"
        @test BigInt(typemin(Int128)) == -big"170141183460469231731687303715884105728"
        @test BigInt(2.0^70) == big(2)^70
        @test_throws InexactError BigInt(1.5)
        @test big"1_000_000" == 1000000
        @test parse(BigInt, "-ff", base = 16) == -255
        @test tryparse(BigInt, "12x") === nothing
        @test big(typemax(UInt64)) + 1 == big(2)^64
    end
    @testset "arithmetic" begin
        x = big(10)^20
        @test x + 1 == big"100000000000000000001"
        @test 1 + x == x + 1
        @test x - x == 0
        @test x * x == big(10)^40
        @test div(x, 7) == big"14285714285714285714"
        @test rem(big(-100), 7) == -2
        @test mod(big(-100), 7) == 5
        @test fld(big(-7), 2) == -4
        @test cld(big(7), 2) == 4
        @test -x < 0
        @test abs(-x) == x
        @test big(1) << 70 == big(2)^70
        @test (-big(2)^70) >> 3 == -big(2)^67
        @test big(6) & big(3) == 2
        @test big(6) | 1 == 7
        @test_throws DivideError div(big(1), big(0))
        @test big(6) / big(4) == 1.5
        @test big(3)^2 == 9
        @test x > typemax(Int)
        @test typemax(Int) < x
        @test big(5) == 5 && 5 == big(5)
        @test big(2)^53 + 1 != 2.0^53
        @test max(big(3), big(7)) == 7
        @test sign(big(-5)) == -1
        @test iseven(big(10)) && isodd(big(11))
        @test hash(big(5)) == hash(5)
        @test Dict(big(1) => "a")[1] == "a"
    end
    @testset "conversion" begin
        @test Int(big(42)) === 42
        @test UInt8(big(255)) === 0xff
        @test Int128(big(2)^100) == Int128(2)^100
        @test sprint(showerror, try Int64(big(2)^70) catch e; e end) == "InexactError: Int64(1180591620717411303424)"
        @test Float64(big(2)^70) === 1.1805916207174113e21
        @test Float64(big(3)^40) === 1.2157665459056929e19
        @test Float64(big"9007199254740993") === 9.007199254740992e15
        @test big(2)^70 % UInt8 === 0x00
    end
    @testset "number theory" begin
        @test gcd(big(12), big(18)) == 6
        @test lcm(big(4), big(6)) == 12
        @test isqrt(big(10)^40) == big(10)^20
        @test binomial(big(100), big(50)) == big"100891344545564193334812497256"
        @test powermod(big(3), big(100), big(7)) == 4
        @test ndigits(big(10)^30) == 31
        @test ndigits(big(99)) == 2
        @test digits(big(123)) == [3, 2, 1]
        @test count_ones(big(255)) == 8
        @test trailing_zeros(big(2)^40) == 40
        @test factorial(big(0)) == 1
        @test_throws DomainError factorial(big(-1))
        @test (big(1)//3) + (big(2)//3) == 1
    end
    @testset "printing" begin
        @test repr(big(-123)) == "-123"
        @test string(big(255), base = 16) == "ff"
        @test string(big(-5), pad = 4) == "-0005"
        @test string(big(0)) == "0"
        @test repr([big(1), big(2)]) == "BigInt[1, 2]"
        @test sprint(print, big(7)) == "7"
    end
    @testset "finalizers free the limbs" begin
        s = big(0)
        for i in 1:20000
            s += big(i)^3
        end
        @test s == big"40004000100000000"
        GC.gc()
        @test true
    end
end

@testset "BigFloat" begin
    @test precision(BigFloat) == 256
    @test string(big(1.5)) == "1.5"
    @test string(BigFloat(0.1)) == "0.1000000000000000055511151231257827021181583404541015625"
    @test string(big(π)) == "3.141592653589793238462643383279502884197169399375105820974944592307816406286198"
    @test repr(sqrt(big(2))) == "1.414213562373095048801688724209698078569671875376948073176679737990732478462102"
    @test string(big(1.0e10)) == "1.0e+10"
    @test string(big(123456.5)) == "123456.5"
    @test string(BigFloat(-1) / 0) == "-Inf"
    @test big"1.5" isa BigFloat && big"1.5" == 1.5
    @test parse(BigFloat, "3.25") == 3.25
    @test Float64(big(π)) === 3.141592653589793
    @test typeof(big(1) / big(2)) === BigFloat
    @test big(1) + 1.5 == 2.5
    @test big(2.0) < 3
    @test BigFloat(1) / 3 > 0.3333333333333333
    @test setprecision(BigFloat, 64) do
        precision(BigFloat(1) / 3)
    end == 64
    @test precision(BigFloat) == 256
    @test π > big(3.141592653589793)
    @test_throws DomainError log(big(-1.0))
    @test round(big(2.5)) == 2
    @test Int(big(4.0)) === 4
    @test_throws InexactError Int(big(4.5))
end

@testset "BigFloat from a string, nextfloat/prevfloat" begin
    @test repr(BigFloat("0.5")) == "0.5"
    @test BigFloat("0.1") == big"0.1"
    @test precision(BigFloat("0.1"; precision=64)) == 64
    @test_throws ArgumentError BigFloat("x")
    @test nextfloat(big(1.0)) - 1 == eps(BigFloat)
    @test prevfloat(big(1.0)) < 1
    @test precision(nextfloat(BigFloat(1; precision=20))) == 20
end
