/*
 * image_globals.c -- what a system image must know about this build: the C globals that hold heap
 * objects (restored from the image instead of being created by jl_init_types), the identity and load
 * address of libjulep.so (build id check, C entry points), and the checksum.
 * Invariant: every C global that points at a heap object created at init or by Base is listed here;
 * caches that are rebuilt on demand (dispatch, interpreter, ccall) are not.
 */
#include <dlfcn.h>
#include <link.h>
#include <string.h>
#include "image.h"
#include "builtins.h"
#include "gf.h"
#include "../codegen/infer.h"

extern jl_datatype_t *jl_abstractarray_type_body, *jl_densearray_type_body;

#define JL_IMAGE_OBJECT_GLOBALS(X)                                                                  \
    X(jl_datatype_type) X(jl_typename_type) X(jl_symbol_type) X(jl_simplevector_type) X(jl_any_type) \
    X(jl_type_type) X(jl_typeofbottom_type) X(jl_uniontype_type) X(jl_unionall_type) X(jl_tvar_type) \
    X(jl_vararg_type) X(jl_nothing_type) X(jl_bool_type) X(jl_char_type) X(jl_string_type)           \
    X(jl_int8_type) X(jl_uint8_type) X(jl_int16_type) X(jl_uint16_type) X(jl_int32_type)             \
    X(jl_uint32_type) X(jl_int64_type) X(jl_uint64_type) X(jl_int128_type) X(jl_uint128_type)        \
    X(jl_float16_type) X(jl_float32_type) X(jl_float64_type) X(jl_number_type) X(jl_real_type)       \
    X(jl_integer_type) X(jl_signed_type) X(jl_unsigned_type) X(jl_abstractfloat_type)                \
    X(jl_abstractstring_type) X(jl_function_type) X(jl_builtin_type) X(jl_exception_type)            \
    X(jl_module_type) X(jl_task_type) X(jl_expr_type) X(jl_linenumbernode_type) X(jl_quotenode_type) \
    X(jl_globalref_type) X(jl_binding_type) X(jl_anytuple_type) X(jl_emptytuple_type)                \
    X(jl_array_any_type) X(jl_array_uint8_type) X(jl_errorexception_type) X(jl_argumenterror_type)  \
    X(jl_boundserror_type) X(jl_typeerror_type) X(jl_undefvarerror_type) X(jl_outofmemoryerror_type) \
    X(jl_stackovf_exception_type) X(jl_ssavalue_type) X(jl_slotnumber_type) X(jl_argument_type)      \
    X(jl_gotonode_type) X(jl_gotoifnot_type) X(jl_returnnode_type) X(jl_newvarnode_type)             \
    X(jl_phinode_type) X(jl_pinode_type) X(jl_upsilonnode_type) X(jl_phicnode_type)                  \
    X(jl_lineinfonode_type) X(jl_code_info_type) X(jl_method_type) X(jl_method_instance_type)        \
    X(jl_code_instance_type) X(jl_methtable_type) X(jl_intrinsic_type) X(jl_box_type)                \
    X(jl_namedtuple_type_body) X(jl_namedtuple_type) X(jl_namedtuple_typename)                       \
    X(jl_array_symbol_type) X(jl_array_int32_type) X(jl_array_uint32_type) X(jl_tuple_typename)      \
    X(jl_array_typename) X(jl_type_typename) X(jl_array_type) X(jl_bottom_type)                      \
    X(jl_abstractchar_type) X(jl_abstractarray_type_body) X(jl_densearray_type_body)                 \
    X(jl_pointer_type_body) X(jl_voidpointer_type) X(jl_pointer_type)                                \
    X(jl_nothing) X(jl_true) X(jl_false) X(jl_emptysvec) X(jl_emptytuple)                            \
    X(jl_core_module) X(jl_base_module) X(jl_main_module)                                            \
    X(jl_diverror_type) X(jl_undefref_type) X(jl_diverror_exception) X(jl_undefref_exception)        \
    X(jl_builtin_tuple) X(jl_builtin_svec) X(jl_builtin_getfield) X(jl_builtin_apply_type)           \
    X(jl_builtin__apply_iterate) X(jl_builtin_is) X(jl_builtin_typeof) X(jl_builtin_isa)             \
    X(jl_builtin_throw) X(jl_builtin_invoke)                                                         \
    X(jl_methoderror_type) X(jl_type_type_mt) X(jl_nonfunction_mt) X(jl_kwcall_func)                 \
    X(jl_const_type) X(jl_image_native_batches) X(jl_image_native_aliases)

