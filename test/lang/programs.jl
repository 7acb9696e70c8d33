# programs.jl -- whole small programs: recursive fib, a struct-based particle simulation, and a user
# macro that times an expression with @elapsed in a loop.
using Test

fib(n) = n < 2 ? n : fib(n - 1) + fib(n - 2)

mutable struct Particle
    x::Float64
    v::Float64
end
function step!(ps::Vector{Particle}, dt)
    for p in ps
        p.v -= 9.8 * dt
        p.x += p.v * dt
        if p.x < 0
            p.x = -p.x
            p.v = -p.v * 0.5
        end
    end
    ps
end
function simulate(n, steps)
    ps = [Particle(Float64(i), 0.0) for i in 1:n]
    for _ in 1:steps
        step!(ps, 0.01)
    end
    ps
end

macro timeit(ex, name)
    quote
        local best = Inf
        for _ in 1:5
            best = min(best, @elapsed $(esc(ex)))
        end
        (name = $(esc(name)), seconds = best)
    end
end

@testset "programs" begin
    @test fib(20) == 6765
    @test [fib(i) for i in 0:10] == [0, 1, 1, 2, 3, 5, 8, 13, 21, 34, 55]
    ps = simulate(3, 100)
    @test length(ps) == 3
    @test all(p -> p.x >= 0, ps)
    @test ps[1].x != 1.0
    r = @timeit fib(15) "fib"
    @test r.name == "fib"
    @test 0 <= r.seconds < 10
    primes = [n for n in 2:50 if all(d -> n % d != 0, 2:n-1)]
    @test primes == [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47]
    counts = Dict{Char,Int}()
    for c in "hello world"
        counts[c] = get(counts, c, 0) + 1
    end
    @test counts['l'] == 3
    @test counts['o'] == 2
end
