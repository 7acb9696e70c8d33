/*
 * image.h -- system images: a relocatable heap image of everything reachable from the runtime's roots
 * (docs/sysimage.md describes the format and the invariants in full).
 *
 * File layout (all offsets from the start of the file, little-endian, 8-byte words):
 *   [header][data section, page aligned][tables: globals, relocations, C entries, rehash lists]
 * The data section holds objects exactly as in memory (header word, then data), each block 16-byte
 * aligned so object data stays 8 mod 16 as in the GC heap. Pointers in it are absolute addresses for the
 * file mapped at `base`: mapped there (the usual case), nothing is patched; mapped elsewhere, every word
 * listed in the relocation table gets the difference added, and the address-keyed tables are rebuilt.
 * Pointers to C functions (builtins, native methods) are always patched: they are stored as offsets from
 * libjulep.so's load address, valid because the image is only loaded by the build that wrote it.
 *
 * Invariants:
 *   - The scanned part of the data section (blocks that may hold heap pointers) comes first and is a GC
 *     root range; pointer-free blocks follow and are never scanned.
 *   - Every object header carries JL_HEADER_INIMAGE; image memory is never collected or freed.
 *   - Loading costs one mmap, a checksum, and work proportional to the relocations (none at the
 *     preferred address); no object is created or copied.
 */
#ifndef JL_IMAGE_H
#define JL_IMAGE_H

#include "julep_internal.h"
#include "image_native.h"

#define JL_IMAGE_MAGIC "JULEPIMG"
#define JL_IMAGE_VERSION 2
#define JL_IMAGE_BASE ((uintptr_t)0x2f0000000000ull) /* preferred address (clear of ASan's shadow) */
#define JL_IMAGE_PAGE 4096
#define JL_IMAGE_BUILD_ID_MAX 32

/* scalar C state saved in the header */
enum {
    JL_IMG_WORLD, JL_IMG_GENSYM, JL_IMG_CLOSURES, JL_IMG_SYMTAB_CAP, JL_IMG_SYMTAB_COUNT,
    JL_IMG_ATTR_COUNT, JL_IMG_ATTR_CAP, JL_IMG_NBUILTIN_TYPES, JL_IMG_HOT_SIZE, JL_IMG_NSCALARS
};

typedef struct {
    char magic[8];
    uint32_t version;
    uint32_t header_size;
    uint8_t build_id[JL_IMAGE_BUILD_ID_MAX]; /* of libjulep.so (ELF NT_GNU_BUILD_ID) */
    uint32_t build_id_len;
    uint32_t nglobals;            /* entries of the globals table: must equal this build's count */
    uint64_t checksum;            /* of every byte after the header */
    uint64_t file_size;
    uint64_t base;                /* preferred address of the file's first byte */
    uint64_t data_off, data_size; /* data section */
    uint64_t scanned_size;        /* its first bytes that may hold heap pointers */
    uint64_t globals_off;         /* nglobals words: data offset + 1 of the value, 0 for NULL */
    uint64_t relocs_off, nrelocs; /* uint32 word indices into the data section */
    uint64_t centry_off, ncentry; /* {uint64 word index, uint64 offset from libjulep.so's base} */
    uint64_t typenames_off, ntypenames; /* uint64 data offsets of objects to fix after relocation */
    uint64_t mtables_off, nmtables;
    uint64_t dicts_off, ndicts;
    uint64_t scalars[JL_IMG_NSCALARS];
} jl_image_header_t;

/* the C globals an image saves (image_globals.c), in table order; the last ones are raw slots */
typedef struct {
    const char *name;
    void **slot;
    int raw; /* the slot holds a GC buffer, not an object: handled by its own code */
} jl_image_global_t;
size_t jl_image_globals(const jl_image_global_t **list);
enum { JL_IMG_G_SYMTAB, JL_IMG_G_ATTRS, JL_IMG_G_NRAW }; /* raw slots, after the object slots */

/* libjulep.so's load address, size of its mapping and build id (image_globals.c) */
int jl_image_self(uintptr_t *base, size_t *size, uint8_t *id, uint32_t *idlen);
uint64_t jl_image_checksum(const void *p, size_t n);

/* image_write.c: 0 on success, else -1 with a malloc'ed message in *err */
JL_DLLEXPORT int jl_image_write(const char *path, char **err);
/* image_load.c: map and restore an image in place of jl_init_types (0 on success, -1 with a static or
   malloc'ed message in *err, nothing changed); the second step (Dicts of a relocated image) runs once
   the root task exists, before the modules' __init__s (jl_init_base_from_image) */
JL_DLLEXPORT int jl_image_load(const char *path, char **err);
JL_DLLEXPORT int jl_image_is_embedded(const char *path); /* a shared object holding an image's data */
JL_DLLEXPORT void jl_image_init_after_load(void);
JL_DLLEXPORT int jl_image_loaded(void);
JL_DLLEXPORT const char *jl_image_load_stats(void); /* "12.3 MB, 0 relocations" */
JL_DLLEXPORT uint64_t jl_image_loaded_id(void);   /* the loaded data file's checksum */

/* image_native.c: the native code `<image>.so` (image_native.h) */
extern jl_array_t *jl_image_native_batches, *jl_image_native_aliases;
JL_DLLEXPORT void jl_image_companion(const char *path, const char *ext, char *out, size_t sz);
JL_DLLEXPORT int jl_image_native_write(const jl_image_outputs_t *out, char **err);
JL_DLLEXPORT int jl_image_native_load(const char *ji, uint64_t id, char *msg, size_t sz);
JL_DLLEXPORT size_t jl_image_native_count(void);

#endif
