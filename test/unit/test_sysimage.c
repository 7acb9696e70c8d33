/*
 * test_sysimage.c -- system images (suite `sysimage`): written with --output-ji after a program ran,
 * loaded with -J at the preferred address and relocated (JULEP_IMAGE_RELOCATE=1), rejected cleanly when
 * missing, truncated, corrupted or from another build, and the writer's refusal of values it cannot
 * save. The binary is run as a child process ($JULEP_BIN, else build/release/usr/bin/julep).
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../../sysimage/image.h" /* the header, to corrupt a byte of the data section */

static const char *julep_bin(void)
{
    static char path[4096];
    const char *bin = getenv("JULEP_BIN");
    if (bin != NULL && *bin)
        return bin;
    const char *src = getenv("JULEP_SRCDIR");
    snprintf(path, sizeof(path), "%s/build/release/usr/bin/julep", src && *src ? src : ".");
    return path;
}

typedef struct {
    char out[8192];
    char err[8192];
    int status;
} run_t;

static void slurp(const char *path, char *buf, size_t n)
{
    FILE *f = fopen(path, "rb");
    size_t k = f ? fread(buf, 1, n - 1, f) : 0;
    buf[k] = 0;
    if (f)
        fclose(f);
    unlink(path);
}

/* run `env julep args` through the shell (args are shell words, quoted by the caller) */
static run_t run(const char *env, const char *args)
{
    static run_t r;
    char out[64], err[64], cmd[8192];
    snprintf(out, sizeof out, "/tmp/julep-si-out-%d", (int)getpid());
    snprintf(err, sizeof err, "/tmp/julep-si-err-%d", (int)getpid());
    snprintf(cmd, sizeof cmd, "%s '%s' %s >%s 2>%s </dev/null", env ? env : "", julep_bin(), args, out, err);
    int ws = system(cmd);
    r.status = WIFEXITED(ws) ? WEXITSTATUS(ws) : 128;
    slurp(out, r.out, sizeof r.out);
    slurp(err, r.err, sizeof r.err);
    return r;
}

/* The program the shared image is written after: globals of every kind the loader must fix up. */
static const char *PROGRAM =
    "struct P; a::Int; end; f(x) = x + 1; const x = 41; "
    "d = Dict{Any,Any}(P => 1, :s => 2, \"k\" => 3, Int => 4, (1, 2) => 5, Vector{P} => 6); "
    "v = Vector{P}; s = Set([:a, :b]); g = let c = 10; y -> y + c; end; f(1)";

/* One image per test run.  Tests run in parallel, and an image is a data file plus
   native code beside it, so two writers racing would pair one's data with the other's
   code: the first test to get here writes it under a lock, the others wait for it. */
static const char *image(void)
{
    static char path[256];
    char lock[300];
    snprintf(path, sizeof path, "/tmp/julep-si-test-%d.ji", (int)getppid());
    snprintf(lock, sizeof lock, "%s.lock", path);
    int fd = open(lock, O_CREAT | O_RDWR, 0600);
    cr_assert(fd >= 0 && flock(fd, LOCK_EX) == 0, "cannot lock %s", lock);
    struct stat st;
    if (stat(path, &st) != 0) {
        char args[2048];
        snprintf(args, sizeof args, "--output-ji %s -e '%s'", path, PROGRAM);
        run_t r = run(NULL, args);
        cr_assert_eq(r.status, 0, "writing the image failed: %s", r.err);
    }
    close(fd);
    return path;
}

static void check_program(const char *env)
{
    char args[1024];
    snprintf(args, sizeof args,
             "-J %s -e 'println(f(x), \" \", d[P], d[:s], d[\"k\"], d[Int], d[(1, 2)], d[Vector{P}], \" \", "
             "Vector{P} === v, \" \", P(3).a, \" \", :a in s, \" \", g(5))'", image());
    run_t r = run(env, args);
    cr_expect_eq(r.status, 0, "stderr: %s", r.err);
    cr_expect_str_eq(r.out, "42 123456 true 3 true 15\n");
    cr_expect_str_eq(r.err, "");
}

