# compile.jl -- code compiled on the first call of a signature (codegen/): results equal the
# interpreter's, type-unstable code through dynamic dispatch, exceptions through compiled frames,
# redefinition reaching compiled callers, precompile statements.
using Test

fib(n) = n < 2 ? n : fib(n - 1) + fib(n - 2)
function sumsq(n)
    s = 0.0
    for i in 1:n
        s += 1.0 / (i * i)
    end
    s
end
pick(c) = c ? 1 : "one"
describe(x::Int) = "int $x"
describe(x::String) = "string $x"
unstable(c) = describe(pick(c))
checked(x) = x < 0 ? throw(ArgumentError("negative: $x")) : 2x
function guarded(x)
    try
        checked(x)
    catch e
        -1
    end
end
mutable struct Counter
    n::Int
end
function bump!(c::Counter, k)
    for _ in 1:k
        c.n += 1
    end
    c.n
end
function total(v::Vector{Int})
    s = 0
    for x in v
        s += x
    end
    s
end

@testset "compiled code" begin
    @test fib(20) == 6765
    @test fib(25) == 75025
    @test sumsq(1000) == sum(1.0 / (i * i) for i in 1:1000)
    @test unstable(true) == "int 1"
    @test unstable(false) == "string one"
    @test checked(3) == 6
    @test_throws ArgumentError checked(-1)
    @test guarded(4) == 8
    @test guarded(-4) == -1
    @test bump!(Counter(1), 5) == 6
    @test total([1, 2, 3, 4]) == 10
    @test_throws BoundsError [1, 2, 3][4]
    @test div(7, 2) == 3
    @test_throws DivideError div(1, 0)
end

lvl() = 1
uses_lvl() = lvl() + 10
@testset "redefinition reaches compiled callers" begin
    @test uses_lvl() == 11
    @eval lvl() = 2
    @test uses_lvl() == 12
end

@testset "precompile statements" begin
    s = ccall(:jl_precompile_statement, Ptr{UInt8}, (Any,), Tuple{typeof(fib), Int})
    @test unsafe_string(s) == "precompile(Tuple{typeof(Main.fib), Int64})"
    s2 = ccall(:jl_precompile_statement, Ptr{UInt8}, (Any,), Tuple{typeof(total), Vector{Int}})
    @test unsafe_string(s2) == "precompile(Tuple{typeof(Main.total), Array{Int64, 1}})"
end

# ---- loops over small isbits Unions, branch refinement, pass-through of types, backtraces
function range_sum(n)
    s = 0.0
    for j in 1:3, k in 1:n
        s += 1.0 / (k * k)
    end
    s
end
function first_big(v, lim)
    found = nothing
    for x in v
        if x > lim
            found = x
            break
        end
    end
    found === nothing ? -1 : found * 10
end
function mixed(n)
    acc = 0.0
    for i in 1:n
        x = i % 3 == 0 ? nothing : i % 3 == 1 ? i : Float64(i)
        if x isa Int
            acc += 2x
        elseif x === nothing
            acc -= 1
        else
            acc += x / 2
        end
    end
    acc
end
boxes(n) = [i % 2 == 0 ? nothing : i for i in 1:n]
wrap8(x) = x % UInt8
pass_type(T, x) = T(x) + one(T)
divmod128(a::UInt128, b::UInt128) = (div(a, b), rem(a, b))
@noinline inner_get(v, i) = v[i]
outer_get(v, i) = inner_get(v, i) + 1
function looped_get(v, n)
    s = 0
    for i in 1:n
        s += v[i]   # looped_get's access
    end
    s
end
function guarded_get(v, i)
    try
        v[i]
    catch
        rethrow()
    end
end
@noinline check_small(x) = x > 5 ? error("too big: $x") : x
@inline doubled(x) = check_small(x) * 2
function sum_doubled(n, last)
    t = 0
    for i in 1:n
        t += doubled(i)         # a call inlined from doubled
    end
    t + check_small(last)       # the method's own call, after the inlined ones
end
trace_of(f) = try
    f()
    ""
catch
    sprint(Base.show_backtrace, catch_backtrace())
end

