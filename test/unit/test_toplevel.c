/* test_toplevel.c -- the top level (src/toplevel.c): modules, using/import/export resolution, include
   with relative paths, LoadError locations, jl_eval_string; error display (src/errorshow.c); and the
   CLI's evaluation, error output and exit codes through $JULEP_BIN (run without Base, so the C
   printers are what is checked). */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "testutil.h"
#include "toplevel.h"
#include "parser.h"

static jl_value_t *parse_all(const char *s)
{
    return jl_parse_all(s, strlen(s), "test.jl");
}

static jl_module_t *fresh_module(const char *name)
{
    jl_module_t *m = jl_new_module(jl_symbol(name), jl_main_module);
    jl_module_using(m, jl_core_module);
    jl_set_const(jl_main_module, jl_symbol(name), (jl_value_t *)m);
    return m;
}

static jl_value_t *eval_in(jl_module_t *m, const char *src)
{
    return jl_toplevel_eval(m, parse_all(src));
}

static jl_module_t *submodule(jl_module_t *m, const char *name)
{
    jl_value_t *v = jl_get_global(m, jl_symbol(name));
    return v && jl_is_module(v) ? (jl_module_t *)v : NULL;
}

TestSuite(toplevel, .init = jl_test_init);

Test(toplevel, module_definition_binds_child_module)
{
    jl_module_t *t = fresh_module("TL1");
    eval_in(t, "baremodule A\nbaremodule B\nend\nend");
    jl_module_t *a = submodule(t, "A");
    cr_assert(a != NULL);
    cr_assert_eq(a->parent, t);
    jl_module_t *b = submodule(a, "B");
    cr_assert(b != NULL && b->parent == a);
    cr_assert_eq(jl_get_global(a, jl_symbol("A")), (jl_value_t *)a, "a module sees its own name");
    cr_assert(jl_get_binding(t, jl_symbol("A"))->constp);
}

Test(toplevel, using_brings_exported_names_only)
{
    jl_module_t *t = fresh_module("TL2");
    eval_in(t, "baremodule A\nexport f\nend");
    jl_module_t *a = submodule(t, "A");
    jl_set_global(a, jl_symbol("f"), jl_box_int64(11));
    jl_set_global(a, jl_symbol("g"), jl_box_int64(12));
    eval_in(t, "baremodule U\nusing ..A\nend");
    jl_module_t *u = submodule(t, "U");
    cr_assert_eq(jl_get_global(u, jl_symbol("f")), jl_box_int64(11));
    cr_assert_null(jl_get_global(u, jl_symbol("g")), "g is not exported");
    cr_assert_eq(jl_get_global(u, jl_symbol("A")), (jl_value_t *)a, "using A makes A visible");
}

Test(toplevel, using_and_import_lists_and_renames)
{
    jl_module_t *t = fresh_module("TL3");
    eval_in(t, "baremodule A\nend");
    jl_module_t *a = submodule(t, "A");
    jl_set_const(a, jl_symbol("g"), jl_box_int64(21));
    jl_set_const(a, jl_symbol("h"), jl_box_int64(22));
    eval_in(t, "using .A: g\nimport .A: h as k");
    cr_assert_eq(jl_get_global(t, jl_symbol("g")), jl_box_int64(21));
    cr_assert_eq(jl_get_global(t, jl_symbol("k")), jl_box_int64(22));
    cr_assert_null(jl_get_global(t, jl_symbol("h")), "the old name is not imported");
    cr_assert(jl_get_binding(t, jl_symbol("k"))->imported, "import makes the binding extendable");
    eval_in(t, "import .A as AA");
    cr_assert_eq(jl_get_global(t, jl_symbol("AA")), (jl_value_t *)a);
}

Test(toplevel, relative_paths_follow_parents)
{
    jl_module_t *t = fresh_module("TL4");
    eval_in(t, "baremodule A\nbaremodule B\nend\nend");
    jl_module_t *a = submodule(t, "A"), *b = submodule(a, "B");
    jl_set_const(a, jl_symbol("v"), jl_box_int64(31));
    jl_toplevel_eval(b, parse_all("import ..v"));
    cr_assert_eq(jl_get_global(b, jl_symbol("v")), jl_box_int64(31));
    jl_toplevel_eval(t, parse_all("import .A.B"));
    cr_assert_eq(jl_get_global(t, jl_symbol("B")), (jl_value_t *)b);
}

