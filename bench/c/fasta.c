/* fasta -- Benchmarks Game fasta: repeated and weighted-random DNA sequences (LCG, IM = 139968),
 * lines of 60 characters. args: n */
#include <string.h>
#include "bench.h"

#define IM 139968
#define IA 3877
#define IC 29573
#define LINE 60

static long seed = 42;
static double gen_random(double max)
{
    seed = (seed * IA + IC) % IM;
    return max * seed / IM;
}

typedef struct {
    char c;
    double p;
} aminoacid;

static void repeat_fasta(const char *s, long n)
{
    long len = (long)strlen(s), pos = 0;
    char line[LINE + 1];
    while (n > 0) {
        long m = n < LINE ? n : LINE;
        for (long i = 0; i < m; i++) {
            line[i] = s[pos++];
            if (pos == len)
                pos = 0;
        }
        line[m] = '\n';
        fwrite(line, 1, m + 1, stdout);
        n -= m;
    }
}

static void random_fasta(aminoacid *genelist, int count, long n)
{
    char line[LINE + 1];
    double cum = 0;
    for (int i = 0; i < count; i++) {
        cum += genelist[i].p;
        genelist[i].p = cum;
    }
    while (n > 0) {
        long m = n < LINE ? n : LINE;
        for (long i = 0; i < m; i++) {
            double r = gen_random(1.0);
            int k = 0;
            while (k < count - 1 && genelist[k].p < r)
                k++;
            line[i] = genelist[k].c;
        }
        line[m] = '\n';
        fwrite(line, 1, m + 1, stdout);
        n -= m;
    }
}

static const char alu[] =
    "GGCCGGGCGCGGTGGCTCACGCCTGTAATCCCAGCACTTTGG"
    "GAGGCCGAGGCGGGCGGATCACCTGAGGTCAGGAGTTCGAGA"
    "CCAGCCTGGCCAACATGGTGAAACCCCGTCTCTACTAAAAAT"
    "ACAAAAATTAGCCGGGCGTGGTGGCGCGCGCCTGTAATCCCA"
    "GCTACTCGGGAGGCTGAGGCAGGAGAATCGCTTGAACCCGGG"
    "AGGCGGAGGTTGCAGTGAGCCGAGATCGCGCCACTGCACTCC"
    "AGCCTGGGCGACAGAGCGAGACTCCGTCTCAAAAA";

int main(int argc, char **argv)
{
    long n = bench_arg(argc, argv, 1, 1000);
    aminoacid iub[] = {{'a', 0.27}, {'c', 0.12}, {'g', 0.12}, {'t', 0.27}, {'B', 0.02}, {'D', 0.02},
                       {'H', 0.02}, {'K', 0.02}, {'M', 0.02}, {'N', 0.02}, {'R', 0.02}, {'S', 0.02},
                       {'V', 0.02}, {'W', 0.02}, {'Y', 0.02}};
    aminoacid homosapiens[] = {{'a', 0.3029549426680}, {'c', 0.1979883004921}, {'g', 0.1975473066391},
                               {'t', 0.3015094502008}};
    fputs(">ONE Homo sapiens alu\n", stdout);
    repeat_fasta(alu, 2 * n);
    fputs(">TWO IUB ambiguity codes\n", stdout);
    random_fasta(iub, 15, 3 * n);
    fputs(">THREE Homo sapiens frequency\n", stdout);
    random_fasta(homosapiens, 4, 5 * n);
    return 0;
}
