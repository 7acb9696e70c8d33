/* test_hashing.c -- memhash_seed (src/hashing.c), the MurmurHash3 x64-128 half that Julia's
 * hash(::String) uses: block, tail and empty inputs, seed dependence, and unaligned buffers. */
#include <string.h>
#include "testutil.h"

TestSuite(hashing);

Test(hashing, known_values)
{
    cr_assert_eq(memhash_seed("", 0, 0), 0);
    cr_assert_eq(memhash_seed("A", 1, 0x56419c81u), 0x065888d6afd97e61ull);
    cr_assert_eq(memhash_seed("hello world", 11, 0), 0xab97467d60eb63b1ull);          /* 8 < tail */
    cr_assert_eq(memhash_seed("0123456789abcdef", 16, 7), 0xd5c2a273849b13abull);     /* one block */
    cr_assert_eq(memhash_seed("abcdefghijklmnopqrst", 20, 1234), 0xa8d743a63237cd00ull); /* block + tail */
}

Test(hashing, seed_and_alignment)
{
    cr_assert_neq(memhash_seed("abc", 3, 1), memhash_seed("abc", 3, 2));
    char buf[64];
    for (int off = 0; off < 8; off++) {
        memcpy(buf + off, "abcdefghijklmnopqrst", 20);
        cr_assert_eq(memhash_seed(buf + off, 20, 1234), 0xa8d743a63237cd00ull);
    }
}
