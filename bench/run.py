#!/usr/bin/python3
"""run.py -- julep's benchmark harness: every benchmark in four implementations (julep, C built with gcc
and clang, LuaJIT, CPython), side by side in one run, outputs compared, results as Markdown, CSV and an
SVG chart.

    bench/run.py [--quick] [--out DIR] [--runs N] [--warmup N] [--only a,b] [--timeout S]

Method (see bench/README.md): whole processes, implementations interleaved round by round
(A B C D A B C D ...), a warm-up round first, the median of the measured rounds quoted; max RSS of each
process from os.wait4's rusage; in-process kernel times (BENCHTIME lines on stderr, each already the best
of 5 trials after a warm-up trial) reported separately. A julep failure is a table cell
("FAIL: <first error line>"), never a harness crash. Exit status 1 when the C/LuaJIT/Python
implementations fail or disagree, or when julep fails a benchmark listed in bench/julep-ready.txt.

Only the Python standard library is used; gnuplot (optional) draws the chart.
"""
import argparse
import csv
import datetime
import hashlib
import os
import platform
import select
import shutil
import signal
import statistics
import subprocess
import sys
import threading

BENCH_DIR = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(BENCH_DIR)
PYTHON = "/usr/bin/python3"  # Debian's interpreter, never a wrapper earlier on PATH
LUAJIT = shutil.which("luajit") or "/usr/bin/luajit"
CLANG = os.environ.get("BENCH_CLANG", "clang-19")
GCC = os.environ.get("BENCH_GCC", "gcc")
OPENBLAS_INC = "/usr/include/x86_64-linux-gnu/openblas-pthread"
LAUNCH = os.path.join(ROOT, "build", "bench", "launch")

IMPLS = ["julep", "gcc", "clang", "luajit", "python"]  # the table's column order
JULEP_TIMEOUT_FACTOR = 100
LABEL = {"julep": "julep", "gcc": "C gcc", "clang": "C clang", "luajit": "LuaJIT", "python": "Python"}
REFERENCE_ORDER = ["gcc", "clang", "luajit", "python"]  # whose output the others must reproduce
RUN_ORDER = REFERENCE_ORDER + ["julep"]  # within a round julep runs last, so its timeout can follow C's


class Bench:
    """One benchmark: a program per implementation (bench/<lang>/<name>.<ext>) run with args."""

    def __init__(self, name, group, full, quick, size, what):
        self.name, self.group, self.full, self.quick = name, group, full, quick
        self.size = size  # args -> text for the size column
        self.what = what

    def args(self, quick):
        return [str(a) for a in (self.quick if quick else self.full)]


def _reps(fmt):
    """size text: the kernel size, then "×reps" when each trial calls the kernel more than once"""
    return lambda a: fmt.format(*a) + (f" ×{a[1]}" if len(a) > 1 and int(a[1]) > 1 else "")


def _size(fmt):
    return lambda a: fmt.format(*a)


# Full sizes: the faster C takes roughly 0.5-2 s per process on this machine (2 cores); fannkuch's n
# moves in steps of 12x (10: 0.25 s, 11: 3 s) and stays at 10. Micro-benchmarks
# take (kernel size, reps): each of the 6 in-process trials calls the kernel reps times.
BENCHES = [
    Bench("fib", "micro", (30, 50), (20, 1), _reps("fib({})"), "recursive Fibonacci"),
    Bench("parse_integers", "micro", (1000, 1000), (1000, 1), _reps("{} ints"), "hex string round trip"),
    Bench("mandel", "micro", (10, 1000), (10, 1), _reps("grid 1/{}"), "complex grid, comprehension"),
    Bench("quicksort", "micro", (5000, 250), (1000, 1), _reps("{} floats"), "quicksort of random floats"),
    Bench("pi_sum", "micro", (10000, 5), (100, 1), _reps("500×{}"), "double loop, sum 1/k^2"),
    Bench("randmatstat", "micro", (1000, 5), (100, 1), _reps("t={}"), "random 5x5 block matrix statistics"),
    Bench("matmul", "micro", (1000, 1), (100, 1), _reps("{0}×{0}"), "matrix multiply (BLAS)"),
    Bench("print_to_file", "micro", (100000, 5), (10000, 1), _reps("{} lines"), "formatted lines to /dev/null"),
    Bench("nbody", "game", (10000000,), (1000,), _size("{} steps"), "n-body, 5 bodies"),
    Bench("spectralnorm", "game", (3000,), (100,), _size("n={}"), "spectral norm"),
    Bench("fannkuch", "game", (10,), (7,), _size("n={}"), "fannkuch-redux"),
    Bench("binarytrees", "game", (17,), (8,), _size("depth {}"), "binary trees (allocation, GC)"),
    Bench("mandelbrot", "game", (3000,), (200,), _size("{0}×{0}"), "mandelbrot, PBM bit output"),
    Bench("fasta", "game", (2500000,), (1000,), _size("n={}"), "fasta"),
    Bench("gc_binarytrees", "gc", (16,), (8,), _size("depth {}"), "GC statistics on binary trees"),
]
COSTS = ["startup", "first_result", "compile_throughput"]
ALL_NAMES = [b.name for b in BENCHES] + COSTS
GC_STATS = [  # (BENCHSTAT name, row label, unit, higher is better)
    ("alloc_rate_MBps", "gc: allocation rate", "MB/s", True),
    ("gc_time_percent", "gc: time in the collector", "%", False),
    ("full_gc_ms", "gc: one full collection, tree live", "ms", False),
]


