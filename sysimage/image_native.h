/*
 * image_native.h -- the native code of a system image (docs/sysimage.md, "Native code"): the table
 * the codegen library writes into the image's object file (codegen/llvm_image.c) and the runtime reads
 * after `dlopen`ing `<image>.so` (sysimage/image_native.c). Shared by both sides; no LLVM here.
 *
 * The table pairs with the image's data through `id` (the data file's checksum) and through order:
 * batch b of the table is element b of the image's `jl_image_native_batches` list, an
 * `svec(roots::Vector{Any}, ci_1, ..., ci_n)`; function j counts the ci_i of all batches in order
 * (`nothing` where the function failed, with NULL entry points).
 */
#ifndef JL_IMAGE_NATIVE_H
#define JL_IMAGE_NATIVE_H

#include <stdint.h>

#define JL_IMAGE_NATIVE_SYMBOL "julep_sysimg"
#define JL_IMAGE_NATIVE_MAGIC 0x314f5350454c554aull /* "JULEPSO1" */
#define JL_IMAGE_NATIVE_VERSION 1

typedef struct {
    uint64_t magic, version;
    uint64_t id;              /* checksum of the data file written with it */
    uint64_t nbatches, nfuncs;
    void **const *roots;      /* per batch: its slot table (nroots[b] words, zero until loaded) */
    const uint64_t *nroots;
    void *const *fptrs;       /* per function: specptr, invoke */
} jl_image_native_table_t;

#endif
