/*
 * toplevel.c -- the top level, as Julia 1.10's toplevel.c: evaluation of one top-level form
 * (`module`, `using`/`import`/`export`, `toplevel` blocks statement by statement, thunks through the
 * interpreter), loading files (`include`, relative to the including file), `jl_eval_string`, the
 * loaded-modules table behind `using X` (Core, Base, Main, stdlib packages found under
 * <share>/stdlib/X/src/X.jl), and the Base bootstrap called by init/.
 *
 * Invariants:
 *   - Each statement of a `toplevel` block (and of a file) is macro-expanded and lowered only after the
 *     previous one ran, so a macro or function defined by one statement is visible to the next.
 *   - jl_filename/jl_lineno name the top-level statement being run; jl_load saves and restores them
 *     and the current include path, also when the file throws.
 *   - An error escaping a file being loaded is wrapped once per file in LoadError(file, line, error),
 *     line being the start of the top-level statement that threw.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "iostream.h"
#include "toplevel.h"
#include "parser.h"

#pragma weak jl_interpret_toplevel_thunk
#pragma weak jl_new_builtin
#pragma weak jl_apply
#pragma weak jl_lower

JL_DLLEXPORT const char *jl_filename = "none";
JL_DLLEXPORT int jl_lineno = 0;
static const char *current_load_path; /* absolute path of the file being included, or NULL */

static jl_sym_t *s_as, *s_colon, *s_public, *s_init, *s_hygienic;

static void init_syms(void)
{
    if (s_as)
        return;
    s_as = jl_symbol("as");
    s_colon = jl_symbol(":");
    s_public = jl_symbol("public");
    s_init = jl_symbol("__init__");
    s_hygienic = jl_symbol("hygienic-scope");
}

static int isexpr(jl_value_t *v, jl_sym_t *head)
{
    return v != NULL && jl_is_expr(v) && ((jl_expr_t *)v)->head == head;
}

#define nargs(e) jl_expr_nargs(e)
#define arg(e, i) jl_exprarg(e, i)

/* ---------------------------------------------------------------- Core.LoadError */

static jl_datatype_t *loaderror_type;

/* Core.LoadError as boot.jl defines it (`struct LoadError <: WrappedException; file::AbstractString;
   line::Int; error; end`), created here when Core does not have it yet. */
JL_DLLEXPORT jl_value_t *jl_loaderror_type_get(void)
{
    if (loaderror_type)
        return (jl_value_t *)loaderror_type;
    jl_value_t *t = jl_get_global(jl_core_module, jl_symbol("LoadError"));
    if (t && jl_is_datatype(t)) {
        loaderror_type = (jl_datatype_t *)t;
        return t;
    }
    jl_value_t *w = jl_get_global(jl_core_module, jl_symbol("WrappedException"));
    if (w == NULL || !jl_is_datatype(w)) {
        w = (jl_value_t *)jl_new_abstracttype(jl_symbol("WrappedException"), jl_core_module,
                                              jl_exception_type, jl_emptysvec);
        jl_set_const(jl_core_module, jl_symbol("WrappedException"), w);
    }
    jl_svec_t *names = jl_svec(3, jl_symbol("file"), jl_symbol("line"), jl_symbol("error"));
    jl_svec_t *types = jl_svec(3, jl_abstractstring_type, jl_int64_type, jl_any_type);
    loaderror_type = jl_new_datatype(jl_symbol("LoadError"), jl_core_module, (jl_datatype_t *)w,
                                     jl_emptysvec, names, types, 0, 0, 3);
    jl_set_const(jl_core_module, jl_symbol("LoadError"), (jl_value_t *)loaderror_type);
    return (jl_value_t *)loaderror_type;
}

static jl_value_t *new_loaderror(const char *file, int line, jl_value_t *err)
{
    jl_datatype_t *t = (jl_datatype_t *)jl_loaderror_type_get();
    return jl_new_struct(t, jl_cstr_to_string(file), jl_box_int64(line), err);
}

/* ---------------------------------------------------------------- Base.Meta.ParseError */

/* Syntax errors are Base.Meta.ParseError(msg, detail) once Base defines that type (`detail` is the
   display text `ParseError:\n# Error @ file:line:col ...`); while Base bootstraps, an ErrorException
   with the same text. Installed as the parser's error hook at startup. */
JL_DLLEXPORT jl_value_t *jl_new_parse_error(const jl_parse_errinfo_t *e)
{
    jl_value_t *text = jl_cstr_to_string(e->text ? e->text : e->msg);
    jl_value_t *meta = jl_base_module ? jl_get_global(jl_base_module, jl_symbol("Meta")) : NULL;
    jl_value_t *t = meta && jl_is_module(meta) ? jl_get_global((jl_module_t *)meta, jl_symbol("ParseError")) : NULL;
    if (t && jl_is_datatype(t) && jl_datatype_nfields(t) == 2)
        return jl_new_struct((jl_datatype_t *)t, jl_cstr_to_string(e->msg), text);
    return jl_new_struct(jl_errorexception_type, text);
}

/* ---------------------------------------------------------------- globals and paths */

static jl_value_t *eval_global_var(jl_module_t *m, jl_sym_t *var)
{
    jl_value_t *v = jl_get_global(m, var);
    if (v == NULL)
        jl_undefined_var_error(var);
    return v;
}

/* evaluate an import path `A.B.c` (args of `Expr(:., ...)`); returns the module holding the last
   name, which goes to *name (NULL when the path names a module: `import A`) */
