# background_llvm.jl -- the code generator loads on a background thread at the first compilation and
# loop-free methods are interpreted meanwhile (codegen/compile.c): results, output and exit status of
# programs that end before, during and after that load are those of compiled code.
using Test

const JULEP = ccall(:jl_exe_path, Any, ())::String
# a child julep running `code` as a script: (its merged stdout and stderr, its exit status)
function run_script(code::String, env::String = "")
    mktempdir() do dir
        prog = joinpath(dir, "p.jl")
        out = joinpath(dir, "out.txt")
        write(prog, code)
        cmd = string(env, " '", JULEP, "' '", prog, "' > '", out, "' 2>&1")
        st = ccall(:system, Cint, (Ptr{UInt8},), cmd)
        replace(read(out, String), prog => "p.jl"), Int(st) >> 8
    end
end

const FIB = "fib(n) = n < 2 ? n : fib(n - 1) + fib(n - 2)\n"

@testset "programs that end while LLVM loads" begin
    @test run_script(FIB * "println(fib(20))") == ("6765\n", 0)
    @test run_script(FIB * "print(fib(15)); exit(3)") == ("610", 3)
    o, st = run_script("h(x) = x > 2 ? error(\"bad \$x\") : h(x + 1)\nprintln(\"a\")\nh(1)")
    @test st == 1
    @test startswith(o, "a\nERROR: LoadError: bad 3\nStacktrace:")
    @test occursin("h(x::Int64) (repeats 3 times)\n   @ Main p.jl:1", o)
    # more than a buffer of output, written by interpreted and compiled calls, arrives whole and in order
    o, st = run_script("g(i) = i + 1\nfor i in 1:30000; println(g(i)); end\nprintln(stderr, \"end\")")
    lines = split(o, '\n')
    @test st == 0 && length(lines) == 30002 && lines[1] == "2" && lines[30000] == "30001" && lines[30001] == "end"
end

@testset "the same results with LLVM loaded first" begin
    code = FIB * "sq(x) = x * x\nprintln(fib(22), \" \", sq(1.5), \" \", sum(sq, 1:10))"
    @test run_script(code) == ("17711 2.25 385\n", 0)
    @test run_script(code, "JULEP_BACKGROUND_LLVM=0") == ("17711 2.25 385\n", 0)
end

# main is interpreted while LLVM loads; the first method it must compile (kernel: a loop) takes main
# and what main inlined into the same batch, so the calls main makes afterwards are compiled already
const MAIN_SCRIPT = """
function kernel(n)
    s = 0
    for i in 1:n
        s += i
    end
    (s, n)
end
function main(n)
    r = kernel(n)
    r == (55, 10) || error("wrong")
    println("sum(1:\$n) = \$(r[1])")
end
main(10)
"""

@testset "a running main's later calls are compiled with the first batch" begin
    o, st = run_script(MAIN_SCRIPT, "JULEP_COMPILE_TIMES=1")
    @test st == 0
    @test startswith(o, "sum(1:10) = 55\n")
    m = match(r"compile: (\d+) batches \((\d+) in two halves\), (\d+) functions", o)
    @test m !== nothing && m[1] == "1" && parse(Int, m[3]) >= 3
    @test run_script(MAIN_SCRIPT, "JULEP_BACKGROUND_LLVM=0") == ("sum(1:10) = 55\n", 0)
end

@testset "@allocated and @elapsed measure compiled code" begin
    # the first call may run in the interpreter; the measurement compiles it first, as Julia would have
    o, st = run_script("add(a, b) = a + b\nmeasure() = (add(1, 2); @allocated add(3, 4))\nprintln(measure())")
    @test (o, st) == ("0\n", 0)
    o, st = run_script("add(a, b) = a + b\nadd(1, 2)\nt() = @elapsed add(3, 4)\nprintln(t() < 0.001)")
    @test (o, st) == ("true\n", 0)
end

@testset "--trace-compile sees every compiled signature" begin
    o, st = run_script(FIB * "println(fib(10))", "")
    @test o == "55\n"
    mktempdir() do dir
        prog = joinpath(dir, "t.jl")
        write(prog, FIB * "println(fib(10))")
        trace = joinpath(dir, "trace.txt")
        @test ccall(:system, Cint, (Ptr{UInt8},), string("'", JULEP, "' --trace-compile='", trace, "' '", prog, "' > /dev/null")) == 0
        @test read(trace, String) == "precompile(Tuple{typeof(Main.fib), Int64})\n"
    end
end

# LLVM's fatal errors (here an option naming an unknown pass) end the program with LLVM's message and
# status 1 after the output it wrote, instead of aborting or waiting on the JIT's lock in exit handlers
@testset "an LLVM fatal error ends the program cleanly" begin
    code = "println(\"before\")\nf(x) = x + 1\nprintln(f(1))"
    for env in ("JULEP_BACKGROUND_LLVM=0", "JULEP_BACKGROUND_LLVM=0 JULEP_COMPILE_TIMES=1")
        o, st = run_script(code, env * " JULEP_LLVM_ARGS=-stop-after=no-such-pass")
        @test st == 1
        @test o == "before\nLLVM ERROR: \"no-such-pass\" pass is not registered.\n"
    end
end
