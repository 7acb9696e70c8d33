/*
 * lexer.c -- Julia's tokens: identifiers, keywords, numbers, operators with their precedence class,
 * brackets, and the opening delimiters of strings, commands and characters.
 * Never fails, never reads past the end (see lexer.h); errors are TK_ERROR tokens.
 */
#include <string.h>
#include "lexer.h"

#ifndef JL_DLLEXPORT
#define JL_DLLEXPORT __attribute__((visibility("default")))
#endif

/* ---------------------------------------------------------------- UTF-8 and character classes */

int32_t jl_lex_utf8(const unsigned char *p, size_t left, int *n)
{
    unsigned c = p[0];
    *n = 1;
    if (c < 0x80)
        return (int32_t)c;
    int need;
    int32_t cp;
    if (c >= 0xC2 && c <= 0xDF) { need = 1; cp = c & 0x1F; }
    else if (c >= 0xE0 && c <= 0xEF) { need = 2; cp = c & 0x0F; }
    else if (c >= 0xF0 && c <= 0xF4) { need = 3; cp = c & 0x07; }
    else return -1;
    if ((size_t)need >= left)
        return -1;
    for (int i = 1; i <= need; i++) {
        if ((p[i] & 0xC0) != 0x80)
            return -1;
        cp = (cp << 6) | (p[i] & 0x3F);
    }
    if ((need == 2 && cp < 0x800) || (need == 3 && (cp < 0x10000 || cp > 0x10FFFF)) ||
        (cp >= 0xD800 && cp <= 0xDFFF))
        return -1;
    *n = need + 1;
    return cp;
}

typedef struct { int32_t lo, hi; uint8_t prec; } oprange_t;