static jl_module_t *eval_import_path(jl_module_t *where, jl_module_t *from, jl_value_t *path,
                                     jl_sym_t **name, const char *keyword)
{
    size_t n = nargs(path), i = 0;
    if (n == 0)
        jl_errorf("malformed \"%s\" statement", keyword);
    jl_module_t *m;
    jl_value_t *var = arg(path, 0);
    *name = NULL;
    if (!jl_is_symbol(var))
        jl_type_error(keyword, (jl_value_t *)jl_symbol_type, var);
    if (from != NULL) {
        m = from;
    }
    else if (var != (jl_value_t *)jl_s_dot) {
        m = jl_require(where, (jl_sym_t *)var);
        if (n == 1)
            return m;
        i = 1;
    }
    else {
        m = where;
        for (;;) {
            i++;
            if (i >= n)
                jl_errorf("invalid %s path: \"%s\" does not name a module", keyword, ".");
            var = arg(path, i);
            if (var != (jl_value_t *)jl_s_dot)
                break;
            m = m->parent;
        }
    }
    for (;;) {
        var = arg(path, i);
        if (!jl_is_symbol(var))
            jl_type_error(keyword, (jl_value_t *)jl_symbol_type, var);
        if (var == (jl_value_t *)jl_s_dot)
            jl_errorf("invalid %s path: \"%s\" does not name a module", keyword, jl_symbol_name(var));
        if (i == n - 1)
            break;
        jl_value_t *next = eval_global_var(m, (jl_sym_t *)var);
        if (!jl_is_module(next))
            jl_errorf("invalid %s path: \"%s\" does not name a module", keyword, jl_symbol_name(var));
        m = (jl_module_t *)next;
        i++;
    }
    *name = (jl_sym_t *)var;
    return m;
}

/* `using A: x` / `import A: x`: the module before the colon, or NULL */
static jl_module_t *eval_import_from(jl_module_t *m, jl_value_t *ex, const char *keyword)
{
    if (nargs(ex) != 1 || !isexpr(arg(ex, 0), s_colon))
        return NULL;
    jl_value_t *colon = arg(ex, 0);
    if (nargs(colon) < 1 || !isexpr(arg(colon, 0), jl_s_dot))
        return NULL;
    jl_sym_t *name = NULL;
    jl_module_t *from = eval_import_path(m, NULL, arg(colon, 0), &name, keyword);
    if (name != NULL) {
        jl_value_t *v = eval_global_var(from, name);
        if (!jl_is_module(v))
            jl_errorf("invalid %s path: \"%s\" does not name a module", keyword, jl_symbol_name(name));
        from = (jl_module_t *)v;
    }
    return from;
}

/* ---------------------------------------------------------------- bindings across modules */

/* `import A` / `using A` in Main: bind the module's name (or `as` name) as a constant */
static void import_module(jl_module_t *m, jl_module_t *import, jl_sym_t *asname)
{
    jl_sym_t *name = asname ? asname : import->name;
    jl_value_t *old = jl_get_global(m, name);
    if (old != NULL) {
        if (old != (jl_value_t *)import)
            jl_errorf("importing %s into %s conflicts with an existing global", jl_symbol_name(name),
                      jl_symbol_name(m->name));
        return;
    }
    jl_binding_t *b = jl_get_binding_wr(m, name);
    b->value = (jl_value_t *)import;
    b->constp = 1;
    b->imported = 1;
}

/* `import A: s as asname` (explicit: the binding may be extended) or `using A: s` (not explicit) */
static void module_import(jl_module_t *to, jl_module_t *from, jl_sym_t *s, jl_sym_t *asname, int explicit_)
{
    jl_binding_t *b = jl_get_binding(from, s);
    if (b == NULL) {
        jl_ios_flush_stdout();
        fprintf(stderr, "WARNING: could not import %s.%s into %s\n", jl_symbol_name(from->name),
                jl_symbol_name(s), jl_symbol_name(to->name));
        return;
    }
    jl_binding_t *bto = jl_get_binding(to, asname);
    if (bto == b) {
        b->imported |= explicit_;
        return;
    }
    if (bto != NULL && bto->value != NULL) {
        if (bto->constp && b->constp && bto->value == b->value)
            return; /* the same constant */
        if (bto->owner != to) {
            jl_ios_flush_stdout();
            fprintf(stderr, "WARNING: ignoring conflicting import of %s.%s into %s\n",
                    jl_symbol_name(from->name), jl_symbol_name(s), jl_symbol_name(to->name));
            return;
        }
        jl_ios_flush_stdout();
        fprintf(stderr, "WARNING: import of %s.%s into %s conflicts with an existing identifier; ignored.\n",
                jl_symbol_name(from->name), jl_symbol_name(s), jl_symbol_name(to->name));
        return;
    }
    if (asname == s && jl_module_alias_binding(to, b)) {
        b->imported |= (uint8_t)explicit_; /* shared with the owner: see docs/architecture.md */
        return;
    }
    /* a renamed import: a constant binding under the new name (the value is shared) */
    jl_binding_t *nb = jl_get_binding_wr(to, asname);
    nb->value = b->value;
    nb->constp = b->constp;
    nb->ty = b->ty;
    nb->imported = (uint8_t)explicit_;
}

