"""fasta.py -- Benchmarks Game fasta: repeated and weighted-random DNA sequences (LCG with IM = 139968),
lines of 60 characters. args: n"""
import sys

IM, IA, IC, LINE = 139968, 3877, 29573, 60
ALU = ("GGCCGGGCGCGGTGGCTCACGCCTGTAATCCCAGCACTTTGG"
       "GAGGCCGAGGCGGGCGGATCACCTGAGGTCAGGAGTTCGAGA"
       "CCAGCCTGGCCAACATGGTGAAACCCCGTCTCTACTAAAAAT"
       "ACAAAAATTAGCCGGGCGTGGTGGCGCGCGCCTGTAATCCCA"
       "GCTACTCGGGAGGCTGAGGCAGGAGAATCGCTTGAACCCGGG"
       "AGGCGGAGGTTGCAGTGAGCCGAGATCGCGCCACTGCACTCC"
       "AGCCTGGGCGACAGAGCGAGACTCCGTCTCAAAAA")
IUB = [("a", 0.27), ("c", 0.12), ("g", 0.12), ("t", 0.27), ("B", 0.02), ("D", 0.02),
       ("H", 0.02), ("K", 0.02), ("M", 0.02), ("N", 0.02), ("R", 0.02), ("S", 0.02),
       ("V", 0.02), ("W", 0.02), ("Y", 0.02)]
HOMOSAPIENS = [("a", 0.3029549426680), ("c", 0.1979883004921), ("g", 0.1975473066391),
               ("t", 0.3015094502008)]


class Random:
    def __init__(self, seed):
        self.seed = seed

    def gen(self, max):
        self.seed = (self.seed * IA + IC) % IM
        return max * self.seed / IM


def repeat_fasta(out, s, n):
    src = s.encode()
    length, pos = len(src), 0
    while n > 0:
        m = min(n, LINE)
        line = bytearray(m + 1)
        for i in range(m):
            line[i] = src[pos]
            pos = 0 if pos == length - 1 else pos + 1
        line[m] = 10
        out.write(line)
        n -= m


def random_fasta(out, genelist, n, rng):
    chars = [ord(c) for c, _ in genelist]
    cumulative, cum = [], 0.0
    for _, p in genelist:
        cum += p
        cumulative.append(cum)
    count = len(genelist)
    while n > 0:
        m = min(n, LINE)
        line = bytearray(m + 1)
        for i in range(m):
            r = rng.gen(1.0)
            k = 0
            while k < count - 1 and cumulative[k] < r:
                k += 1
            line[i] = chars[k]
        line[m] = 10
        out.write(line)
        n -= m


def main(out, n):
    rng = Random(42)
    out.write(b">ONE Homo sapiens alu\n")
    repeat_fasta(out, ALU, 2 * n)
    out.write(b">TWO IUB ambiguity codes\n")
    random_fasta(out, IUB, 3 * n, rng)
    out.write(b">THREE Homo sapiens frequency\n")
    random_fasta(out, HOMOSAPIENS, 5 * n, rng)


main(sys.stdout.buffer, int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
