"""spectralnorm.py -- Benchmarks Game spectral-norm: power method on the infinite matrix
A[i,j] = 1/((i+j)(i+j+1)/2 + i + 1) (0-based), 10 iterations. args: n"""
import math
import sys


def A(i, j):
    return 1.0 / ((i + j) * (i + j + 1) // 2 + i + 1)


def mul_Av(v, n):
    return [sum(A(i, j) * v[j] for j in range(n)) for i in range(n)]


def mul_Atv(v, n):
    return [sum(A(j, i) * v[j] for j in range(n)) for i in range(n)]


def mul_AtAv(v, n):
    return mul_Atv(mul_Av(v, n), n)


def main(args):
    n = int(args[0]) if args else 100
    u = [1.0] * n
    v = u
    for _ in range(10):
        v = mul_AtAv(u, n)
        u = mul_AtAv(v, n)
    vBv = vv = 0.0
    for ue, ve in zip(u, v):
        vBv += ue * ve
        vv += ve * ve
    r = math.sqrt(vBv / vv)
    if not 1.2 < r < 1.275:
        sys.exit("ERROR: spectral norm out of range")
    print(f"{r:.9f}")


main(sys.argv[1:])