Test(sysimage, program_state_at_preferred_address, .timeout = 120)
{
    check_program(NULL);
}

Test(sysimage, program_state_relocated, .timeout = 120)
{
    check_program("JULEP_IMAGE_RELOCATE=1");
}

Test(sysimage, new_definitions_after_loading, .timeout = 120)
{
    char args[1024];
    snprintf(args, sizeof args,
             "-J %s -e 'f(x::String) = x * \"!\"; struct Q; p::P; end; println(f(1), f(\"a\"), Q(P(2)).p.a, "
             "Vector{Q}, gensym() != gensym())'", image());
    run_t r = run("JULEP_IMAGE_RELOCATE=1", args);
    cr_expect_eq(r.status, 0, "stderr: %s", r.err);
    cr_expect_str_eq(r.out, "2a!2Vector{Q}true\n");
}

Test(sysimage, args_belong_to_the_loading_process, .timeout = 120)
{
    char args[1024];
    snprintf(args, sizeof args, "-J %s -e 'println(ARGS, \" \", repr(PROGRAM_FILE))' u v", image());
    run_t r = run(NULL, args);
    cr_expect_eq(r.status, 0, "stderr: %s", r.err);
    cr_expect_str_eq(r.out, "[\"u\", \"v\"] \"\"\n");
}

Test(sysimage, trace_shows_the_image_step, .timeout = 120)
{
    char args[1024];
    snprintf(args, sizeof args, "-J %s --trace-startup=stderr -e 1", image());
    run_t r = run(NULL, args);
    cr_expect_eq(r.status, 0);
    cr_expect(strstr(r.err, "startup: image ") != NULL, "%s", r.err);
    cr_expect(strstr(r.err, "at its preferred address") != NULL, "%s", r.err);
    cr_expect(strstr(r.err, "mapped from the system image") != NULL, "the types come from the image: %s", r.err);
}

/* ---------------------------------------------------------------- bad images */

static void copy_file(const char *from, const char *to, long truncate_at, long flip_at)
{
    FILE *f = fopen(from, "rb"), *g = fopen(to, "wb");
    cr_assert(f && g);
    int c;
    long i = 0;
    while ((c = fgetc(f)) != EOF && (truncate_at < 0 || i < truncate_at)) {
        fputc(i == flip_at ? c ^ 0x55 : c, g);
        i++;
    }
    fclose(f);
    fclose(g);
}

static void expect_invalid_env(const char *env, const char *path, const char *reason)
{
    char args[512], want[512];
    snprintf(args, sizeof args, "-J %s -e 'println(1)'", path);
    run_t r = run(env, args);
    cr_expect_eq(r.status, 1, "%s julep %s", env ? env : "", args);
    cr_expect_str_eq(r.out, "");
    snprintf(want, sizeof want, "julep: system image %s is invalid: %s\n", path, reason);
    cr_expect_str_eq(r.err, want);
    unlink(path);
}

static void expect_invalid(const char *path, const char *reason)
{
    expect_invalid_env(NULL, path, reason);
}

Test(sysimage, missing_image, .timeout = 60)
{
    run_t r = run(NULL, "-J /tmp/julep-no-such-image.ji -e 'println(1)'");
    cr_expect_eq(r.status, 1);
    cr_expect_str_eq(r.err, "julep: system image /tmp/julep-no-such-image.ji not found\n");
}

Test(sysimage, truncated_image, .timeout = 120)
{
    char p[64];
    snprintf(p, sizeof p, "/tmp/julep-si-trunc-%d.ji", (int)getpid());
    copy_file(image(), p, 100000, -1);
    expect_invalid(p, "truncated");
    copy_file(image(), p, 10, -1);
    expect_invalid(p, "truncated");
}

/* the offset of a byte in the middle of the image's data section (from its header) */
static long data_byte(const char *path)
{
    jl_image_header_t h;
    FILE *f = fopen(path, "rb");
    cr_assert(f != NULL && fread(&h, sizeof h, 1, f) == 1);
    fclose(f);
    cr_assert(h.data_size > 4096 && h.data_off + h.data_size <= h.file_size);
    return (long)(h.data_off + h.data_size / 2);
}

