/*
 * stackwalk.c -- the exception stack and backtraces: recording the interpreter's frame chain at a throw,
 * locating a frame's function, file and line (codelocs/linetable), and a C printer of backtraces in
 * Julia 1.10's format for uncaught errors before Base's `show_backtrace` exists.
 *
 * Formats (interpreter.h): a backtrace is a Vector{Any} of `svec(code, stmt::Int, module)`, innermost
 * first; the exception stack is a Vector{Any} exception, backtrace, ... innermost last.
 */
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include "interpreter.h"
#include "lexer.h"

/* ---------------------------------------------------------------- the exception stack */

JL_DLLEXPORT size_t jl_excstack_state(void)
{
    jl_task_t *ct = jl_current_task;
    return (ct && ct->excstack) ? jl_array_len(ct->excstack) : 0;
}

JL_DLLEXPORT void jl_push_excstack(jl_value_t *e, jl_value_t *bt)
{
    jl_task_t *ct = jl_current_task;
    if (ct->excstack == NULL)
        ct->excstack = (jl_value_t *)jl_alloc_vec_any(0);
    jl_array_ptr_1d_push((jl_array_t *)ct->excstack, e);
    jl_array_ptr_1d_push((jl_array_t *)ct->excstack, bt);
    ct->exception = e;
    ct->backtrace = bt;
}

JL_DLLEXPORT void jl_restore_excstack(size_t state)
{
    jl_task_t *ct = jl_current_task;
    if (ct == NULL || ct->excstack == NULL)
        return;
    jl_array_t *a = (jl_array_t *)ct->excstack;
    size_t n = jl_array_len(a);
    if (n > state) {
        for (size_t i = state; i < n; i++)
            jl_array_ptr_set(a, i, NULL);
        jl_array_del_end(a, n - state);
    }
}

JL_DLLEXPORT jl_value_t *jl_current_exception(void)
{
    jl_task_t *ct = jl_current_task;
    if (ct == NULL)
        return NULL;
    size_t n = jl_excstack_state();
    if (n >= 2)
        return jl_array_ptr_ref((jl_array_t *)ct->excstack, n - 2);
    return ct->exception;
}

JL_DLLEXPORT jl_value_t *jl_current_backtrace(void)
{
    jl_task_t *ct = jl_current_task;
    if (ct == NULL)
        return NULL;
    size_t n = jl_excstack_state();
    if (n >= 2)
        return jl_array_ptr_ref((jl_array_t *)ct->excstack, n - 1);
    return ct->backtrace;
}

JL_DLLEXPORT jl_value_t *jl_get_excstack(void)
{
    size_t n = jl_excstack_state();
    jl_array_t *copy = jl_alloc_vec_any(n);
    for (size_t i = 0; i < n; i++)
        jl_array_ptr_set(copy, i, jl_array_ptr_ref((jl_array_t *)jl_current_task->excstack, i));
    return (jl_value_t *)copy;
}

JL_DLLEXPORT void jl_rethrow_other(jl_value_t *e)
{
    size_t n = jl_excstack_state();
    if (n < 2)
        jl_error("rethrow(exc) not allowed outside a catch block");
    jl_array_ptr_set((jl_array_t *)jl_current_task->excstack, n - 2, e);
    jl_rethrow();
}

/* ---------------------------------------------------------------- recording */

static jl_value_t *bt_entry(jl_value_t *code, size_t ip, jl_module_t *m)
{
    jl_svec_t *e = jl_alloc_svec(3);
    jl_svecset(e, 0, code);
    jl_svecset(e, 1, jl_box_int64((int64_t)ip + 1));
    jl_svecset(e, 2, m);
    return (jl_value_t *)e;
}

static size_t ninlined(jl_interp_frame_t *f)
{
    return f->inlined ? jl_svec_len(f->inlined) / 2 : 0;
}

