/* fuzz_deserialize.c -- libFuzzer target for the serializer's reader: any bytes must deserialize or
 * fail with a Julia error, never crash, hang or allocate without bound; whatever is read must be
 * writable again and read back. Build and run with `make fuzz-deserialize` (clang, ASan).
 * Input: a first byte of 0 means "the rest is a whole stream" (exercises the header checks);
 * otherwise a valid header is put in front of the input, so mutations explore the value encodings. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "julep_internal.h"
#include "../../serializer/serializer.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static uint8_t header[32];
static size_t header_len;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    jl_options_t o;
    jl_options_default(&o);
    jl_init(&o);
    /* names the seed streams (test/fuzz/corpus_deserialize) refer to */
    jl_eval_string("fz(x) = Core.Intrinsics.add_int(x, 1)");
    jl_eval_string("mutable struct FzNode; val; next; FzNode(v) = new(v); end");
    jl_eval_string("struct FzPair; a; b; end");
    size_t n;
    uint8_t *p = jl_serialize_value(jl_nothing, &n); /* header + one tag byte */
    header_len = n - 1;
    memcpy(header, p, header_len);
    free(p);
    return 0;
}

static void roundtrip_again(jl_value_t *v)
{
    size_t n;
    uint8_t *p = jl_serialize_value(v, &n);
    jl_deserialize_value(p, n);
    free(p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    int whole = size > 0 && data[0] == 0;
    size_t pre = whole ? 0 : header_len;
    const uint8_t *body = whole ? data + 1 : data;
    size_t blen = whole ? size - 1 : size;
    /* an exactly sized heap buffer so ASan sees any read past the end */
    size_t len = pre + blen;
    uint8_t *buf = (uint8_t *)malloc(len ? len : 1);
    memcpy(buf, header, pre);
    if (blen)
        memcpy(buf + pre, body, blen);
    JL_TRY {
        jl_value_t *v = jl_deserialize_value(buf, len);
        roundtrip_again(v);
    }
    JL_CATCH {
    }
    free(buf);
    return 0;
}