Test(toplevel, export_marks_binding)
{
    jl_module_t *t = fresh_module("TL5");
    eval_in(t, "baremodule A\nexport x, y\nend");
    jl_module_t *a = submodule(t, "A");
    cr_assert(jl_get_binding(a, jl_symbol("x"))->exportp);
    cr_assert(jl_get_binding(a, jl_symbol("y"))->exportp);
}

/* export only marks the name (Julia): it must not resolve it through `using`, so a later definition in
   the exporting module makes a new binding there, while reads before that still see the used module's */
Test(toplevel, export_does_not_resolve_through_using)
{
    jl_module_t *t = fresh_module("TL5b");
    eval_in(t, "baremodule B\nexport f, g\nend");
    jl_module_t *b = submodule(t, "B");
    jl_set_const(b, jl_symbol("f"), jl_box_int64(41));
    jl_set_const(b, jl_symbol("g"), jl_box_int64(42));
    eval_in(t, "baremodule A\nusing ..B\nexport f, g\nconst seen = f\nf(x) = x\nend");
    jl_module_t *a = submodule(t, "A");
    cr_assert_eq(jl_get_global(a, jl_symbol("seen")), jl_box_int64(41), "reads before a definition use B's f");
    jl_binding_t *fb = jl_get_binding(a, jl_symbol("f"));
    cr_assert_eq(fb->owner, a, "f(x) = x defines A's own f");
    cr_assert(fb->exportp);
    cr_assert(fb->value != NULL && fb->value != jl_box_int64(41));
    cr_assert_eq(jl_get_binding(b, jl_symbol("f"))->value, jl_box_int64(41), "B's f is untouched");
    cr_assert_eq(jl_get_global(a, jl_symbol("g")), jl_box_int64(42), "an undefined export still reads B's g");
    eval_in(t, "baremodule U\nusing ..A\nend");
    jl_module_t *u = submodule(t, "U");
    cr_assert_eq(jl_get_global(u, jl_symbol("f")), fb->value, "users of A see A's f");
    cr_assert_eq(jl_get_global(u, jl_symbol("g")), jl_box_int64(42), "a re-exported name resolves through A");
}

static int throws_with(jl_module_t *m, const char *src, jl_datatype_t *type, const char *needle)
{
    volatile int ok = 0;
    JL_TRY {
        eval_in(m, src);
    }
    JL_CATCH {
        jl_value_t *e = jl_current_exception();
        if (jl_typeis(e, type)) {
            char *buf = NULL;
            size_t n = 0;
            FILE *f = open_memstream(&buf, &n);
            jl_show_exception(f, e);
            fclose(f);
            ok = needle == NULL || strstr(buf, needle) != NULL;
            free(buf);
        }
    }
    return ok;
}

Test(toplevel, missing_package_is_argumenterror)
{
    jl_module_t *t = fresh_module("TL6");
    cr_assert(throws_with(t, "using NoSuchPackage123", jl_argumenterror_type,
                          "Package NoSuchPackage123 not found in current path"));
}

Test(toplevel, undefined_global_is_undefvarerror)
{
    jl_module_t *t = fresh_module("TL7");
    cr_assert(throws_with(t, "no_such_name", jl_undefvarerror_type, "UndefVarError: `no_such_name` not defined"));
}

Test(toplevel, eval_string_returns_null_on_error)
{
    cr_assert_null(jl_eval_string("this_is_not_defined_anywhere"));
    jl_value_t *e = jl_current_exception();
    cr_assert(e && jl_typeis(e, jl_undefvarerror_type));
    jl_value_t *v = jl_eval_string("42");
    cr_assert(v && jl_is_int64(v) && jl_unbox_int64(v) == 42);
}

/* ---------------------------------------------------------------- include */

static char tmpdir[256];
static jl_value_t *recorded_path;

static void write_file(const char *rel, const char *text)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", tmpdir, rel);
    FILE *f = fopen(path, "w");
    cr_assert(f != NULL, "cannot write %s", path);
    fputs(text, f);
    fclose(f);
}

/* @incl "path": include from the file being loaded (jl_load resolves it against that file) */
static jl_value_t *incl_macro(jl_value_t *F, jl_value_t **args, uint32_t n)
{
    return jl_load((jl_module_t *)args[1], jl_string_data(args[2]));
}

static jl_value_t *here_macro(jl_value_t *F, jl_value_t **args, uint32_t n)
{
    const char *p = jl_current_load_path();
    recorded_path = p ? jl_cstr_to_string(p) : jl_nothing;
    jl_gc_add_root(recorded_path);
    return jl_nothing;
}

