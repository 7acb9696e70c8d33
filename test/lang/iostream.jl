# iostream.jl -- IOStream output buffering: what a file holds after close/flush, at exit, and when the
# buffer fills; reading back in the same process; write errors on closed and read-only streams; the
# order of stdout and stderr output of a child process.
using Test

msg(f) = try f(); "" catch e; sprint(showerror, e) end
const JULEP = ccall(:jl_exe_path, Any, ())::String
# the output of a shell command line and its wait status
function run_sh(cmd::String)
    p = ccall(:popen, Ptr{Cvoid}, (Ptr{UInt8}, Ptr{UInt8}), cmd, "r")
    buf = Vector{UInt8}(undef, 65536)
    n = ccall(:fread, Csize_t, (Ptr{UInt8}, Csize_t, Csize_t, Ptr{Cvoid}), buf, 1, length(buf), p)
    status = ccall(:pclose, Cint, (Ptr{Cvoid},), p)
    String(buf[1:Int(n)]), status
end
# a child julep's stdout and stderr, merged in one pipe, in the order written
run_merged(code::String) = run_sh(string("'", JULEP, "' -e '", code, "' 2>&1"))[1]

@testset "buffered files" begin
    mktempdir() do dir
        f = joinpath(dir, "a.txt")
        open(f, "w") do io
            for i in 1:3
                print(io, i, " ", i + 1, "\n")
            end
        end
        @test read(f, String) == "1 2\n2 3\n3 4\n"
        # flush makes pending output visible to another reader while the stream stays open
        io = open(f, "w")
        print(io, "abc")
        @test flush(io) === nothing
        @test read(f, String) == "abc"
        write(io, 'é', UInt8(10))
        close(io)
        @test read(f, String) == "abcé\n"
        @test !isopen(io)
        # more than the buffer holds arrives whole and in order
        big = join(string.(1:40000), ",")
        open(f, "w") do io
            for chunk in (big, "|", big)
                write(io, chunk)
            end
            for i in 1:100000
                write(io, UInt8('a' + i % 26))
            end
        end
        s = read(f, String)
        @test length(s) == 2 * length(big) + 1 + 100000
        @test startswith(s, big * "|" * big) && s[end] == Char('a' + 100000 % 26)
        # appending and reading back
        open(io -> println(io, "more"), f, "a")
        @test endswith(read(f, String), "more\n")
        # r+ reads what was just written
        write(f, "0123456789")
        open(f, "r+") do io
            write(io, "ab")
            @test read(io, String) == "23456789"
        end
        @test read(f, String) == "ab23456789"
        # writing to a closed stream or one opened for reading is an error
        io = open(f, "w")
        close(io)
        @test msg(() -> write(io, "x")) == "ArgumentError: write failed, IOStream is not writeable"
        @test msg(() -> open(io -> write(io, "x"), f)) == "ArgumentError: write failed, IOStream is not writeable"
        # mktemp streams are buffered too
        mktemp(dir) do p, io
            print(io, 42, '\n', -7)
            close(io)
            @test read(p, String) == "42\n-7"
        end
    end
end

@testset "output of a process" begin
    mktempdir() do dir
        f = joinpath(dir, "b.txt")
        # an unclosed file is flushed when the process exits, also by exit() and by an uncaught error
        for (code, name) in (("print(io, 12, \"x\")", "end"), ("print(io, 12, \"x\"); exit(3)", "exit"),
                             ("print(io, 12, \"x\"); error(\"boom\")", "error"))
            rm(f; force = true)
            run_merged(string("io = open(\"", f, "\", \"w\"); ", code))
            @test read(f, String) == "12x"
        end
        # stdout and stderr keep the order in which they were written
        out = run_merged("print(1); print(stderr, 2); println(3); println(stderr, 4); print(stdout, 5, 6); flush(stdout); println(stderr, 7)")
        @test out == "123\n4\n567\n"
        out = run_merged("println(\"before\"); error(\"boom\")")
        @test startswith(out, "before\nERROR: boom")
    end
end

@testset "stdout to a pipe or a file" begin
    mktempdir() do dir
        prog = joinpath(dir, "p.jl")
        out = joinpath(dir, "out.txt")
        stdin_file = joinpath(dir, "in.txt")
        write(stdin_file, "bob\n")
        run_prog(code, redirect, flags = "") =
            (write(prog, code); run_sh(string("'", JULEP, "' ", flags, " '", prog, "' ", redirect)))
        # exit(n) and an uncaught error keep what was printed (also without a final newline) and the status
        o, st = run_prog("println(\"a\"); print(\"b\"); exit(3)", "2>&1")
        @test o == "a\nb" && st == 3 << 8
        o, st = run_prog("for i in 1:3; println(i); end; print(\"c\"); f() = error(\"boom\"); f()", "2>&1")
        @test startswith(o, "1\n2\n3\ncERROR: LoadError: boom\nStacktrace:") && st == 1 << 8
        # lots of output to a file arrives whole, and in order with stderr written meanwhile
        o, st = run_prog("for i in 1:20000; println(i); end; println(stderr, \"mid\"); println(\"end\")", "> '$out' 2>&1")
        lines = split(read(out, String), '\n')
        @test length(lines) == 20003 && lines[20000] == "20000" && lines[20001] == "mid" && lines[20002] == "end"
        # warnings the runtime prints itself (C code) come after earlier output
        o, st = run_prog("g() = 1; println(\"x\"); g() = 2; println(\"y\")", "2>&1", "--warn-overwrite=yes")
        @test startswith(o, "x\nWARNING: Method definition g()") && endswith(o, "y\n")
        # a prompt printed without a newline shows before stdin is read
        o, st = run_prog("print(\"name? \"); n = readline(); println(stderr, \"hi \", n)", "2>&1 < '$stdin_file'")
        @test o == "name? hi bob\n"
        # flush(stdout) writes at once: _exit skips the exit-time flush, so only flushed output remains
        o, st = run_prog("print(\"kept\"); flush(stdout); print(\"dropped\"); ccall(:_exit, Cvoid, (Cint,), 0)", "")
        @test o == "kept"
        # SIGTERM and SIGINT end the process as before, with the pending output written
        for sig in (15, 2)
            o, st = run_prog("print(\"pending \", 42); ccall(:raise, Cint, (Cint,), $sig); println(\"not reached\")", "")
            @test o == "pending 42" && (st & 0x7f == sig || st >> 8 == 128 + sig)  # the shell may report it
        end
        # close(stdout) writes what was pending
        o, st = run_prog("print(\"closing\"); close(stdout)", "")
        @test o == "closing"
    end
end
