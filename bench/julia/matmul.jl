# matmul.jl -- Julia Microbenchmarks: product of two random n x n matrices (BLAS). Only the product is
# timed. The matrices are filled column by column from the suite's 32-bit LCG. args: n reps
using LinearAlgebra, Printf

mutable struct LCG
    state::UInt32
end
next!(g::LCG) = (g.state = g.state * 0x0019660d + 0x3c6ef35f)
randf(g::LCG) = next!(g) / 4294967296.0

function main(args)
    n = length(args) >= 1 ? parse(Int, args[1]) : 1000
    reps = length(args) >= 2 ? parse(Int, args[2]) : 1
    g = LCG(42)
    best = Inf
    total = 0.0
    for trial in 1:6
        t = 0.0
        for _ in 1:reps
            A = [randf(g) for i in 1:n, j in 1:n]
            B = [randf(g) for i in 1:n, j in 1:n]
            t0 = time_ns()
            C = A * B
            t += (time_ns() - t0) / 1e9
            d = sum(A[n, j] * B[j, 1] for j in 1:n)
            abs(d - C[n, 1]) <= 1e-9 * n || error("C[n,1] differs from the dot product")
            total += C[1, 1] + C[n, n]
        end
        trial > 1 && (best = min(best, t / reps))
    end
    @printf("matmul(%d): corner sum %.6e\n", n, total)
    println(stderr, "BENCHTIME ", best)
end

main(ARGS)