Test(sysimage, corrupted_image, .timeout = 120)
{
    char p[64];
    snprintf(p, sizeof p, "/tmp/julep-si-bad-%d.ji", (int)getpid());
    long at = data_byte(image());
    copy_file(image(), p, -1, at);
    /* the data's checksum is verified on request or when the file is relocated (docs/sysimage.md) */
    expect_invalid_env("JULEP_IMAGE_VERIFY=1", p, "corrupted (checksum mismatch)");
    copy_file(image(), p, -1, at);
    expect_invalid_env("JULEP_IMAGE_RELOCATE=1", p, "corrupted (checksum mismatch)");
}

Test(sysimage, other_build_and_other_files, .timeout = 120)
{
    char p[64];
    snprintf(p, sizeof p, "/tmp/julep-si-other-%d.ji", (int)getpid());
    copy_file(image(), p, -1, 20); /* a byte of the build id */
    expect_invalid(p, "built by another julep build");
    FILE *f = fopen(p, "w");
    fputs("this is not an image, but it is long enough to hold a header of an image file........"
          "..............................................................................................."
          "...............................................................................................",
          f);
    fclose(f);
    expect_invalid(p, "not a julep system image");
}

/* ---------------------------------------------------------------- the writer */

Test(sysimage, writer_refuses_pointers, .timeout = 120)
{
    char p[64], args[512];
    snprintf(p, sizeof p, "/tmp/julep-si-ptr-%d.ji", (int)getpid());
    snprintf(args, sizeof args, "--output-ji %s -e 'const handle = Ptr{Cvoid}(1234)'", p);
    run_t r = run(NULL, args);
    cr_expect_eq(r.status, 1);
    cr_expect(strstr(r.err, "julep: cannot write system image") != NULL, "%s", r.err);
    cr_expect(strstr(r.err, "non-NULL Ptr") != NULL, "%s", r.err);
    cr_expect(strstr(r.err, "Main.handle") != NULL, "%s", r.err);
    cr_expect_neq(access(p, F_OK), 0, "no image is left behind");
}

Test(sysimage, writer_skips_failed_programs, .timeout = 120)
{
    char p[64], args[512];
    snprintf(p, sizeof p, "/tmp/julep-si-fail-%d.ji", (int)getpid());
    snprintf(args, sizeof args, "--output-ji %s -e 'error(\"boom\")'", p);
    run_t r = run(NULL, args);
    cr_expect_eq(r.status, 1);
    cr_expect_neq(access(p, F_OK), 0, "a failed program writes no image");
}

/* A copy of the install tree (bin/julep, lib/ and share/julep linked to the real ones) without the default
   image, where `setup` (shell commands run in the tree) may add one or replace Base; julep runs there. */
static run_t run_in_tree(const char *setup, const char *args, const char *env)
{
    static run_t r;
    char dir[64], cmd[4096], path[128];
    snprintf(dir, sizeof dir, "/tmp/julep-si-tree-%d", (int)getpid());
    const char *bin = julep_bin();
    snprintf(cmd, sizeof cmd,
             "set -e; b=$(cd $(dirname '%s') && pwd); rm -rf %s; mkdir -p %s/bin %s/lib %s/share; cp \"$b/julep\" %s/bin/; "
             "ln -s \"$b\"/../lib/libjulep.so \"$b\"/../lib/libjulep-codegen.so %s/lib/; "
             "ln -s \"$b\"/../share/julep %s/share/julep; cd %s; %s",
             bin, dir, dir, dir, dir, dir, dir, dir, dir, setup);
    cr_assert_eq(system(cmd), 0);
    snprintf(cmd, sizeof cmd, "%s %s/bin/julep %s >%s/out 2>%s/err </dev/null", env ? env : "", dir, args, dir, dir);
    int ws = system(cmd);
    r.status = WIFEXITED(ws) ? WEXITSTATUS(ws) : 128;
    snprintf(path, sizeof path, "%s/out", dir);
    slurp(path, r.out, sizeof r.out);
    snprintf(path, sizeof path, "%s/err", dir);
    slurp(path, r.err, sizeof r.err);
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    cr_assert_eq(system(cmd), 0);
    return r;
}

