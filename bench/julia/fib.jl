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
    best = Inf
    r = 0
    for trial in 1:6
        t0 = time_ns()
        for _ in 1:reps
            r = fib(n)
        end
        t = (time_ns() - t0) / 1e9 / reps
        trial > 1 && (best = min(best, t))
        r == fib_iter(n) || error("fib result differs from the iterative value")
    end
    println("fib($n) = $r")
    println(stderr, "BENCHTIME ", best)
end

main(ARGS)