@testset "unions, refinement and types in compiled code" begin
    @test range_sum(100) ≈ 3 * sum(1.0 / (k * k) for k in 1:100)
    @test first_big([1, 5, 9, 12], 8) == 90
    @test first_big([1, 2], 8) == -1
    @test mixed(10) == sum(i % 3 == 0 ? -1.0 : i % 3 == 1 ? 2.0i : i / 2 for i in 1:10)
    @test boxes(4) == Any[1, nothing, 3, nothing]
    @test wrap8(0x1234) === 0x34
    @test wrap8(-1) === 0xff
    @test pass_type(Float64, 2) === 3.0
    @test pass_type(Int8, 5) === Int8(6)
    q, r = divmod128(UInt128(10)^30, UInt128(7))
    @test q * 7 + r == UInt128(10)^30 && r == 1
    @test_throws DivideError divmod128(UInt128(1), UInt128(0))
end

@testset "backtraces through compiled frames" begin
    file = basename(@__FILE__)
    t1 = trace_of(() -> looped_get([1, 2, 3], 5))
    @test occursin("getindex", t1)
    @test occursin("looped_get(v::Vector{Int64}, n::Int64)", t1)
    line = findfirst(l -> occursin("# looped_get's access", l), readlines(@__FILE__))
    @test occursin("$file:$line", t1)
    t2 = trace_of(() -> outer_get([1, 2, 3], 7))
    @test occursin("inner_get(v::Vector{Int64}, i::Int64)", t2)
    @test occursin("outer_get(v::Vector{Int64}, i::Int64)", t2)
    @test first(findfirst("inner_get", t2)) < first(findfirst("outer_get", t2))
    @test looped_get([1, 2, 3], 3) == 6   # the frames were unlinked: normal calls still work
    @test trace_of(() -> outer_get([1, 2, 3], 1)) == ""
    t3 = trace_of(() -> guarded_get([1], 2))   # compiled try around inlined code that throws
    @test occursin("guarded_get(v::Vector{Int64}, i::Int64)", t3) && occursin("getindex", t3)
    # a call from a scope inlined into the method shows that scope between the callee and the method
    t4 = trace_of(() -> sum_doubled(7, 0))
    @test occursin("check_small(x::Int64)", t4) && occursin("doubled(x::Int64)", t4)
    @test first(findfirst("doubled(x", t4)) < first(findfirst("sum_doubled(n", t4))
    # a later call of the method's own does not show the scope the earlier calls came from
    t5 = trace_of(() -> sum_doubled(3, 9))
    @test occursin("check_small(x::Int64)", t5) && occursin("sum_doubled(n::Int64, last::Int64)", t5)
    @test !occursin("doubled(x::Int64)", t5)
    @test sum_doubled(3, 4) == 16
end

# small self-recursive functions are unrolled into themselves (codegen/llvm_emit.c, recursion copies)
using InteractiveUtils: code_llvm
ack(m, n) = m == 0 ? n + 1 : n == 0 ? ack(m - 1, 1) : ack(m - 1, ack(m, n - 1))
halves(x::Float64) = x < 1.0 ? x : halves(x / 2) + 1.0
countdown(n) = n == 0 ? error("bottom") : countdown(n - 1) + 1
@testset "self-recursion unrolled" begin
    fibs = [0, 1]
    for k in 3:26
        push!(fibs, fibs[end] + fibs[end - 1])
    end
    @test [fib(n) for n in 0:25] == fibs
    @test ack(2, 3) == 9 && ack(3, 3) == 61
    @test halves(1024.0) == 11.5 && halves(0.5) == 0.5
    ir = sprint(io -> code_llvm(io, fib, (Int,); debuginfo=:none))
    @test count("call i64 @julia_fib_", ir) > 2      # fib's body holds its own body's calls
    @test !occursin(r"call i64 @julia_fib_\d+\.rec", ir)   # the copies were inlined away
    t = trace_of(() -> countdown(4))                 # frames of a recursion that throws stay visible
    @test occursin("countdown(n::Int64) (repeats 5 times)", t)
end

