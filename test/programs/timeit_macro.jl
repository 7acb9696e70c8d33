# timeit_macro.jl -- a user-defined macro wrapping @elapsed in a loop
macro timeit(ex, name)
    quote
        local best = Inf
        for _ in 1:3
            best = min(best, @elapsed $(esc(ex)))
        end
        println($(esc(name)), ": ", best >= 0 ? "ok" : "negative")
        best
    end
end
f(n) = sum(i * i for i in 1:n)
t = @timeit f(1000) "sum of squares"
println(t isa Float64)
println(f(10))
