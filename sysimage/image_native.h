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
#define JL_IMAGE_SECTION ".julep_image" /* the data file inside an --output-o object (not allocated) */

typedef struct {
    uint64_t magic, version;
    uint64_t id;              /* checksum of the data file written with it */
    uint64_t nbatches, nfuncs;
    void **const *roots;      /* per batch: its slot table (nroots[b] words, zero until loaded) */
    const uint64_t *nroots;
    void *const *fptrs;       /* per function: specptr, invoke */
} jl_image_native_table_t;

/* What one pass of the code generator writes (codegen's `emit_image`, after the data file): */
typedef struct jl_image_emit_t {
    const char *obj;        /* the native code alone, a PIC object (linked into `<image>.so`), or NULL */
    const char *embed_obj;  /* --output-o: the native code and, in section JL_IMAGE_SECTION, the data */
    const char *embed_data; /*   file `embed_data` (assembled with `.incbin`), or NULL */
    const char *bc;         /* --output-bc: bitcode of the image's code after optimization, or NULL */
    const char *unopt_bc;   /* --output-unopt-bc: the same before optimization, or NULL */
} jl_image_emit_t;

/* and what the runtime asks for (jl_image_native_write) */
typedef struct {
    const char *ji; /* the data file just written (NULL when only bitcode is written) */
    int so;         /* its native code as `<ji>.so` */
    const char *o, *bc, *unopt_bc;
} jl_image_outputs_t;

#endif
