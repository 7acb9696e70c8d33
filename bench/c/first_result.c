/* first_result -- time to first result: a small program (recursive fib(20)); the harness times
 * compiling it with gcc/clang -O2 plus running it, the C analogue of parse + compile + run. */
#include <stdio.h>

static long fib(long n)
{
    return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

int main(void)
{
    printf("%ld\n", fib(20));
    return 0;
}