JL_DLLEXPORT jl_value_t *jl_backtrace_from_here(void)
{
    jl_task_t *ct = jl_current_task;
    size_t n = 0;
    for (jl_interp_frame_t *f = ct ? ct->interp_frame : NULL; f; f = f->prev)
        n += 1 + ninlined(f);
    jl_array_t *bt = jl_alloc_vec_any(n);
    size_t i = 0;
    for (jl_interp_frame_t *f = ct ? ct->interp_frame : NULL; f; f = f->prev) {
        for (size_t k = ninlined(f); k-- > 0;) { /* innermost scope first */
            jl_method_instance_t *mi = (jl_method_instance_t *)jl_svecref(f->inlined, 2 * k);
            size_t ip = (size_t)jl_unbox_int64(jl_svecref(f->inlined, 2 * k + 1));
            jl_array_ptr_set(bt, i++, bt_entry((jl_value_t *)mi, ip, ((jl_method_t *)mi->def)->module));
        }
        jl_value_t *code = f->mi ? (jl_value_t *)f->mi : (jl_value_t *)f->src;
        jl_array_ptr_set(bt, i++, bt_entry(code, f->ip, f->module));
    }
    return (jl_value_t *)bt;
}

JL_DLLEXPORT void jl_cg_link_frame(jl_interp_frame_t *rec, jl_interp_frame_t *prev, jl_svec_t *site)
{
    jl_task_t *ct = jl_current_task;
    jl_method_instance_t *mi = (jl_method_instance_t *)jl_svecref(site, 0);
    int64_t ip = jl_unbox_int64(jl_svecref(site, 1));
    jl_value_t *inl = jl_svecref(site, 2);
    memset(rec, 0, sizeof(*rec));
    rec->prev = prev;
    rec->task = ct;
    rec->mi = mi;
    rec->module = ((jl_method_t *)mi->def)->module;
    rec->ip = ip >= 0 ? (size_t)ip : 0;
    rec->inlined = jl_is_svec(inl) ? (jl_svec_t *)inl : NULL;
    ct->interp_frame = rec;
}

JL_DLLEXPORT jl_value_t *jl_catch_backtrace(void)
{
    jl_value_t *bt = jl_current_backtrace();
    return bt ? bt : (jl_value_t *)jl_alloc_vec_any(0);
}

/* ---------------------------------------------------------------- locating a frame */

static jl_code_info_t *entry_source(jl_value_t *code)
{
    if (jl_is_code_info(code))
        return (jl_code_info_t *)code;
    if (jl_is_method_instance(code)) {
        jl_value_t *def = ((jl_method_instance_t *)code)->def;
        jl_code_info_t *src = jl_is_method(def) ? jl_method_source((jl_method_t *)def) : NULL;
        if (src)
            return src;
        if (((jl_method_instance_t *)code)->uninferred &&
            jl_is_code_info(((jl_method_instance_t *)code)->uninferred))
            return (jl_code_info_t *)((jl_method_instance_t *)code)->uninferred;
    }
    return NULL;
}

/* Index (1-based) into src's linetable for statement stmt (1-based), 0 when none. */
static int32_t stmt_codeloc(jl_code_info_t *src, size_t stmt)
{
    if (src == NULL || src->codelocs == NULL || stmt < 1 || stmt > jl_array_len(src->codelocs))
        return 0;
    return ((int32_t *)jl_array_data(src->codelocs))[stmt - 1];
}

static jl_lineinfonode_t *linetable_entry(jl_code_info_t *src, int32_t loc)
{
    if (loc <= 0 || src->linetable == NULL || !jl_is_array(src->linetable) ||
        (size_t)loc > jl_array_len(src->linetable))
        return NULL;
    jl_value_t *li = jl_array_ptr_ref((jl_array_t *)src->linetable, loc - 1);
    return (li && jl_typeis(li, jl_lineinfonode_type)) ? (jl_lineinfonode_t *)li : NULL;
}

static const char *sym_or(jl_value_t *s, const char *dflt)
{
    return (s && jl_is_symbol(s)) ? jl_symbol_name((jl_sym_t *)s) : dflt;
}

JL_DLLEXPORT int jl_frame_location(jl_value_t *entry, const char **func, const char **file, int *line)
{
    *func = NULL;
    *file = "none";
    *line = 0;
    if (!entry || !jl_is_svec(entry) || jl_svec_len(entry) < 2)
        return 0;
    jl_value_t *code = jl_svecref(entry, 0);
    size_t stmt = (size_t)jl_unbox_int64(jl_svecref(entry, 1));
    jl_method_t *m = NULL;
    if (jl_is_method_instance(code) && jl_is_method(((jl_method_instance_t *)code)->def))
        m = (jl_method_t *)((jl_method_instance_t *)code)->def;
    if (m) {
        *func = jl_symbol_name(m->name);
        *file = sym_or((jl_value_t *)m->file, "none");
        *line = m->line;
    }
    jl_code_info_t *src = entry_source(code);
    jl_lineinfonode_t *li = src ? linetable_entry(src, stmt_codeloc(src, stmt)) : NULL;
    if (li) {
        *file = sym_or((jl_value_t *)li->file, *file);
        *line = li->line;
    }
    return 1;
}

