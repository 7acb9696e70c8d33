/*
 * errorshow.c -- showing results and uncaught errors the way Julia 1.10 does, for the CLI and the
 * REPL: `ERROR: ` + the message + the stack trace on stderr (`ERROR: LoadError: ...` and `in expression
 * starting at file:line` for errors escaping an include). When Base provides `display_error`,
 * `_display_repl` (the REPL's display, limited to the terminal) and `show`, they are used (inside a
 * JL_TRY: a failing Base printer falls back to C); otherwise the C printers below reproduce Julia's
 * messages for Core's exception types.
 * Invariant: nothing here throws to its caller.
 */
#include <stdio.h>
#include <string.h>
#include "toplevel.h"
#include "iostream.h"
#include "gf.h"

#pragma weak jl_apply
#pragma weak jl_float_to_string
JL_DLLEXPORT jl_value_t *jl_float_to_string(double x, int32_t bits, int32_t flags);

static jl_value_t *base_function(const char *name)
{
    if (jl_base_module == NULL || jl_apply == NULL)
        return NULL;
    return jl_get_global(jl_base_module, jl_symbol(name));
}

static const char *type_name(jl_value_t *t)
{
    if (jl_is_datatype(t))
        return jl_symbol_name(((jl_datatype_t *)t)->name->name);
    return "?";
}

static void print_type(FILE *out, jl_value_t *t)
{
    if (jl_print_type != NULL)
        jl_print_type(out, t);
    else
        fputs(type_name(t), out);
}

static void show_string(FILE *out, const char *s, size_t n)
{
    fputc('"', out);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\' || c == '$')
            fprintf(out, "\\%c", c);
        else if (c == '\n')
            fputs("\\n", out);
        else if (c == '\t')
            fputs("\\t", out);
        else if (c < 0x20 || c == 0x7f)
            fprintf(out, "\\x%02x", c);
        else
            fputc(c, out);
    }
    fputc('"', out);
}

static void show_float(FILE *out, double x, int bits)
{
    if (jl_float_to_string != NULL) {
        jl_value_t *s = jl_float_to_string(x, bits, 0);
        fwrite(jl_string_data(s), 1, jl_string_len(s), out);
        if (bits == 32)
            fputs("f0", out);
        return;
    }
    fprintf(out, "%.17g", x);
}

static void show_c(FILE *out, jl_value_t *v, int depth);

static void show_fields(FILE *out, jl_value_t *v, int depth)
{
    jl_datatype_t *t = (jl_datatype_t *)jl_typeof(v);
    size_t nf = t->layout ? jl_datatype_nfields(t) : 0;
    for (size_t i = 0; i < nf; i++) {
        if (i > 0)
            fputs(", ", out);
        if (jl_field_isdefined(v, i))
            show_c(out, jl_get_nth_field(v, i), depth + 1);
        else
            fputs("#undef", out);
    }
}

/* Julia's 2-argument `show` for the values C can print */
static void show_c(FILE *out, jl_value_t *v, int depth)
{
    jl_value_t *t = jl_typeof(v);
    if (depth > 8) {
        fputs("…", out);
    }
    else if (jl_is_nothing(v)) {
        fputs("nothing", out);
    }
    else if (jl_is_bool(v)) {
        fputs(v == jl_true ? "true" : "false", out);
    }
    else if (jl_is_int64(v)) {
        fprintf(out, "%lld", (long long)jl_unbox_int64(v));
    }
    else if (t == (jl_value_t *)jl_int32_type) {
        fprintf(out, "%d", jl_unbox_int32(v));
    }
    else if (t == (jl_value_t *)jl_uint8_type) {
        fprintf(out, "0x%02x", jl_unbox_uint8(v));
    }
    else if (t == (jl_value_t *)jl_uint64_type) {
        fprintf(out, "0x%016llx", (unsigned long long)jl_unbox_uint64(v));
    }
    else if (jl_is_float64(v)) {
        show_float(out, jl_unbox_float64(v), 64);
    }
    else if (t == (jl_value_t *)jl_float32_type) {
        show_float(out, jl_unbox_float32(v), 32);
    }
    else if (jl_is_string(v)) {
        show_string(out, jl_string_data(v), jl_string_len(v));
    }
    else if (jl_is_symbol(v)) {
        fprintf(out, ":%s", jl_symbol_name(v));
    }
    else if (jl_is_char(v)) {
        uint32_t c = jl_unbox_char(v);
        char buf[5] = {0};
        for (int i = 0; i < 4; i++)
            buf[i] = (char)(c >> (24 - 8 * i));
        fprintf(out, "'%s'", buf);
    }
    else if (jl_is_module(v)) {
        fputs(jl_symbol_name(((jl_module_t *)v)->name), out);
    }
    else if (jl_is_datatype(v) || jl_is_unionall(v) || jl_is_uniontype(v) || v == jl_bottom_type) {
        print_type(out, v);
    }
    else if (jl_is_tuple(v)) {
        size_t n = jl_datatype_nfields(t);
        fputc('(', out);
        show_fields(out, v, depth);
        fputs(n == 1 ? ",)" : ")", out);
    }
    else if (jl_is_array(v) && ((jl_array_t *)v)->ndims == 1) {
        jl_array_t *a = (jl_array_t *)v;
        fputc('[', out);
        for (size_t i = 0; i < jl_array_len(a); i++) {
            if (i > 0)
                fputs(", ", out);
            jl_value_t *x = jl_arrayref(a, i);
            if (x)
                show_c(out, x, depth + 1);
            else
                fputs("#undef", out);
        }
        fputc(']', out);
    }
    else if (jl_is_datatype(t) && ((jl_datatype_t *)t)->instance == v &&
             jl_subtype(t, (jl_value_t *)jl_function_type)) {
        const char *n = jl_symbol_name(((jl_datatype_t *)t)->name->name);
        fputs(n[0] == '#' ? n + 1 : n, out); /* a function shows as its name */
    }
    else if (jl_is_datatype(t) && ((jl_datatype_t *)t)->layout) {
        print_type(out, t);
        fputc('(', out);
        show_fields(out, v, depth);
        fputc(')', out);
    }
    else {
        fputc('<', out);
        print_type(out, t);
        fputc('>', out);
    }
}