static void include_setup(void)
{
    jl_test_init();
    snprintf(tmpdir, sizeof tmpdir, "/tmp/julep-toplevel-%d", (int)getpid());
    mkdir(tmpdir, 0755);
    char sub[300];
    snprintf(sub, sizeof sub, "%s/sub", tmpdir);
    mkdir(sub, 0755);
    if (jl_get_global(jl_main_module, jl_symbol("@incl")) == NULL) {
        jl_new_builtin("@incl", incl_macro, jl_main_module);
        jl_new_builtin("@here", here_macro, jl_main_module);
    }
}

TestSuite(include, .init = include_setup);

Test(include, relative_to_including_file)
{
    write_file("main.jl", "baremodule IncA\nend\n@incl \"sub/inner.jl\"\n");
    write_file("sub/inner.jl", "baremodule IncB\nend\n@here\n");
    char path[512];
    snprintf(path, sizeof path, "%s/main.jl", tmpdir);
    jl_load(jl_main_module, path);
    cr_assert_not_null(submodule(jl_main_module, "IncA"));
    cr_assert_not_null(submodule(jl_main_module, "IncB"));
    char want[512];
    snprintf(want, sizeof want, "%s/sub/inner.jl", tmpdir);
    cr_assert(jl_is_string(recorded_path));
    cr_assert_str_eq(jl_string_data(recorded_path), want);
    cr_assert_null(jl_current_load_path(), "restored after the include");
}

static jl_value_t *load_error_of(const char *rel)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", tmpdir, rel);
    volatile jl_value_t *err = NULL;
    JL_TRY {
        jl_load(jl_main_module, path);
    }
    JL_CATCH {
        err = jl_current_exception();
    }
    return (jl_value_t *)err;
}

Test(include, error_becomes_loaderror_with_file_and_line)
{
    write_file("bad.jl", "baremodule Fine\nend\n\nnot_defined_here\n");
    jl_value_t *e = load_error_of("bad.jl");
    cr_assert(e && jl_typeis(e, jl_loaderror_type_get()));
    char want[512];
    snprintf(want, sizeof want, "%s/bad.jl", tmpdir);
    cr_assert_str_eq(jl_string_data(jl_get_nth_field(e, 0)), want);
    cr_assert_eq(jl_unbox_int64(jl_get_nth_field(e, 1)), 4);
    cr_assert(jl_typeis(jl_get_nth_field(e, 2), jl_undefvarerror_type));
    cr_assert_not_null(submodule(jl_main_module, "Fine"), "statements before the error ran");
}

Test(include, syntax_error_after_statements_that_ran)
{
    write_file("syntax.jl", "baremodule BeforeSyntax\nend\nx = )\n");
    jl_value_t *e = load_error_of("syntax.jl");
    cr_assert(e && jl_typeis(e, jl_loaderror_type_get()));
    cr_assert_eq(jl_unbox_int64(jl_get_nth_field(e, 1)), 3);
    cr_assert_not_null(submodule(jl_main_module, "BeforeSyntax"));
}

Test(include, missing_file_throws)
{
    jl_value_t *e = load_error_of("does-not-exist.jl");
    cr_assert_not_null(e);
    cr_assert(!jl_typeis(e, jl_loaderror_type_get()), "opening fails before any LoadError");
}

/* ---------------------------------------------------------------- error display */

static char *shown(jl_value_t *e)
{
    char *buf = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    jl_show_exception(f, e);
    fclose(f);
    return buf;
}

Test(toplevel, showerror_formats)
{
    char *s = shown(jl_new_struct(jl_typeerror_type, jl_symbol("typeassert"), jl_cstr_to_string(""),
                                  jl_int64_type, jl_cstr_to_string("a")));
    cr_assert_str_eq(s, "TypeError: in typeassert, expected Int64, got a value of type String");
    free(s);
    s = shown(jl_new_struct(jl_typeerror_type, jl_symbol("if"), jl_cstr_to_string(""), jl_bool_type,
                            jl_box_int64(1)));
    cr_assert_str_eq(s, "TypeError: non-boolean (Int64) used in boolean context");
    free(s);
    s = shown(jl_new_struct(jl_undefvarerror_type, jl_symbol("zz")));
    cr_assert_str_eq(s, "UndefVarError: `zz` not defined");
    free(s);
    s = shown(jl_new_struct(jl_stackovf_exception_type));
    cr_assert_str_eq(s, "StackOverflowError:");
    free(s);
    s = shown(jl_new_struct(jl_argumenterror_type, jl_cstr_to_string("bad")));
    cr_assert_str_eq(s, "ArgumentError: bad");
    free(s);
    jl_array_t *a = jl_alloc_vec_any(2);
    jl_array_ptr_set(a, 0, jl_box_int64(1));
    jl_array_ptr_set(a, 1, jl_box_int64(2));
    s = shown(jl_new_struct(jl_boundserror_type, a, jl_tuple(1, jl_box_int64(5))));
    cr_assert_str_eq(s, "BoundsError: attempt to access 2-element Vector{Any} at index [5]");
    free(s);
    jl_value_t *le = jl_new_struct((jl_datatype_t *)jl_loaderror_type_get(), jl_cstr_to_string("/x/f.jl"),
                                   jl_box_int64(7), jl_new_errorexception("inner"));
    s = shown(le);
    cr_assert_str_eq(s, "LoadError: inner\nin expression starting at /x/f.jl:7");
    free(s);
}

