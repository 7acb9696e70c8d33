# closures.jl -- anonymous functions, captured variables (boxed when reassigned), do blocks,
# returning closures, callable structs.
using Test

function make_counter()
    n = 0
    () -> (n += 1)
end
adder(k) = x -> x + k
function apply_twice(f, x)
    f(f(x))
end
struct Poly
    coeffs::Vector{Int}
end
function (p::Poly)(x)
    s = 0
    for (i, c) in enumerate(p.coeffs)
        s += c * x^(i - 1)
    end
    s
end

@testset "closures" begin
    c = make_counter()
    @test c() == 1
    @test c() == 2
    c2 = make_counter()
    @test c2() == 1
    @test c() == 3
    @test adder(3)(4) == 7
    @test apply_twice(x -> 2x, 5) == 20
    @test map(x -> x^2, [1, 2, 3]) == [1, 4, 9]
    sq = function (x)
        x * x
    end
    @test sq(7) == 49
    r = map([1, 2, 3]) do x
        x + 10
    end
    @test r == [11, 12, 13]
    total = 0
    foreach([1, 2, 3]) do x
        total += x
    end
    @test total == 6
    @test Poly([1, 2, 3])(2) == 17
    compose = (sin ∘ identity)
    @test compose(0.0) == 0.0
    @test (x -> x + 1 |> string)(1) == "2"
    @test filter(x -> x > 1, [1, 2, 3]) == [2, 3]
end
