/*
 * image_load.c -- maps a system image (`-J`, or the default image next to the binary) in place of
 * creating the builtin types: one mmap at the preferred address, checks, the C entry points, the C
 * globals. Only when the kernel places the file elsewhere are the relocations applied and the tables
 * keyed by addresses rebuilt (TypeName instantiation caches, dispatch leaf caches, Base Dicts).
 * Invariant: nothing in the process changes until the whole file has been validated; a bad file gives
 * an error message, never a crash.
 */
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include "image.h"

#ifndef MAP_FIXED_NOREPLACE
#define MAP_FIXED_NOREPLACE 0x100000
#endif

static int loaded;
static char *map_base;
static const jl_image_header_t *hdr;
static intptr_t delta;
static char stats[96];

JL_DLLEXPORT int jl_image_loaded(void)
{
    return loaded;
}

JL_DLLEXPORT uint64_t jl_image_loaded_id(void)
{
    return hdr ? hdr->checksum : 0;
}

JL_DLLEXPORT const char *jl_image_load_stats(void)
{
    return stats;
}

/* An image in a shared object (--output-o linked with `cc -shared`): the data file is the contents of
   its non-allocated section JL_IMAGE_SECTION, page aligned in the file so that it maps as a .ji does.
   0 with its file offset and size, -1 when `fd` is no ELF file or has no such section. */
static int embedded_section(int fd, uint64_t *off, uint64_t *size)
{
    Elf64_Ehdr eh;
    if (pread(fd, &eh, sizeof eh, 0) != (ssize_t)sizeof eh || memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0 ||
        eh.e_ident[EI_CLASS] != ELFCLASS64 || eh.e_shentsize != sizeof(Elf64_Shdr) || eh.e_shstrndx >= eh.e_shnum)
        return -1;
    Elf64_Shdr strs;
    if (pread(fd, &strs, sizeof strs, eh.e_shoff + (uint64_t)eh.e_shstrndx * sizeof strs) != (ssize_t)sizeof strs)
        return -1;
    for (unsigned i = 0; i < eh.e_shnum; i++) {
        Elf64_Shdr sh;
        char name[sizeof JL_IMAGE_SECTION];
        if (pread(fd, &sh, sizeof sh, eh.e_shoff + (uint64_t)i * sizeof sh) != (ssize_t)sizeof sh)
            return -1;
        if (sh.sh_name >= strs.sh_size ||
            pread(fd, name, sizeof name, strs.sh_offset + sh.sh_name) != (ssize_t)sizeof name)
            continue;
        if (memcmp(name, JL_IMAGE_SECTION, sizeof name) == 0 && sh.sh_type == SHT_PROGBITS) {
            *off = sh.sh_offset;
            *size = sh.sh_size;
            return 0;
        }
    }
    return -1;
}

JL_DLLEXPORT int jl_image_is_embedded(const char *path)
{
    uint64_t off, size;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return 0;
    int r = embedded_section(fd, &off, &size) == 0;
    close(fd);
    return r;
}

static int table_ok(const jl_image_header_t *h, uint64_t off, uint64_t n, uint64_t elsize)
{
    return off >= h->data_off + h->data_size && off <= h->file_size && n <= (h->file_size - off) / elsize;
}

/* the header alone: does this file belong to this build, and is it whole? */
static const char *check_header(const jl_image_header_t *h, uint64_t size)
{
    if (memcmp(h->magic, JL_IMAGE_MAGIC, 8) != 0)
        return "not a julep system image";
    if (h->version != JL_IMAGE_VERSION || h->header_size != sizeof *h)
        return "written by another version of julep";
    uint8_t id[JL_IMAGE_BUILD_ID_MAX];
    uint32_t idlen;
    uintptr_t lb;
    size_t ls;
    if (jl_image_self(&lb, &ls, id, &idlen) != 0)
        return "cannot locate libjulep.so";
    if (idlen != h->build_id_len || memcmp(id, h->build_id, idlen) != 0)
        return "built by another julep build";
    const jl_image_global_t *g;
    if (h->nglobals != jl_image_globals(&g))
        return "built by another julep build";
    if (h->file_size != size)
        return size < h->file_size ? "truncated" : "unexpected data after the end";
    if (h->data_off < sizeof *h || h->data_off % JL_IMAGE_PAGE || h->data_size % 16 ||
        h->data_size > size - h->data_off || h->scanned_size > h->data_size)
        return "corrupted (bad section sizes)";
    if (!table_ok(h, h->globals_off, h->nglobals + h->scalars[JL_IMG_NBUILTIN_TYPES], 8) ||
        !table_ok(h, h->relocs_off, h->nrelocs, 4) || !table_ok(h, h->centry_off, h->ncentry, 16) ||
        !table_ok(h, h->typenames_off, h->ntypenames, 8) || !table_ok(h, h->mtables_off, h->nmtables, 8) ||
        !table_ok(h, h->dicts_off, h->ndicts, 8))
        return "corrupted (bad table offsets)";
    return NULL;
}