static void check_macro_rename(jl_sym_t *from, jl_sym_t *to, const char *keyword)
{
    int m1 = jl_symbol_name(from)[0] == '@', m2 = jl_symbol_name(to)[0] == '@';
    if (m1 && !m2)
        jl_errorf("cannot rename macro \"%s\" to non-macro \"%s\" in \"%s\"", jl_symbol_name(from),
                  jl_symbol_name(to), keyword);
    if (!m1 && m2)
        jl_errorf("cannot rename non-macro \"%s\" to macro \"%s\" in \"%s\"", jl_symbol_name(from),
                  jl_symbol_name(to), keyword);
}

static jl_value_t *eval_using(jl_module_t *m, jl_value_t *ex)
{
    jl_module_t *from = eval_import_from(m, ex, "using");
    size_t i = 0;
    if (from) {
        i = 1;
        ex = arg(ex, 0);
    }
    for (; i < nargs(ex); i++) {
        jl_value_t *a = arg(ex, i);
        jl_sym_t *name = NULL;
        if (isexpr(a, jl_s_dot)) {
            jl_module_t *import = eval_import_path(m, from, a, &name, "using");
            if (from) {
                module_import(m, import, name, name, 0); /* using A: b */
                continue;
            }
            jl_value_t *u = name ? eval_global_var(import, name) : (jl_value_t *)import;
            if (!jl_is_module(u))
                jl_errorf("invalid using path: \"%s\" does not name a module", jl_symbol_name(name));
            jl_module_using(m, (jl_module_t *)u);
            if (m == jl_main_module && name == NULL)
                import_module(m, (jl_module_t *)u, NULL);
            continue;
        }
        if (from && isexpr(a, s_as) && nargs(a) == 2 && isexpr(arg(a, 0), jl_s_dot) && jl_is_symbol(arg(a, 1))) {
            jl_sym_t *asname = (jl_sym_t *)arg(a, 1);
            jl_module_t *import = eval_import_path(m, from, arg(a, 0), &name, "using");
            check_macro_rename(name, asname, "using");
            module_import(m, import, name, asname, 0);
            continue;
        }
        jl_error("syntax: malformed \"using\" statement");
    }
    return jl_nothing;
}

static jl_value_t *eval_import(jl_module_t *m, jl_value_t *ex)
{
    jl_module_t *from = eval_import_from(m, ex, "import");
    size_t i = 0;
    if (from) {
        i = 1;
        ex = arg(ex, 0);
    }
    for (; i < nargs(ex); i++) {
        jl_value_t *a = arg(ex, i);
        jl_sym_t *asname = NULL, *name = NULL;
        if (isexpr(a, s_as) && nargs(a) == 2 && jl_is_symbol(arg(a, 1))) {
            asname = (jl_sym_t *)arg(a, 1);
            a = arg(a, 0);
        }
        if (!isexpr(a, jl_s_dot))
            jl_error("syntax: malformed \"import\" statement");
        jl_module_t *import = eval_import_path(m, from, a, &name, "import");
        if (name == NULL) {
            import_module(m, import, asname);
        }
        else {
            if (asname)
                check_macro_rename(name, asname, "import");
            module_import(m, import, name, asname ? asname : name, 1);
        }
    }
    return jl_nothing;
}

static jl_value_t *eval_export(jl_module_t *m, jl_value_t *ex, int public_only)
{
    for (size_t i = 0; i < nargs(ex); i++) {
        jl_value_t *s = arg(ex, i);
        if (!jl_is_symbol(s))
            jl_errorf("syntax: malformed \"%s\" statement", public_only ? "public" : "export");
        /* export only marks the name: one m has not resolved yet becomes m's own binding, which
           reads resolve through m's `using`s until m defines it (module.c) */
        jl_binding_t *b = jl_get_module_binding(m, (jl_sym_t *)s);
        if (b == NULL)
            b = jl_get_binding_wr(m, (jl_sym_t *)s);
        if (!public_only)
            b->exportp = 1;
    }
    return jl_nothing;
}

/* ---------------------------------------------------------------- modules */

static jl_value_t *toplevel_eval_flex(jl_module_t *m, jl_value_t *e, int expanded);
static jl_module_t *toplevel_root;  /* Julia's __toplevel__: parent of modules loaded as packages */
static jl_array_t *loaded_modules;  /* root modules by name: Core, Base, Main, loaded packages */

static void register_root_module(jl_module_t *m)
{
    if (loaded_modules == NULL) {
        loaded_modules = jl_alloc_vec_any(0);
        jl_gc_add_root((jl_value_t *)loaded_modules);
    }
    for (size_t i = 0; i < jl_array_len(loaded_modules); i++) {
        jl_module_t *old = (jl_module_t *)jl_array_ptr_ref(loaded_modules, i);
        if (old->name == m->name) {
            jl_array_ptr_set(loaded_modules, i, m);
            return;
        }
    }
    jl_array_ptr_1d_push(loaded_modules, (jl_value_t *)m);
}

static jl_module_t *loaded_module(jl_sym_t *name)
{
    if (name == jl_s_Core)
        return jl_core_module;
    if (name == jl_s_Base && jl_base_module)
        return jl_base_module;
    if (name == jl_s_Main)
        return jl_main_module;
    for (size_t i = 0; loaded_modules && i < jl_array_len(loaded_modules); i++) {
        jl_module_t *m = (jl_module_t *)jl_array_ptr_ref(loaded_modules, i);
        if (m->name == name)
            return m;
    }
    return NULL;
}

