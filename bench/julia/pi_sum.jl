# pi_sum.jl -- Julia Microbenchmarks: sum of 1/k^2 for k = 1..n, repeated 500 times.
# args: n reps
using Printf

function pisum(n)
    sum = 0.0
    for j = 1:500
        sum = 0.0
        for k = 1:n
            sum += 1.0 / (k * k)
        end
    end
    sum
end

function main(args)
    n = length(args) >= 1 ? parse(Int, args[1]) : 10000
    reps = length(args) >= 2 ? parse(Int, args[2]) : 1
    s = pisum(n)
    ns = fill(n, reps)  # one input per call, so no call can be hoisted out of the loop or merged
    best = Inf
    for trial in 1:6
        t0 = time_ns()
        acc = 0.0
        for k in 1:reps
            acc += pisum(ns[k])
        end
        t = (time_ns() - t0) / 1e9 / reps
        trial > 1 && (best = min(best, t))
        abs(acc - reps * s) <= 1e-9 * reps || error("pisum gave different sums for the same n")
    end
    # the tail of the series beyond n is about 1/n
    abs(s - pi^2 / 6) <= 1 / n + 1e-9 || error("pi_sum is not close to pi^2/6")
    n == 10000 && abs(s - 1.644834071848065) > 1e-12 && error("pisum(10000) differs from 1.644834071848065")
    @printf("pi_sum(%d) = %.12f\n", n, s)
    println(stderr, "BENCHTIME ", best)
end

main(ARGS)
