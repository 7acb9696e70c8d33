# parse_integers.jl -- Julia Microbenchmarks: UInt32 -> hex string -> parse -> compare, t times.
# args: t reps. Random numbers come from the suite's 32-bit LCG (the same in every language).
mutable struct LCG
    state::UInt32
end
next!(g::LCG) = (g.state = g.state * 0x0019660d + 0x3c6ef35f)

function parseintperf(t, g)
    local n
    for i = 1:t
        n = next!(g)
        s = string(n, base = 16)
        m = UInt32(parse(Int64, s, base = 16))
        m == n || error("parsed value differs")
    end
    return n
end

function main(args)
    t = length(args) >= 1 ? parse(Int, args[1]) : 1000
    reps = length(args) >= 2 ? parse(Int, args[2]) : 1
    g = LCG(42)
    best = Inf
    lastval = zero(UInt32)
    for trial in 1:6
        t0 = time_ns()
        for _ in 1:reps
            lastval = parseintperf(t, g)
        end
        el = (time_ns() - t0) / 1e9 / reps
        trial > 1 && (best = min(best, el))
    end
    println("parse_integers($t): last = ", string(lastval, base = 16))
    println(stderr, "BENCHTIME ", best)
end

main(ARGS)