# ------------------------------------------------------------------------------------------ processes

class Sample:
    """One process run: wall seconds, max RSS (KB), exit status, stdout digest and head, stderr."""

    def __init__(self):
        self.wall = 0.0
        self.rss_kb = 0
        self.status = 0
        self.timed_out = False
        self.out_hash = None
        self.out_head = b""
        self.out_len = 0
        self.err = ""
        self.benchtime = None
        self.stats = {}

    def ok(self):
        return self.status == 0 and not self.timed_out


def _drain(stream, sink):
    while True:
        chunk = stream.read(1 << 16)
        if not chunk:
            break
        sink(chunk)
    stream.close()


def run_process(cmd, env, timeout):
    """Runs cmd under the launcher (bench/tools/launch.c: wall time and max RSS from wait4), hashing its
    stdout; returns a Sample. On timeout the whole process group is killed."""
    s = Sample()
    digest = hashlib.sha256()
    head = bytearray()
    err = bytearray()

    def take_out(chunk):
        digest.update(chunk)
        s.out_len += len(chunk)
        if len(head) < 65536:
            head.extend(chunk[:65536 - len(head)])

    def take_err(chunk):
        if len(err) < 1 << 20:
            err.extend(chunk)

    rfd, wfd = os.pipe()
    try:
        p = subprocess.Popen([LAUNCH, str(wfd)] + cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, env=env, cwd=ROOT, pass_fds=(wfd,), start_new_session=True)
    except OSError as e:
        os.close(rfd)
        os.close(wfd)
        s.status, s.err = 127, f"cannot run {LAUNCH}: {e.strerror}"
        return s
    os.close(wfd)
    readers = [threading.Thread(target=_drain, args=(p.stdout, take_out)),
               threading.Thread(target=_drain, args=(p.stderr, take_err))]
    for r in readers:
        r.start()
    pidfd = os.pidfd_open(p.pid)
    try:
        ready, _, _ = select.select([pidfd], [], [], timeout)
        if not ready:  # the launcher is not reaped yet, so its process group id is still ours
            s.timed_out = True
            os.killpg(p.pid, signal.SIGKILL)
        _, status, _ = os.wait4(p.pid, 0)
    finally:
        os.close(pidfd)
    p.returncode = os.waitstatus_to_exitcode(status)
    with os.fdopen(rfd, "rb") as f:
        report = f.read().split()
    for r in readers:
        r.join()
    if len(report) == 3:  # "<wall ns> <maxrss KB> <wait status>" from the launcher
        s.wall, s.rss_kb = int(report[0]) * 1e-9, int(report[1])
        s.status = os.waitstatus_to_exitcode(int(report[2]))
    else:
        s.status = p.returncode or 1
    s.out_hash, s.out_head = digest.hexdigest(), bytes(head)
    s.err = err.decode("utf-8", "replace")
    for line in s.err.splitlines():
        f = line.split()
        try:
            if len(f) == 2 and f[0] == "BENCHTIME":
                s.benchtime = float(f[1])
            elif len(f) == 3 and f[0] == "BENCHSTAT":
                s.stats[f[1]] = float(f[2])
        except ValueError:
            pass
    return s


def run_steps(steps, env, timeout):
    """Runs a sequence of commands (e.g. compile, then run) as one measurement: times add up, RSS is the
    largest, the output is the last step's; the first failing step ends it."""
    total = None
    for cmd in steps:
        s = run_process(cmd, env, timeout)
        if total is None:
            total = s
        else:
            s.wall += total.wall
            s.rss_kb = max(s.rss_kb, total.rss_kb)
        total = s
        if not s.ok():
            break
    return total


def first_error_line(s):
    if s.timed_out:
        return "timeout"
    lines = [l.strip() for l in s.err.splitlines()
             if l.strip() and not l.startswith(("BENCHTIME", "BENCHSTAT"))]
    for l in lines:
        if l.startswith("ERROR") or "Error" in l or "error:" in l:
            return l
    if lines:
        return lines[0]
    if s.status < 0:
        return f"killed by signal {-s.status}"
    return f"exit status {s.status}"


def first_difference(a, b):
    la, lb = a.splitlines(), b.splitlines()
    for i, (x, y) in enumerate(zip(la, lb)):
        if x != y:
            return f"line {i + 1}: {x[:60]!r} vs {y[:60]!r}"
    return f"{len(la)} vs {len(lb)} lines (of the first 64 KB)"


# ------------------------------------------------------------------------------------------ the suite

class Cell:
    """The outcome of one benchmark in one implementation."""

    def __init__(self):
        self.samples = []
        self.fail = None  # reason text when failed
        self.na = None  # reason text when not applicable
        self.disabled = False  # no more rounds (failed, or slow and measured once)

    def measured(self, warmup):
        return self.samples[warmup:] if len(self.samples) > warmup else self.samples

    def ok(self):
        return self.fail is None and self.na is None and bool(self.samples)