/* ---------------------------------------------------------------- printing types */

static int is_identifier(const char *s)
{
    if (!(isalpha((unsigned char)*s) || *s == '_' || (unsigned char)*s >= 0x80))
        return 0;
    for (; *s; s++)
        if (!(isalnum((unsigned char)*s) || *s == '_' || *s == '!' || (unsigned char)*s >= 0x80))
            return 0;
    return 1;
}

/* operators that are syntax, not functions: Julia's show_sym quotes them (var"&&") */
static int is_syntactic_operator(const char *s)
{
    static const char *const ops[] = {"=", ":=", "&&", "||", ".", "...", "->", "-->", "::", "?", "'", "$", NULL};
    for (int i = 0; ops[i]; i++)
        if (!strcmp(s, ops[i]))
            return 1;
    size_t n = strlen(s); /* updating operators: `+=`, `>>=`, ... (not `==`, `<=`, `!==`, ...) */
    if (n < 2 || s[n - 1] != '=')
        return 0;
    if (n >= 3 && (s[n - 2] == '<' || s[n - 2] == '>') && s[n - 3] == s[n - 2])
        return 1; /* <<= >>= >>>= */
    return !strchr("=<>!", s[n - 2]);
}

/* a function name as Julia's show_sym prints it: identifiers and operators as they are (`+`) */
static void print_name(FILE *out, const char *s)
{
    if (is_identifier(s) || (jl_is_operator(s) && !is_syntactic_operator(s)))
        fputs(s, out);
    else
        fprintf(out, "var\"%s\"", s);
}

static void print_typeparam(FILE *out, jl_value_t *p);

static void print_union_members(FILE *out, jl_value_t *t, int *first)
{
    if (jl_is_uniontype(t)) {
        print_union_members(out, ((jl_uniontype_t *)t)->a, first);
        print_union_members(out, ((jl_uniontype_t *)t)->b, first);
        return;
    }
    if (!*first)
        fputs(", ", out);
    *first = 0;
    jl_print_type(out, t);
}

static void print_datatype(FILE *out, jl_datatype_t *dt)
{
    const char *name = jl_symbol_name(dt->name->name);
    size_t np = dt->parameters ? jl_svec_len(dt->parameters) : 0;
    if (dt->name == jl_array_typename && np == 2 && jl_is_int64(jl_svecref(dt->parameters, 1))) {
        int64_t nd = jl_unbox_int64(jl_svecref(dt->parameters, 1));
        if (nd == 1 || nd == 2) {
            fputs(nd == 1 ? "Vector{" : "Matrix{", out);
            jl_print_type(out, jl_svecref(dt->parameters, 0));
            fputc('}', out);
            return;
        }
    }
    if (name[0] == '#' && dt->instance && np == 0 && dt->super != jl_builtin_type) {
        /* the type of a named function: typeof(f) */
        const char *fname = name + 1;
        if (*fname && !strchr(fname, '#')) {
            fputs("typeof(", out);
            print_name(out, fname);
            fputc(')', out);
            return;
        }
    }
    if (dt->super == jl_builtin_type && name[0] == '#' && dt->instance) {
        fprintf(out, "typeof(%s)", name + 1);
        return;
    }
    print_name(out, name);
    if (np == 0)
        return;
    fputc('{', out);
    for (size_t i = 0; i < np; i++) {
        if (i)
            fputs(", ", out);
        print_typeparam(out, jl_svecref(dt->parameters, i));
    }
    fputc('}', out);
}