JL_DLLEXPORT void jl_module_run_initializer(jl_module_t *m)
{
    jl_binding_t *b = jl_get_binding(m, s_init);
    if (b == NULL || b->value == NULL || b->owner != m || jl_apply == NULL)
        return;
    jl_value_t *f = b->value;
    jl_apply(&f, 1);
}

/* eval(x) = Core.eval(M, x); include(x) = Base.include(M, x), as Julia's module-default-defs */
static void module_default_defs(jl_module_t *m, jl_value_t *lno)
{
    if (jl_lower == NULL)
        return;
    jl_sym_t *x = jl_symbol(m->name == jl_symbol("x") ? "y" : "x");
    jl_value_t *defs = (jl_value_t *)jl_exprn(jl_s_block, 0);
    jl_value_t *core_eval = jl_get_global(jl_core_module, jl_s_eval);
    if (core_eval) {
        jl_value_t *body = (jl_value_t *)jl_expr(jl_s_block, 2, lno,
            jl_expr(jl_s_call, 3, jl_new_struct(jl_globalref_type, jl_core_module, jl_s_eval, NULL), m, x));
        jl_array_ptr_1d_push(((jl_expr_t *)defs)->args,
                             (jl_value_t *)jl_expr(jl_s_assign, 2, jl_expr(jl_s_call, 2, jl_s_eval, x), body));
    }
    if (jl_base_module && jl_get_global(jl_base_module, jl_s_include)) {
        jl_value_t *inc = jl_new_struct(jl_globalref_type, jl_base_module, jl_s_include, NULL);
        jl_value_t *body = (jl_value_t *)jl_expr(jl_s_block, 2, lno, jl_expr(jl_s_call, 3, inc, m, x));
        jl_array_ptr_1d_push(((jl_expr_t *)defs)->args,
                             (jl_value_t *)jl_expr(jl_s_assign, 2, jl_expr(jl_s_call, 2, jl_s_include, x), body));
    }
    if (nargs(defs) > 0)
        toplevel_eval_flex(m, defs, 0);
}

static jl_value_t *eval_module_expr(jl_module_t *parent, jl_value_t *ex)
{
    if (nargs(ex) != 3 || !isexpr(arg(ex, 2), jl_s_block))
        jl_error("syntax: malformed module expression");
    int std_imports = arg(ex, 0) == jl_true;
    jl_value_t *name = arg(ex, 1);
    if (!jl_is_symbol(name))
        jl_type_error("module", (jl_value_t *)jl_symbol_type, name);
    jl_sym_t *nm = (jl_sym_t *)name;
    int is_root = parent == toplevel_root;
    jl_module_t *newm = jl_new_module(nm, is_root ? NULL : parent);
    jl_module_using(newm, jl_core_module);
    jl_set_const(newm, nm, (jl_value_t *)newm); /* a module sees its own name, and exports it */
    jl_get_binding_wr(newm, nm)->exportp = 1;
    if (is_root) {
        register_root_module(newm);
    }
    else {
        jl_binding_t *b = jl_get_binding_wr(parent, nm);
        if (b->value != NULL && !jl_is_module(b->value))
            jl_errorf("invalid redefinition of constant %s", jl_symbol_name(nm));
        if (b->value != NULL) {
            jl_ios_flush_stdout();
            fprintf(stderr, "WARNING: replacing module %s.\n", jl_symbol_name(nm));
        }
        b->value = (jl_value_t *)newm;
        b->constp = 1;
    }
    if (parent == jl_main_module && nm == jl_s_Base) {
        newm->parent = newm; /* Base is a root module */
        jl_base_module = newm;
        register_root_module(newm);
    }
    jl_array_t *body = ((jl_expr_t *)arg(ex, 2))->args;
    jl_value_t *lno = jl_array_len(body) > 0 && jl_is_linenode(jl_array_ptr_ref(body, 0))
                          ? jl_array_ptr_ref(body, 0) : jl_new_linenumbernode(0, jl_nothing);
    if (std_imports) {
        if (jl_base_module != NULL && jl_base_module != newm)
            jl_module_using(newm, jl_base_module);
        module_default_defs(newm, lno);
    }
    const char *file = jl_filename;
    int line = jl_lineno;
    for (size_t i = 0; i < jl_array_len(body); i++)
        toplevel_eval_flex(newm, jl_array_ptr_ref(body, i), 0);
    jl_filename = file;
    jl_lineno = line;
    jl_module_run_initializer(newm);
    return (jl_value_t *)newm;
}

/* ---------------------------------------------------------------- evaluating forms */

static void set_location(jl_value_t *lno)
{
    jl_linenumbernode_t *l = (jl_linenumbernode_t *)lno;
    jl_lineno = (int)l->line;
    if (jl_is_symbol(l->file))
        jl_filename = jl_symbol_name(l->file);
}

static jl_value_t *eval_thunk(jl_module_t *m, jl_value_t *thk)
{
    jl_value_t *ci = nargs(thk) > 0 ? arg(thk, 0) : NULL;
    if (ci == NULL || !jl_is_code_info(ci))
        jl_error("syntax: malformed thunk");
    if (jl_interpret_toplevel_thunk == NULL)
        jl_error("evaluation needs the interpreter, which this build lacks");
    return jl_interpret_toplevel_thunk(m, (jl_code_info_t *)ci);
}