class Suite:
    def __init__(self, opts):
        self.o = opts
        self.quick = opts.quick
        self.env = dict(os.environ, OPENBLAS_NUM_THREADS="1", LC_ALL="C")
        self.build = os.path.join(ROOT, "build", "bench")
        self.julep = opts.julep
        self.julep_skip = None  # failure text for every julep cell when the quick probe timed out
        self.errors = []  # harness-level failures (reference implementations)
        self.results = {}  # name -> {impl: Cell}
        self.log = sys.stderr

    def say(self, msg):
        print(msg, file=self.log, flush=True)

    # -- building the C programs and generated sources
    def compile_c(self):
        failed = []
        src = os.path.join(BENCH_DIR, "tools", "launch.c")
        os.makedirs(self.build, exist_ok=True)
        if not os.path.exists(LAUNCH) or os.path.getmtime(LAUNCH) < os.path.getmtime(src):
            for static in (["-static"], []):  # static keeps the RSS floor low; dynamic if libc.a is missing
                r = subprocess.run([GCC, "-O2"] + static + [src, "-o", LAUNCH], capture_output=True, text=True)
                if r.returncode == 0:
                    break
            else:
                sys.exit("bench: cannot build the launcher: " + r.stderr.strip()[:300])
        for cc_impl, cc in (("gcc", GCC), ("clang", CLANG)):
            out = os.path.join(self.build, cc_impl)
            os.makedirs(out, exist_ok=True)
            stamp = os.path.join(out, ".flags")  # rebuild everything when the compile command changes
            flags = f"{cc} -O2 -I{OPENBLAS_INC} -Wl,--as-needed [-lopenblas] -lm\n"
            if not os.path.exists(stamp) or open(stamp).read() != flags:
                for f in os.listdir(out):
                    os.remove(os.path.join(out, f))
                with open(stamp, "w") as f:
                    f.write(flags)
            for src in sorted(os.listdir(os.path.join(BENCH_DIR, "c"))):
                if not src.endswith(".c") or src == "first_result.c":
                    continue
                path = os.path.join(BENCH_DIR, "c", src)
                exe = os.path.join(out, src[:-2])
                deps = [path, os.path.join(BENCH_DIR, "c", "bench.h")]
                if os.path.exists(exe) and all(os.path.getmtime(exe) >= os.path.getmtime(d) for d in deps):
                    continue
                blas = ["-lopenblas"] if "<cblas.h>" in open(path).read() else []
                cmd = [cc, "-O2", "-I" + OPENBLAS_INC, path, "-o", exe, "-Wl,--as-needed"] + blas + ["-lm"]
                r = subprocess.run(cmd, capture_output=True, text=True)
                if r.returncode != 0:
                    failed.append(f"{cc} {src}: {(r.stderr.strip().splitlines() or ['?'])[0]}")
        for f in failed:
            self.errors.append("C build failed: " + f)

    def impl_available(self, impl):
        if impl == "julep":
            return None if os.access(self.julep, os.X_OK) else f"julep not built ({self.julep})"
        tool = {"gcc": GCC, "clang": CLANG, "luajit": LUAJIT, "python": PYTHON}[impl]
        return None if shutil.which(tool) else f"{tool} not installed (make bench-deps)"

    def program_cmd(self, impl, name, args):
        """The command running bench/<lang>/<name> or None when that implementation does not exist."""
        if impl == "julep":
            src = os.path.join(BENCH_DIR, "julia", name + ".jl")
            return [self.julep, src] + args if os.path.exists(src) else None
        if impl in ("gcc", "clang"):
            if not os.path.exists(os.path.join(BENCH_DIR, "c", name + ".c")):
                return None
            return [os.path.join(self.build, impl, name)] + args
        if impl == "luajit":
            src = os.path.join(BENCH_DIR, "lua", name + ".lua")
            return [LUAJIT, src] + args if os.path.exists(src) else None
        src = os.path.join(BENCH_DIR, "python", name + ".py")
        return [PYTHON, src] + args if os.path.exists(src) else None

    # -- measuring
    def measure(self, name, steps_for, rounds, warmup, timeout):
        """Runs each implementation's steps `rounds` times, interleaved; returns {impl: Cell}."""
        cells = {}
        for impl in IMPLS:
            c = cells[impl] = Cell()
            reason = self.impl_available(impl)
            if impl == "julep" and reason is None and self.julep_skip:
                c.fail, c.disabled = self.julep_skip, True
                c.steps = None
                continue
            steps = steps_for(impl) if reason is None else None
            if reason is None and steps is None:
                reason = "no implementation"
            if reason:
                c.na, c.disabled = reason, True
                if impl != "julep" and reason != "no implementation":
                    self.errors.append(f"{name}: {LABEL[impl]}: {reason}")
            c.steps = steps
        slow = self.o.slow
        for rnd in range(rounds):
            for impl in RUN_ORDER:
                c = cells[impl]
                if c.disabled:
                    continue
                s = run_steps(c.steps, self.env, self.julep_timeout(cells) if impl == "julep" else timeout)
                c.samples.append(s)
                if not s.ok():
                    c.fail, c.disabled = first_error_line(s), True
                elif rnd == 0 and warmup > 0 and s.wall > slow:
                    c.disabled = True  # too slow to repeat: its one run is quoted
            self.say(f"  {name} round {rnd + 1}/{rounds}: " + "  ".join(
                f"{impl}={cells[impl].samples[-1].wall:.3f}s" for impl in RUN_ORDER
                if cells[impl].samples and len(cells[impl].samples) == rnd + 1))
        self.check_outputs(name, cells)
        return cells

    def julep_timeout(self, cells):
        """Quick runs: a fixed allowance (julep loads Base from source). Full runs: JULEP_TIMEOUT_FACTOR times
        the faster C process, at least 60 s, at most --timeout, so that a julep far slower than its targets
        shows up as a timeout without costing the full run an hour."""
        if self.quick:
            return self.o.julep_timeout
        c = [s.wall for i in ("gcc", "clang") for s in cells[i].samples if s.ok()]
        if not c:
            return self.o.timeout
        return min(self.o.timeout, max(60.0, JULEP_TIMEOUT_FACTOR * min(c)))

    def check_outputs(self, name, cells):
        ref_impl = next((i for i in REFERENCE_ORDER if cells[i].ok()), None)
        for impl in IMPLS:
            c = cells[impl]
            if not c.ok():
                if impl != "julep" and c.fail is not None:
                    self.errors.append(f"{name}: {LABEL[impl]} failed: {c.fail}")
                continue
            first = c.samples[0]
            if any(s.out_hash != first.out_hash for s in c.samples):
                c.fail = "output differs between runs"
            elif ref_impl and impl != ref_impl and first.out_hash != cells[ref_impl].samples[0].out_hash:
                ref = cells[ref_impl].samples[0]
                c.fail = "wrong output: " + first_difference(ref.out_head.decode("latin-1"),
                                                             first.out_head.decode("latin-1"))
            if c.fail and impl != "julep":
                self.errors.append(f"{name}: {LABEL[impl]}: {c.fail} (reference: {LABEL.get(ref_impl, '?')})")

    def probe_julep(self):
        """Quick mode: when julep cannot even run -e 'println(1)' within the probe's time, every julep
        cell would time out too; say so once instead of waiting for each."""
        if self.impl_available("julep") is not None:
            return
        s = run_process([self.julep, "-e", "println(1)"], self.env, self.o.probe_timeout)
        if s.timed_out:
            self.julep_skip = f"timeout (julep -e 'println(1)' took over {self.o.probe_timeout:g} s)"
            self.say("bench: " + self.julep_skip + "; julep is not run")

    def run(self):
        o = self.o
        self.compile_c()
        if self.quick:
            self.probe_julep()
        warmup = o.warmup
        rounds = warmup + o.runs
        for b in BENCHES:
            if o.only and b.name not in o.only:
                continue
            self.say(f"{b.name} ({b.size(b.args(self.quick))})")
            args = b.args(self.quick)
            def steps(impl, name=b.name, args=args):
                cmd = self.program_cmd(impl, name, args)
                return [cmd] if cmd else None
            self.results[b.name] = self.measure(b.name, steps, rounds, warmup, o.timeout)
        if not o.only or "startup" in o.only:
            self.say("startup")
            self.results["startup"] = self.measure("startup", self.startup_steps, warmup + o.startup_runs,
                                                   warmup, o.timeout)
        if not o.only or "first_result" in o.only:
            self.say("first_result")
            self.results["first_result"] = self.measure("first_result", self.first_result_steps, rounds,
                                                        warmup, o.timeout)
        if not o.only or "compile_throughput" in o.only:
            self.say("compile_throughput")
            self.results["compile_throughput"] = self.measure(
                "compile_throughput", self.throughput_steps, rounds, warmup, o.timeout)

    def startup_steps(self, impl):
        if impl == "julep":
            return [[self.julep, "-e", "println(1)"]]
        if impl in ("gcc", "clang"):
            return [[os.path.join(self.build, impl, "hello")]]
        if impl == "luajit":
            return [[LUAJIT, "-e", "print(1)"]]
        return [[PYTHON, "-c", "print(1)"]]

    def first_result_steps(self, impl):
        if impl in ("gcc", "clang"):
            exe = os.path.join(self.build, impl, "first_result")
            cc = GCC if impl == "gcc" else CLANG
            return [[cc, "-O2", os.path.join(BENCH_DIR, "c", "first_result.c"), "-o", exe], [exe]]
        cmd = self.program_cmd(impl, "first_result", [])
        return [cmd] if cmd else None

    # -- compile throughput: a generated script of many small functions, each called once
    def throughput_n(self):
        return 200 if self.quick else 2000

    def throughput_steps(self, impl):
        n = self.throughput_n()
        gen = os.path.join(self.build, "gen")
        os.makedirs(gen, exist_ok=True)
        if impl in ("gcc", "clang"):
            src = os.path.join(gen, f"functions_{n}.c")
            write_if_changed(src, generate_functions("c", n))
            exe = os.path.join(gen, f"functions_{impl}")
            cc = GCC if impl == "gcc" else CLANG
            return [[cc, "-O2", src, "-o", exe], [exe]]
        ext = {"julep": "jl", "luajit": "lua", "python": "py"}[impl]
        src = os.path.join(gen, f"functions_{n}.{ext}")
        write_if_changed(src, generate_functions(ext, n))
        if impl == "julep":
            # every function compiled at its first call: none interpreted while LLVM loads
            return [["env", "JULEP_BACKGROUND_LLVM=0", self.julep, src]]
        return [[{"luajit": LUAJIT, "python": PYTHON}[impl], src]]


