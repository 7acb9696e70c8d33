/*
 * hashing.c -- the byte hash Base's `hash(::String, h)` calls, under Julia's C name `memhash_seed`:
 * MurmurHash3, 128-bit x64 variant, returning the second 64-bit half, as Julia's runtime does. Julia
 * 1.10's Dict iteration order follows from these values, so they must match Julia's bit for bit.
 * Invariant: pure function of (bytes, length, seed); reads exactly n bytes, unaligned loads allowed.
 */
#include <stdint.h>
#include <string.h>
#include "julep_internal.h"

static inline uint64_t rotl64(uint64_t x, int r)
{
    return (x << r) | (x >> (64 - r));
}

/* the final avalanche of one 64-bit lane */
static inline uint64_t fmix64(uint64_t k)
{
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdull;
    k ^= k >> 33;
    k *= 0xc4ceb9fe1a85ec53ull;
    k ^= k >> 33;
    return k;
}

/* little-endian load of up to 8 bytes (memcpy: the buffer may be unaligned) */
static inline uint64_t load_le(const unsigned char *p, size_t n)
{
    uint64_t v = 0;
    for (size_t i = 0; i < n; i++)
        v |= (uint64_t)p[i] << (8 * i);
    return v;
}

static const uint64_t C1 = 0x87c37b91114253d5ull, C2 = 0x4cf5ad432745937full;

static void murmur3_x64_128(const void *key, size_t len, uint32_t seed, uint64_t out[2])
{
    const unsigned char *data = (const unsigned char *)key;
    size_t nblocks = len / 16;
    uint64_t h1 = seed, h2 = seed;
    for (size_t i = 0; i < nblocks; i++) {
        uint64_t k1, k2;
        memcpy(&k1, data + 16 * i, 8);
        memcpy(&k2, data + 16 * i + 8, 8);
        k1 *= C1; k1 = rotl64(k1, 31); k1 *= C2; h1 ^= k1;
        h1 = rotl64(h1, 27); h1 += h2; h1 = h1 * 5 + 0x52dce729;
        k2 *= C2; k2 = rotl64(k2, 33); k2 *= C1; h2 ^= k2;
        h2 = rotl64(h2, 31); h2 += h1; h2 = h2 * 5 + 0x38495ab5;
    }
    const unsigned char *tail = data + 16 * nblocks;
    size_t rest = len & 15;
    if (rest > 8) {
        uint64_t k2 = load_le(tail + 8, rest - 8);
        k2 *= C2; k2 = rotl64(k2, 33); k2 *= C1; h2 ^= k2;
    }
    if (rest > 0) {
        uint64_t k1 = load_le(tail, rest > 8 ? 8 : rest);
        k1 *= C1; k1 = rotl64(k1, 31); k1 *= C2; h1 ^= k1;
    }
    h1 ^= (uint64_t)len;
    h2 ^= (uint64_t)len;
    h1 += h2;
    h2 += h1;
    h1 = fmix64(h1);
    h2 = fmix64(h2);
    h1 += h2;
    h2 += h1;
    out[0] = h1;
    out[1] = h2;
}

JL_DLLEXPORT uint64_t memhash_seed(const char *buf, size_t n, uint32_t seed)
{
    uint64_t out[2];
    murmur3_x64_128(buf, n, seed, out);
    return out[1];
}