/* ---------------------------------------------------------------- the CLI */

typedef struct { int status; char *out, *err; } run_t;

static run_t run_julep(const char *args, const char *stdin_text)
{
    run_t r = {0};
    const char *bin = getenv("JULEP_BIN");
    cr_assert_not_null(bin, "JULEP_BIN is set by make test-unit");
    char cmd[2048];
    char of[64], ef[64];
    snprintf(of, sizeof of, "/tmp/julep-tl-out-%d", (int)getpid());
    snprintf(ef, sizeof ef, "/tmp/julep-tl-err-%d", (int)getpid());
    snprintf(cmd, sizeof cmd, "JULEP_NO_BASE=1 %s %s >%s 2>%s%s", bin, args, of, ef,
             stdin_text ? "" : " </dev/null");
    FILE *p = popen(cmd, "w");
    if (stdin_text)
        fputs(stdin_text, p);
    int st = pclose(p);
    r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    size_t n = 0;
    FILE *f = fopen(of, "r");
    r.out = calloc(1, 1 << 16);
    if (f) { n = fread(r.out, 1, (1 << 16) - 1, f); fclose(f); }
    r.out[n] = 0;
    r.err = calloc(1, 1 << 16);
    f = fopen(ef, "r");
    n = 0;
    if (f) { n = fread(r.err, 1, (1 << 16) - 1, f); fclose(f); }
    r.err[n] = 0;
    unlink(of);
    unlink(ef);
    return r;
}

Test(include, cli_E_prints_value)
{
    run_t r = run_julep("-E '\"hi\"' -E ':sym' -E 'nothing'", NULL);
    cr_assert_eq(r.status, 0, "stderr: %s", r.err);
    cr_assert_str_eq(r.out, "\"hi\"\n:sym\nnothing\n");
}

Test(include, cli_e_error_exit_status)
{
    run_t r = run_julep("-e 'undefined_thing_xyz'", NULL);
    cr_assert_eq(r.status, 1);
    cr_assert(strncmp(r.err, "ERROR: UndefVarError: `undefined_thing_xyz` not defined", 55) == 0, "%s", r.err);
}

Test(include, cli_script_error_shows_loaderror)
{
    write_file("script.jl", "baremodule S\nend\n\nnot_here_either\n");
    char args[512];
    snprintf(args, sizeof args, "%s/script.jl", tmpdir);
    run_t r = run_julep(args, NULL);
    cr_assert_eq(r.status, 1);
    cr_assert(strncmp(r.err, "ERROR: LoadError: UndefVarError: `not_here_either` not defined\n", 62) == 0,
              "%s", r.err);
    char want[600];
    snprintf(want, sizeof want, "in expression starting at %s/script.jl:4\n", tmpdir);
    cr_assert(strstr(r.err, want) != NULL, "%s", r.err);
}

Test(include, cli_macro_error_names_the_macro)
{
    write_file("macro.jl", "\n@no_such_macro_here 1\n");
    char args[512];
    snprintf(args, sizeof args, "%s/macro.jl", tmpdir);
    run_t r = run_julep(args, NULL);
    cr_assert_eq(r.status, 1);
    cr_assert(strstr(r.err, "UndefVarError: `@no_such_macro_here` not defined") != NULL, "%s", r.err);
    char want[600];
    snprintf(want, sizeof want, "in expression starting at %s/macro.jl:2", tmpdir);
    cr_assert(strstr(r.err, want) != NULL, "%s", r.err);
}

Test(include, cli_missing_script)
{
    run_t r = run_julep("/nonexistent/dir/x.jl", NULL);
    cr_assert_eq(r.status, 1);
    cr_assert(strstr(r.err, "ERROR: SystemError: opening file") != NULL, "%s", r.err);
}
