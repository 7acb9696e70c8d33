# fasta.jl -- Benchmarks Game fasta: repeated and weighted-random DNA sequences (LCG with IM = 139968),
# lines of 60 characters. args: n
const IM = 139968
const IA = 3877
const IC = 29573
const LINE = 60

const ALU = "GGCCGGGCGCGGTGGCTCACGCCTGTAATCCCAGCACTTTGG" *
            "GAGGCCGAGGCGGGCGGATCACCTGAGGTCAGGAGTTCGAGA" *
            "CCAGCCTGGCCAACATGGTGAAACCCCGTCTCTACTAAAAAT" *
            "ACAAAAATTAGCCGGGCGTGGTGGCGCGCGCCTGTAATCCCA" *
            "GCTACTCGGGAGGCTGAGGCAGGAGAATCGCTTGAACCCGGG" *
            "AGGCGGAGGTTGCAGTGAGCCGAGATCGCGCCACTGCACTCC" *
            "AGCCTGGGCGACAGAGCGAGACTCCGTCTCAAAAA"

const IUB = [('a', 0.27), ('c', 0.12), ('g', 0.12), ('t', 0.27), ('B', 0.02), ('D', 0.02),
             ('H', 0.02), ('K', 0.02), ('M', 0.02), ('N', 0.02), ('R', 0.02), ('S', 0.02),
             ('V', 0.02), ('W', 0.02), ('Y', 0.02)]
const HOMOSAPIENS = [('a', 0.3029549426680), ('c', 0.1979883004921), ('g', 0.1975473066391),
                     ('t', 0.3015094502008)]

mutable struct FastaRNG
    seed::Int
end
function gen_random(r::FastaRNG, maxval)
    r.seed = (r.seed * IA + IC) % IM
    return maxval * r.seed / IM
end

function repeat_fasta(io, s, n)
    src = codeunits(s)
    len = length(src)
    line = Vector{UInt8}(undef, LINE + 1)
    pos = 1
    while n > 0
        m = min(n, LINE)
        for i in 1:m
            line[i] = src[pos]
            pos = pos == len ? 1 : pos + 1
        end
        line[m+1] = UInt8('\n')
        write(io, view(line, 1:m+1))
        n -= m
    end
end

function random_fasta(io, genelist, n, rng)
    chars = [UInt8(c) for (c, _) in genelist]
    cumulative = cumsum([p for (_, p) in genelist])
    count = length(genelist)
    line = Vector{UInt8}(undef, LINE + 1)
    while n > 0
        m = min(n, LINE)
        for i in 1:m
            r = gen_random(rng, 1.0)
            k = 1
            while k < count && cumulative[k] < r
                k += 1
            end
            line[i] = chars[k]
        end
        line[m+1] = UInt8('\n')
        write(io, view(line, 1:m+1))
        n -= m
    end
end

function main(io, n)
    rng = FastaRNG(42)
    write(io, ">ONE Homo sapiens alu\n")
    repeat_fasta(io, ALU, 2n)
    write(io, ">TWO IUB ambiguity codes\n")
    random_fasta(io, IUB, 3n, rng)
    write(io, ">THREE Homo sapiens frequency\n")
    random_fasta(io, HOMOSAPIENS, 5n, rng)
end

main(stdout, length(ARGS) >= 1 ? parse(Int, ARGS[1]) : 1000)
