/* print_to_file -- Julia Microbenchmarks: n formatted lines "i i+1" to /dev/null. args: n reps */
#include <string.h>
#include "bench.h"

static void printfd(const char *path, long n)
{
    FILE *f = fopen(path, "w");
    if (!f)
        bench_fail("cannot open the output file");
    for (long i = 1; i <= n; i++)
        fprintf(f, "%ld %ld\n", i, i + 1);
    fclose(f);
}

static void self_check(void)
{
    char path[] = "/tmp/bench_printfd_XXXXXX", buf[64] = {0};
    int fd = mkstemp(path);
    if (fd < 0)
        bench_fail("mkstemp");
    printfd(path, 3);
    FILE *f = fopen(path, "r");
    size_t len = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    remove(path);
    if (len != 12 || strcmp(buf, "1 2\n2 3\n3 4\n") != 0)
        bench_fail("printfd wrote the wrong text");
}

int main(int argc, char **argv)
{
    long n = bench_arg(argc, argv, 1, 100000), reps = bench_arg(argc, argv, 2, 1);
    double best = 1e300;
    self_check();
    for (int trial = 0; trial < BENCH_TRIALS; trial++) {
        double t0 = bench_now();
        for (long k = 0; k < reps; k++)
            printfd("/dev/null", n);
        bench_trial(trial, (bench_now() - t0) / reps, &best);
    }
    printf("print_to_file(%ld): done\n", n);
    bench_report(best);
    return 0;
}