/* Unicode operators by precedence class, sorted by code point (ranges do not overlap). */
static const oprange_t uniops[] = {
    {0xA6, 0xA6, PREC_PLUS}, {0xAC, 0xAC, PREC_NONE}, {0xB1, 0xB1, PREC_PLUS},
    {0xB7, 0xB7, PREC_TIMES}, {0xD7, 0xD7, PREC_TIMES}, {0xF7, 0xF7, PREC_TIMES},
    {0x387, 0x387, PREC_TIMES},
    {0x2026, 0x2026, PREC_COLON}, {0x205D, 0x205D, PREC_COLON}, {0x214B, 0x214B, PREC_TIMES},
    {0x2190, 0x2190, PREC_ARROW}, {0x2191, 0x2191, PREC_POWER}, {0x2192, 0x2192, PREC_ARROW},
    {0x2193, 0x2193, PREC_POWER}, {0x2194, 0x2194, PREC_ARROW}, {0x219A, 0x219B, PREC_ARROW},
    {0x219E, 0x219E, PREC_ARROW}, {0x21A0, 0x21A0, PREC_ARROW}, {0x21A2, 0x21A4, PREC_ARROW},
    {0x21A6, 0x21A6, PREC_ARROW}, {0x21A9, 0x21AC, PREC_ARROW}, {0x21AE, 0x21AE, PREC_ARROW},
    {0x21B6, 0x21B7, PREC_ARROW}, {0x21BA, 0x21BD, PREC_ARROW}, {0x21C0, 0x21C1, PREC_ARROW},
    {0x21C4, 0x21C4, PREC_ARROW}, {0x21C6, 0x21C7, PREC_ARROW}, {0x21C9, 0x21C9, PREC_ARROW},
    {0x21CB, 0x21D0, PREC_ARROW}, {0x21D2, 0x21D2, PREC_ARROW}, {0x21D4, 0x21D4, PREC_ARROW},
    {0x21DA, 0x21DD, PREC_ARROW}, {0x21E0, 0x21E0, PREC_ARROW}, {0x21E2, 0x21E2, PREC_ARROW},
    {0x21F4, 0x21F4, PREC_ARROW}, {0x21F5, 0x21F5, PREC_POWER}, {0x21F6, 0x21FF, PREC_ARROW},
    {0x2208, 0x220D, PREC_COMPARISON}, {0x2212, 0x2212, PREC_PLUS}, {0x2213, 0x2214, PREC_PLUS}, {0x2217, 0x2219, PREC_TIMES},
    {0x221A, 0x221C, PREC_NONE}, {0x221D, 0x221D, PREC_COMPARISON}, {0x2224, 0x2224, PREC_TIMES},
    {0x2225, 0x2226, PREC_COMPARISON}, {0x2227, 0x2227, PREC_TIMES}, {0x2228, 0x2228, PREC_PLUS},
    {0x2229, 0x2229, PREC_TIMES}, {0x222A, 0x222A, PREC_PLUS}, {0x2237, 0x2237, PREC_COMPARISON},
    {0x2238, 0x2238, PREC_PLUS}, {0x223A, 0x223F, PREC_COMPARISON}, {0x2240, 0x2240, PREC_TIMES},
    {0x2241, 0x224E, PREC_COMPARISON}, {0x224F, 0x224F, PREC_PLUS}, {0x2250, 0x2253, PREC_COMPARISON},
    {0x2254, 0x2255, PREC_ASSIGN}, {0x2256, 0x228C, PREC_COMPARISON}, {0x228D, 0x228D, PREC_TIMES},
    {0x228E, 0x228E, PREC_PLUS}, {0x228F, 0x2292, PREC_COMPARISON}, {0x2293, 0x2293, PREC_TIMES},
    {0x2294, 0x2296, PREC_PLUS}, {0x2297, 0x229B, PREC_TIMES}, {0x229C, 0x229C, PREC_COMPARISON},
    {0x229E, 0x229F, PREC_PLUS}, {0x22A0, 0x22A1, PREC_TIMES}, {0x22A2, 0x22A3, PREC_COMPARISON},
    {0x22A9, 0x22A9, PREC_COMPARISON}, {0x22AC, 0x22AC, PREC_COMPARISON},
    {0x22AE, 0x22AE, PREC_COMPARISON}, {0x22B0, 0x22B7, PREC_COMPARISON}, {0x22BB, 0x22BB, PREC_PLUS},
    {0x22BC, 0x22BC, PREC_TIMES}, {0x22BD, 0x22BD, PREC_PLUS}, {0x22C4, 0x22C7, PREC_TIMES},
    {0x22C9, 0x22CC, PREC_TIMES}, {0x22CD, 0x22CD, PREC_COMPARISON}, {0x22CE, 0x22CE, PREC_PLUS},
    {0x22CF, 0x22CF, PREC_TIMES}, {0x22D0, 0x22D1, PREC_COMPARISON}, {0x22D2, 0x22D2, PREC_TIMES},
    {0x22D3, 0x22D3, PREC_PLUS}, {0x22D5, 0x22ED, PREC_COMPARISON}, {0x22EE, 0x22F1, PREC_COLON},
    {0x22F2, 0x22FF, PREC_COMPARISON}, {0x233F, 0x233F, PREC_TIMES}, {0x25B7, 0x25B7, PREC_TIMES},
    {0x27C2, 0x27C2, PREC_COMPARISON}, {0x27C7, 0x27C7, PREC_PLUS}, {0x27C8, 0x27C9, PREC_COMPARISON},
    {0x27D1, 0x27D1, PREC_TIMES}, {0x27D2, 0x27D2, PREC_COMPARISON}, {0x27D5, 0x27D7, PREC_TIMES},
    {0x27F0, 0x27F1, PREC_POWER}, {0x27F5, 0x27FF, PREC_ARROW}, {0x2900, 0x2907, PREC_ARROW},
    {0x2908, 0x290B, PREC_POWER}, {0x290C, 0x2911, PREC_ARROW}, {0x2912, 0x2913, PREC_POWER},
    {0x2914, 0x2920, PREC_ARROW}, {0x2944, 0x2948, PREC_ARROW}, {0x2949, 0x2949, PREC_POWER},
    {0x294A, 0x294B, PREC_ARROW}, {0x294C, 0x294D, PREC_POWER}, {0x294E, 0x294E, PREC_ARROW},
    {0x294F, 0x294F, PREC_POWER}, {0x2950, 0x2950, PREC_ARROW}, {0x2951, 0x2951, PREC_POWER},
    {0x2952, 0x2953, PREC_ARROW}, {0x2954, 0x2955, PREC_POWER}, {0x2956, 0x2957, PREC_ARROW},
    {0x2958, 0x2959, PREC_POWER}, {0x295A, 0x295B, PREC_ARROW}, {0x295C, 0x295D, PREC_POWER},
    {0x295E, 0x295F, PREC_ARROW}, {0x2960, 0x2961, PREC_POWER}, {0x2962, 0x2962, PREC_ARROW},
    {0x2963, 0x2963, PREC_POWER}, {0x2964, 0x2964, PREC_ARROW}, {0x2965, 0x2965, PREC_POWER},
    {0x2966, 0x296D, PREC_ARROW}, {0x296E, 0x296F, PREC_POWER}, {0x2970, 0x2970, PREC_ARROW},
    {0x29B7, 0x29B7, PREC_COMPARISON}, {0x29B8, 0x29B8, PREC_TIMES}, {0x29BC, 0x29BC, PREC_TIMES},
    {0x29BE, 0x29BF, PREC_TIMES}, {0x29C0, 0x29C1, PREC_COMPARISON}, {0x29E1, 0x29E1, PREC_COMPARISON},
    {0x29E3, 0x29E5, PREC_COMPARISON}, {0x29F4, 0x29F4, PREC_ARROW}, {0x29F6, 0x29F7, PREC_TIMES},
    {0x29FA, 0x29FB, PREC_PLUS}, {0x2A07, 0x2A07, PREC_TIMES}, {0x2A08, 0x2A08, PREC_PLUS},
    {0x2A1D, 0x2A1D, PREC_TIMES}, {0x2A1F, 0x2A1F, PREC_TIMES}, {0x2A22, 0x2A2E, PREC_PLUS},
    {0x2A30, 0x2A38, PREC_TIMES}, {0x2A39, 0x2A3A, PREC_PLUS}, {0x2A3B, 0x2A3D, PREC_TIMES},
    {0x2A40, 0x2A40, PREC_TIMES}, {0x2A41, 0x2A42, PREC_PLUS}, {0x2A43, 0x2A44, PREC_TIMES},
    {0x2A45, 0x2A45, PREC_PLUS}, {0x2A4A, 0x2A4A, PREC_PLUS}, {0x2A4B, 0x2A4B, PREC_TIMES},
    {0x2A4C, 0x2A4C, PREC_PLUS}, {0x2A4D, 0x2A4E, PREC_TIMES}, {0x2A4F, 0x2A50, PREC_PLUS},
    {0x2A51, 0x2A51, PREC_TIMES}, {0x2A52, 0x2A52, PREC_PLUS}, {0x2A53, 0x2A53, PREC_TIMES},
    {0x2A54, 0x2A54, PREC_PLUS}, {0x2A55, 0x2A55, PREC_TIMES}, {0x2A56, 0x2A57, PREC_PLUS},
    {0x2A58, 0x2A58, PREC_TIMES}, {0x2A5A, 0x2A5A, PREC_TIMES}, {0x2A5B, 0x2A5B, PREC_PLUS},
    {0x2A5C, 0x2A5C, PREC_TIMES}, {0x2A5D, 0x2A5D, PREC_PLUS}, {0x2A5E, 0x2A60, PREC_TIMES},
    {0x2A61, 0x2A63, PREC_PLUS}, {0x2A66, 0x2A67, PREC_COMPARISON}, {0x2A6A, 0x2A73, PREC_COMPARISON},
    {0x2A74, 0x2A74, PREC_ASSIGN}, {0x2A75, 0x2AD9, PREC_COMPARISON}, {0x2ADB, 0x2ADB, PREC_TIMES},
    {0x2AEA, 0x2AEB, PREC_COMPARISON}, {0x2AF7, 0x2AFA, PREC_COMPARISON}, {0x2B30, 0x2B4C, PREC_ARROW},
    {0xFFE9, 0xFFE9, PREC_ARROW}, {0xFFEA, 0xFFEA, PREC_POWER}, {0xFFEB, 0xFFEB, PREC_ARROW},
    {0xFFEC, 0xFFEC, PREC_POWER},
};

