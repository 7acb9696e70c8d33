# fib.jl -- Julia Microbenchmarks: recursive Fibonacci.
# args: n reps. stdout: the result; stderr: "BENCHTIME <seconds>", the best of trials 2..6 of one call.
fib(n) = n < 2 ? n : fib(n - 1) + fib(n - 2)

function fib_iter(n)
    a, b = 0, 1
    for _ in 1:n
        a, b = b, a + b
    end
    return a
end

function main(args)
    n = length(args) >= 1 ? parse(Int, args[1]) : 30
    reps = length(args) >= 2 ? parse(Int, args[2]) : 1
    ns = fill(n, reps)  # one input per call, so no call can be hoisted out of the loop or merged
    best = Inf
    for trial in 1:6
        t0 = time_ns()
        acc = 0
        for k in 1:reps
            acc += fib(ns[k])
        end
        t = (time_ns() - t0) / 1e9 / reps
        trial > 1 && (best = min(best, t))
        acc == reps * fib_iter(n) || error("fib result differs from the iterative value")
    end
    println("fib($n) = $(fib_iter(n))")
    println(stderr, "BENCHTIME ", best)
end

main(ARGS)
