# timing.jl -- @time's output format, @elapsed/@allocated/@timed, clocks, sleep, ENV/ARGS/exit.
using Test
include(joinpath(@__DIR__, "include", "child.jl"))

@testset "time_print format" begin
    io = IOBuffer()
    Base.time_print(io, 1_500_000_000, 96, 0, 3, 0, 0, true)
    @test String(take!(io)) == "  1.500000 seconds (3 allocations: 96 bytes)\n"
    Base.time_print(io, 2_000_000, 2048, 0, 1, 0, 0, true)
    @test String(take!(io)) == "  0.002000 seconds (1 allocation: 2.000 KiB)\n"
    Base.time_print(io, 123_000, 0, 0, 0, 0, 0, true)
    @test String(take!(io)) == "  0.000123 seconds\n"
    Base.time_print(io, 1_000_000_000, 5_000_000, 250_000_000, 12_346, 0, 0, true)
    @test String(take!(io)) == "  1.000000 seconds (12.35 k allocations: 4.768 MiB, 25.00% gc time)\n"
    Base.time_print(io, 2_000_000_000, 0, 0, 0, 1_000_000_000, 0, true)
    @test String(take!(io)) == "  2.000000 seconds (50.00% compilation time)\n"
    Base.time_print(io, 2_000_000_000, 100, 0, 2, 1_000_000_000, 500_000_000, true)
    @test String(take!(io)) ==
        "  2.000000 seconds (2 allocations: 100 bytes, 50.00% compilation time: 50% of which was recompilation)\n"
    Base.time_print(io, 12_000_000_000, 0, 0, 0, 0, 0, true; msg = "step")
    @test String(take!(io)) == "step: 12.000000 seconds\n"
end

@testset "timing macros" begin
    out, err, st, src = run_julep("""
        x = @time sum(1:10)
        println(x)
        @time "labelled" 1 + 1
        """)
    @test st == 0
    lines = split(out, '\n')
    @test occursin(" seconds", lines[1]) && startswith(lines[1], "  0.") && lines[2] == "55"
    @test startswith(lines[3], "labelled: 0.")
    t = @elapsed sleep(0.05)
    @test 0.04 < t < 5
    @test @allocated(zeros(1000)) >= 8000
    r = @timed sum(1:10)
    @test r.value == 55 && r.time >= 0 && r.bytes >= 0
    t0 = time_ns()
    @test time_ns() >= t0 && abs(time() - time()) < 1
end

@testset "process" begin
    ENV["JULEP_TIMING_TEST"] = "yes"
    @test ENV["JULEP_TIMING_TEST"] == "yes" && haskey(ENV, "JULEP_TIMING_TEST")
    @test get(ENV, "JULEP_NO_SUCH_VARIABLE", "dflt") == "dflt"
    @test_throws KeyError ENV["JULEP_NO_SUCH_VARIABLE"]
    out, err, st, src = run_julep("""
        println(PROGRAM_FILE == @__FILE__, " ", ARGS)
        exit(3)
        """)
    @test out == "true String[]\n" && st == 3
end