def write_if_changed(path, text):
    if not os.path.exists(path) or open(path).read() != text:
        with open(path, "w") as f:
            f.write(text)


def generate_functions(lang, n):
    """n small functions f_k(x) (a multiply, a branch, an integer division), then each called once with
    x = k and the results summed. Same arithmetic in every language (all values positive)."""
    out = []
    if lang == "jl":
        out.append(f"# generated by bench/run.py: {n} small functions, each called once")
        for k in range(1, n + 1):
            out.append(f"function f_{k}(x)\n    y = x * {k} + {k % 7}\n"
                       f"    if y % 3 == 0\n        return y ÷ 3\n    end\n    return y - x\nend")
        out.append("total = 0")
        out += [f"total += f_{k}({k})" for k in range(1, n + 1)]
        out.append("println(total)")
    elif lang == "py":
        out.append(f"# generated by bench/run.py: {n} small functions, each called once")
        for k in range(1, n + 1):
            out.append(f"def f_{k}(x):\n    y = x * {k} + {k % 7}\n"
                       f"    if y % 3 == 0:\n        return y // 3\n    return y - x\n")
        out.append("total = 0")
        out += [f"total += f_{k}({k})" for k in range(1, n + 1)]
        out.append("print(total)")
    elif lang == "lua":
        out.append(f"-- generated by bench/run.py: {n} small functions, each called once")
        for k in range(1, n + 1):
            out.append(f"function f_{k}(x)\n  local y = x * {k} + {k % 7}\n"
                       f"  if y % 3 == 0 then return y / 3 end\n  return y - x\nend")
        out.append("total = 0")
        out += [f"total = total + f_{k}({k})" for k in range(1, n + 1)]
        out.append('print(string.format("%d", total))')
    else:
        out.append(f"/* generated by bench/run.py: {n} small functions, each called once */")
        out.append("#include <stdio.h>")
        for k in range(1, n + 1):
            out.append(f"long f_{k}(long x);\nlong f_{k}(long x)\n{{\n    long y = x * {k} + {k % 7};\n"
                       f"    if (y % 3 == 0)\n        return y / 3;\n    return y - x;\n}}")
        out.append("int main(void)\n{\n    long total = 0;")
        out += [f"    total += f_{k}({k});" for k in range(1, n + 1)]
        out.append('    printf("%ld\\n", total);\n    return 0;\n}')
    return "\n".join(out) + "\n"


