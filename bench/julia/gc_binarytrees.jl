# gc_binarytrees.jl -- GC costs on the binary-trees workload: allocation rate and share of time spent in
# the collector while short-lived trees are built and dropped next to a long-lived tree of depth n (from
# @timed), then the pause of one full collection with that tree live. args: n
# stderr: "BENCHSTAT alloc_rate_MBps <x>", "BENCHSTAT gc_time_percent <x>", "BENCHSTAT full_gc_ms <x>"
struct Node
    left::Union{Node,Nothing}
    right::Union{Node,Nothing}
end

make(d) = d == 0 ? Node(nothing, nothing) : Node(make(d - 1), make(d - 1))

check(t::Node) = 1 + (t.left === nothing ? 0 : check(t.left) + check(t.right))

function churn(max_depth)
    c = 0
    for d in 4:2:max_depth
        for _ in 1:(1 << (max_depth - d + 4))
            c += check(make(d))
        end
    end
    return c
end

function main(args)
    n = length(args) >= 1 ? parse(Int, args[1]) : 12
    long_lived = make(n)
    churn(6)  # first calls (compilation) outside the measurement
    stats = @timed churn(n)
    pause = @elapsed GC.gc()
    println("gc_binarytrees($n): short-lived nodes $(stats.value), long-lived nodes $(check(long_lived))")
    println(stderr, "BENCHSTAT alloc_rate_MBps ", stats.bytes / stats.time / 1e6)
    println(stderr, "BENCHSTAT gc_time_percent ", 100 * stats.gctime / stats.time)
    println(stderr, "BENCHSTAT full_gc_ms ", 1000 * pause)
end

main(ARGS)
