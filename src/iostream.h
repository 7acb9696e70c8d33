/*
 * iostream.h -- the buffered descriptor streams under Base.IOStream (src/iostream.c). The layout of
 * jl_ios_t is shared with base/io.jl, which appends to `buf` directly: buf at offset 0, size at 8,
 * cap at 16, fd at 24.
 */
#ifndef JL_IOSTREAM_H
#define JL_IOSTREAM_H
#include <stdint.h>
#include "julep.h"

typedef struct jl_ios_t {
    uint8_t *buf;   /* offset 0: write buffer (NULL when unbuffered) */
    int64_t size;   /* offset 8: bytes pending in buf */
    int64_t cap;    /* offset 16: capacity of buf; 0 = unbuffered */
    int32_t fd;     /* offset 24: descriptor, -1 once closed */
    int32_t own;    /* offset 28: close the descriptor with the stream */
    struct jl_ios_t *prev, *next;
} jl_ios_t;

JL_DLLEXPORT jl_ios_t *jl_ios_fdopen(int32_t fd, int64_t bufsize, int32_t own);
JL_DLLEXPORT jl_ios_t *jl_ios_std(int32_t fd);
JL_DLLEXPORT int jl_ios_flush(jl_ios_t *s);
JL_DLLEXPORT int jl_ios_write(jl_ios_t *s, const uint8_t *p, int64_t n);
JL_DLLEXPORT int jl_ios_close(jl_ios_t *s);
JL_DLLEXPORT void jl_ios_free(jl_ios_t *s);
JL_DLLEXPORT void jl_ios_flush_all(void);
/* C code about to write to stderr or to C's stdout calls this, so stdout's earlier output comes first */
JL_DLLEXPORT void jl_ios_flush_stdout(void);

#endif