static jl_value_t *eval_toplevel_block(jl_module_t *m, jl_value_t *ex)
{
    jl_value_t *res = jl_nothing;
    for (size_t i = 0; i < nargs(ex); i++) {
        jl_value_t *a = arg(ex, i);
        if (jl_is_linenode(a)) {
            set_location(a);
            continue;
        }
        res = toplevel_eval_flex(m, a, 0);
    }
    return res;
}

static JL_NORETURN void throw_syntax_error(jl_value_t *ex)
{
    jl_value_t *msg = nargs(ex) > 0 ? arg(ex, 0) : jl_nothing;
    if (jl_is_string(msg))
        jl_errorf("syntax: %s", jl_string_data(msg));
    if (msg != jl_nothing && jl_subtype(jl_typeof(msg), (jl_value_t *)jl_exception_type))
        jl_throw(msg); /* a ParseError object */
    jl_error("syntax: invalid syntax");
}

static jl_value_t *eval_nonexpr(jl_module_t *m, jl_value_t *e)
{
    if (jl_is_symbol(e))
        return eval_global_var(m, (jl_sym_t *)e);
    if (jl_is_globalref(e))
        return eval_global_var(((jl_globalref_t *)e)->mod, ((jl_globalref_t *)e)->name);
    if (jl_is_quotenode(e))
        return ((jl_quotenode_t *)e)->value;
    if (jl_is_linenode(e)) {
        set_location(e);
        return jl_nothing;
    }
    return e;
}

static jl_value_t *toplevel_eval_flex(jl_module_t *m, jl_value_t *e, int expanded)
{
    init_syms();
    if (!jl_is_expr(e))
        return eval_nonexpr(m, e);
    jl_sym_t *h = ((jl_expr_t *)e)->head;
    if (h == jl_s_module)
        return eval_module_expr(m, e);
    if (h == jl_s_using)
        return eval_using(m, e);
    if (h == jl_s_import)
        return eval_import(m, e);
    if (h == jl_s_export)
        return eval_export(m, e, 0);
    if (h == s_public)
        return eval_export(m, e, 1);
    if (h == jl_s_toplevel)
        return eval_toplevel_block(m, e);
    if (h == jl_s_error || h == jl_s_incomplete)
        throw_syntax_error(e);
    if (h == jl_s_thunk)
        return eval_thunk(m, e);
    if (h == jl_s_global && expanded) {
        for (size_t i = 0; i < nargs(e); i++)
            if (jl_is_symbol(arg(e, i)))
                (void)jl_get_binding_wr(m, (jl_sym_t *)arg(e, i));
        return jl_nothing;
    }
    if (expanded)
        jl_errorf("syntax: unexpected top-level form %s", jl_symbol_name(h));
    jl_value_t *ex = jl_macroexpand_toplevel(e, m);
    if (jl_is_expr(ex)) {
        jl_sym_t *h2 = ((jl_expr_t *)ex)->head;
        /* forms the top level handles itself are not lowered */
        if (h2 == jl_s_module || h2 == jl_s_using || h2 == jl_s_import || h2 == jl_s_export ||
            h2 == s_public || h2 == jl_s_toplevel || h2 == jl_s_error)
            return toplevel_eval_flex(m, ex, 0);
    }
    else {
        return eval_nonexpr(m, ex);
    }
    if (jl_lower == NULL)
        jl_error("evaluation needs lowering, which this build lacks");
    jl_value_t *low = jl_lower(ex, m, jl_filename, jl_lineno);
    if (!jl_is_expr(low))
        return eval_nonexpr(m, low);
    return toplevel_eval_flex(m, low, 1);
}

JL_DLLEXPORT jl_value_t *jl_toplevel_eval(jl_module_t *m, jl_value_t *ex)
{
    return toplevel_eval_flex(m, ex, 0);
}

/* Core.eval(m, ex): the location is restored afterwards */
JL_DLLEXPORT jl_value_t *jl_toplevel_eval_in(jl_module_t *m, jl_value_t *ex)
{
    const char *file = jl_filename;
    int line = jl_lineno;
    volatile jl_value_t *v = NULL;
    JL_TRY {
        v = toplevel_eval_flex(m, ex, 0);
    }
    JL_CATCH {
        jl_filename = file;
        jl_lineno = line;
        jl_rethrow();
    }
    jl_filename = file;
    jl_lineno = line;
    return (jl_value_t *)v;
}

static jl_value_t *core_eval(jl_value_t *F, jl_value_t **args, uint32_t n)
{
    if (n != 2)
        jl_errorf("eval: expected 2 arguments, got %u", n);
    if (!jl_is_module(args[0]))
        jl_type_error("eval", (jl_value_t *)jl_module_type, args[0]);
    return jl_toplevel_eval_in((jl_module_t *)args[0], args[1]);
}

/* ---------------------------------------------------------------- parsing and evaluating text */

static JL_NORETURN void throw_parse_error(jl_parse_errinfo_t *err)
{
    char *text = strdup(err->text ? err->text : err->msg);
    jl_parse_errinfo_free(err);
    jl_value_t *msg = jl_cstr_to_string(text);
    free(text);
    jl_throw(jl_new_struct(jl_errorexception_type, msg));
}

/* Evaluate the statements of `text` one by one. A syntax error is raised when evaluation reaches it,
   after the statements before it ran (as Julia's parse-all with an `Expr(:error)` at the end). */