# inlining decisions: @inline/@noinline on definitions (CodeInfo.inlining, as Julia), and error paths
# (calls that only throw) do not count toward the cost of inlining a callee
using InteractiveUtils: code_typed, code_llvm
@noinline never_inlined(x) = x + 1
@noinline function never_inlined_where(x::T) where {T}
    x * 2
end
@inline function always_inlined(x)
    s = 0
    for k in 1:x, j in 1:x, i in 1:x    # three loops cost well above the threshold
        s += k * j * i
    end
    s
end
const inline_short = @inline y -> y - 1
use_noinline(x) = never_inlined(x) + never_inlined_where(x)
use_inline(x) = always_inlined(x) + inline_short(x)
@noinline fails_with(x) = throw(ArgumentError(string("bad value ", x)))
function many_checks(x::Int)
    x == -1 && fails_with(-1)
    x == -2 && fails_with(-2)
    x == -3 && fails_with(-3)
    x == -4 && fails_with(-4)
    x == -5 && fails_with(-5)
    x == -6 && fails_with(-6)
    x + 1
end
use_checks(x) = many_checks(x) * 2
typed_stmts(f, types) = sprint(show, code_typed(f, types)[1].first)
msg_of(f) = try f(); "" catch e; sprint(showerror, e) end
asserted_string(x) = x::String
asserted_int(x) = x::Int
@testset "inlining decisions" begin
    @test use_noinline(3) == 10 && use_inline(2) == 28 && use_checks(1) == 4
    @test msg_of(() -> use_checks(-4)) == "ArgumentError: bad value -4"
    t = typed_stmts(use_noinline, (Int,))
    @test occursin("invoke Main.never_inlined(", t) && occursin("invoke Main.never_inlined_where(", t)
    t = typed_stmts(use_inline, (Int,))
    @test !occursin("invoke Main.always_inlined(", t) && !occursin("invoke", t)
    @test !occursin("many_checks", typed_stmts(use_checks, (Int,)))
    @test occursin("invoke Main.fails_with(", typed_stmts(use_checks, (Int,)))
    # @inline/@noinline without a definition change nothing
    @test (@noinline use_checks(2)) == 6 && (@inline never_inlined(1)) == 2
    # typeassert of a concrete type in compiled code: a type-tag test, the TypeError from the builtin
    @test asserted_string("s") == "s" && asserted_int(4) == 4
    @test msg_of(() -> asserted_string(1)) == "TypeError: in typeassert, expected String, got a value of type Int64"
    @test msg_of(() -> asserted_int(Any["s"][1])) == "TypeError: in typeassert, expected Int64, got a value of type String"
    ir = sprint(io -> code_llvm(io, asserted_string, (Any,); debuginfo=:none))
    @test occursin(r"\(ptr returned %0\)", ir)    # the value returned is the argument, not the builtin's result
end

# A callee that already has native code stays a call where it runs once (outside loops), unless the
# caller may itself be inlined somewhere (small enough, not @noinline): then it is inlined as before.
function mixer(x::Int)               # cheap enough to inline, but not tiny
    s = x * 3 + 1
    s = xor(s, s >> 3)
    s = s * 5 + 7
    s = xor(s, s >> 5)
    s = s * 7 + 3
    s = xor(s, s >> 7)
    s = s * 11 + 9
    xor(s, s >> 11)
end
@noinline function mixes_once(n::Int)
    y = mixer(n)                     # runs once: stays a call of the compiled mixer
    z = 0
    for i in 1:n
        z += mixer(i)                # runs n times: inlined
    end
    y + z
end
mixes_small(n::Int) = mixer(n) + 1   # may be inlined into a caller's loop: mixer inlined
count_invokes(f, types, name) = count("invoke Main.$name(", typed_stmts(f, types))
@testset "compiled callees outside loops stay calls" begin
    @test precompile(mixer, (Int,))
    @test mixes_once(3) == mixer(3) + mixer(1) + mixer(2) + mixer(3)
    @test mixes_small(4) == mixer(4) + 1
    @test count_invokes(mixes_once, (Int,), "mixer") == 1
    @test count_invokes(mixes_small, (Int,), "mixer") == 0
end
