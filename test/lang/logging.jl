# logging.jl -- @info/@warn/@error/@debug print Julia 1.10's ConsoleLogger format to stderr; loggers
# (with_logger, NullLogger, ConsoleLogger on an IOBuffer, SimpleLogger) and levels from Logging.
using Test
using Logging
include(joinpath(@__DIR__, "include", "child.jl"))

@testset "stderr format" begin
    out, err, st, src = run_julep("""
        @info "hello"
        x = 3
        @info "with kv" x y=[1, 2]
        @warn "careful"
        @error "bad\\nsecond line" a=1
        @debug "hidden"
        @info "done"
        """)
    @test st == 0 && out == ""
    @test err == """
        [ Info: hello
        ┌ Info: with kv
        │   x = 3
        │   y =
        │    2-element Vector{Int64}:
        │     1
        └     2
        ┌ Warning: careful
        └ @ Main $src:4
        ┌ Error: bad
        │ second line
        │   a = 1
        └ @ Main $src:5
        [ Info: done
        """
end

@testset "loggers" begin
    buf = IOBuffer()
    with_logger(ConsoleLogger(buf)) do
        @info "to a buffer" n = 1
        @debug "not shown"
    end
    @test String(take!(buf)) == "┌ Info: to a buffer\n└   n = 1\n"
    buf = IOBuffer()
    with_logger(ConsoleLogger(buf, Logging.Debug)) do
        @debug "now shown"
    end
    @test startswith(String(take!(buf)), "┌ Debug: now shown\n└ @ Main ")
    with_logger(NullLogger()) do
        @error "nothing printed"
    end
    @test Logging.Info < Logging.Warn && string(Logging.Warn) == "Warn"
    @test current_logger() isa ConsoleLogger
    buf = IOBuffer()
    with_logger(ConsoleLogger(buf, Logging.Warn)) do
        @info "below the level"
        @warn "at the level"
    end
    @test startswith(String(take!(buf)), "┌ Warning: at the level\n")
    @test_logs (:warn, "careful") (:info, "fine") begin
        @warn "careful"
        @info "fine"
    end
    @test_warn "watch" @warn "watch out"
    @test_nowarn 1 + 1
end
