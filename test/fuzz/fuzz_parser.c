/* fuzz_parser.c -- libFuzzer target for the front end: any bytes must parse or fail cleanly, and the
 * printer must handle every tree the parser makes. Build and run with `make fuzz` (clang, ASan). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "julep_internal.h"
#include "parser.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    jl_options_t o;
    jl_options_default(&o);
    jl_init(&o);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* copy into an exactly sized heap buffer so ASan sees any read past the end */
    char *src = (char *)malloc(size ? size : 1);
    if (size)
        memcpy(src, data, size);
    jl_value_t *r = NULL;
    jl_parse_errinfo_t e;
    int st = jl_parse_string_status(src, size, "fuzz.jl", 1, 0, 1, &r, NULL, &e);
    if (st == 0) {
        char *s = jl_sexpr_show(r, 0);
        free(s);
    }
    else {
        jl_parse_errinfo_free(&e);
    }
    /* statement by statement, like the REPL and Meta.parse(str, pos) */
    size_t off = 0;
    for (int i = 0; i < 64 && off < size; i++) {
        size_t next = off;
        st = jl_parse_string_status(src, size, "none", 1, off, 0, &r, &next, &e);
        if (st != 0) {
            jl_parse_errinfo_free(&e);
            break;
        }
        if (next <= off)
            break;
        off = next;
    }
    free(src);
    return 0;
}
