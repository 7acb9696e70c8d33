# scopes.jl -- global/local scope rules of Julia >= 1.5: soft scope at top level, hard scope in
# functions, `local`/`global`, `let`, fresh bindings per loop iteration.
using Test

g_counter = 0
function bump_global()
    global g_counter
    g_counter += 1
end

@testset "scopes" begin
    @testset "function locals shadow globals" begin
        x = 10
        f() = (x = 1; x)
        @test f() == 1
        function h()
            y = 5
            let y = 6
                y += 1
            end
            y
        end
        @test h() == 5
    end
    @testset "global declaration" begin
        bump_global()
        bump_global()
        @test g_counter == 2
    end
    @testset "let blocks" begin
        a = 1
        r = let a = 2, b = a + 1
            a * b
        end
        @test r == 6
        @test a == 1
    end
    @testset "loop iterations have fresh bindings" begin
        fs = Function[]
        for i in 1:3
            push!(fs, () -> i)
        end
        @test [f() for f in fs] == [1, 2, 3]
        k = 0
        while k < 3
            k += 1
        end
        @test k == 3
    end
    @testset "local and nested functions" begin
        function outer()
            local z = 1
            inner() = z + 1
            z = 10
            inner()
        end
        @test outer() == 11
        function count_to(n)
            s = 0
            for i in 1:n
                t = i * 2
                s += t
            end
            s
        end
        @test count_to(4) == 20
    end
    @testset "if and begin do not introduce scope" begin
        function f(c)
            if c
                v = 1
            else
                v = 2
            end
            begin
                w = v + 1
            end
            w
        end
        @test f(true) == 2
        @test f(false) == 3
    end
end