static jl_value_t *field(jl_value_t *e, const char *name)
{
    jl_datatype_t *t = (jl_datatype_t *)jl_typeof(e);
    int i = jl_field_index(t, jl_symbol(name), 0);
    if (i < 0 || !jl_field_isdefined(e, (size_t)i))
        return NULL;
    return jl_get_nth_field(e, (size_t)i);
}

static int istype(jl_value_t *e, const char *name)
{
    jl_value_t *t = jl_typeof(e);
    return jl_is_datatype(t) && strcmp(type_name(t), name) == 0;
}

static void print_str_field(FILE *out, jl_value_t *e, const char *name)
{
    jl_value_t *s = field(e, name);
    if (s && jl_is_string(s))
        fwrite(jl_string_data(s), 1, jl_string_len(s), out);
    else if (s)
        show_c(out, s, 0);
}

/* `summary(a)` as BoundsError prints it */
static void print_summary(FILE *out, jl_value_t *a)
{
    if (jl_is_array(a) && ((jl_array_t *)a)->ndims == 1) {
        fprintf(out, "%zu-element ", jl_array_len(a));
        print_type(out, jl_typeof(a));
    }
    else if (jl_is_string(a)) {
        fprintf(out, "%zu-codeunit String", jl_string_len(a));
    }
    else {
        print_type(out, jl_typeof(a));
    }
}

static void show_boundserror(FILE *out, jl_value_t *e)
{
    fputs("BoundsError", out);
    jl_value_t *a = field(e, "a"), *i = field(e, "i");
    if (a == NULL)
        return;
    fputs(": attempt to access ", out);
    print_summary(out, a);
    if (i == NULL)
        return;
    fputs(" at index [", out);
    if (jl_is_tuple(i)) {
        for (size_t k = 0; k < jl_datatype_nfields(jl_typeof(i)); k++) {
            if (k > 0)
                fputs(", ", out);
            show_c(out, jl_get_nth_field(i, k), 0);
        }
    }
    else {
        show_c(out, i, 0);
    }
    fputc(']', out);
}

static void show_typeerror(FILE *out, jl_value_t *e)
{
    jl_value_t *func = field(e, "func"), *ctx = field(e, "context"), *exp = field(e, "expected"),
               *got = field(e, "got");
    fputs("TypeError: ", out);
    if (exp == (jl_value_t *)jl_bool_type) {
        fputs("non-boolean (", out);
        print_type(out, got ? jl_typeof(got) : (jl_value_t *)jl_any_type);
        fputs(") used in boolean context", out);
        return;
    }
    const char *fname = func && jl_is_symbol(func) ? jl_symbol_name(func) : "?";
    if (ctx == NULL || (jl_is_string(ctx) && jl_string_len(ctx) == 0))
        fprintf(out, "in %s", fname);
    else if (strcmp(fname, "keyword argument") == 0) {
        fputs("in keyword argument ", out);
        print_str_field(out, e, "context");
    }
    else {
        fprintf(out, "in %s, in ", fname);
        print_str_field(out, e, "context");
    }
    fputs(", expected ", out);
    if (exp)
        print_type(out, exp);
    fputs(", got ", out);
    if (got && (jl_is_datatype(got) || jl_is_unionall(got) || jl_is_uniontype(got))) {
        fputs("Type{", out);
        print_type(out, got);
        fputc('}', out);
    }
    else {
        fputs("a value of type ", out);
        print_type(out, got ? jl_typeof(got) : (jl_value_t *)jl_nothing_type);
    }
}