/* the tables: every entry must stay inside the data section (checked before anything is patched) */
static const char *check_tables(const char *m, const jl_image_header_t *h, size_t libsize)
{
    uint64_t words = h->data_size / 8;
    const uint64_t *ce = (const uint64_t *)(m + h->centry_off);
    for (uint64_t i = 0; i < h->ncentry; i++)
        if (ce[2 * i] >= words || ce[2 * i + 1] >= libsize)
            return "corrupted (bad C entry point)";
    const uint64_t *gl = (const uint64_t *)(m + h->globals_off);
    for (uint64_t i = 0; i < h->nglobals + h->scalars[JL_IMG_NBUILTIN_TYPES]; i++)
        if (gl[i] > h->data_size)
            return "corrupted (bad global)";
    uint64_t offs[3] = {h->typenames_off, h->mtables_off, h->dicts_off};
    uint64_t cnts[3] = {h->ntypenames, h->nmtables, h->ndicts};
    for (int l = 0; l < 3; l++)
        for (uint64_t i = 0; i < cnts[l]; i++)
            if (((const uint64_t *)(m + offs[l]))[i] >= h->data_size)
                return "corrupted (bad object list)";
    if (h->scalars[JL_IMG_NBUILTIN_TYPES] > 128 || h->scalars[JL_IMG_SYMTAB_CAP] == 0 ||
        (h->scalars[JL_IMG_SYMTAB_CAP] & (h->scalars[JL_IMG_SYMTAB_CAP] - 1)))
        return "corrupted (bad scalars)";
    return NULL;
}

static void *global_value(const char *data, const uint64_t *gl, size_t i)
{
    return gl[i] ? (void *)(data + gl[i] - 1) : NULL;
}

/* The checksum of the whole file is a pass over every page: most of startup time and all of the file
   in the resident set. It is verified when the file is relocated (every page is touched then anyway)
   or on request (JULEP_IMAGE_VERIFY=1); the header, the sizes and every table entry are always
   checked. */
static int verify_data(void)
{
    const char *e = getenv("JULEP_IMAGE_VERIFY");
    return e != NULL && *e && strcmp(e, "0") != 0;
}

static char *map_file(int fd, uint64_t off, size_t size)
{
    void *want = (void *)JL_IMAGE_BASE;
    int flags = MAP_PRIVATE;
    if (getenv("JULEP_IMAGE_RELOCATE") == NULL) /* tests force the relocating path with it */
        flags |= MAP_FIXED_NOREPLACE;
    else
        want = NULL;
    void *p = mmap(want, size, PROT_READ | PROT_WRITE, flags, fd, (off_t)off);
    if (p == MAP_FAILED && want != NULL)
        p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, (off_t)off);
    if (p == MAP_FAILED)
        return NULL;
    /* a run touches a small part of the image: map only the pages it touches (no fault-around,
       readahead or huge pages), so the resident set stays that part */
    madvise(p, size, MADV_RANDOM);
    madvise(p, size, MADV_NOHUGEPAGE);
    return p;
}

static void restore_state(const char *data, const uint64_t *gl)
{
    const jl_image_global_t *g;
    size_t ng = jl_image_globals(&g);
    for (size_t i = 0; i < ng; i++)
        if (!g[i].raw)
            *g[i].slot = global_value(data, gl, i);
    const uint64_t *sc = hdr->scalars;
    jl_symtab_restore(global_value(data, gl, ng - JL_IMG_G_NRAW + JL_IMG_G_SYMTAB), sc[JL_IMG_SYMTAB_CAP],
                      sc[JL_IMG_SYMTAB_COUNT], (uint32_t)sc[JL_IMG_GENSYM]);
    size_t *acount, *acap;
    void **attrs = jl_fieldattrs_state(&acount, &acap);
    *attrs = global_value(data, gl, ng - JL_IMG_G_NRAW + JL_IMG_G_ATTRS);
    *acount = *attrs ? sc[JL_IMG_ATTR_COUNT] : 0;
    *acap = *attrs ? sc[JL_IMG_ATTR_CAP] : 0;
    jl_datatype_t *bt[128];
    size_t nbt = sc[JL_IMG_NBUILTIN_TYPES];
    for (size_t i = 0; i < nbt; i++)
        bt[i] = global_value(data, gl, ng + i);
    jl_restore_builtin_types(bt, nbt);
    *jl_world_counter_slot() = sc[JL_IMG_WORLD];
    *jl_closure_counter_slot() = (int)sc[JL_IMG_CLOSURES];
}

/* mapped away from the preferred address: the tables keyed by addresses are rebuilt (the type
   instantiation caches hash no address, src/jltypes.c, but are rehashed here all the same) */
static void rebuild_address_tables(const char *data)
{
    const uint64_t *tn = (const uint64_t *)(map_base + hdr->typenames_off);
    for (uint64_t i = 0; i < hdr->ntypenames; i++)
        jl_typename_cache_rehash((jl_typename_t *)(data + tn[i]));
    const uint64_t *mt = (const uint64_t *)(map_base + hdr->mtables_off);
    for (uint64_t i = 0; i < hdr->nmtables; i++)
        ((jl_methtable_t *)(data + mt[i]))->leafcache = jl_nothing;
}