/* returns PREC_* + 1 for a Unicode operator character (0 if not an operator) */
int jl_lex_unicode_op_prec(int32_t c)
{
    if (c < 0xA6)
        return 0;
    int lo = 0, hi = (int)(sizeof(uniops) / sizeof(uniops[0])) - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (c < uniops[mid].lo) hi = mid - 1;
        else if (c > uniops[mid].hi) lo = mid + 1;
        else return uniops[mid].prec + 1;
    }
    return 0;
}

static int is_unicode_space(int32_t c)
{
    return c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 ||
           c == 0x202F || c == 0x205F || c == 0x3000 || c == 0x85 || c == 0xFEFF;
}

/* operator suffixes: primes, sub/superscripts, combining marks */
static int is_op_suffix(int32_t c)
{
    return (c >= 0x2032 && c <= 0x2037) || c == 0x2057 || (c >= 0x2080 && c <= 0x209C) ||
           (c >= 0x2070 && c <= 0x207F) || c == 0xB2 || c == 0xB3 || c == 0xB9 ||
           (c >= 0x300 && c <= 0x36F) || (c >= 0x1D62 && c <= 0x1D6A) || c == 0x2C7C;
}

static int is_excluded_nonascii(int32_t c)
{
    /* punctuation that is neither an identifier nor an operator character */
    return c == 0x2018 || c == 0x2019 || c == 0x201C || c == 0x201D || c == 0xAB || c == 0xBB ||
           c == 0x2039 || c == 0x203A || c == 0x00BF || c == 0x00A1;
}

int jl_lex_is_id_start(int32_t c)
{
    if (c < 0x80)
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    if (is_unicode_space(c) || jl_lex_unicode_op_prec(c) || is_excluded_nonascii(c))
        return 0;
    if ((c >= 0x2032 && c <= 0x2037) || (c >= 0x300 && c <= 0x36F) || (c >= 0x2080 && c <= 0x208E))
        return 0; /* primes, combining marks and subscript digits only continue identifiers */
    return 1;
}

int jl_lex_is_id_char(int32_t c)
{
    if (c < 0x80)
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || (c >= '0' && c <= '9') ||
               c == '!';
    if (is_unicode_space(c) || jl_lex_unicode_op_prec(c) || is_excluded_nonascii(c))
        return 0;
    return 1;
}

/* ---------------------------------------------------------------- keywords */

typedef struct { const char *name; uint8_t kw; } kwdef_t;
static const kwdef_t keywords[] = {
    {"baremodule", KW_BAREMODULE}, {"begin", KW_BEGIN}, {"break", KW_BREAK}, {"catch", KW_CATCH},
    {"const", KW_CONST}, {"continue", KW_CONTINUE}, {"do", KW_DO}, {"else", KW_ELSE},
    {"elseif", KW_ELSEIF}, {"end", KW_END}, {"export", KW_EXPORT}, {"false", KW_FALSE},
    {"finally", KW_FINALLY}, {"for", KW_FOR}, {"function", KW_FUNCTION}, {"global", KW_GLOBAL},
    {"if", KW_IF}, {"import", KW_IMPORT}, {"let", KW_LET}, {"local", KW_LOCAL}, {"macro", KW_MACRO},
    {"module", KW_MODULE}, {"quote", KW_QUOTE}, {"return", KW_RETURN}, {"struct", KW_STRUCT},
    {"true", KW_TRUE}, {"try", KW_TRY}, {"using", KW_USING}, {"while", KW_WHILE}, {"where", KW_WHERE},
};

