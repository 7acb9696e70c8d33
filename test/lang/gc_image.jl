# gc_image.jl -- the system image's data is not scanned at each collection: only pages written since
# it was mapped are roots. Objects reachable only through image objects written at run time (a Base
# container, a method added to a Base function, a cached specialization, a Main global) must survive
# collections.
using Test

struct Tagged
    s::String
end
Base.length(t::Tagged) = ncodeunits(t.s) + 1000

function churn(n)
    v = Any[]
    for i in 1:n
        push!(v, string(i, base = 7))
        length(v) > 100 && empty!(v)
    end
    length(v)
end

@testset "objects referenced from the system image survive collections" begin
    hooks = Base._atexit_hooks
    n0 = length(hooks)
    for i in 1:200
        push!(hooks, () -> string("hook ", i))   # closures only the image's vector holds
    end
    global main_strings = [string("main ", i) for i in 1:2000]
    for _ in 1:3
        churn(200_000)
        GC.gc()
    end
    @test length(hooks) == n0 + 200
    @test hooks[n0 + 1]() == "hook 1"
    @test hooks[end]() == "hook 200"
    @test main_strings[1999] == "main 1999"
    @test length(Tagged("abc")) == 1003        # a method stored in Base's method table
    resize!(hooks, n0)
end