static void show_methoderror(FILE *out, jl_value_t *e)
{
    jl_value_t *f = field(e, "f"), *args = field(e, "args");
    /* ambiguities, keyword calls and non-callable objects: dispatch's own text (gf.c) */
    if (jl_typeis(e, jl_methoderror_type)) {
        const char *msg = jl_methoderror_message(e);
        if (f == jl_kwcall_func || strncmp(msg, "MethodError: no method matching ", 32) != 0) {
            fputs(msg, out);
            return;
        }
    }
    fputs("MethodError: no method matching ", out);
    if (f == NULL) {
        fputs("?", out);
    }
    else {
        jl_datatype_t *ft = (jl_datatype_t *)jl_typeof(f);
        if (ft->instance == f && ft->name->mt && jl_typeis(ft->name->mt, jl_methtable_type))
            fputs(jl_symbol_name(ft->name->mt->name), out);
        else if (ft->instance == f && jl_symbol_name(ft->name->name)[0] == '#')
            fputs(jl_symbol_name(ft->name->name) + 1, out);
        else if (jl_is_datatype(f) || jl_is_unionall(f))
            print_type(out, f);
        else {
            fputs("(::", out);
            print_type(out, (jl_value_t *)ft);
            fputc(')', out);
        }
    }
    fputc('(', out);
    if (args && jl_is_tuple(args)) {
        for (size_t i = 0; i < jl_datatype_nfields(jl_typeof(args)); i++) {
            if (i > 0)
                fputs(", ", out);
            jl_value_t *a = jl_get_nth_field(args, i);
            fputs("::", out);
            if (jl_is_datatype(a) || jl_is_unionall(a)) {
                fputs("Type{", out);
                print_type(out, a);
                fputc('}', out);
            }
            else {
                print_type(out, jl_typeof(a));
            }
        }
    }
    fputc(')', out);
}

/* errors whose message is "Name: msg" from one string field */
static const char *const msg_errors[] = {"ArgumentError", "AssertionError", "OverflowError", "EOFError",
                                          "ErrorException", NULL};

JL_DLLEXPORT void jl_show_exception(void *stream, jl_value_t *e)
{
    FILE *out = (FILE *)stream;
    if (e == NULL) {
        fputs("unknown exception", out);
        return;
    }
    jl_value_t *t = jl_typeof(e);
    if (t == (jl_value_t *)jl_errorexception_type) {
        print_str_field(out, e, "msg");
        return;
    }
    for (int i = 0; msg_errors[i]; i++) {
        if (istype(e, msg_errors[i]) && field(e, "msg") != NULL) {
            fprintf(out, "%s: ", msg_errors[i]);
            print_str_field(out, e, "msg");
            return;
        }
    }
    if (t == (jl_value_t *)jl_undefvarerror_type) {
        jl_value_t *v = field(e, "var");
        fprintf(out, "UndefVarError: `%s` not defined", v && jl_is_symbol(v) ? jl_symbol_name(v) : "?");
    }
    else if (t == (jl_value_t *)jl_boundserror_type) {
        show_boundserror(out, e);
    }
    else if (t == (jl_value_t *)jl_typeerror_type) {
        show_typeerror(out, e);
    }
    else if (t == (jl_value_t *)jl_stackovf_exception_type) {
        fputs("StackOverflowError:", out);
    }
    else if (istype(e, "DivideError")) {
        fputs("DivideError: integer division error", out);
    }
    else if (istype(e, "UndefRefError")) {
        fputs("UndefRefError: access to undefined reference", out);
    }
    else if (istype(e, "InterruptException")) {
        fputs("InterruptException:", out);
    }
    else if (istype(e, "MethodError")) {
        show_methoderror(out, e);
    }
    else if (istype(e, "UndefKeywordError")) {
        jl_value_t *v = field(e, "var");
        fprintf(out, "UndefKeywordError: keyword argument `%s` not assigned",
                v && jl_is_symbol(v) ? jl_symbol_name(v) : "?");
    }
    else if (istype(e, "KeyError")) {
        fputs("KeyError: key ", out);
        jl_value_t *k = field(e, "key");
        if (k)
            show_c(out, k, 0);
        fputs(" not found", out);
    }
    else if (istype(e, "InexactError")) {
        fputs("InexactError: ", out);
        jl_value_t *f = field(e, "func"), *T = field(e, "T"), *val = field(e, "val");
        fprintf(out, "%s(", f && jl_is_symbol(f) ? jl_symbol_name(f) : "?");
        if (T)
            print_type(out, T);
        fputs(", ", out);
        if (val)
            show_c(out, val, 0);
        fputc(')', out);
    }
    else if (istype(e, "DomainError")) {
        fputs("DomainError with ", out);
        jl_value_t *val = field(e, "val");
        if (val)
            show_c(out, val, 0);
        jl_value_t *msg = field(e, "msg");
        fputs(msg ? ":\n" : "", out);
        if (msg)
            print_str_field(out, e, "msg");
    }
    else if (istype(e, "ParseError")) {
        jl_value_t *detail = field(e, "detail");
        print_str_field(out, e, detail && jl_is_string(detail) ? "detail" : "msg");
    }
    else if (istype(e, "LoadError")) {
        fputs("LoadError: ", out);
        jl_show_exception(out, field(e, "error"));
        jl_value_t *file = field(e, "file"), *line = field(e, "line");
        fprintf(out, "\nin expression starting at %s:%lld", file && jl_is_string(file) ? jl_string_data(file) : "?",
                line && jl_is_int64(line) ? (long long)jl_unbox_int64(line) : 0LL);
    }
    else if (t == (jl_value_t *)jl_outofmemoryerror_type) {
        fputs("OutOfMemoryError()", out);
    }
    else {
        show_c(out, e, 0);
    }
}