# ------------------------------------------------------------------------------------------ reporting

def median(xs):
    return statistics.median(xs) if xs else None


def fmt_num(x, digits=3):
    if x is None:
        return "n/a"
    if x == 0:
        return "0"
    if abs(x) >= 100:
        return f"{x:.0f}"
    return f"{x:.{digits}g}"


def fmt_seconds(x):
    if x is None:
        return "n/a"
    if x >= 1:
        return f"{x:.2f} s"
    if x >= 1e-3:
        return f"{x * 1e3:.3g} ms"
    return f"{x * 1e6:.3g} µs"


def md_escape(text):
    return text.replace("|", "\\|").replace("\n", " ")[:90]


class Row:
    """One table row: a value per implementation (or a failure text) and how to compare them."""

    def __init__(self, name, label, size, unit, higher_better=False):
        self.name, self.label, self.size, self.unit = name, label, size, unit
        self.higher_better = higher_better
        self.values = {}  # impl -> float
        self.text = {}  # impl -> text for cells without a value
        self.runs = {}
        self.multi = True  # several rounds were asked for: mark cells measured once

    def ratio(self, ref_impls):
        j = self.values.get("julep")
        refs = [self.values[i] for i in ref_impls if self.values.get(i)]
        if not j or not refs:
            return None
        best = max(refs) if self.higher_better else min(refs)
        return best / j if self.higher_better else j / best

    def cell(self, impl, fmt):
        if impl in self.values:
            v = fmt(self.values[impl])
            return v + ("¹" if self.runs.get(impl) == 1 and self.multi else "")
        return self.text.get(impl, "n/a")