/* the one line a missing or bad default image gives before Base is bootstrapped from source */
static void expect_fallback_warning(const char *err, const char *what)
{
    cr_expect(strncmp(err, "julep: warning: system image /", 30) == 0, "%s", err);
    char tail[200];
    snprintf(tail, sizeof tail, "/lib/julep/sys.ji %s; loading Base from source\n", what);
    const char *nl = strchr(err, '\n');
    cr_expect(nl != NULL && nl[1] == 0, "exactly one line: %s", err);
    size_t n = strlen(err), k = strlen(tail);
    cr_expect(n >= k && strcmp(err + n - k, tail) == 0, "ends with `%s`: %s", tail, err);
}

/* Without its default image julep says so on one line and bootstraps Base from source: a working
   session, not one without Base (`stdout` not defined). */
Test(sysimage, missing_default_image_falls_back, .timeout = 120)
{
    run_t r = run_in_tree("true", "-e 'println(stdout === Base.stdout, sum([1, 2, 3]))'", NULL);
    cr_expect_eq(r.status, 0, "%s", r.err);
    cr_expect_str_eq(r.out, "true6\n");
    expect_fallback_warning(r.err, "not found");
    /* JULEP_NO_IMAGE asks for the bootstrap: nothing to warn about */
    r = run_in_tree("true", "-e 'println(sum([1, 2, 3]))'", "JULEP_NO_IMAGE=1");
    cr_expect_eq(r.status, 0);
    cr_expect_str_eq(r.out, "6\n");
    cr_expect_str_eq(r.err, "");
}

Test(sysimage, bad_default_image_falls_back, .timeout = 120)
{
    run_t r = run_in_tree("mkdir -p lib/julep; echo not an image > lib/julep/sys.ji",
                          "-e 'println(sum([1, 2, 3]))'", NULL);
    cr_expect_eq(r.status, 0, "%s", r.err);
    cr_expect_str_eq(r.out, "6\n");
    expect_fallback_warning(r.err, "is invalid: truncated");
}

/* A Base that fails to load ends the process with its error, instead of a session without Base. */
Test(sysimage, failing_base_bootstrap_is_an_error, .timeout = 120)
{
    run_t r = run_in_tree("rm share/julep; mkdir -p share/julep/base; "
                          "echo 'Core.tuple(broken_base_name)' > share/julep/base/Base.jl",
                          "-e 'println(1)'", NULL);
    cr_expect_eq(r.status, 1);
    cr_expect_str_eq(r.out, "");
    cr_expect(strstr(r.err, "julep: loading Base from ") != NULL, "%s", r.err);
    cr_expect(strstr(r.err, "/share/julep/base/Base.jl failed:\n") != NULL, "%s", r.err);
    cr_expect(strstr(r.err, "UndefVarError: `broken_base_name` not defined") != NULL, "%s", r.err);
}

/* ---------------------------------------------------------------- native code (<image>.so) */

static const char *so_of(const char *ji, char *buf, size_t n)
{
    snprintf(buf, n, "%.*s.so", (int)(strlen(ji) - 3), ji);
    return buf;
}

Test(sysimage, writes_native_code_beside_the_data, .timeout = 120)
{
    char so[300];
    cr_expect_eq(access(so_of(image(), so, sizeof so), R_OK), 0, "%s is written with the image", so);
    char args[512];
    snprintf(args, sizeof args, "-J %s --trace-startup=stderr -e 1", image());
    run_t r = run(NULL, args);
    cr_expect_eq(r.status, 0, "%s", r.err);
    cr_expect(strstr(r.err, "functions from the image's native code") != NULL, "%s", r.err);
}

