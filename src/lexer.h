/*
 * lexer.h -- the tokenizer of the front end (internal to src/lexer.c and src/parser.c).
 *
 * Invariants:
 *   - The lexer never fails and never reads outside [src, src + len): malformed input becomes a
 *     TK_ERROR token carrying a message; only the parser turns tokens into errors.
 *   - Tokens are byte ranges of the source plus a few flags; the lexer allocates no GC memory.
 *   - String, command and character bodies are not tokenized here: the parser reads them with the
 *     lex_str_* helpers after it consumed the opening delimiter, then restarts the lexer after them.
 */
#ifndef JL_LEXER_H
#define JL_LEXER_H

#include <stddef.h>
#include <stdint.h>

enum {
    TK_EOF = 0, TK_NEWLINE, TK_ID, TK_KW, TK_OP,
    TK_INT, TK_HEXINT, TK_OCTINT, TK_BININT, TK_FLOAT, TK_FLOAT32,
    TK_CHAR, TK_STR, TK_TSTR, TK_CMD, TK_TCMD,   /* opening delimiters " """ ` ``` */
    TK_LPAREN, TK_RPAREN, TK_LBRACK, TK_RBRACK, TK_LBRACE, TK_RBRACE,
    TK_COMMA, TK_SEMI, TK_AT, TK_ERROR
};

/* keywords (TK_KW); contextual ones (abstract, mutable, primitive, type, outer, as, var) are TK_ID */
enum {
    KW_NONE = 0, KW_BAREMODULE, KW_BEGIN, KW_BREAK, KW_CATCH, KW_CONST, KW_CONTINUE, KW_DO, KW_ELSE,
    KW_ELSEIF, KW_END, KW_EXPORT, KW_FALSE, KW_FINALLY, KW_FOR, KW_FUNCTION, KW_GLOBAL, KW_IF,
    KW_IMPORT, KW_LET, KW_LOCAL, KW_MACRO, KW_MODULE, KW_QUOTE, KW_RETURN, KW_STRUCT, KW_TRUE,
    KW_TRY, KW_USING, KW_WHILE, KW_WHERE
};

/* operator precedence classes, lowest binding first */
enum {
    PREC_NONE = 0, PREC_ASSIGN, PREC_PAIR, PREC_COND, PREC_ARROW, PREC_LAZYOR, PREC_LAZYAND,
    PREC_COMPARISON, PREC_PIPE_LT, PREC_PIPE_GT, PREC_COLON, PREC_PLUS, PREC_TIMES, PREC_RATIONAL,
    PREC_BITSHIFT, PREC_POWER, PREC_DECL, PREC_DOT
};

/* operators the parser treats specially (TK_OP op field); others are OP_OTHER */
enum {
    OP_OTHER = 0, OP_EQ, OP_TILDE, OP_COLONEQ, OP_PAIR, OP_QUESTION, OP_LONGARROW, OP_OROR, OP_ANDAND,
    OP_SUBTYPE, OP_SUPERTYPE, OP_IN, OP_ISA, OP_PIPE_LT, OP_PIPE_GT, OP_COLON, OP_DDOT, OP_PLUS,
    OP_MINUS, OP_PLUSPLUS, OP_STAR, OP_POWER, OP_DECL, OP_DOT, OP_DDDOT, OP_ARROW, OP_NOT,
    OP_DOLLAR, OP_AMP, OP_QUOTE /* ' transpose */, OP_RADICAL, OP_UNARYONLY, OP_BOTH_UNARY,
    OP_ELLIPSIS_COLON /* … and friends */, OP_ELEM /* ∈ */
};

typedef struct {
    uint8_t kind;
    uint8_t prec;     /* TK_OP: PREC_* */
    uint8_t op;       /* TK_OP: OP_*; TK_KW: KW_* */
    uint8_t dotted;   /* operator written with a leading dot (.+) */
    uint8_t suffixed; /* operator followed by a suffix (+₁, *′) */
    uint8_t ws;       /* whitespace, a comment or a newline immediately before the token */
    uint8_t incomplete; /* TK_ERROR: the error is at the end of input (REPL should read more) */
    uint8_t pad;
    uint32_t start, end;   /* byte range in the source */
    int32_t line;          /* line of `start` */
    const char *err;       /* TK_ERROR: message */
} jl_token_t;

typedef struct {
    const char *src;
    size_t len;
    size_t pos;
    int32_t line;
    uint8_t prev_kind;     /* kind of the previous token, for ' (transpose vs char) */
    uint8_t prev_op;
    uint8_t prev_kw;
    uint32_t prev_end;
} jl_lexer_t;

void jl_lex_init(jl_lexer_t *lx, const char *src, size_t len, size_t pos, int32_t line);
void jl_lex_next(jl_lexer_t *lx, jl_token_t *tok);
/* UTF-8 decode at p (len bytes left); returns code point or -1 for invalid, sets *n to bytes used (>= 1) */
int32_t jl_lex_utf8(const unsigned char *p, size_t left, int *n);
int jl_lex_is_id_start(int32_t c);
int jl_lex_is_id_char(int32_t c);
int jl_lex_unicode_op_prec(int32_t c);
/* Base's printing: isoperator, operator_precedence (Julia's numbering), identifier characters */
int jl_is_operator(const char *s);
int jl_is_identifier(const char *s, size_t n);
int jl_operator_precedence(const char *s);
int jl_id_start_char(uint32_t c);
int jl_id_char(uint32_t c);

#endif
