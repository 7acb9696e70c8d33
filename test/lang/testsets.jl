# testsets.jl -- the Test stdlib as a user sees it: each program runs in a fresh julep process and its
# stdout/stderr/exit status are compared with Julia 1.10's (the Time column is dropped: it varies).
# In-process checks cover @test keyword forms, @test_throws values, @inferred and test-set scoping.
using Test
include(joinpath(@__DIR__, "include", "child.jl"))

# drop the Time column of summary tables (header and rows end with it)
function drop_time(s::String)
    lines = split(s, '\n')
    for i in 1:length(lines)
        l = lines[i]
        if occursin(" | ", l)
            l = rstrip(l)
            j = first(findlast(" ", l))
            lines[i] = rstrip(l[1:j])
        end
    end
    join(lines, '\n')
end

@testset "passing summary" begin
    out, err, st, src = run_julep("""
        using Test
        @testset "outer" begin
            @test 1 == 1
            y = 5
            @testset "inner" begin
                @test true
                @test y == 5
            end
        end
        println(isdefined(Main, :y))
        """)
    @test st == 0 && err == ""
    @test drop_time(out) == """
        Test Summary: | Pass  Total
        outer         |    3      3
        false
        """
end

@testset "failures and errors" begin
    out, err, st, src = run_julep("""
        using Test
        @testset "outer" begin
            @test 1 == 1
            @testset "inner" begin
                @test 1 == 2
                error("boom")
            end
            @test 2 + 2 == 4
        end
        println("not reached")
        """)
    @test st == 1
    @test occursin("inner: Test Failed at $src:5\n  Expression: 1 == 2\n   Evaluated: 1 == 2\n", out)
    @test occursin("inner: Error During Test at $src:4\n  Got exception outside of a @test\n  boom\n", out)
    @test endswith(drop_time(out), """
        Test Summary: | Pass  Fail  Error  Total
        outer         |    2     1      1      4
          inner       |          1      1      2
        """)
    @test !occursin("not reached", out)
    # the summary is the whole error report, without a backtrace (as Julia's showerror for it)
    @test err == "ERROR: LoadError: Some tests did not pass: 2 passed, 1 failed, 1 errored, 0 broken.\nin expression starting at $src:2\n"
end

@testset "test threw, broken, skipped" begin
    out, err, st, src = run_julep("""
        using Test
        @testset "mixed" begin
            @test sqrt(-1.0) > 0
            @test 1 == 2 broken=true
            @test_broken false
            @test_skip 1 == 2
            @test 1 ≈ 1.1 atol=0.01
        end
        """)
    @test st == 1
    @test occursin("mixed: Error During Test at $src:3\n  Test threw exception\n  Expression: sqrt(-1.0) > 0\n  DomainError", out)
    @test occursin("mixed: Test Failed at $src:7\n  Expression: ≈(1, 1.1, atol = 0.01)\n   Evaluated: ≈(1, 1.1; atol = 0.01)\n", out)
    @test endswith(drop_time(out), """
        Test Summary: | Fail  Error  Broken  Total
        mixed         |    1      1       3      5
        """)
end

@testset "for loops and outside a test set" begin
    out, err, st, src = run_julep("""
        using Test
        @testset "n = \$i" for i in 1:2
            @test i > 0
        end
        """)
    @test st == 0 && drop_time(out) == """
        Test Summary: | Pass  Total
        n = 1         |    1      1
        Test Summary: | Pass  Total
        n = 2         |    1      1
        """
    out, err, st, src = run_julep("""
        using Test
        @test 1 + 1 == 2
        @test 1 + 1 == 3
        println("not reached")
        """)
    @test st == 1
    @test out == "Test Failed at $src:3\n  Expression: 1 + 1 == 3\n   Evaluated: 2 == 3\n"
    @test err == "ERROR: LoadError: There was an error during testing\nin expression starting at $src:3\n"
end

@testset "in-process forms" begin
    @test 1.0 ≈ 1.0 + 1e-10
    @test 1.0 ≈ 1.05 atol = 0.1
    @test 100.0 ≈ 101.0 rtol = 0.02
    @test_throws DomainError sqrt(-1.0)
    @test_throws ArgumentError("bad") throw(ArgumentError("bad"))
    @test_throws BoundsError [1, 2][3]
    @test (@test true) isa Test.Pass
    f(x) = x + 1
    g(x) = x > 0 ? 1 : 1.0
    @test @inferred(f(1)) == 2
    @test_throws ErrorException @inferred(g(1))
    @test (try; @inferred(g(1)); catch e; sprint(showerror, e); end) ==
        "return type Int64 does not match inferred return type Union{Float64, Int64}"
    @test @inferred(Union{Float64, Int}, g(1)) == 1
    a = 1
    @testset "scoped" begin
        a = 2          # the enclosing local: test sets are `let` blocks, not functions
        b = 3
        @test a == 2
    end
    @test !@isdefined(b)
end