/* f(::Int) was compiled while the image was written: calling it compiles nothing */
Test(sysimage, image_code_is_not_compiled_again, .timeout = 120)
{
    char args[512];
    snprintf(args, sizeof args, "-J %s --trace-compile=stderr -e 'f(1); f(2)'", image());
    run_t r = run(NULL, args);
    cr_expect_eq(r.status, 0);
    cr_expect_str_eq(r.err, "");
    /* a signature the writer never compiled still is, and traced */
    snprintf(args, sizeof args, "-J %s --trace-compile=stderr -e 'f(1.5)'", image());
    r = run(NULL, args);
    cr_expect_eq(r.status, 0);
    cr_expect(strstr(r.err, "precompile(Tuple{typeof(Main.f), Float64})") != NULL, "%s", r.err);
}

/* -J with a name relative to the current directory finds the native code beside it there */
Test(sysimage, relative_image_path_finds_its_native_code, .timeout = 120)
{
    const char *ji = image();
    const char *slash = strrchr(ji, '/');
    char env[300], args[512];
    snprintf(env, sizeof env, "cd '%.*s' &&", (int)(slash - ji), ji);
    snprintf(args, sizeof args, "-J %s --trace-compile=stderr -e 'f(1); f(2)'", slash + 1);
    run_t r = run(env, args);
    cr_expect_eq(r.status, 0);
    cr_expect_str_eq(r.err, ""); /* no warning about the native code, nothing compiled */
}

/* the default image: println and friends run from sys.so, LLVM is never loaded */
Test(sysimage, default_image_runs_without_compiling, .timeout = 120)
{
    run_t r = run(NULL, "--trace-compile=stderr -e 'println(1); println(sum([1.5, 2.5]) > 0); "
                        "println(string(2, \"x\")); println(ccall(:jl_codegen_loaded, Cint, ()) == 0)'");
    cr_expect_eq(r.status, 0);
    cr_expect_str_eq(r.out, "1\ntrue\n2x\ntrue\n");
    cr_expect_str_eq(r.err, "");
}

/* the standard libraries are in the default image: `using` binds the loaded modules, and their common
   calls (precompile.jl's warm-up) run from sys.so without compiling or loading LLVM */
Test(sysimage, default_image_holds_the_stdlibs, .timeout = 120)
{
    run_t r = run(NULL, "--trace-compile=stderr -e 'using LinearAlgebra, Statistics, Random, Printf, Dates; "
                        "println(tr(rand(3, 3)) > 0); A = rand(3, 3); println(size(A * A)); "
                        "println(mean([1.0, 2.0, 4.0])); @printf(\"%.2f\\n\", 1.5); println(Date(2020, 1, 31)); "
                        "println(ccall(:jl_codegen_loaded, Cint, ()) == 0)'");
    cr_expect_eq(r.status, 0);
    cr_expect_str_eq(r.out, "true\n(3, 3)\n2.3333333333333335\n1.50\n2020-01-31\ntrue\n");
    cr_expect_str_eq(r.err, "");
}

/* ... but Main sees them only after `using`/`import`, as in Julia */
Test(sysimage, default_image_stdlibs_need_using, .timeout = 120)
{
    run_t r = run(NULL, "-e 'println(isdefined(Main, :LinearAlgebra), isdefined(Main, :tr), isdefined(Main, :mean), "
                        "isdefined(Main, :Dates), isdefined(Main, Symbol(\"@printf\"))); "
                        "try tr(rand(2, 2)) catch e; println(e isa UndefVarError) end; "
                        "import Statistics; println(isdefined(Main, :mean), Statistics.mean([1, 3])); "
                        "using LinearAlgebra; println(tr([1 2; 3 4]))'");
    cr_expect_eq(r.status, 0);
    cr_expect_str_eq(r.out, "falsefalsefalsefalsefalse\ntrue\nfalse2.0\n5\n");
}

