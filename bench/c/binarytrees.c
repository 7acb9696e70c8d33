/* binarytrees -- Benchmarks Game binary-trees: allocate and walk perfect binary trees (malloc/free).
 * args: n (maximum depth) */
#include "bench.h"

typedef struct node {
    struct node *left, *right;
} node;

static node *make(int d)
{
    node *t = malloc(sizeof(node));
    if (d > 0) {
        t->left = make(d - 1);
        t->right = make(d - 1);
    } else {
        t->left = t->right = NULL;
    }
    return t;
}

static long check(const node *t)
{
    return 1 + (t->left ? check(t->left) + check(t->right) : 0);
}

static void release(node *t)
{
    if (t->left) {
        release(t->left);
        release(t->right);
    }
    free(t);
}

int main(int argc, char **argv)
{
    int n = (int)bench_arg(argc, argv, 1, 10), min_depth = 4;
    int max_depth = n > min_depth + 2 ? n : min_depth + 2, stretch = max_depth + 1;
    node *t = make(stretch);
    printf("stretch tree of depth %d\t check: %ld\n", stretch, check(t));
    release(t);
    node *long_lived = make(max_depth);
    for (int d = min_depth; d <= max_depth; d += 2) {
        long iters = 1L << (max_depth - d + min_depth), c = 0;
        for (long i = 0; i < iters; i++) {
            t = make(d);
            c += check(t);
            release(t);
        }
        if (c != iters * ((1L << (d + 1)) - 1))
            bench_fail("wrong node count");
        printf("%ld\t trees of depth %d\t check: %ld\n", iters, d, c);
    }
    printf("long lived tree of depth %d\t check: %ld\n", max_depth, check(long_lived));
    release(long_lived);
    return 0;
}
