/* hello -- startup baseline: the smallest C program that prints 1. */
#include <stdio.h>

int main(void)
{
    puts("1");
    return 0;
}
