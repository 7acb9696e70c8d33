# ccall.jl -- calling C: ccall with Cstring/Ptr/Cint/Cdouble/Csize_t, @ccall, pointers, Ref outputs.
using Test

@testset "ccall" begin
    @test ccall(:strlen, Csize_t, (Cstring,), "abc") == 3
    @test ccall(:abs, Cint, (Cint,), -5) == 5
    @test ccall(:sqrt, Cdouble, (Cdouble,), 16.0) == 4.0
    @test ccall((:cos, "libm.so.6"), Float64, (Float64,), 0.0) == 1.0
    @test @ccall(strlen("hello"::Cstring)::Csize_t) == 5
    s = "julep"
    p = pointer(s)
    @test unsafe_load(p) == UInt8('j')
    @test unsafe_string(p, 3) == "jul"
    @test unsafe_string(ccall(:getenv, Cstring, (Cstring,), "HOME")) == ENV["HOME"]
    buf = Vector{UInt8}(undef, 16)
    n = ccall(:snprintf, Cint, (Ptr{UInt8}, Csize_t, Cstring, Cint...), buf, 16, "%d-%d", 4, 2)
    @test n == 3
    @test String(buf[1:3]) == "4-2"
    r = Ref{Cint}(0)
    ccall(:sscanf, Cint, (Cstring, Cstring, Ptr{Cint}...), "41", "%d", r)
    @test r[] == 41
    # a Cstring argument may not hold a NUL (C would see a shorter string)
    e = try ccall(:strlen, Csize_t, (Cstring,), "a\0b") catch err; err end
    @test e isa ArgumentError && e.msg == "embedded NULs are not allowed in C strings: \"a\\0b\""
end