/* C version of showerror(io, e, bt): the message, the backtrace, then the LoadError locations */
static void show_error_bt(FILE *out, jl_value_t *e, jl_value_t *bt)
{
    if (e != NULL && istype(e, "LoadError") && field(e, "error") != NULL) {
        fputs("LoadError: ", out);
        show_error_bt(out, field(e, "error"), bt);
        jl_value_t *file = field(e, "file"), *line = field(e, "line");
        fprintf(out, "in expression starting at %s:%lld\n",
                file && jl_is_string(file) ? jl_string_data(file) : "?",
                line && jl_is_int64(line) ? (long long)jl_unbox_int64(line) : 0LL);
        return;
    }
    jl_show_exception(out, e);
    fputc('\n', out);
    if (bt != NULL && jl_print_backtrace != NULL)
        jl_print_backtrace(out, bt);
}

JL_DLLEXPORT void jl_print_uncaught_error(jl_value_t *e, jl_value_t *bt)
{
    jl_ios_flush_stdout();
    jl_value_t *de = base_function("display_error");
    if (de != NULL) {
        volatile int ok = 0;
        JL_TRY {
            jl_value_t *args[3] = {de, e, bt ? bt : jl_nothing};
            jl_apply(args, 3);
            ok = 1;
        }
        JL_CATCH {
            ok = 0;
        }
        jl_ios_flush_stdout();
        if (ok)
            return;
    }
    fputs("ERROR: ", stderr);
    show_error_bt(stderr, e, bt);
    fflush(stderr);
}

/* ---------------------------------------------------------------- showing values */

static int call_base_show(const char *fname, jl_value_t *v)
{
    jl_value_t *f = base_function(fname);
    if (f == NULL)
        return 0;
    volatile int ok = 0;
    jl_ios_flush_stdout();
    JL_TRY {
        jl_value_t *args[2] = {f, v};
        jl_apply(args, 2);
        ok = 1;
    }
    JL_CATCH {
        ok = 0;
    }
    jl_ios_flush_stdout();
    return ok;
}

JL_DLLEXPORT void jl_show_value(void *stream, jl_value_t *v)
{
    show_c((FILE *)stream, v, 0);
}

static void display(jl_value_t *v, int show)
{
    if (show == 2 ? call_base_show("_display_repl", v) : call_base_show("show", v)) {
        if (show == 1)
            fputc('\n', stdout);
        return;
    }
    show_c(stdout, v, 0);
    fputc('\n', stdout);
}

JL_DLLEXPORT int jl_run_string(const char *code, const char *filename, int show)
{
    volatile int status = 0;
    JL_TRY {
        jl_value_t *v = jl_eval_string_in(jl_main_module, code, filename);
        if (show >= 2) /* the REPL; 3: a `;`-terminated input shows nothing */
            jl_set_global(jl_main_module, jl_symbol("ans"), v);
        if (show == 1 || (show == 2 && !jl_is_nothing(v)))
            display(v, show);
        jl_ios_flush_stdout();
    }
    JL_CATCH {
        status = 1;
        jl_print_uncaught_error(jl_current_exception(),
                                jl_current_backtrace ? jl_current_backtrace() : NULL);
    }
    return status;
}

JL_DLLEXPORT int jl_run_main_file(const char *path)
{
    volatile int status = 0;
    JL_TRY {
        jl_load(jl_main_module, path);
        jl_ios_flush_stdout();
    }
    JL_CATCH {
        status = 1;
        jl_print_uncaught_error(jl_current_exception(),
                                jl_current_backtrace ? jl_current_backtrace() : NULL);
    }
    return status;
}
