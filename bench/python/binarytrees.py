"""binarytrees.py -- Benchmarks Game binary-trees: allocate and walk perfect binary trees (GC heavy).
A node is a tuple (left, right); a leaf is (None, None). args: n (maximum depth)"""
import sys


def make(d):
    return (None, None) if d == 0 else (make(d - 1), make(d - 1))


def check(t):
    left, right = t
    return 1 if left is None else 1 + check(left) + check(right)


def main(args):
    n = int(args[0]) if args else 10
    min_depth = 4
    max_depth = max(min_depth + 2, n)
    stretch = max_depth + 1
    print(f"stretch tree of depth {stretch}\t check: {check(make(stretch))}")
    long_lived = make(max_depth)
    for d in range(min_depth, max_depth + 1, 2):
        iters = 1 << (max_depth - d + min_depth)
        c = 0
        for _ in range(iters):
            c += check(make(d))
        if c != iters * (2 ** (d + 1) - 1):
            sys.exit("ERROR: wrong node count")
        print(f"{iters}\t trees of depth {d}\t check: {c}")
    print(f"long lived tree of depth {max_depth}\t check: {check(long_lived)}")


main(sys.argv[1:])
