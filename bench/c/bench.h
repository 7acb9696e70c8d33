/* bench.h -- shared helpers for the C implementations of the benchmark suite (bench/run.py).
 * Conventions every implementation in bench/ follows:
 *   argv[1] = problem size n; micro-benchmarks also take argv[2] = reps (kernel calls per timed trial).
 *   stdout  = the program's checked result (compared across implementations by the harness).
 *   stderr  = "BENCHTIME <seconds>": best of trials 2..6 of one kernel call (trial 1 warms up),
 *             "BENCHSTAT <name> <value>" for extra measurements; anything else there is an error.
 * A failed self-check prints "ERROR: ..." on stderr and exits with status 1. */
#ifndef BENCH_H
#define BENCH_H
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define BENCH_TRIALS 6

static inline double bench_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static inline long bench_arg(int argc, char **argv, int i, long dflt)
{
    return argc > i ? atol(argv[i]) : dflt;
}

/* best-of tracking over trials; trial 0 is the warm-up and never counts */
static inline void bench_trial(int trial, double seconds, double *best)
{
    if (trial > 0 && seconds < *best)
        *best = seconds;
}

static inline void bench_report(double best)
{
    fprintf(stderr, "BENCHTIME %.9g\n", best);
}

/* One input per kernel call (all equal to n): a compiler cannot hoist a pure call out of the reps loop or
 * merge the calls, as it could if the loop called kernel(n) each time. */
static inline long *bench_inputs(long n, long reps)
{
    long *ns = malloc((size_t)reps * sizeof(long));
    for (long k = 0; k < reps; k++)
        ns[k] = n;
    return ns;
}

static inline void bench_fail(const char *what)
{
    fprintf(stderr, "ERROR: %s\n", what);
    exit(1);
}

/* The suite's shared random generator, identical in every language: a 32-bit LCG (Numerical Recipes
 * constants), so all implementations see the same "random" data and print the same result. */
static uint32_t lcg_state = 42;
static inline uint32_t lcg_next(void)
{
    lcg_state = lcg_state * 1664525u + 1013904223u;
    return lcg_state;
}
static inline double lcg_float(void) /* uniform in [0, 1) */
{
    return lcg_next() / 4294967296.0;
}

#endif