static jl_value_t *eval_text(jl_module_t *m, const char *text, size_t len, const char *filename)
{
    jl_parse_errinfo_t err;
    jl_value_t *ast = NULL;
    int st = jl_parse_string_status(text, len, filename, 1, 0, 1, &ast, NULL, &err);
    if (st == 0)
        return eval_toplevel_block(m, ast);
    /* find the statements before the error and run them first */
    jl_value_t *res = jl_nothing;
    size_t off = 0;
    for (;;) {
        jl_value_t *stmt = NULL;
        size_t next = 0;
        jl_parse_errinfo_t e2;
        if (jl_parse_string_status(text, len, filename, 1, off, 0, &stmt, &next, &e2) != 0) {
            jl_parse_errinfo_free(&e2);
            break;
        }
        if (stmt == jl_nothing || next <= off)
            break;
        jl_value_t *one = NULL;
        jl_parse_errinfo_t e3;
        if (jl_parse_string_status(text, next, filename, 1, off, 1, &one, NULL, &e3) != 0) {
            jl_parse_errinfo_free(&e3);
            break;
        }
        res = eval_toplevel_block(m, one);
        off = next;
    }
    (void)res;
    jl_lineno = err.line;
    throw_parse_error(&err);
}

JL_DLLEXPORT jl_value_t *jl_parse_eval_all(jl_module_t *m, const char *text, size_t len, const char *filename)
{
    const char *file = jl_filename;
    int line = jl_lineno;
    jl_filename = filename;
    jl_lineno = 0;
    volatile jl_value_t *res = NULL;
    JL_TRY {
        res = eval_text(m, text, len, filename);
    }
    JL_CATCH {
        jl_value_t *e = jl_current_exception();
        int errline = jl_lineno;
        jl_filename = file;
        jl_lineno = line;
        jl_rethrow_as(new_loaderror(filename, errline, e));
    }
    jl_filename = file;
    jl_lineno = line;
    return (jl_value_t *)res;
}

JL_DLLEXPORT jl_value_t *jl_load_file_string(const char *text, size_t len, const char *filename,
                                             jl_module_t *m)
{
    return jl_parse_eval_all(m, text, len, filename);
}

__attribute__((noinline)) static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    for (;;) {
        if (n + 4096 > cap) {
            cap *= 2;
            buf = realloc(buf, cap);
        }
        size_t got = fread(buf + n, 1, cap - n - 1, f);
        n += got;
        if (got == 0)
            break;
    }
    fclose(f);
    buf[n] = '\0';
    *len = n;
    return buf;
}

/* path relative to the directory of the file being loaded (or the working directory), normalized */
static char *resolve_path(const char *path)
{
    char buf[PATH_MAX * 2];
    if (path[0] == '/') {
        snprintf(buf, sizeof buf, "%s", path);
    }
    else if (current_load_path != NULL) {
        const char *slash = strrchr(current_load_path, '/');
        int dl = slash ? (int)(slash - current_load_path) : 0;
        snprintf(buf, sizeof buf, "%.*s/%s", dl, current_load_path, path);
    }
    else {
        char cwd[PATH_MAX];
        if (getcwd(cwd, sizeof cwd) == NULL)
            snprintf(cwd, sizeof cwd, ".");
        snprintf(buf, sizeof buf, "%s/%s", cwd, path);
    }
    /* normalize: drop "." components and fold ".." */
    char *out = malloc(strlen(buf) + 2);
    size_t o = 0;
    const char *p = buf;
    while (*p) {
        while (*p == '/')
            p++;
        const char *q = strchr(p, '/');
        size_t n = q ? (size_t)(q - p) : strlen(p);
        if (n == 0)
            break;
        if (n == 1 && p[0] == '.') {
        }
        else if (n == 2 && p[0] == '.' && p[1] == '.') {
            while (o > 0 && out[o - 1] != '/')
                o--;
            if (o > 0)
                o--;
        }
        else {
            out[o++] = '/';
            memcpy(out + o, p, n);
            o += n;
        }
        p += n;
    }
    if (o == 0)
        out[o++] = '/';
    out[o] = '\0';
    return out;
}

static JL_NORETURN void throw_open_error(const char *path, int err)
{
    jl_value_t *t = jl_get_global(jl_base_module ? jl_base_module : jl_core_module, jl_symbol("SystemError"));
    char msg[PATH_MAX + 64];
    snprintf(msg, sizeof msg, "opening file \"%s\"", path);
    if (t && jl_is_datatype(t) && jl_datatype_nfields(t) == 3)
        jl_throw(jl_new_struct((jl_datatype_t *)t, jl_cstr_to_string(msg), jl_box_int32(err), jl_nothing));
    jl_errorf("SystemError: %s: %s", msg, strerror(err));
}

JL_DLLEXPORT const char *jl_current_load_path(void)
{
    return current_load_path;
}

/* include(m, path) */
JL_DLLEXPORT jl_value_t *jl_load(jl_module_t *m, const char *path)
{
    char *full = resolve_path(path);
    size_t len = 0;
    char *text = read_file(full, &len);
    if (text == NULL) {
        int err = errno;
        char *copy = strdup(full);
        free(full);
        jl_value_t *p = jl_cstr_to_string(copy);
        free(copy);
        throw_open_error(jl_string_data(p), err);
    }
    jl_value_t *fname = jl_cstr_to_string(full); /* GC-owned: jl_filename may point into it */
    free(full);
    const char *prev = current_load_path;
    current_load_path = jl_string_data(fname);
    volatile jl_value_t *res = NULL;
    JL_TRY {
        res = jl_parse_eval_all(m, text, len, jl_string_data(fname));
    }
    JL_CATCH {
        current_load_path = prev;
        free(text);
        jl_rethrow();
    }
    current_load_path = prev;
    free(text);
    return (jl_value_t *)res;
}

