# files.jl -- reading and writing files, the file system functions, temporary files and directories.
using Test

@testset "read and write" begin
    mktempdir() do dir
        @test isdir(dir) && !isfile(dir)
        f = joinpath(dir, "a.txt")
        @test !isfile(f) && !ispath(f)
        @test write(f, "line 1\nline 2\n") == 14
        @test isfile(f) && filesize(f) == 14 && !isdir(f)
        @test read(f, String) == "line 1\nline 2\n"
        @test readlines(f) == ["line 1", "line 2"]
        @test collect(eachline(f)) == ["line 1", "line 2"]
        @test open(readline, f) == "line 1"
        open(f, "a") do io
            println(io, "line 3")
        end
        @test readlines(f)[end] == "line 3"
        n = open(f) do io
            c = 0
            while !eof(io)
                readline(io)
                c += 1
            end
            c
        end
        @test n == 3
        @test read(f) == codeunits(read(f, String))
        @test stat(f).size == 21 && isfile(stat(f)) && mtime(f) > 0
        g = joinpath(dir, "b.txt")
        @test cp(f, g) == g && read(g, String) == read(f, String)
        @test_throws ArgumentError cp(f, g)
        cp(f, g; force = true)
        h = joinpath(dir, "c.txt")
        mv(g, h)
        @test !ispath(g) && isfile(h)
        @test sort(readdir(dir)) == ["a.txt", "c.txt"]
        rm(h)
        @test !isfile(h)
        @test_throws Base.IOError rm(h)
        rm(h; force = true)
        p = mkpath(joinpath(dir, "x", "y", "z"))
        @test isdir(p)
        touch(joinpath(p, "t"))
        @test isfile(joinpath(p, "t"))
        @test_throws Base.IOError mkdir(p)
        @test startswith(sprint(showerror, try; mkdir(p); catch e; e; end), "IOError: mkdir(")
        rm(joinpath(dir, "x"); recursive = true)
        @test !ispath(joinpath(dir, "x"))
        cd(dir) do
            @test isfile("a.txt")
        end
    end
end

@testset "paths and temporaries" begin
    @test joinpath("a", "b", "c.jl") == "a/b/c.jl" && joinpath("a/", "/b") == "/b"
    @test basename("/x/y/z.jl") == "z.jl" && dirname("/x/y/z.jl") == "/x/y"
    @test splitext("z.tar.gz") == ("z.tar", ".gz")
    @test isabspath(abspath("rel")) && endswith(abspath("rel"), "/rel")
    @test normpath("/a/./b/../c") == "/a/c"
    t = tempname()
    @test startswith(t, tempdir()) && !ispath(t) && t != tempname()
    path, io = mktemp()
    write(io, "xyz")
    close(io)
    @test read(path, String) == "xyz"
    rm(path)
    mktemp() do p, io
        @test isfile(p)
        global _tmp_seen = p
    end
    @test !ispath(_tmp_seen)
    d = mktempdir()
    @test isdir(d)
    rm(d)
    @test !isdir(d)
    @test isdir(homedir()) && isdir(pwd())
    @test_throws SystemError open("/nonexistent/file")
end

@testset "write of arrays and views" begin
    v = UInt8[0x41, 0x42, 0x43, 0x0a]
    io = IOBuffer()
    @test write(io, view(v, 2:3)) == 2
    @test write(io, Int32[1, 2]) == 8
    @test write(io, 1:2) == 16
    @test take!(io) == UInt8[0x42, 0x43, 1, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0]
    @test_throws ErrorException write(io, Any[1])
    path = tempname()
    open(path, "w") do f
        write(f, view(v, 1:4))
    end
    @test read(path, String) == "ABC\n"
    rm(path)
    @testset "readlines, eachline, splitdir" begin
        f = tempname()
        write(f, "a\r\nb\n\nlast")
        @test readlines(f) == ["a", "b", "", "last"]
        @test readlines(f) isa Vector{String}
        @test readlines(f; keep=true) == ["a\r\n", "b\n", "\n", "last"]
        @test collect(eachline(f)) == ["a", "b", "", "last"]
        # eachline reads as it iterates: readline continues where an interrupted loop stopped
        open(f) do io
            for l in eachline(io)
                @test l == "a"
                break
            end
            @test readline(io) == "b"
            @test collect(eachline(io; keep=true)) == ["\n", "last"]
            @test eof(io)
        end
        io = IOBuffer("1\n2\n3\n")
        @test first(eachline(io)) == "1"
        @test readline(io) == "2"
        rm(f)
        @test splitdir("/a/b") == ("/a", "b")
        @test splitdir("/a//b") == ("/a", "b")
        @test splitdir("/b") == ("/", "b")
        @test splitdir("b") == ("", "b")
        @test splitdir("a/b/") == ("a/b", "")
        @test dirname("/a/b.txt") == "/a" && basename("/a/b.txt") == "b.txt"
    end
end