static jl_image_global_t table[200];
static size_t table_len;

static void add(const char *name, void **slot, int raw)
{
    table[table_len++] = (jl_image_global_t){name, slot, raw};
}

size_t jl_image_globals(const jl_image_global_t **list)
{
    if (table_len == 0) {
#define ADD_GLOBAL(name) add(#name, (void **)&name, 0);
        JL_IMAGE_OBJECT_GLOBALS(ADD_GLOBAL)
#undef ADD_GLOBAL
        jl_value_t **root, **loaded;
        jl_toplevel_image_slots(&root, &loaded);
        add("__toplevel__", (void **)root, 0);
        add("loaded modules", (void **)loaded, 0);
        size_t *count, *cap;
        add("the symbol table", NULL, 1); /* jl_symtab_state / jl_symtab_restore */
        add("field attributes", jl_fieldattrs_state(&count, &cap), 1);
    }
    *list = table;
    return table_len;
}

/* ---------------------------------------------------------------- libjulep.so */

typedef struct {
    uintptr_t addr;   /* an address inside libjulep.so */
    uintptr_t base;
    size_t size;
    uint8_t id[JL_IMAGE_BUILD_ID_MAX];
    uint32_t idlen;
    int found;
} self_t;

static void read_build_id(struct dl_phdr_info *info, self_t *s)
{
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type != PT_NOTE)
            continue;
        const char *p = (const char *)(info->dlpi_addr + ph->p_vaddr), *end = p + ph->p_memsz;
        while (p + sizeof(ElfW(Nhdr)) <= end) {
            const ElfW(Nhdr) *n = (const ElfW(Nhdr) *)p;
            const char *name = p + sizeof *n, *desc = name + ((n->n_namesz + 3) & ~3u);
            if (n->n_type == NT_GNU_BUILD_ID && n->n_namesz == 4 && memcmp(name, "GNU", 4) == 0) {
                s->idlen = n->n_descsz < JL_IMAGE_BUILD_ID_MAX ? n->n_descsz : JL_IMAGE_BUILD_ID_MAX;
                memcpy(s->id, desc, s->idlen);
                return;
            }
            p = desc + ((n->n_descsz + 3) & ~3u);
        }
    }
}

static int find_self(struct dl_phdr_info *info, size_t sz, void *data)
{
    self_t *s = data;
    uintptr_t lo = UINTPTR_MAX, hi = 0;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type != PT_LOAD)
            continue;
        uintptr_t a = info->dlpi_addr + ph->p_vaddr;
        if (a < lo)
            lo = a;
        if (a + ph->p_memsz > hi)
            hi = a + ph->p_memsz;
    }
    if (s->addr < lo || s->addr >= hi)
        return 0;
    s->base = info->dlpi_addr;
    s->size = hi - info->dlpi_addr;
    read_build_id(info, s);
    s->found = 1;
    return 1;
}

int jl_image_self(uintptr_t *base, size_t *size, uint8_t *id, uint32_t *idlen)
{
    static self_t s;
    if (!s.found) {
        s.addr = (uintptr_t)&jl_image_self;
        dl_iterate_phdr(find_self, &s);
        if (!s.found)
            return -1;
    }
    *base = s.base;
    *size = s.size;
    if (id)
        memcpy(id, s.id, JL_IMAGE_BUILD_ID_MAX);
    if (idlen)
        *idlen = s.idlen;
    return 0;
}

/* Four interleaved multiply-xor lanes over 8-byte words: fast enough to check a whole image at every
   start (the loader reads every page anyway); not cryptographic, it catches damaged files. */
uint64_t jl_image_checksum(const void *p, size_t n)
{
    const uint64_t K = 0x9E3779B97F4A7C15ull;
    uint64_t h[4] = {1, 2, 3, 4};
    const unsigned char *b = p;
    size_t i = 0;
    for (; i + 32 <= n; i += 32) {
        uint64_t w[4];
        memcpy(w, b + i, 32);
        for (int k = 0; k < 4; k++)
            h[k] = (h[k] ^ w[k]) * K;
    }
    uint64_t r = n;
    for (; i < n; i++)
        r = (r ^ b[i]) * K;
    for (int k = 0; k < 4; k++)
        r = (r ^ h[k] ^ (h[k] >> 29)) * K;
    return r ^ (r >> 32);
}