/* Evaluate code in m: no LoadError wrapping (as `julia -e` and the REPL), NULL-free: throws */
JL_DLLEXPORT jl_value_t *jl_eval_string_in(jl_module_t *m, const char *str, const char *filename)
{
    const char *file = jl_filename;
    int line = jl_lineno;
    jl_filename = filename;
    jl_lineno = 0;
    volatile jl_value_t *res = NULL;
    JL_TRY {
        res = eval_text(m, str, strlen(str), filename);
    }
    JL_CATCH {
        jl_filename = file;
        jl_lineno = line;
        jl_rethrow();
    }
    jl_filename = file;
    jl_lineno = line;
    return (jl_value_t *)res;
}

JL_DLLEXPORT jl_value_t *jl_eval_string(const char *str)
{
    volatile jl_value_t *result = NULL;
    JL_TRY {
        result = jl_eval_string_in(jl_main_module, str, "none");
    }
    JL_CATCH {
        result = NULL;
    }
    return (jl_value_t *)result;
}

/* ---------------------------------------------------------------- packages: `using X` */

static const char *share_dir(void)
{
    static char dir[PATH_MAX];
    if (dir[0])
        return dir;
    const char *bindir = jl_options.julep_bindir;
    if (bindir == NULL)
        return NULL;
    snprintf(dir, sizeof dir, "%s/../share/julep", bindir);
    return dir;
}

static char *find_stdlib(jl_sym_t *name)
{
    char path[PATH_MAX * 2];
    const char *env = getenv("JULEP_STDLIB");
    const char *share = share_dir();
    const char *n = jl_symbol_name(name);
    if (env) {
        snprintf(path, sizeof path, "%s/%s/src/%s.jl", env, n, n);
        if (access(path, R_OK) == 0)
            return strdup(path);
    }
    if (share) {
        snprintf(path, sizeof path, "%s/stdlib/%s/src/%s.jl", share, n, n);
        if (access(path, R_OK) == 0)
            return strdup(path);
    }
    return NULL;
}

JL_DLLEXPORT jl_module_t *jl_require(jl_module_t *into, jl_sym_t *name)
{
    (void)into;
    jl_module_t *m = loaded_module(name);
    if (m)
        return m;
    char *path = find_stdlib(name);
    if (path == NULL) {
        char msg[600];
        snprintf(msg, sizeof msg, "Package %s not found in current path.\n"
                 "- Run `import Pkg; Pkg.add(\"%s\")` to install the %s package.",
                 jl_symbol_name(name), jl_symbol_name(name), jl_symbol_name(name));
        jl_argument_error(msg);
    }
    if (toplevel_root == NULL) {
        toplevel_root = jl_new_module(jl_symbol("__toplevel__"), NULL);
        jl_module_using(toplevel_root, jl_core_module);
        if (jl_base_module)
            jl_module_using(toplevel_root, jl_base_module);
        jl_gc_add_root((jl_value_t *)toplevel_root);
    }
    jl_value_t *p = jl_cstr_to_string(path);
    free(path);
    jl_load(toplevel_root, jl_string_data(p));
    m = loaded_module(name);
    if (m == NULL) {
        char msg[300];
        snprintf(msg, sizeof msg, "package `%s` did not define the expected module `%s`, check for typos "
                 "in package module name", jl_symbol_name(name), jl_symbol_name(name));
        jl_argument_error(msg);
    }
    return m;
}

/* ---------------------------------------------------------------- Base bootstrap */

static char *find_base(void)
{
    char path[PATH_MAX * 2];
    const char *share = share_dir();
    if (share) {
        snprintf(path, sizeof path, "%s/base/Base.jl", share);
        if (access(path, R_OK) == 0)
            return strdup(path);
    }
#ifdef JULEP_SRCDIR
    snprintf(path, sizeof path, "%s/base/Base.jl", JULEP_SRCDIR);
    if (access(path, R_OK) == 0)
        return strdup(path);
#endif
    const char *dir = getenv("JULEP_BASE_DIR"); /* embedders and tests: a base/ directory */
    if (dir) {
        snprintf(path, sizeof path, "%s/Base.jl", dir);
        if (access(path, R_OK) == 0)
            return strdup(path);
    }
    return NULL;
}

static void init_toplevel(void)
{
    init_syms();
    (void)jl_loaderror_type_get();
    if (jl_get_global(jl_core_module, jl_s_eval) == NULL && jl_new_builtin != NULL)
        jl_new_builtin("eval", core_eval, jl_core_module);
    if (jl_get_global(jl_main_module, jl_s_Main) == NULL) {
        jl_set_const(jl_main_module, jl_s_Main, (jl_value_t *)jl_main_module);
        jl_get_binding_wr(jl_main_module, jl_s_Main)->exportp = 1;
    }
    if (jl_get_global(jl_main_module, jl_s_Core) == NULL)
        import_module(jl_main_module, jl_core_module, NULL);
}

/* ARGS and PROGRAM_FILE from the command line: Base's bindings when Base has them, else Core's
   (visible everywhere, as Julia's Core.ARGS) */