def build_rows(suite):
    warmup = suite.o.warmup
    whole, kernel, costs, rss = [], [], [], []
    for b in BENCHES:
        cells = suite.results.get(b.name)
        if cells is None:
            continue
        size = b.size(b.args(suite.quick))
        if b.group == "gc":
            for stat, label, unit, hb in GC_STATS:
                r = Row(b.name, f"{label} ({size})", size, unit, hb)
                for impl, c in cells.items():
                    vals = [s.stats[stat] for s in c.measured(warmup) if stat in s.stats]
                    if c.ok() and vals:
                        r.values[impl], r.runs[impl] = median(vals), len(vals)
                    else:
                        r.text[impl] = cell_text(c, impl)
                costs.append(r)
            continue
        w = Row(b.name, b.name, size, "s")
        m = Row(b.name, b.name, size, "MB")
        k = Row(b.name, b.name, size, "s") if b.group == "micro" else None
        for impl, c in cells.items():
            ms = c.measured(warmup)
            if c.ok():
                w.values[impl], w.runs[impl] = median([s.wall for s in ms]), len(ms)
                m.values[impl], m.runs[impl] = median([s.rss_kb / 1024 for s in ms]), len(ms)
                bt = [s.benchtime for s in ms if s.benchtime is not None]
                if k is not None and bt:
                    k.values[impl], k.runs[impl] = median(bt), len(bt)
                elif k is not None:
                    k.text[impl] = "no BENCHTIME"
            else:
                for r in (w, m, k):
                    if r is not None:
                        r.text[impl] = cell_text(c, impl)
        whole.append(w)
        rss.append(m)
        if k is not None:
            kernel.append(k)
    gc_rows, costs = costs, []
    st = suite.results.get("startup")
    start = {}
    if st:
        t = Row("startup", "startup: -e 'println(1)' wall time", "", "ms")
        m = Row("startup", "startup: max RSS", "", "MB")
        fill(t, st, warmup, lambda ms: median([s.wall * 1e3 for s in ms]))
        fill(m, st, warmup, lambda ms: median([s.rss_kb / 1024 for s in ms]))
        costs += [t, m]
        start = {impl: v / 1e3 for impl, v in t.values.items()}
    fr = suite.results.get("first_result")
    if fr:
        r = Row("first_result", "first result: fib(20) script (C: compile -O2 + run)", "", "ms")
        fill(r, fr, warmup, lambda ms: median([s.wall * 1e3 for s in ms]))
        costs.append(r)
    ct = suite.results.get("compile_throughput")
    if ct:
        n = suite.throughput_n()
        r = Row("compile_throughput", f"compile throughput: {n} small functions (C: compile -O2 + run)",
                f"{n} functions", "functions/s", True)
        # functions per second: the script's time less that runtime's startup time
        fill(r, ct, warmup, lambda ms: median([s.wall for s in ms]))
        for impl in list(r.values):
            t = r.values[impl] - start.get(impl, 0.0)
            if t > 0:
                r.values[impl] = n / t
            else:
                del r.values[impl]
                r.text[impl] = "n/a"
        costs.append(r)
    costs += gc_rows
    return whole, kernel, costs, rss


def fill(row, cells, warmup, agg):
    for impl, c in cells.items():
        if c.ok():
            v = agg(c.measured(warmup))
            if v is not None:
                row.values[impl], row.runs[impl] = v, len(c.measured(warmup))
        else:
            row.text[impl] = cell_text(c, impl)


def cell_text(c, impl):
    if c.na is not None:
        return "n/a"
    if c.fail is not None:
        return "FAIL: " + md_escape(c.fail)
    return "n/a"


def table(rows, fmt, with_size=True):
    for r in rows:
        r.multi = MULTI_ROUNDS
    head = ["benchmark"] + (["size"] if with_size else []) + [LABEL[i] for i in IMPLS] + \
        ["julep/C", "julep/LuaJIT"]
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for r in rows:
        rc, rl = r.ratio(["gcc", "clang"]), r.ratio(["luajit"])
        cols = [r.label] + ([r.size] if with_size else []) + [r.cell(i, fmt) for i in IMPLS] + \
            [f"{rc:.2f}" if rc else "", f"{rl:.2f}" if rl else ""]
        out.append("| " + " | ".join(cols) + " |")
    return "\n".join(out)


def machine_info():
    cpu = "?"
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next(l.split(":", 1)[1].strip() for l in f if l.startswith("model name"))
    except (OSError, StopIteration):
        pass
    return cpu, os.cpu_count()


def tool_version(cmd):
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=10)
        return ((r.stdout or r.stderr).strip().splitlines() or ["?"])[0]
    except (OSError, subprocess.TimeoutExpired):
        return "not installed"


def git_rev():
    try:
        r = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
        return r.stdout.strip() or "?"
    except OSError:
        return "?"


MULTI_ROUNDS = True