Test(sysimage, native_code_can_be_ignored, .timeout = 120)
{
    char args[512];
    snprintf(args, sizeof args, "-J %s --sysimage-native-code=no --trace-compile=stderr --trace-startup=stderr "
             "-e 'println(f(x))'", image());
    run_t r = run(NULL, args);
    cr_expect_eq(r.status, 0);
    cr_expect_str_eq(r.out, "42\n");
    cr_expect(strstr(r.err, "native code not used") != NULL, "%s", r.err);
    cr_expect(strstr(r.err, "precompile(Tuple{typeof(Main.f), Int64})") != NULL, "recompiled: %s", r.err);
}

/* a bad or foreign .so is reported and ignored: the data still loads and code compiles again */
Test(sysimage, bad_native_code_is_ignored, .timeout = 180)
{
    char ji[64], so[64], cmd[512], args[512];
    snprintf(ji, sizeof ji, "/tmp/julep-si-nat-%d.ji", (int)getpid());
    so_of(ji, so, sizeof so);
    copy_file(image(), ji, -1, -1);
    FILE *f = fopen(so, "w");
    fputs("not a shared object", f);
    fclose(f);
    snprintf(args, sizeof args, "-J %s -e 'println(f(x))'", ji);
    run_t r = run(NULL, args);
    cr_expect_eq(r.status, 0);
    cr_expect_str_eq(r.out, "42\n");
    cr_expect(strstr(r.err, "julep: warning: native code ") != NULL && strstr(r.err, "ignored") != NULL, "%s", r.err);
    /* the code of another image: its table does not belong to this data file */
    char other[64];
    snprintf(other, sizeof other, "/tmp/julep-si-nat2-%d.ji", (int)getpid());
    snprintf(args, sizeof args, "--output-ji %s -e 'h(x) = x * 2; h(3)'", other);
    r = run(NULL, args);
    cr_assert_eq(r.status, 0, "%s", r.err);
    snprintf(cmd, sizeof cmd, "cp %.*s.so %s", (int)(strlen(other) - 3), other, so);
    cr_assert_eq(system(cmd), 0);
    snprintf(args, sizeof args, "-J %s -e 'println(f(x))'", ji);
    r = run(NULL, args);
    cr_expect_eq(r.status, 0);
    cr_expect_str_eq(r.out, "42\n");
    cr_expect(strstr(r.err, "ignored: written with another data file") != NULL, "%s", r.err);
    /* without its .so the image is a data-only one, silently */
    unlink(so);
    r = run(NULL, args);
    cr_expect_str_eq(r.out, "42\n");
    cr_expect_str_eq(r.err, "");
    unlink(ji);
    unlink(other);
    snprintf(cmd, sizeof cmd, "rm -f %.*s.so", (int)(strlen(other) - 3), other);
    cr_expect_eq(system(cmd), 0);
}

/* Two images written from the same program behave the same: hash-ordered containers built by the
   writer iterate alike, hashes agree, and neither compiles anything for what the writer ran; so does
   the second one relocated. */
Test(sysimage, images_built_twice_behave_identically, .timeout = 300)
{
    static const char *prog =
        "const D = Dict(Symbol(\"k\", i) => i for i in 1:20); const S = Set(string.(1:15)); "
        "const T = Dict{Any,Int}(Int => 1, Float64 => 2, Vector{Int} => 3, (1, :a) => 4, 2.5 => 5); "
        "show_all() = (println(collect(keys(D))); println(collect(S)); println(collect(keys(T))); "
        "println(collect(values(T))); println(hash(:k3), \" \", hash(\"x\"), \" \", objectid(:k3), \" \", hash(Vector{Int}))); show_all()";
    char ji[2][64], args[2048];
    run_t out[3];
    for (int i = 0; i < 2; i++) {
        snprintf(ji[i], sizeof ji[i], "/tmp/julep-si-twice%d-%d.ji", i, (int)getpid());
        snprintf(args, sizeof args, "--output-ji %s -e '%s'", ji[i], prog);
        run_t w = run(NULL, args);
        cr_assert_eq(w.status, 0, "%s", w.err);
    }
    for (int i = 0; i < 3; i++) {
        snprintf(args, sizeof args, "-J %s --trace-compile=stderr -e 'show_all()'", ji[i == 0 ? 0 : 1]);
        out[i] = run(i == 2 ? "JULEP_IMAGE_RELOCATE=1" : NULL, args);
        cr_expect_eq(out[i].status, 0, "%s", out[i].err);
        cr_expect_str_eq(out[i].err, "", "nothing compiled");
        cr_expect(strlen(out[i].out) > 100, "%s", out[i].out);
    }
    cr_expect_str_eq(out[0].out, out[1].out);
    cr_expect_str_eq(out[1].out, out[2].out);
    char so[64];
    for (int i = 0; i < 2; i++) {
        unlink(so_of(ji[i], so, sizeof so));
        unlink(ji[i]);
    }
}