static int keyword_of(const char *s, size_t n)
{
    if (n < 2 || n > 10 || s[0] < 'b' || s[0] > 'w')
        return KW_NONE;
    for (size_t i = 0; i < sizeof(keywords) / sizeof(keywords[0]); i++)
        if (keywords[i].name[0] == s[0] && strlen(keywords[i].name) == n && !memcmp(keywords[i].name, s, n))
            return keywords[i].kw;
    return KW_NONE;
}

/* ---------------------------------------------------------------- the scanner */

void jl_lex_init(jl_lexer_t *lx, const char *src, size_t len, size_t pos, int32_t line)
{
    lx->src = src;
    lx->len = len;
    lx->pos = pos;
    lx->line = line;
    lx->prev_kind = TK_NEWLINE;
    lx->prev_op = 0;
    lx->prev_kw = 0;
    lx->prev_end = (uint32_t)pos;
}

#define PEEKC(i) (lx->pos + (i) < lx->len ? (unsigned char)lx->src[lx->pos + (i)] : 0)

static int32_t peek_cp(jl_lexer_t *lx, size_t at, int *n)
{
    if (at >= lx->len) {
        *n = 0;
        return -2;
    }
    return jl_lex_utf8((const unsigned char *)lx->src + at, lx->len - at, n);
}

static void set_error(jl_token_t *t, const char *msg, int incomplete)
{
    t->kind = TK_ERROR;
    t->err = msg;
    t->incomplete = (uint8_t)incomplete;
}

/* Skip spaces and comments (not newlines). Returns 0, or -1 if an unterminated #= comment ran to EOF. */
static int skip_space(jl_lexer_t *lx)
{
    for (;;) {
        unsigned char c = PEEKC(0);
        if (c == ' ' || c == '\t' || (c == '\r' && PEEKC(1) != '\n' && 0)) {
            lx->pos++;
        }
        else if (c == '\r' && PEEKC(1) == '\n') {
            return 0; /* newline handled by the caller */
        }
        else if (c == '#') {
            if (PEEKC(1) == '=') {
                int depth = 1;
                lx->pos += 2;
                while (depth > 0) {
                    if (lx->pos >= lx->len)
                        return -1;
                    unsigned char d = (unsigned char)lx->src[lx->pos];
                    if (d == '#' && PEEKC(1) == '=') { depth++; lx->pos += 2; }
                    else if (d == '=' && PEEKC(1) == '#') { depth--; lx->pos += 2; }
                    else { if (d == '\n') lx->line++; lx->pos++; }
                }
            }
            else {
                while (lx->pos < lx->len && lx->src[lx->pos] != '\n')
                    lx->pos++;
            }
        }
        else if (c >= 0x80) {
            int n;
            int32_t cp = peek_cp(lx, lx->pos, &n);
            if (cp >= 0 && is_unicode_space(cp) && cp != 0x2028 && cp != 0x2029 && cp != 0x85)
                lx->pos += (size_t)n;
            else
                return 0;
        }
        else {
            return 0;
        }
    }
}

