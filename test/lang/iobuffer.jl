# iobuffer.jl -- IOBuffer with Julia's semantics (one position for reading and writing, append,
# read-only buffers over strings and vectors, take!, seek/skip/mark, truncate) and the generic IO
# reading functions on it: read(io, n), read(io, T), read(io, Char), readuntil, readline,
# readlines/eachline (Strings), readbytes!, peek.
using Test

@testset "IOBuffer" begin
    @testset "writing moves the position" begin
        io = IOBuffer()
        @test write(io, "héllo") == 6
        @test position(io) == 6
        @test eof(io)
        @test read(io, String) == ""          # nothing after the position
        seekstart(io)
        @test read(io, 3) == UInt8[0x68, 0xc3, 0xa9]
        @test position(io) == 3
        @test read(io, String) == "llo"
        @test String(take!(io)) == "héllo"    # take! gives everything, from the start
        @test position(io) == 0 && String(take!(io)) == ""
        io = IOBuffer()
        write(io, "abcdef"); seek(io, 2); write(io, "XY")
        @test String(take!(io)) == "abXYef"   # a write at the position overwrites
        io = IOBuffer()
        write(io, UInt8(1), UInt16(2))
        @test take!(io) == UInt8[0x01, 0x02, 0x00]
        io = IOBuffer(); println(io, 1, 2); print(io, 'x', 'é')
        @test String(take!(io)) == "12\nxé"
    end
    @testset "read-only and shared buffers" begin
        io = IOBuffer("abc")
        @test bytesavailable(io) == 3
        @test sprint(showerror, try write(io, 0x01) catch e; e end) ==
              "ArgumentError: ensureroom failed, IOBuffer is not writeable"
        @test String(take!(io)) == "abc"      # not writable: a copy, the buffer is kept
        @test read(io, String) == "abc"
        v = UInt8[0x61, 0x62]
        io = IOBuffer(v; write=true, append=true)
        write(io, "c")
        @test String(copy(v)) == "abc"        # the vector itself is written
        @test read(io, String) == "abc"       # appending leaves the position
        io = IOBuffer(UInt8[0x61]; read=false, write=true)
        @test sprint(showerror, try read(io, UInt8) catch e; e end) ==
              "ArgumentError: read failed, IOBuffer is not readable"
        @test isopen(io)
        close(io)
        @test !isopen(io)
    end
    @testset "positioning" begin
        io = IOBuffer("abcdef")
        skip(io, 2)
        @test read(io, UInt8) == UInt8('c')
        @test peek(io) == UInt8('d')
        @test position(io) == 3
        mark(io)
        @test ismarked(io)
        read(io, 2)
        @test reset(io) == 3
        @test read(io, Char) == 'd'
        seek(io, 100)
        @test position(io) == 6 && eof(io)
        seek(io, -5)
        @test position(io) == 0
        seekend(io)
        @test eof(io)
        @test_throws EOFError read(io, UInt8)
        io = IOBuffer(); write(io, "abcdef")
        truncate(io, 3)
        @test String(take!(io)) == "abc"
    end
    @testset "reading" begin
        @test readline(IOBuffer("a\nb")) == "a"
        @test readline(IOBuffer("a\r\nb")) == "a"
        @test readline(IOBuffer("a\nb"); keep=true) == "a\n"
        @test readlines(IOBuffer("a\nb\n")) == ["a", "b"]
        @test readlines(IOBuffer("a\nb\n")) isa Vector{String}
        @test readlines(IOBuffer("a\r\nb"); keep=true) == ["a\r\n", "b"]
        @test collect(eachline(IOBuffer("x\n\ny"))) == ["x", "", "y"]
        @test eltype(eachline(IOBuffer(""))) == String
        @test readuntil(IOBuffer("ab,cd"), ',') == "ab"
        @test readuntil(IOBuffer("ab,cd"), ','; keep=true) == "ab,"
        @test readuntil(IOBuffer("aβ--b"), "--") == "aβ"
        @test readuntil(IOBuffer("aβc"), 'β') == "a"
        io = IOBuffer("héllo\xff!")
        @test [read(io, Char) for _ in 1:7] == ['h', 'é', 'l', 'l', 'o', '\xff', '!']
        io = IOBuffer(); write(io, Int32(-2), 1.5, UInt16(7)); seekstart(io)
        @test read(io, Int32) === Int32(-2)
        @test read(io, Float64) === 1.5
        @test read(io, UInt16) === 0x0007
        b = zeros(UInt8, 2)
        @test readbytes!(IOBuffer("xyz"), b) == 2 && b == UInt8[0x78, 0x79]
        b = UInt8[]
        @test readbytes!(IOBuffer("xyz"), b, 5) == 3 && String(b) == "xyz"
        @test read!(IOBuffer("pq"), zeros(UInt8, 2)) == UInt8[0x70, 0x71]
        @test_throws EOFError read!(IOBuffer("p"), zeros(UInt8, 2))
        @test readavailable(IOBuffer("rest")) == codeunits("rest")
    end
    @testset "files: eachline/readlines give Strings" begin
        p = tempname()
        write(p, "one\r\ntwo\nthree")
        @test readlines(p) == ["one", "two", "three"]
        @test readlines(p) isa Vector{String}
        @test readlines(p; keep=true) == ["one\r\n", "two\n", "three"]
        @test collect(eachline(p)) == ["one", "two", "three"]
        @test open(io -> (readline(io); read(io, Char)), p) == 't'
        rm(p)
    end
end