/* ---------------------------------------------------------------- --output-o, --output-bc */

/* --output-o: one relocatable object with the data and the native code; `cc -shared` links it into
   an image that -J loads by the .so alone, at its preferred address or relocated, compiling nothing */
Test(sysimage, output_o_links_into_a_whole_image, .timeout = 300)
{
    char o[64], so[64], cmd[512], args[1024];
    snprintf(o, sizeof o, "/tmp/julep-si-obj-%d.o", (int)getpid());
    snprintf(so, sizeof so, "/tmp/julep-si-obj-%d.so", (int)getpid());
    snprintf(args, sizeof args, "--output-o %s --output-incremental=no -e 'g(x) = 2x + 1; h(v) = sum(g, v); "
             "const k = Dict(:a => 7); println(h([1, 2, 3]), \" \", k[:a])'", o);
    run_t r = run(NULL, args);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_expect_str_eq(r.out, "15 7\n");
    cr_expect_str_eq(r.err, "");
    snprintf(cmd, sizeof cmd, "readelf -h %s | grep -q 'REL (Relocatable file)'", o);
    cr_expect_eq(system(cmd), 0, "%s is a relocatable object", o);
    snprintf(cmd, sizeof cmd, "cc -shared -o %s %s", so, o);
    cr_assert_eq(system(cmd), 0, "linking %s", o);
    const char *envs[2] = {NULL, "JULEP_IMAGE_RELOCATE=1"};
    for (int i = 0; i < 2; i++) {
        snprintf(args, sizeof args, "-J %s --trace-compile=stderr --trace-startup=stderr "
                 "-e 'println(h([1, 2, 3]), \" \", k[:a])'", so);
        r = run(envs[i], args);
        cr_expect_eq(r.status, 0, "%s", r.err);
        cr_expect_str_eq(r.out, "15 7\n");
        cr_expect(strstr(r.err, "precompile(") == NULL, "nothing compiled (%s): %s", envs[i] ? envs[i] : "", r.err);
        cr_expect(strstr(r.err, "mapped from the system image") != NULL, "%s", r.err);
        cr_expect(strstr(r.err, "functions from the image's native code") != NULL, "%s", r.err);
    }
    /* a truncated one, and a shared object without image data (named so that -J takes it as the data:
       `x.so` alone names the data file `x.ji` beside it) */
    char other[64];
    snprintf(other, sizeof other, "/tmp/julep-si-obj-%d.img", (int)getpid());
    copy_file(so, other, 1000000, -1);
    expect_invalid(other, "not a julep system image (a shared object without image data)");
    snprintf(cmd, sizeof cmd, "cc -shared -o %s -x c /dev/null", other);
    cr_assert_eq(system(cmd), 0);
    expect_invalid(other, "not a julep system image (a shared object without image data)");
    unlink(o);
    unlink(so);
}

