# mandel.jl -- Julia Microbenchmarks: Mandelbrot escape counts over a complex grid, with a comprehension.
# args: n reps. The grid has step 1/n: r/n + (i/n)im for -2n <= r <= n/2, -n <= i <= n; n = 10 is the
# original benchmark, whose counts sum to 14791.
function mandel(z)
    c = z
    maxiter = 80
    for n = 1:maxiter
        if abs(z) > 2
            return n - 1
        end
        z = z^2 + c
    end
    return maxiter
end

mandelperf(n) = [mandel(complex(r / n, i / n)) for i = -n:n, r = -2n:n÷2]

function main(args)
    n = length(args) >= 1 ? parse(Int, args[1]) : 10
    reps = length(args) >= 2 ? parse(Int, args[2]) : 1
    sum(mandelperf(10)) == 14791 || error("sum(mandelperf(10)) != 14791")
    s = sum(mandelperf(n))
    ns = fill(n, reps)  # one input per call, so no call can be hoisted out of the loop or merged
    best = Inf
    for trial in 1:6
        t0 = time_ns()
        acc = 0
        for k in 1:reps
            acc += sum(mandelperf(ns[k]))
        end
        t = (time_ns() - t0) / 1e9 / reps
        trial > 1 && (best = min(best, t))
        acc == reps * s || error("mandelperf gave different sums for the same grid")
    end
    println("mandel($n) = $s")
    println(stderr, "BENCHTIME ", best)
end

main(ARGS)
