# quicksort.jl -- Julia Microbenchmarks: quicksort of n random floats (only the sort is timed).
# args: n reps. Random numbers come from the suite's 32-bit LCG (the same in every language).
using Printf

mutable struct LCG
    state::UInt32
end
next!(g::LCG) = (g.state = g.state * 0x0019660d + 0x3c6ef35f)
randf(g::LCG) = next!(g) / 4294967296.0

function qsort!(a, lo, hi)
    i, j = lo, hi
    while i < hi
        pivot = a[(lo + hi) >>> 1]
        while i <= j
            while a[i] < pivot
                i += 1
            end
            while a[j] > pivot
                j -= 1
            end
            if i <= j
                a[i], a[j] = a[j], a[i]
                i, j = i + 1, j - 1
            end
        end
        if lo < j
            qsort!(a, lo, j)
        end
        lo, j = i, hi
    end
    return a
end

function main(args)
    n = length(args) >= 1 ? parse(Int, args[1]) : 5000
    reps = length(args) >= 2 ? parse(Int, args[2]) : 1
    g = LCG(42)
    a = Vector{Float64}(undef, n)
    best = Inf
    total = 0.0
    for trial in 1:6
        t = 0.0
        for _ in 1:reps
            for i in 1:n
                a[i] = randf(g)
            end
            t0 = time_ns()
            qsort!(a, 1, n)
            t += (time_ns() - t0) / 1e9
            issorted(a) || error("array not sorted")
            total += a[n ÷ 2 + 1]
        end
        trial > 1 && (best = min(best, t / reps))
    end
    @printf("quicksort(%d): sorted, median sum %.6f\n", n, total)
    println(stderr, "BENCHTIME ", best)
end

main(ARGS)