static void set_program_globals(void)
{
    jl_value_t *argst = jl_apply_array_type((jl_value_t *)jl_string_type, 1);
    jl_value_t *args = jl_base_module ? jl_get_global(jl_base_module, jl_symbol("ARGS")) : NULL;
    if (args == NULL || !jl_is_array(args) || jl_typeof(args) != argst) {
        args = (jl_value_t *)jl_alloc_array_1d(argst, 0);
        if (jl_get_global(jl_core_module, jl_symbol("ARGS")) == NULL)
            jl_set_const(jl_core_module, jl_symbol("ARGS"), args);
    }
    if (jl_array_len(args) == 0)
        for (int i = 0; i < jl_options.nargs; i++)
            jl_array_ptr_1d_push((jl_array_t *)args, jl_cstr_to_string(jl_options.args[i]));
    jl_value_t *pf = jl_cstr_to_string(jl_options.programfile ? jl_options.programfile : "");
    if (jl_base_module && jl_get_binding(jl_base_module, jl_symbol("PROGRAM_FILE")) &&
        !jl_get_binding(jl_base_module, jl_symbol("PROGRAM_FILE"))->constp)
        jl_set_global(jl_base_module, jl_symbol("PROGRAM_FILE"), pf);
    else if (jl_get_global(jl_core_module, jl_symbol("PROGRAM_FILE")) == NULL)
        jl_set_global(jl_core_module, jl_symbol("PROGRAM_FILE"), pf);
}

/* Load base/Base.jl into a new module Base (when the file exists and the pipeline is complete), make
   Main use it, and run the __init__ functions. Returns 1 when Base was loaded, 0 when there is none to
   load (JULEP_NO_BASE, no base/), -1 when loading it failed (the error has been printed). */
JL_DLLEXPORT int jl_init_base(void)
{
    init_toplevel();
    char *path = NULL;
    if (jl_lower != NULL && jl_interpret_toplevel_thunk != NULL && jl_apply != NULL &&
        getenv("JULEP_NO_BASE") == NULL)
        path = find_base();
    if (path == NULL) {
        set_program_globals();
        return 0;
    }
    jl_value_t *p = jl_cstr_to_string(path);
    free(path);
    jl_module_t *base = jl_new_module(jl_s_Base, NULL);
    jl_module_using(base, jl_core_module);
    jl_set_const(base, jl_s_Base, (jl_value_t *)base);
    jl_get_binding_wr(base, jl_s_Base)->exportp = 1;
    jl_base_module = base;
    base->istopmod = 1;
    register_root_module(base);
    volatile int ok = 1;
    JL_TRY {
        jl_load(base, jl_string_data(p));
        jl_set_const(jl_main_module, jl_s_Base, (jl_value_t *)base);
        jl_module_using(jl_main_module, base);
        jl_module_run_initializer(base);
    }
    JL_CATCH {
        /* a session without Base would fail later with confusing errors (`stdout` not defined): say why
           here; the caller (init's `image` step) ends the process */
        ok = -1;
        fprintf(stderr, "julep: loading Base from %s failed:\n", jl_string_data(p));
        jl_print_uncaught_error(jl_current_exception(), jl_current_backtrace ? jl_current_backtrace() : NULL);
        jl_base_module = NULL;
    }
    set_program_globals();
    return ok;
}

/* ---------------------------------------------------------------- system image (sysimage/) */

JL_DLLEXPORT void jl_toplevel_image_slots(jl_value_t ***root, jl_value_t ***loaded)
{
    *root = (jl_value_t **)&toplevel_root;
    *loaded = (jl_value_t **)&loaded_modules;
}

/* __init__ of m's submodules, then of m: the order in which loading ran them */
static void run_initializers_tree(jl_module_t *m)
{
    for (size_t i = 0; i < m->bindings_size; i++) {
        jl_binding_t *b = m->bindings[i];
        if (b == NULL || b->owner != m || b->value == NULL || !jl_is_module(b->value))
            continue;
        jl_module_t *sub = (jl_module_t *)b->value;
        if (sub != m && sub->parent == m && sub->name == b->name)
            run_initializers_tree(sub);
    }
    jl_module_run_initializer(m);
}

/* After a system image was loaded (Core, Base, Main and the packages are in it): ARGS and PROGRAM_FILE
   of this process, then every module's __init__ (Base's first, then the packages', then Main's). */
JL_DLLEXPORT int jl_init_base_from_image(void)
{
    init_toplevel();
    jl_module_t *holders[2] = {jl_base_module, jl_core_module}; /* the image holds the writer's ARGS */
    for (int i = 0; i < 2; i++) {
        jl_value_t *args = holders[i] ? jl_get_global(holders[i], jl_symbol("ARGS")) : NULL;
        if (args && jl_is_array(args) && jl_array_len(args) > 0)
            jl_array_del_end((jl_array_t *)args, jl_array_len(args));
    }
    set_program_globals();
    if (jl_base_module)
        run_initializers_tree(jl_base_module);
    for (size_t i = 0; loaded_modules && i < jl_array_len(loaded_modules); i++) {
        jl_module_t *m = (jl_module_t *)jl_array_ptr_ref(loaded_modules, i);
        if (m != jl_core_module && m != jl_base_module && m != jl_main_module)
            run_initializers_tree(m);
    }
    run_initializers_tree(jl_main_module);
    return jl_base_module != NULL;
}