static void print_typeparam(FILE *out, jl_value_t *p)
{
    if (p == NULL) {
        fputs("#undef", out);
        return;
    }
    jl_value_t *t = jl_typeof(p);
    if (jl_is_symbol(p)) {
        fputc(':', out);
        print_name(out, jl_symbol_name((jl_sym_t *)p));
    }
    else if (t == (jl_value_t *)jl_int64_type)
        fprintf(out, "%lld", (long long)jl_unbox_int64(p));
    else if (t == (jl_value_t *)jl_bool_type)
        fputs(p == jl_true ? "true" : "false", out);
    else if (jl_is_tuple(p)) {
        size_t n = jl_datatype_nfields(t);
        fputc('(', out);
        for (size_t i = 0; i < n; i++) {
            if (i)
                fputs(", ", out);
            print_typeparam(out, jl_get_nth_field(p, i));
        }
        fputs(n == 1 ? ",)" : ")", out);
    }
    else
        jl_print_type(out, p);
}

JL_DLLEXPORT void jl_print_type(FILE *out, jl_value_t *t)
{
    if (t == NULL)
        fputs("#undef", out);
    else if (t == jl_bottom_type)
        fputs("Union{}", out);
    else if (jl_is_datatype(t))
        print_datatype(out, (jl_datatype_t *)t);
    else if (jl_is_uniontype(t)) {
        int first = 1;
        fputs("Union{", out);
        print_union_members(out, t, &first);
        fputc('}', out);
    }
    else if (jl_is_unionall(t)) {
        jl_unionall_t *ua = (jl_unionall_t *)t;
        jl_print_type(out, ua->body);
        fputs(" where ", out);
        print_name(out, jl_symbol_name(ua->var->name));
        if (ua->var->ub != (jl_value_t *)jl_any_type) {
            fputs("<:", out);
            jl_print_type(out, ua->var->ub);
        }
    }
    else if (jl_is_tvar(t))
        print_name(out, jl_symbol_name(((jl_tvar_t *)t)->name));
    else if (jl_typeis(t, jl_vararg_type)) {
        jl_vararg_t *va = (jl_vararg_t *)t;
        fputs("Vararg", out);
        if (va->T && va->T != (jl_value_t *)jl_any_type) {
            fputc('{', out);
            jl_print_type(out, va->T);
            if (va->N) {
                fputs(", ", out);
                print_typeparam(out, va->N);
            }
            fputc('}', out);
        }
    }
    else
        print_typeparam(out, t);
}

/* ---------------------------------------------------------------- printing backtraces */

/* One printed frame: an entry of the backtrace, or an inlined scope of one. */
typedef struct {
    jl_value_t *code;      /* MethodInstance, CodeInfo, or NULL for an inlined scope */
    const char *func;      /* NULL: top-level scope */
    const char *file;
    int line;
    jl_module_t *module;   /* NULL for top-level code */
    int inlined;
    size_t repeats;
} pframe_t;

static void print_call_signature(FILE *out, jl_method_instance_t *mi, const char *func)
{
    jl_method_t *m = (jl_method_t *)mi->def;
    jl_value_t *sig = jl_unwrap_unionall(mi->specTypes ? mi->specTypes : m->sig);
    if (!jl_is_datatype(sig) || ((jl_datatype_t *)sig)->parameters == NULL) {
        fprintf(out, "%s(...)", func);
        return;
    }
    jl_svec_t *params = ((jl_datatype_t *)sig)->parameters;
    size_t np = jl_svec_len(params);
    jl_value_t *ft = np ? jl_svecref(params, 0) : NULL;
    if (ft && jl_is_datatype(ft) && ((jl_datatype_t *)ft)->name == jl_type_typename &&
        jl_svec_len(((jl_datatype_t *)ft)->parameters) == 1) {
        jl_print_type(out, jl_svecref(((jl_datatype_t *)ft)->parameters, 0)); /* a constructor */
    }
    else if (ft && jl_is_datatype(ft) && ((jl_datatype_t *)ft)->instance &&
             jl_get_global(m->module, m->name) == ((jl_datatype_t *)ft)->instance) {
        print_name(out, func);
    }
    else if (ft && jl_is_datatype(ft) && jl_symbol_name(((jl_datatype_t *)ft)->name->name)[0] != '#') {
        fputs("(::", out);
        jl_print_type(out, ft);
        fputc(')', out);
    }
    else if (ft && jl_is_datatype(ft) && strchr(func, '#') == NULL && func[0] != '\0') {
        print_name(out, func);
    }
    else {
        fputs("(::", out);
        if (ft && jl_is_datatype(ft))
            print_name(out, jl_symbol_name(((jl_datatype_t *)ft)->name->name));
        else
            jl_print_type(out, ft);
        fputc(')', out);
    }
    fputc('(', out);
    for (size_t i = 1; i < np; i++) {
        if (i > 1)
            fputs(", ", out);
        if (i < (size_t)m->nargs) {
            const char *an = jl_method_slot_name(m, i);
            if (an[0] != '#')
                fputs(an, out);
        }
        fputs("::", out);
        jl_print_type(out, jl_svecref(params, i));
    }
    fputc(')', out);
}

