"""fannkuch.py -- Benchmarks Game fannkuch-redux: all permutations of 0..n-1 in the benchmark's order,
pancake flips of each, checksum and maximum flip count. args: n"""
import sys


def fannkuch(n):
    perm1 = list(range(n))
    count = [0] * n
    maxflips = checksum = permcount = 0
    r = n
    while True:
        while r != 1:
            count[r - 1] = r
            r -= 1
        perm = perm1[:]
        flips = 0
        k = perm[0]
        while k != 0:
            perm[: k + 1] = perm[k::-1]
            flips += 1
            k = perm[0]
        maxflips = max(maxflips, flips)
        checksum += flips if permcount % 2 == 0 else -flips
        while True:
            if r == n:
                return checksum, maxflips
            p0 = perm1[0]
            perm1[:r] = perm1[1:r + 1]
            perm1[r] = p0
            count[r] -= 1
            if count[r] > 0:
                break
            r += 1
        permcount += 1


def main(args):
    n = int(args[0]) if args else 7
    checksum, maxflips = fannkuch(n)
    if fannkuch(7) != (228, 16):
        sys.exit("ERROR: fannkuch(7) should give 228 and 16")
    print(f"{checksum}\nPfannkuchen({n}) = {maxflips}")


main(sys.argv[1:])