static int isdig(unsigned c) { return c >= '0' && c <= '9'; }
static int ishex(unsigned c) { return isdig(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

static void lex_number(jl_lexer_t *lx, jl_token_t *t)
{
    size_t p = lx->pos;
    const char *s = lx->src;
    size_t n = lx->len;
#define C(i) ((i) < n ? (unsigned char)s[i] : 0)
    t->kind = TK_INT;
    if (C(p) == '0' && (C(p + 1) == 'x' || C(p + 1) == 'o' || C(p + 1) == 'b')) {
        char base = (char)C(p + 1);
        size_t q = p + 2;
        int ndig = 0, isfloat = 0;
        for (;;) {
            unsigned c = C(q);
            int ok = base == 'x' ? ishex(c) : base == 'o' ? (c >= '0' && c <= '7') : (c == '0' || c == '1');
            if (ok) { ndig++; q++; }
            else if (c == '_' && ndig > 0 && q + 1 < n) {
                unsigned d = C(q + 1);
                int ok2 = base == 'x' ? ishex(d) : base == 'o' ? (d >= '0' && d <= '7') : (d == '0' || d == '1');
                if (!ok2) break;
                q++;
            }
            else break;
        }
        if (base == 'x' && (C(q) == '.' || C(q) == 'p' || C(q) == 'P')) {
            /* hex float: 0x1.8p3 */
            if (C(q) == '.') {
                q++;
                while (ishex(C(q)) || (C(q) == '_' && ishex(C(q + 1)))) { q++; ndig++; }
            }
            if (C(q) == 'p' || C(q) == 'P') {
                q++;
                if (C(q) == '+' || C(q) == '-') q++;
                if (!isdig(C(q))) {
                    lx->pos = q;
                    set_error(t, "invalid numeric constant", 0);
                    return;
                }
                while (isdig(C(q))) q++;
                isfloat = 1;
            }
            else {
                lx->pos = q;
                set_error(t, "hex float literal must contain \"p\" or \"P\"", 0);
                return;
            }
        }
        if (ndig == 0) {
            lx->pos = q;
            set_error(t, "invalid numeric constant", 0);
            return;
        }
        lx->pos = q;
        t->kind = isfloat ? TK_FLOAT : base == 'x' ? TK_HEXINT : base == 'o' ? TK_OCTINT : TK_BININT;
        return;
    }
    size_t q = p;
    int isfloat = 0, isf32 = 0;
    while (isdig(C(q)) || (C(q) == '_' && q > p && isdig(C(q + 1))))
        q++;
    if (C(q) == '.' && C(q + 1) != '.') {
        /* `1.` is a float unless the dot starts a dotted operator (1.+x) or a field access */
        unsigned d = C(q + 1);
        int dotop = 0;
        if (!isdig(d) && d != 'e' && d != 'E' && d != 'f') {
            int nn;
            int32_t cp = q + 1 < n ? jl_lex_utf8((const unsigned char *)s + q + 1, n - q - 1, &nn) : -2;
            if (d && strchr("+-*/\\^<>=!%&|~÷", (int)d) && d != 0) dotop = 1;
            if (cp >= 0x80 && jl_lex_unicode_op_prec(cp)) dotop = 1;
            if (jl_lex_is_id_start(cp) && cp != 'e' && cp != 'E' && cp != 'f') dotop = 0;
        }
        if (!dotop) {
            isfloat = 1;
            q++;
            while (isdig(C(q)) || (C(q) == '_' && isdig(C(q + 1)) && isdig(C(q - 1))))
                q++;
        }
    }
    unsigned e = C(q);
    if ((e == 'e' || e == 'E' || e == 'f') &&
        (isdig(C(q + 1)) || ((C(q + 1) == '+' || C(q + 1) == '-') && isdig(C(q + 2))))) {
        isfloat = 1;
        isf32 = e == 'f';
        q += 2;
        while (isdig(C(q)))
            q++;
    }
    lx->pos = q;
    t->kind = isf32 ? TK_FLOAT32 : isfloat ? TK_FLOAT : TK_INT;
    /* `1.5.3` or `2.0x`-style garbage is left to juxtaposition rules; `1.2.3` errors */
    if (isfloat && C(q) == '.' && isdig(C(q + 1))) {
        while (isdig(C(lx->pos)) || C(lx->pos) == '.') lx->pos++;
        set_error(t, "invalid numeric constant", 0);
    }
#undef C
}

/* Operator scanning: sets kind/prec/op, advances pos. Returns 0 if no operator starts here. */
static int lex_ascii_op(jl_lexer_t *lx, jl_token_t *t, size_t p)
{
    const char *s = lx->src + p;
    size_t left = lx->len - p;
#define S(i) ((size_t)(i) < left ? s[i] : 0)
    int len = 0, prec = PREC_NONE, op = OP_OTHER;
    switch (s[0]) {
    case '+':
        if (S(1) == '+') { len = 2; prec = PREC_PLUS; op = OP_PLUSPLUS; }
        else if (S(1) == '=') { len = 2; prec = PREC_ASSIGN; }
        else { len = 1; prec = PREC_PLUS; op = OP_PLUS; }
        break;
    case '-':
        if (S(1) == '-' && S(2) == '>') { len = 3; prec = PREC_ARROW; op = OP_LONGARROW; }
        else if (S(1) == '>') { len = 2; prec = PREC_NONE; op = OP_ARROW; }
        else if (S(1) == '=') { len = 2; prec = PREC_ASSIGN; }
        else { len = 1; prec = PREC_PLUS; op = OP_MINUS; }
        break;
    case '*':
        if (S(1) == '=') { len = 2; prec = PREC_ASSIGN; }
        else { len = 1; prec = PREC_TIMES; op = OP_STAR; }
        break;
    case '/':
        if (S(1) == '/' && S(2) == '=') { len = 3; prec = PREC_ASSIGN; }
        else if (S(1) == '/') { len = 2; prec = PREC_RATIONAL; }
        else if (S(1) == '=') { len = 2; prec = PREC_ASSIGN; }
        else { len = 1; prec = PREC_TIMES; }
        break;
    case '\\':
        if (S(1) == '=') { len = 2; prec = PREC_ASSIGN; }
        else { len = 1; prec = PREC_TIMES; }
        break;
    case '^':
        if (S(1) == '=') { len = 2; prec = PREC_ASSIGN; }
        else { len = 1; prec = PREC_POWER; op = OP_POWER; }
        break;
    case '%':
        if (S(1) == '=') { len = 2; prec = PREC_ASSIGN; }
        else { len = 1; prec = PREC_TIMES; }
        break;
    case '<':
        if (S(1) == '<' && S(2) == '=') { len = 3; prec = PREC_ASSIGN; }
        else if (S(1) == '<') { len = 2; prec = PREC_BITSHIFT; }
        else if (S(1) == '=') { len = 2; prec = PREC_COMPARISON; }
        else if (S(1) == ':') { len = 2; prec = PREC_COMPARISON; op = OP_SUBTYPE; }
        else if (S(1) == '|') { len = 2; prec = PREC_PIPE_LT; op = OP_PIPE_LT; }
        else if (S(1) == '-' && S(2) == '-' && S(3) == '>') { len = 4; prec = PREC_ARROW; }
        else if (S(1) == '-' && S(2) == '-') { len = 3; prec = PREC_ARROW; }
        else { len = 1; prec = PREC_COMPARISON; }
        break;
    case '>':
        if (S(1) == '>' && S(2) == '>' && S(3) == '=') { len = 4; prec = PREC_ASSIGN; }
        else if (S(1) == '>' && S(2) == '>') { len = 3; prec = PREC_BITSHIFT; }
        else if (S(1) == '>' && S(2) == '=') { len = 3; prec = PREC_ASSIGN; }
        else if (S(1) == '>') { len = 2; prec = PREC_BITSHIFT; }
        else if (S(1) == '=') { len = 2; prec = PREC_COMPARISON; }
        else if (S(1) == ':') { len = 2; prec = PREC_COMPARISON; op = OP_SUPERTYPE; }
        else { len = 1; prec = PREC_COMPARISON; }
        break;
    case '=':
        if (S(1) == '=' && S(2) == '=') { len = 3; prec = PREC_COMPARISON; }
        else if (S(1) == '=') { len = 2; prec = PREC_COMPARISON; }
        else if (S(1) == '>') { len = 2; prec = PREC_PAIR; op = OP_PAIR; }
        else { len = 1; prec = PREC_ASSIGN; op = OP_EQ; }
        break;
    case '!':
        if (S(1) == '=' && S(2) == '=') { len = 3; prec = PREC_COMPARISON; }
        else if (S(1) == '=') { len = 2; prec = PREC_COMPARISON; }
        else { len = 1; prec = PREC_NONE; op = OP_NOT; }
        break;
    case '~':
        len = 1; prec = PREC_ASSIGN; op = OP_TILDE;
        break;
    case '&':
        if (S(1) == '&') { len = 2; prec = PREC_LAZYAND; op = OP_ANDAND; }
        else if (S(1) == '=') { len = 2; prec = PREC_ASSIGN; }
        else { len = 1; prec = PREC_TIMES; op = OP_AMP; }
        break;
    case '|':
        if (S(1) == '|') { len = 2; prec = PREC_LAZYOR; op = OP_OROR; }
        else if (S(1) == '=') { len = 2; prec = PREC_ASSIGN; }
        else if (S(1) == '>') { len = 2; prec = PREC_PIPE_GT; op = OP_PIPE_GT; }
        else { len = 1; prec = PREC_PLUS; }
        break;
    case ':':
        if (S(1) == ':') { len = 2; prec = PREC_DECL; op = OP_DECL; }
        else if (S(1) == '=') { len = 2; prec = PREC_ASSIGN; op = OP_COLONEQ; }
        else { len = 1; prec = PREC_COLON; op = OP_COLON; }
        break;
    case '?':
        len = 1; prec = PREC_COND; op = OP_QUESTION;
        break;
    case '$':
        if (S(1) == '=') { len = 2; prec = PREC_ASSIGN; }
        else { len = 1; prec = PREC_NONE; op = OP_DOLLAR; }
        break;
    default:
        return 0;
    }
#undef S
    t->kind = TK_OP;
    t->prec = (uint8_t)prec;
    t->op = (uint8_t)op;
    lx->pos = p + (size_t)len;
    return 1;
}

static int lex_unicode_op(jl_lexer_t *lx, jl_token_t *t, size_t p)
{
    int n;
    int32_t cp = peek_cp(lx, p, &n);
    if (cp < 0x80)
        return 0;
    int pr = jl_lex_unicode_op_prec(cp);
    if (!pr)
        return 0;
    t->kind = TK_OP;
    t->prec = (uint8_t)(pr - 1);
    t->op = OP_OTHER;
    if (cp == 0x221A || cp == 0x221B || cp == 0x221C) t->op = OP_RADICAL;
    else if (cp == 0xAC) t->op = OP_UNARYONLY;
    else if (cp == 0xB1 || cp == 0x2213 || cp == 0x22C6) t->op = OP_BOTH_UNARY;
    else if (cp == 0x2208) t->op = OP_ELEM;
    else if (cp == 0x2212) t->op = OP_MINUS; /* − is normalized to - by the parser */
    lx->pos = p + (size_t)n;
    /* ÷= and ⊻= are updating operators */
    if ((cp == 0xF7 || cp == 0x22BB) && lx->pos < lx->len && lx->src[lx->pos] == '=' &&
        !(lx->pos + 1 < lx->len && (lx->src[lx->pos + 1] == '=' || lx->src[lx->pos + 1] == '>'))) {
        lx->pos++;
        t->prec = PREC_ASSIGN;
        t->op = OP_OTHER;
    }
    return 1;
}

/* can this operator take a leading dot (.+ .= .&& ...)? */
static int dottable(const jl_token_t *t)
{
    switch (t->op) {
    case OP_DECL: case OP_ARROW: case OP_QUESTION: case OP_DOLLAR: case OP_COLON: case OP_COLONEQ:
    case OP_LONGARROW:
        return 0;
    default:
        return 1;
    }
}

static void lex_suffix(jl_lexer_t *lx, jl_token_t *t)
{
    /* syntactic operators never take suffixes */
    if (t->op == OP_EQ || t->op == OP_DECL || t->op == OP_ARROW || t->op == OP_QUESTION ||
        t->op == OP_DOLLAR || t->op == OP_ANDAND || t->op == OP_OROR || t->op == OP_COLONEQ ||
        t->op == OP_DOT || t->op == OP_DDDOT || t->prec == PREC_ASSIGN)
        return;
    for (;;) {
        int n;
        int32_t cp = peek_cp(lx, lx->pos, &n);
        if (cp <= 0 || !is_op_suffix(cp))
            return;
        lx->pos += (size_t)n;
        t->suffixed = 1;
    }
}

static int prev_allows_transpose(const jl_lexer_t *lx)
{
    switch (lx->prev_kind) {
    case TK_ID: case TK_INT: case TK_HEXINT: case TK_OCTINT: case TK_BININT: case TK_FLOAT:
    case TK_FLOAT32: case TK_RPAREN: case TK_RBRACK: case TK_RBRACE: case TK_CHAR: case TK_STR:
        return 1;
    case TK_KW:
        return lx->prev_kw == KW_END || lx->prev_kw == KW_TRUE || lx->prev_kw == KW_FALSE;
    case TK_OP:
        return lx->prev_op == OP_QUOTE;
    default:
        return 0;
    }
}

/* Skip a character literal body after the opening quote; sets the token range. */
static void lex_char(jl_lexer_t *lx, jl_token_t *t)
{
    size_t p = lx->pos + 1;
    t->kind = TK_CHAR;
    if (p >= lx->len) {
        lx->pos = p;
        set_error(t, "incomplete: invalid character literal", 1);
        return;
    }
    if (lx->src[p] == '\'') {
        if (p + 1 < lx->len && lx->src[p + 1] == '\'') {
            lx->pos = p + 2; /* ''' is the quote character */
            return;
        }
        lx->pos = p + 1;
        set_error(t, "invalid empty character literal", 0);
        return;
    }
    /* scan to the closing quote, honoring backslash escapes */
    size_t q = p;
    while (q < lx->len && lx->src[q] != '\'') {
        if (lx->src[q] == '\\' && q + 1 < lx->len)
            q++;
        if (lx->src[q] == '\n')
            lx->line++;
        q++;
    }
    if (q >= lx->len) {
        lx->pos = q;
        set_error(t, "incomplete: invalid character literal", 1);
        return;
    }
    lx->pos = q + 1;
}

void jl_lex_next(jl_lexer_t *lx, jl_token_t *t)
{
    memset(t, 0, sizeof(*t));
    size_t before = lx->pos;
    if (skip_space(lx) < 0) {
        t->start = t->end = (uint32_t)lx->len;
        t->line = lx->line;
        set_error(t, "incomplete: unterminated multi-line comment #= ... =#", 1);
        lx->pos = lx->len;
        return;
    }
    t->ws = (uint8_t)(lx->pos != before || lx->prev_kind == TK_NEWLINE);
    size_t p = lx->pos;
    t->start = (uint32_t)p;
    t->line = lx->line;
    if (p >= lx->len) {
        t->kind = TK_EOF;
        t->end = (uint32_t)p;
        goto done;
    }
    unsigned char c = (unsigned char)lx->src[p];
    if (c == '\n' || (c == '\r' && p + 1 < lx->len && lx->src[p + 1] == '\n')) {
        t->kind = TK_NEWLINE;
        lx->pos = p + (c == '\r' ? 2 : 1);
        lx->line++;
        goto done;
    }
    if (c == '\r') {
        lx->pos = p + 1;
        t->kind = TK_NEWLINE;
        lx->line++;
        goto done;
    }
    switch (c) {
    case '(': t->kind = TK_LPAREN; lx->pos++; goto done;
    case ')': t->kind = TK_RPAREN; lx->pos++; goto done;
    case '[': t->kind = TK_LBRACK; lx->pos++; goto done;
    case ']': t->kind = TK_RBRACK; lx->pos++; goto done;
    case '{': t->kind = TK_LBRACE; lx->pos++; goto done;
    case '}': t->kind = TK_RBRACE; lx->pos++; goto done;
    case ',': t->kind = TK_COMMA; lx->pos++; goto done;
    case ';': t->kind = TK_SEMI; lx->pos++; goto done;
    case '@': t->kind = TK_AT; lx->pos++; goto done;
    case '"':
        if (p + 2 < lx->len && lx->src[p + 1] == '"' && lx->src[p + 2] == '"') {
            t->kind = TK_TSTR; lx->pos += 3;
        }
        else {
            t->kind = TK_STR; lx->pos++;
        }
        goto done;
    case '`':
        if (p + 2 < lx->len && lx->src[p + 1] == '`' && lx->src[p + 2] == '`') {
            t->kind = TK_TCMD; lx->pos += 3;
        }
        else {
            t->kind = TK_CMD; lx->pos++;
        }
        goto done;
    case '\'':
        if (!t->ws && prev_allows_transpose(lx)) {
            t->kind = TK_OP;
            t->op = OP_QUOTE;
            t->prec = PREC_NONE;
            lx->pos++;
            lex_suffix(lx, t);
        }
        else {
            lex_char(lx, t);
        }
        goto done;
    case '.': {
        unsigned char d = p + 1 < lx->len ? (unsigned char)lx->src[p + 1] : 0;
        if (isdig(d)) {
            lex_number(lx, t);
            goto done;
        }
        if (d == '.') {
            if (p + 2 < lx->len && lx->src[p + 2] == '.') {
                t->kind = TK_OP; t->op = OP_DDDOT; t->prec = PREC_NONE; lx->pos += 3;
            }
            else {
                t->kind = TK_OP; t->op = OP_DDOT; t->prec = PREC_COLON; lx->pos += 2;
            }
            goto done;
        }
        jl_token_t sub;
        memset(&sub, 0, sizeof(sub));
        size_t save = lx->pos;
        if (d && (lex_ascii_op(lx, &sub, p + 1) || lex_unicode_op(lx, &sub, p + 1)) && dottable(&sub) &&
            sub.op != OP_QUOTE) {
            *t = sub;
            t->ws = (uint8_t)(save != before || lx->prev_kind == TK_NEWLINE);
            t->start = (uint32_t)p;
            t->line = lx->line;
            t->dotted = 1;
            lex_suffix(lx, t);
            goto done;
        }
        lx->pos = p + 1;
        t->kind = TK_OP; t->op = OP_DOT; t->prec = PREC_DOT;
        goto done;
    }
    default:
        break;
    }
    if (isdig(c)) {
        lex_number(lx, t);
        goto done;
    }
    if (c < 0x80 && lex_ascii_op(lx, t, p)) {
        lex_suffix(lx, t);
        goto done;
    }
    {
        int n;
        int32_t cp = peek_cp(lx, p, &n);
        if (cp < 0) {
            lx->pos = p + 1;
            set_error(t, "invalid UTF-8 sequence", 0);
            goto done;
        }
        if (jl_lex_is_id_start(cp)) {
            size_t q = p + (size_t)n;
            for (;;) {
                int m;
                int32_t c2 = peek_cp(lx, q, &m);
                if (c2 < 0 || !jl_lex_is_id_char(c2))
                    break;
                q += (size_t)m;
            }
            lx->pos = q;
            size_t len = q - p;
            int kw = keyword_of(lx->src + p, len);
            if (kw) {
                t->kind = TK_KW;
                t->op = (uint8_t)kw;
            }
            else if (len == 2 && !memcmp(lx->src + p, "in", 2)) {
                t->kind = TK_OP; t->prec = PREC_COMPARISON; t->op = OP_IN;
            }
            else if (len == 3 && !memcmp(lx->src + p, "isa", 3)) {
                t->kind = TK_OP; t->prec = PREC_COMPARISON; t->op = OP_ISA;
            }
            else {
                t->kind = TK_ID;
            }
            goto done;
        }
        if (lex_unicode_op(lx, t, p)) {
            lex_suffix(lx, t);
            goto done;
        }
        lx->pos = p + (size_t)n;
        set_error(t, "invalid character", 0);
    }
done:
    t->end = (uint32_t)lx->pos;
    lx->prev_kind = t->kind;
    lx->prev_op = t->op;
    lx->prev_kw = t->kind == TK_KW ? t->op : 0;
    lx->prev_end = t->end;
}

/* ---------------------------------------------------------------- queries for Base's printing */

/* the operator token that spans all of s, or 0 */
static int whole_operator(const char *s, jl_token_t *t)
{
    size_t n = strlen(s);
    jl_lexer_t lx;
    jl_lex_init(&lx, s, n, 0, 1);
    jl_lex_next(&lx, t);
    return n > 0 && t->kind == TK_OP && t->start == 0 && t->end == n;
}

/* an identifier Julia prints without var"..." (true and false are keywords) */
JL_DLLEXPORT int jl_is_identifier(const char *s, size_t n)
{
    if (n == 0 || (n == 4 && !memcmp(s, "true", 4)) || (n == 5 && !memcmp(s, "false", 5)))
        return 0;
    size_t i = 0;
    int first = 1;
    while (i < n) {
        int used;
        int32_t cp = jl_lex_utf8((const unsigned char *)s + i, n - i, &used);
        if (cp < 0)
            return 0;
        if (first ? !jl_lex_is_id_start(cp) : !jl_lex_is_id_char(cp))
            return 0;
        first = 0;
        i += (size_t)used;
    }
    return 1;
}

/* Base.isoperator */
JL_DLLEXPORT int jl_is_operator(const char *s)
{
    jl_token_t t;
    return whole_operator(s, &t);
}

/* Base.operator_precedence: Julia's numbering (1 assignment ... 17 dot), 0 for non-operators and `->` */
JL_DLLEXPORT int jl_operator_precedence(const char *s)
{
    jl_token_t t;
    return whole_operator(s, &t) ? t.prec : 0;
}

/* Base.is_id_start_char / is_id_char */
JL_DLLEXPORT int jl_id_start_char(uint32_t c) { return jl_lex_is_id_start((int32_t)c); }
JL_DLLEXPORT int jl_id_char(uint32_t c) { return jl_lex_is_id_char((int32_t)c); }