static void print_pframe(FILE *out, pframe_t *f, size_t idx, int ndig)
{
    char num[32];
    snprintf(num, sizeof num, "[%zu]", idx);
    fprintf(out, " %*s ", ndig + 2, num);
    if (f->func == NULL)
        fputs("top-level scope", out);
    else if (f->code && jl_is_method_instance(f->code) && !f->inlined &&
             jl_is_method(((jl_method_instance_t *)f->code)->def))
        print_call_signature(out, (jl_method_instance_t *)f->code, f->func);
    else
        fputs(f->func, out);
    if (f->repeats > 1)
        fprintf(out, " (repeats %zu times)", f->repeats);
    fprintf(out, "\n%*s@", ndig + 2, "");
    if (f->module)
        fprintf(out, " %s", jl_symbol_name(f->module->name));
    const char *file = f->file, *home = getenv("HOME");
    const char *bdir = strstr(file, "/base/");
    if (f->module && (f->module == jl_base_module || f->module == jl_core_module) && bdir) {
        while (strstr(bdir + 1, "/base/"))
            bdir = strstr(bdir + 1, "/base/");
        fprintf(out, " .%s:%d%s\n", bdir + 5, f->line, f->inlined ? " [inlined]" : "");
        return;
    }
    size_t hl = home ? strlen(home) : 0;
    if (hl > 1 && strncmp(file, home, hl) == 0 && file[hl] == '/')
        fprintf(out, " ~%s:%d", file + hl, f->line);
    else
        fprintf(out, " %s:%d", file, f->line);
    if (f->inlined)
        fputs(" [inlined]", out);
    fputc('\n', out);
}

/* Expand one backtrace entry into printed frames (inlined scopes first), appending to *fr. */
static size_t expand_entry(jl_value_t *entry, pframe_t *fr, size_t cap)
{
    if (!jl_is_svec(entry) || jl_svec_len(entry) < 3 || cap == 0)
        return 0;
    jl_value_t *code = jl_svecref(entry, 0);
    size_t stmt = (size_t)jl_unbox_int64(jl_svecref(entry, 1));
    jl_code_info_t *src = entry_source(code);
    jl_method_t *m = NULL;
    if (jl_is_method_instance(code) && jl_is_method(((jl_method_instance_t *)code)->def))
        m = (jl_method_t *)((jl_method_instance_t *)code)->def;
    size_t n = 0;
    int32_t loc = src ? stmt_codeloc(src, stmt) : 0;
    jl_lineinfonode_t *li = src ? linetable_entry(src, loc) : NULL;
    /* inlined scopes (macro expansions) come before the frame they are inlined into */
    while (li && li->inlined_at > 0 && n + 1 < cap) {
        pframe_t *f = &fr[n++];
        memset(f, 0, sizeof *f);
        f->func = sym_or(li->method, "macro expansion");
        f->file = sym_or((jl_value_t *)li->file, "none");
        f->line = li->line;
        f->module = li->module;
        f->inlined = 1;
        f->repeats = 1;
        li = linetable_entry(src, li->inlined_at);
    }
    pframe_t *f = &fr[n++];
    memset(f, 0, sizeof *f);
    f->code = code;
    f->repeats = 1;
    f->func = m ? jl_symbol_name(m->name) : NULL;
    f->module = m ? m->module : NULL;
    f->file = m ? sym_or((jl_value_t *)m->file, "none") : "none";
    f->line = m ? m->line : 0;
    if (li) {
        f->file = sym_or((jl_value_t *)li->file, f->file);
        f->line = li->line;
    }
    return n;
}