JL_DLLEXPORT int jl_image_load(const char *path, char **err)
{
    static char msg[160];
    *err = msg;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        snprintf(msg, sizeof msg, "%s", errno == ENOENT ? "not found" : strerror(errno));
        return -1;
    }
    struct stat st;
    jl_image_header_t h;
    const char *why = NULL;
    uint64_t off = 0, size = 0;
    if (fstat(fd, &st) != 0)
        why = strerror(errno);
    else if (embedded_section(fd, &off, &size) != 0) {
        off = 0;
        size = (uint64_t)st.st_size;
        if (size >= SELFMAG && pread(fd, &h, SELFMAG, 0) == SELFMAG && memcmp(&h, ELFMAG, SELFMAG) == 0)
            why = "not a julep system image (a shared object without image data)";
    }
    if (why == NULL && off % JL_IMAGE_PAGE)
        why = "corrupted (image data not page aligned in the shared object)";
    else if (why == NULL && (size < sizeof h || pread(fd, &h, sizeof h, (off_t)off) != (ssize_t)sizeof h))
        why = size < sizeof h ? "truncated" : "cannot read the header";
    else if (why == NULL)
        why = check_header(&h, size);
    char *m = why ? NULL : map_file(fd, off, (size_t)size);
    close(fd);
    if (why == NULL && m == NULL)
        why = "cannot map the file";
    uintptr_t lb = 0;
    size_t ls = 0;
    if (why == NULL && (verify_data() || (uintptr_t)m != h.base) && jl_image_checksum(m + sizeof h, h.file_size - sizeof h) != h.checksum)
        why = "corrupted (checksum mismatch)";
    if (why == NULL && jl_image_self(&lb, &ls, NULL, NULL) == 0)
        why = check_tables(m, &h, ls);
    if (why != NULL) {
        if (m)
            munmap(m, (size_t)size);
        snprintf(msg, sizeof msg, "%s", why);
        return -1;
    }
    map_base = m;
    hdr = (const jl_image_header_t *)m;
    char *data = m + h.data_off;
    delta = (intptr_t)((uintptr_t)m - h.base);
    /* the native-code loader writes all of the hot part: copied at once, not page by page */
    uint64_t hot = h.scalars[JL_IMG_HOT_SIZE] < h.scanned_size ? h.scalars[JL_IMG_HOT_SIZE] : h.scanned_size;
    if (delta == 0)
        jl_prefault(data, hot);
    if (delta != 0) {
        const uint32_t *rel = (const uint32_t *)(m + h.relocs_off);
        uint64_t words = h.data_size / 8;
        for (uint64_t i = 0; i < h.nrelocs; i++) {
            if (rel[i] >= words)
                continue; /* checked by the checksum; never write outside the data */
            uint64_t *wp = (uint64_t *)data + rel[i];
            *wp += (uint64_t)delta;
        }
    }
    const uint64_t *ce = (const uint64_t *)(m + h.centry_off);
    for (uint64_t i = 0; i < h.ncentry; i++)
        ((uint64_t *)data)[ce[2 * i]] = lb + ce[2 * i + 1];
    jl_gc_set_image_range(data, data + h.data_size);
    if (h.scanned_size) {
        jl_gc_add_tracked_root_range(data, data + h.scanned_size);
        jl_gc_tracked_will_write(data, data + hot);
    }
    restore_state(data, (const uint64_t *)(m + h.globals_off));
    if (delta != 0)
        rebuild_address_tables(data);
    jl_init_symbols();   /* the common symbols: found in the restored table */
    jl_init_boxes();
    jl_relink_builtins();
    loaded = 1;
    snprintf(stats, sizeof stats, "%s: %.1f MB, %s", path, (double)h.data_size / 1e6,
             delta ? "relocated" : "at its preferred address");
    return 0;
}

/* Base Dicts hash some keys by address: after relocation, rebuild them with Base's own code. */
static void rehash_dicts(void)
{
    jl_value_t *rehash = jl_base_module ? jl_get_global(jl_base_module, jl_symbol("_rehash!")) : NULL;
    if (rehash == NULL || hdr->ndicts == 0)
        return;
    const char *data = map_base + hdr->data_off;
    const uint64_t *d = (const uint64_t *)(map_base + hdr->dicts_off);
    for (uint64_t i = 0; i < hdr->ndicts; i++) {
        jl_value_t *dict = (jl_value_t *)(data + d[i]);
        if (jl_call(rehash, &dict, 1) == NULL) {
            fprintf(stderr, "julep: rehashing a Dict of the relocated system image failed\n");
            exit(1);
        }
    }
}

JL_DLLEXPORT void jl_image_init_after_load(void)
{
    rehash_dicts(); /* objectid of a mutable key is its address, which changed when the writer copied it */
}
