# ccall_int128.jl -- Int128/UInt128 arguments and results of ccall (libgcc's 128-bit helpers), from
# top-level code (the interpreter's libffi path) and from compiled functions.
using Test

const LIBGCC = "libgcc_s.so.1"
div128(a, b) = ccall((:__divti3, LIBGCC), Int128, (Int128, Int128), a, b)
mod128(a, b) = ccall((:__modti3, LIBGCC), Int128, (Int128, Int128), a, b)
udiv128(a, b) = ccall((:__udivti3, LIBGCC), UInt128, (UInt128, UInt128), a, b)
mul128(a, b) = ccall((:__multi3, LIBGCC), Int128, (Int128, Int128), a, b)
# more arguments than registers: the 128-bit ones go on the stack, 16-byte aligned
shl128(a, n::Int32) = ccall((:__ashlti3, LIBGCC), Int128, (Int128, Int32), a, n)

# (results are compared outside @test: Test renders a tested call's operands, and Int128 printing
# is not there yet)
same(a, b) = a === b

@testset "Int128 through ccall" begin
    b100 = Int128(1) << 100
    @test begin; ok = same(div128(b100, Int128(3)), b100 ÷ 3); ok; end
    @test begin; ok = same(mod128(b100 + 5, Int128(7)), (b100 + 5) % 7); ok; end
    @test begin; ok = same(div128(-b100, Int128(1) << 64), -(Int128(1) << 36)); ok; end
    @test begin; ok = same(mul128(Int128(2)^70, Int128(-3)), -(Int128(3) * Int128(2)^70)); ok; end
    @test begin; ok = same(udiv128(typemax(UInt128), UInt128(1) << 64), UInt128(typemax(UInt64))); ok; end
    @test begin; ok = same(shl128(Int128(3), Int32(100)), Int128(3) << 100); ok; end
    # at top level (no function around the ccall)
    r = ccall((:__divti3, LIBGCC), Int128, (Int128, Int128), Int128(10)^30, Int128(10)^20)
    @test begin; ok = same(r, Int128(10)^10); ok; end
    @test typeof(ccall((:__udivti3, LIBGCC), UInt128, (UInt128, UInt128), UInt128(8), UInt128(2))) === UInt128
end