/* --output-bc / --output-unopt-bc: the image's code as LLVM bitcode, after and before optimization */
Test(sysimage, output_bc_is_readable_bitcode, .timeout = 300)
{
    char bc[64], ubc[64], cmd[512], args[1024], ll[64];
    snprintf(bc, sizeof bc, "/tmp/julep-si-bc-%d.bc", (int)getpid());
    snprintf(ubc, sizeof ubc, "/tmp/julep-si-ubc-%d.bc", (int)getpid());
    snprintf(ll, sizeof ll, "/tmp/julep-si-ll-%d", (int)getpid());
    snprintf(args, sizeof args, "--output-bc %s --output-unopt-bc %s -e 'sq_plus(x) = x * x + 1; sq_plus(3)'",
             bc, ubc);
    run_t r = run(NULL, args);
    cr_assert_eq(r.status, 0, "%s", r.err);
    const char *files[2] = {bc, ubc};
    for (int i = 0; i < 2; i++) {
        snprintf(cmd, sizeof cmd, "llvm-dis-19 -o %s %s && grep -q '^define .*@julia_sq_plus_[0-9]*(i64' %s",
                 ll, files[i], ll);
        cr_expect_eq(system(cmd), 0, "llvm-dis-19 reads %s and finds sq_plus", files[i]);
    }
    /* the optimized code has the image's table and its functions' stack frames promoted to registers */
    snprintf(cmd, sizeof cmd, "llvm-dis-19 -o - %s | grep -q '@julep_sysimg = '", bc);
    cr_expect_eq(system(cmd), 0, "the optimized bitcode holds the table");
    snprintf(cmd, sizeof cmd, "test $(llvm-dis-19 -o - %s | grep -c ' alloca ') -lt $(llvm-dis-19 -o - %s | grep -c ' alloca ')",
             bc, ubc);
    cr_expect_eq(system(cmd), 0, "fewer allocas after optimization");
    unlink(bc);
    unlink(ubc);
    unlink(ll);
}

/* An application's own image (docs/sysimage.md, "Custom images"): written by running the app once;
   running the app again over it redefines its functions identically and compiles nothing. */
static const char *APP =
    "fib(n) = n < 2 ? n : fib(n - 1) + fib(n - 2)\n"
    "struct Pt\n    x::Float64\n    y::Float64\nend\n"
    "norm2(p::Pt) = p.x^2 + p.y^2\n"
    "function main()\n"
    "    println(fib(20))\n"
    "    s = 0.0\n"
    "    for i in 1:3\n        s += norm2(Pt(i, 2i))\n    end\n"
    "    println(s)\n"
    "    d = Dict(\"a\" => 1)\n    d[\"b\"] = 2\n    println(length(d), \" \", d[\"a\"] + d[\"b\"])\n"
    "end\n"
    "main()\n";

Test(sysimage, custom_image_of_an_app_compiles_nothing, .timeout = 300)
{
    char app[64], ji[64], args[512];
    snprintf(app, sizeof app, "/tmp/julep-si-app-%d.jl", (int)getpid());
    snprintf(ji, sizeof ji, "/tmp/julep-si-app-%d.ji", (int)getpid());
    FILE *f = fopen(app, "w");
    fputs(APP, f);
    fclose(f);
    const char *want = "6765\n70.0\n2 3\n";
    snprintf(args, sizeof args, "--output-ji %s %s", ji, app);
    run_t r = run(NULL, args);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_expect_str_eq(r.out, want);
    /* without the image the app compiles its functions at run time */
    snprintf(args, sizeof args, "--trace-compile=stderr %s", app);
    r = run(NULL, args);
    cr_expect(strstr(r.err, "precompile(Tuple{typeof(Main.main)})") != NULL, "%s", r.err);
    snprintf(args, sizeof args, "-J %s --trace-compile=stderr %s", ji, app);
    r = run(NULL, args);
    cr_expect_eq(r.status, 0);
    cr_expect_str_eq(r.out, want);
    cr_expect_str_eq(r.err, "");
    /* a changed definition replaces the image's method and compiles again */
    snprintf(args, sizeof args, "-J %s --trace-compile=stderr -e 'fib(n) = n; println(fib(20))'", ji);
    r = run(NULL, args);
    cr_expect_str_eq(r.out, "20\n");
    cr_expect(strstr(r.err, "precompile(Tuple{typeof(Main.fib), Int64})") != NULL, "%s", r.err);
    char so[300], cmd[400];
    snprintf(cmd, sizeof cmd, "rm -f %s %s %s", app, ji, so_of(ji, so, sizeof so));
    cr_expect_eq(system(cmd), 0);
}