/* Base's StackTraces.lookup: the frames of one backtrace entry, innermost (inlined) first, each
   svec(func::Symbol or nothing (top level), file::Symbol, line::Int, linfo (MethodInstance, CodeInfo or
   nothing), inlined::Bool, module or nothing). */
JL_DLLEXPORT jl_value_t *jl_lookup_frame(jl_value_t *entry)
{
    pframe_t fr[8];
    size_t n = expand_entry(entry, fr, 8);
    jl_array_t *out = jl_alloc_vec_any(n);
    for (size_t i = 0; i < n; i++) {
        jl_svec_t *e = jl_alloc_svec(6);
        jl_svecset(e, 0, fr[i].func ? (jl_value_t *)jl_symbol(fr[i].func) : jl_nothing);
        jl_svecset(e, 1, jl_symbol(fr[i].file));
        jl_svecset(e, 2, jl_box_int64(fr[i].line));
        jl_svecset(e, 3, fr[i].code ? fr[i].code : jl_nothing);
        jl_svecset(e, 4, jl_box_bool(fr[i].inlined));
        jl_svecset(e, 5, fr[i].module ? (jl_value_t *)fr[i].module : jl_nothing);
        jl_array_ptr_set(out, i, e);
    }
    return (jl_value_t *)out;
}

static int same_pframe(pframe_t *a, pframe_t *b)
{
    return a->code == b->code && a->line == b->line && a->inlined == b->inlined &&
           strcmp(a->file, b->file) == 0 && (a->func == b->func || (a->func && b->func && !strcmp(a->func, b->func)));
}

/* How many more times frames [i, i+len) repeat right after themselves. */
static size_t cycle_repeats(pframe_t *fr, size_t np, size_t i, size_t len)
{
    size_t k = 0;
    for (;;) {
        size_t start = i + (k + 1) * len;
        if (start + len > np)
            return k;
        for (size_t j = 0; j < len; j++)
            if (!same_pframe(&fr[i + j], &fr[start + j]) || fr[i + j].repeats != fr[start + j].repeats)
                return k;
        k++;
    }
}

/* Long traces (Julia's show_reduced_backtrace): a block of frames that repeats is printed once. */
static void print_reduced(FILE *out, pframe_t *fr, size_t np, int ndig)
{
    size_t i = 0, counter = 1;
    while (i < np) {
        size_t len = 0, k = 0;
        for (size_t l = 1; l <= 16 && i + 2 * l <= np; l++) {
            k = cycle_repeats(fr, np, i, l);
            if (k > 0) {
                len = l;
                break;
            }
        }
        if (len == 0) {
            print_pframe(out, &fr[i], counter++, ndig);
            i++;
            continue;
        }
        for (size_t j = 0; j < len; j++)
            print_pframe(out, &fr[i + j], counter++, ndig);
        fprintf(out, "--- the above %zu lines are repeated %zu more time%s ---\n", len, k, k > 1 ? "s" : "");
        counter += len * k;
        i += len * (k + 1);
    }
}

JL_DLLEXPORT void jl_print_backtrace(FILE *out, jl_value_t *bt)
{
    if (bt == NULL || !jl_is_array(bt) || jl_array_len(bt) == 0)
        return;
    size_t n = jl_array_len(bt), cap = n * 4 + 8, np = 0;
    pframe_t *fr = (pframe_t *)malloc(cap * sizeof(pframe_t));
    if (fr == NULL)
        return;
    for (size_t i = 0; i < n; i++) {
        pframe_t tmp[8];
        size_t k = expand_entry(jl_array_ptr_ref((jl_array_t *)bt, i), tmp, 8);
        for (size_t j = 0; j < k && np < cap; j++) {
            if (np > 0 && same_pframe(&fr[np - 1], &tmp[j]))
                fr[np - 1].repeats++;
            else
                fr[np++] = tmp[j];
        }
    }
    int ndig = 1;
    for (size_t x = np; x >= 10; x /= 10)
        ndig++;
    fputs("Stacktrace:\n", out);
    if (np <= 50) {
        for (size_t i = 0; i < np; i++)
            print_pframe(out, &fr[i], i + 1, ndig);
    }
    else
        print_reduced(out, fr, np, ndig);
    free(fr);
}
