# binarytrees.jl -- Benchmarks Game binary-trees: allocate and walk perfect binary trees (GC heavy).
# args: n (maximum depth)
struct Node
    left::Union{Node,Nothing}
    right::Union{Node,Nothing}
end

make(d) = d == 0 ? Node(nothing, nothing) : Node(make(d - 1), make(d - 1))

check(t::Node) = 1 + (t.left === nothing ? 0 : check(t.left) + check(t.right))

function main(args)
    n = length(args) >= 1 ? parse(Int, args[1]) : 10
    min_depth = 4
    max_depth = max(min_depth + 2, n)
    stretch = max_depth + 1
    println("stretch tree of depth $stretch\t check: $(check(make(stretch)))")
    long_lived = make(max_depth)
    for d in min_depth:2:max_depth
        iters = 1 << (max_depth - d + min_depth)
        c = 0
        for _ in 1:iters
            c += check(make(d))
        end
        c == iters * (2^(d + 1) - 1) || error("wrong node count")
        println("$iters\t trees of depth $d\t check: $c")
    end
    println("long lived tree of depth $max_depth\t check: $(check(long_lived))")
end

main(ARGS)