def write_reports(suite, outdir, load_before):
    global MULTI_ROUNDS
    os.makedirs(outdir, exist_ok=True)
    MULTI_ROUNDS = suite.o.runs + suite.o.warmup > 1
    whole, kernel, costs, rss = build_rows(suite)
    o = suite.o
    cpu, ncpu = machine_info()
    load_after = os.getloadavg()
    mode = "QUICK (small sizes for CI: outputs are checked, times are not meaningful)" if suite.quick \
        else "full"
    md = [f"# julep benchmarks ({'quick' if suite.quick else 'full'} run)", "",
          f"- mode: **{mode}**",
          f"- date: {datetime.datetime.now().strftime('%Y-%m-%d %H:%M')}, julep commit {git_rev()}",
          f"- machine: {cpu}, {ncpu} cores, {platform.system()} {platform.release()}; "
          f"load average {load_before[0]:.2f} before, {load_after[0]:.2f} after",
          f"- tools: {tool_version([GCC, '--version'])}; {tool_version([CLANG, '--version'])}; "
          f"{tool_version([LUAJIT, '-v'])}; {tool_version([PYTHON, '--version'])} ({PYTHON})",
          f"- method: {o.warmup} warm-up round(s) then {o.runs} measured round(s), implementations "
          f"interleaved, median quoted; ¹ = slower than {o.slow:g} s, measured once; "
          f"timeout {o.timeout:g} s (julep: " + (f"{o.julep_timeout:g} s" if suite.quick else
                                                  f"{JULEP_TIMEOUT_FACTOR}× the faster C, 60 s at least") +
          "); OPENBLAS_NUM_THREADS=1",
          "- ratios: julep / the faster of C gcc and C clang, julep / LuaJIT (above 1 = julep slower; "
          "for rates such as functions/s the inverse, so above 1 is still worse)", ""]
    md += ["## Whole-process wall time", "", table(whole, fmt_seconds), ""]
    md += ["## In-process kernel time (micro-benchmarks)", "",
           "Time of one kernel call: the best of 5 trials inside the process after a first, warm-up "
           "(compiling) trial; median over the measured processes.", "", table(kernel, fmt_seconds), ""]
    md += ["## Runtime costs", "", table(costs, fmt_num), "",
           "Units: startup ms and MB; first result ms; compile throughput functions per second (script "
           "time minus that runtime's startup); GC rows MB/s, percent, ms. C has no GC (malloc/free).", ""]
    md += ["## Max RSS per benchmark (MB)", "", table(rss, lambda v: f"{v:.1f}"), ""]
    fails = [(name, impl, c.fail) for name, cells in suite.results.items() for impl, c in cells.items()
             if c.fail]
    if fails:
        md += ["## Failures", ""] + [f"- {name} / {LABEL[impl]}: {md_escape(f)}" for name, impl, f in fails]
        md.append("")
    md += ["![ratios](ratios.svg)", ""]
    with open(os.path.join(outdir, "latest.md"), "w") as f:
        f.write("\n".join(md))
    if os.path.abspath(outdir) == os.path.join(BENCH_DIR, "results"):
        summary = md[:md.index("## Runtime costs")] + ["## Runtime costs", "", table(costs, fmt_num), ""]
        update_readme("\n".join(["<!-- results:begin (written by bench/run.py) -->"] + summary[1:] +
                                 ["Full tables (max RSS, failures): [results/latest.md](results/latest.md), "
                                  "CSV: [results/latest.csv](results/latest.csv), chart: "
                                  "[results/ratios.svg](results/ratios.svg).",
                                  "<!-- results:end -->"]))
    with open(os.path.join(outdir, "latest.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["mode", "table", "benchmark", "label", "size", "impl", "value", "unit", "runs", "status"])
        for tname, rows in (("whole", whole), ("kernel", kernel), ("costs", costs), ("rss", rss)):
            for r in rows:
                for impl in IMPLS:
                    if impl in r.values:
                        w.writerow(["quick" if suite.quick else "full", tname, r.name, r.label, r.size, impl,
                                    f"{r.values[impl]:.6g}", r.unit, r.runs.get(impl, ""), "ok"])
                    else:
                        w.writerow(["quick" if suite.quick else "full", tname, r.name, r.label, r.size, impl,
                                    "", r.unit, "", r.text.get(impl, "n/a")])
    chart(outdir, whole, kernel, costs)


def update_readme(section):
    """Replaces the results section (between its markers) of bench/README.md and of the project README
    with the new tables; the project README's links point into bench/."""
    section = section.replace("\n## ", "\n### ")
    for path, links in ((os.path.join(BENCH_DIR, "README.md"), section),
                        (os.path.join(ROOT, "README.md"), section.replace("](results/", "](bench/results/"))):
        if not os.path.exists(path):
            continue
        text = open(path).read()
        b, e = text.find("<!-- results:begin"), text.find("<!-- results:end -->")
        if b < 0 or e < 0:
            continue
        with open(path, "w") as f:
            f.write(text[:b] + links + text[e + len("<!-- results:end -->"):])


def chart(outdir, whole, kernel, costs):
    """ratios.svg: time of julep, LuaJIT and Python relative to the faster C, log scale."""
    rows = [(f"{r.name} (kernel)", r) for r in kernel]
    rows += [(r.name, r) for r in whole if r.name not in {k.name for k in kernel}]
    rows += [(r.name, r) for r in costs if r.name in ("startup", "first_result") and r.unit == "ms"]
    data = os.path.join(outdir, "ratios.dat")
    with open(data, "w") as f:
        f.write("# benchmark julep/C LuaJIT/C Python/C (time ratios; ? = no result)\n")
        for label, r in rows:
            c = min([r.values[i] for i in ("gcc", "clang") if r.values.get(i)], default=None)
            vals = []
            for impl in ("julep", "luajit", "python"):
                v = r.values.get(impl)
                vals.append(f"{v / c:.4g}" if v and c else "?")
            f.write(f'"{label}" ' + " ".join(vals) + "\n")
    gp = shutil.which("gnuplot")
    if not gp:
        print("bench: gnuplot not installed, no chart (make bench-deps)", file=sys.stderr)
        return
    have_julep = any(r.values.get("julep") for _, r in rows)
    note = "" if have_julep else " - julep: no results yet"
    script = f"""set terminal svg size 1100,520 dynamic noenhanced font 'sans,11' background '#ffffff'
set output '{os.path.join(outdir, 'ratios.svg')}'
set title 'time relative to the faster of gcc -O2 / clang -O2 (log scale, lower is better){note}'
set datafile missing '?'
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set logscale y
set grid ytics
set key top left
set xtics rotate by -40 nomirror
set ylabel 'ratio to C'
plot '{data}' using 2:xtic(1) title 'julep' lc rgb '#9558b2', \\
     '' using 3 title 'LuaJIT' lc rgb '#00007f', \\
     '' using 4 title 'Python' lc rgb '#f2c300', \\
     1 notitle with lines lc rgb '#cc0000' dt 2
"""
    r = subprocess.run([gp], input=script, capture_output=True, text=True)
    if r.returncode != 0:
        print("bench: gnuplot failed: " + r.stderr.strip()[:300], file=sys.stderr)


# ------------------------------------------------------------------------------------------ main

def read_ready():
    path = os.path.join(BENCH_DIR, "julep-ready.txt")
    names = []
    if os.path.exists(path):
        for line in open(path):
            line = line.split("#", 1)[0].strip()
            if line:
                names.append(line)
    return names


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="small sizes, one run each (CI)")
    ap.add_argument("--out", help="result directory (default bench/results; --quick: build/bench/quick; "
                    "--only: build/bench/partial)")
    ap.add_argument("--runs", type=int, help="measured rounds (default 5, quick 1)")
    ap.add_argument("--warmup", type=int, help="warm-up rounds (default 1, quick 0)")
    ap.add_argument("--startup-runs", type=int, help="measured startup rounds (default 20, quick 3)")
    ap.add_argument("--only", help="comma-separated benchmark names: " + ",".join(ALL_NAMES))
    ap.add_argument("--timeout", type=float, help="seconds per process (default 300, quick 30)")
    ap.add_argument("--slow", type=float, default=10.0, help="a warm-up slower than this is not repeated")
    ap.add_argument("--julep", default=os.environ.get("JULEP", os.path.join(ROOT, "build/release/usr/bin/julep")))
    o = ap.parse_args()
    o.runs = o.runs if o.runs is not None else (1 if o.quick else 5)
    o.warmup = o.warmup if o.warmup is not None else (0 if o.quick else 1)
    o.startup_runs = o.startup_runs if o.startup_runs is not None else (3 if o.quick else 20)
    o.timeout = o.timeout if o.timeout is not None else (20.0 if o.quick else 300.0)
    # julep loads Base from source until it has a system image: give it room in quick runs
    o.julep_timeout = max(o.timeout, 60.0) if o.quick else o.timeout
    o.probe_timeout = min(o.julep_timeout, 30.0)
    o.julep = os.path.abspath(o.julep)
    o.only = set(o.only.split(",")) if o.only else None
    if o.only and o.only - set(ALL_NAMES):
        ap.error("unknown benchmark(s): " + ", ".join(sorted(o.only - set(ALL_NAMES))))
    # only a complete full run replaces the committed bench/results by default
    outdir = o.out or (os.path.join(ROOT, "build", "bench", "quick") if o.quick
                       else os.path.join(ROOT, "build", "bench", "partial") if o.only
                       else os.path.join(BENCH_DIR, "results"))
    load_before = os.getloadavg()
    if not o.quick and load_before[0] > 1.0:
        print(f"bench: warning: load average {load_before[0]:.2f}; times from a busy machine are not "
              "comparable", file=sys.stderr)
    suite = Suite(o)
    suite.run()
    write_reports(suite, outdir, load_before)

    ready = read_ready()
    unknown = [n for n in ready if n not in ALL_NAMES]
    passed, failed = 0, 0
    for e in suite.errors:
        print("bench: ERROR: " + e, file=sys.stderr)
    for name in ALL_NAMES:
        cells = suite.results.get(name)
        if cells is None:
            continue
        refs_ok = not any(e.startswith(name + ":") for e in suite.errors)
        passed, failed = (passed + 1, failed) if refs_ok else (passed, failed + 1)
        if name in ready:
            c = cells["julep"]
            if c.ok():
                passed += 1
            else:
                failed += 1
                why = c.fail or c.na or "no result"
                print(f"bench: ERROR: {name}: julep-ready.txt lists it, but julep fails: {why}", file=sys.stderr)
    for n in unknown:
        print(f"bench: ERROR: julep-ready.txt names an unknown benchmark: {n}", file=sys.stderr)
        failed += 1
    julep_ok = sorted(n for n, cells in suite.results.items() if cells["julep"].ok())
    print(f"bench: results in {os.path.relpath(outdir, ROOT)}/latest.md")
    print(f"bench: julep passes {len(julep_ok)} of {len(suite.results)} benchmarks"
          + (f" ({', '.join(julep_ok)})" if julep_ok else "")
          + f"; {len(ready)} listed in bench/julep-ready.txt")
    newly = [n for n in julep_ok if n not in ready]
    if newly:
        print("bench: julep now passes (consider adding to bench/julep-ready.txt): " + ", ".join(newly))
    print(f"bench: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
