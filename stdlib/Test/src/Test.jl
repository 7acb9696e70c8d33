# Test.jl -- the Test stdlib: @test (with `broken=`/`skip=` and keyword arguments such as `atol` for
# `≈`), @test_throws (a type or an exception value), @test_broken, @test_skip, @test_logs, @test_warn,
# @test_nowarn, @inferred (inference's return type), nested @testset (a `let` scope; `for` loops;
# interpolated names), failure reports in Julia 1.10's format (`name: Test Failed at file:line`,
# `Expression:`, `Evaluated:`, `Error During Test`), the summary table (`Test Summary: | Pass  Total
# Time`), and TestSetException ("Some tests did not pass") from a failing top-level test set, so a
# script exits with status 1.
module Test

export @test, @test_throws, @test_broken, @test_skip, @testset, @inferred, @test_logs, @test_warn,
    @test_nowarn, Pass, Fail, Error, Broken, TestSetException, detect_ambiguities

abstract type Result end
struct Pass <: Result
    test_type::Symbol
    orig_expr
    data
    value
end
struct Fail <: Result
    test_type::Symbol
    orig_expr::String
    data
    value
    source::LineNumberNode
end
struct Error <: Result
    test_type::Symbol
    orig_expr
    value
    backtrace
    source::LineNumberNode
end
struct Broken <: Result
    test_type::Symbol
    orig_expr
end

# ---- process-wide totals (read by test/runtests.jl)
const TOTALS = [0, 0, 0, 0]   # pass, fail, error, broken
totals() = (TOTALS[1], TOTALS[2], TOTALS[3], TOTALS[4])

mutable struct DefaultTestSet
    description::String
    results::Vector{Any}
    n_passed::Int
    anynonpass::Bool
    time_start::Float64
    time_end::Float64
end
DefaultTestSet(desc::AbstractString) = DefaultTestSet(String(desc), Any[], 0, false, time(), 0.0)

struct TestSetException <: Exception
    pass::Int
    fail::Int
    error::Int
    broken::Int
    errors_and_fails::Vector{Any}
end
function Base.showerror(io::IO, ex::TestSetException)
    print(io, "Some tests did not pass: ")
    print(io, ex.pass, " passed, ", ex.fail, " failed, ", ex.error, " errored, ", ex.broken, " broken.")
end
# as in Julia, the summary is the whole message: no backtrace after it
Base.showerror(io::IO, ex::TestSetException, bt; backtrace=true) = showerror(io, ex)

const TESTSET_STACK = Any[]
get_testset() = isempty(TESTSET_STACK) ? nothing : TESTSET_STACK[end]
get_testset_depth() = length(TESTSET_STACK)

_src_string(src::LineNumberNode) = string(src.file === nothing ? "none" : String(src.file), ":", src.line)

function Base.show(io::IO, t::Fail)
    print(io, "Test Failed at ", _src_string(t.source), "\n")
    print(io, "  Expression: ", t.orig_expr)
    if t.test_type === :test_throws_wrong
        print(io, "\n    Expected: ", t.data)
        print(io, "\n      Thrown: ", t.data isa Type ? typeof(t.value) : t.value)
    elseif t.test_type === :test_throws_nothing
        print(io, "\n    Expected: ", t.data)
        print(io, "\n  No exception thrown")
    elseif t.test_type === :test
        t.data === nothing || print(io, "\n   Evaluated: ", t.data)
    end
end
function Base.show(io::IO, t::Error)
    print(io, "Error During Test at ", _src_string(t.source), "\n")
    if t.test_type === :test_nonbool
        println(io, "  Expression evaluated to non-Boolean")
        println(io, "  Expression: ", t.orig_expr)
        print(io, "       Value: ", repr(t.value))
    elseif t.test_type === :test_error
        println(io, "  Test threw exception")
        println(io, "  Expression: ", t.orig_expr)
        print(io, join(map(l -> string("  ", l), split(t.backtrace, '\n')), "\n"))
    elseif t.test_type === :nontest_error
        println(io, "  Got exception outside of a @test")
        print(io, join(map(l -> string("  ", l), split(t.backtrace, '\n')), "\n"))
    end
end
Base.show(io::IO, t::Pass) = print(io, "Test Passed")
Base.show(io::IO, t::Broken) = print(io, "Test Broken\n  Expression: ", t.orig_expr)

# ---- recording
function record(ts::Nothing, r::Pass)
    TOTALS[1] += 1
    r
end
function record(ts::Nothing, r::Union{Fail,Error})
    r isa Fail ? (TOTALS[2] += 1) : (TOTALS[3] += 1)
    println(r)
    throw(FallbackTestSetException(r isa Fail ? "There was an error during testing" : "There was an error during testing"))
end
record(ts::Nothing, r::Broken) = (TOTALS[4] += 1; r)
struct FallbackTestSetException <: Exception
    msg::String
end
Base.showerror(io::IO, ex::FallbackTestSetException) = print(io, ex.msg)
Base.showerror(io::IO, ex::FallbackTestSetException, bt; backtrace=true) = showerror(io, ex)

function record(ts::DefaultTestSet, r::Pass)
    TOTALS[1] += 1
    ts.n_passed += 1
    r
end
function record(ts::DefaultTestSet, r::Union{Fail,Error})
    r isa Fail ? (TOTALS[2] += 1) : (TOTALS[3] += 1)
    print(ts.description, ": ")
    print(r)
    println()
    push!(ts.results, r)
    ts.anynonpass = true
    r
end
record(ts::DefaultTestSet, r::Broken) = (TOTALS[4] += 1; push!(ts.results, r); r)
record(ts::DefaultTestSet, t::DefaultTestSet) = (push!(ts.results, t); t)

# ---- evaluating a @test
function _call_string(f, args)
    io = IOBuffer()
    if f isa Symbol && Base._prec(f) > 0 && length(args) == 2
        print(io, repr(args[1]), " ", f, " ", repr(args[2]))
    else
        print(io, f isa Symbol ? String(f) : string(f), "(")
        for i in 1:length(args)
            print(io, repr(args[i]))
            i < length(args) && print(io, ", ")
        end
        print(io, ")")
    end
    String(take!(io))
end
function _comparison_string(parts, names)
    io = IOBuffer()
    for i in 1:length(parts)
        i > 1 && print(io, " ")
        print(io, isodd(i) ? repr(parts[i]) : string(names[i]))
    end
    String(take!(io))
end

function _kwcall_string(f, args, kws)
    io = IOBuffer()
    print(io, f isa Symbol ? String(f) : string(f), "(")
    for i in 1:length(args)
        print(io, repr(args[i]))
        i < length(args) && print(io, ", ")
    end
    print(io, "; ")
    for i in 1:length(kws)
        print(io, kws[i].first, " = ", repr(kws[i].second))
        i < length(kws) && print(io, ", ")
    end
    print(io, ")")
    String(take!(io))
end

# returns (value, evaluated-description or nothing)
function _test_expr(ex)
    if ex isa Expr && ex.head === :call && length(ex.args) >= 2 &&
       any(a -> a isa Expr && a.head === :kw, ex.args) &&
       !any(a -> a isa Expr && (a.head === :... || a.head === :parameters), ex.args)
        f = ex.args[1]
        pos = [esc(a) for a in ex.args[2:end] if !(a isa Expr && a.head === :kw)]
        kws = [:(Pair{Symbol,Any}($(QuoteNode(a.args[1])), $(esc(a.args[2])))) for a in ex.args[2:end] if a isa Expr && a.head === :kw]
        fname = f isa Symbol ? QuoteNode(f) : QuoteNode(Symbol(string(f)))
        return quote
            local _args = Any[$(pos...)]
            local _kws = Pair{Symbol,Any}[$(kws...)]
            local _v = $(esc(f))(_args...; _kws...)
            (_v, _kwcall_string($fname, _args, _kws))
        end
    end
    if ex isa Expr && ex.head === :call && length(ex.args) >= 2 && !any(a -> a isa Expr && (a.head === :... || a.head === :parameters || a.head === :kw), ex.args)
        f = ex.args[1]
        args = [esc(a) for a in ex.args[2:end]]
        fname = f isa Symbol ? QuoteNode(f) : QuoteNode(Symbol(string(f)))
        return quote
            local _args = Any[$(args...)]
            local _v = $(esc(f))(_args...)
            (_v, _call_string($fname, _args))
        end
    elseif ex isa Expr && ex.head === :comparison
        n = length(ex.args)
        vals = [esc(ex.args[i]) for i in 1:n]
        names = Any[isodd(i) ? nothing : ex.args[i] for i in 1:n]
        return quote
            local _parts = Any[$(vals...)]
            local _ok = true
            for _i in 2:2:length(_parts)-1
                _ok = _ok && _parts[_i](_parts[_i-1], _parts[_i+1])
            end
            (_ok, _comparison_string(_parts, $(QuoteNode(names))))
        end
    end
    :(($(esc(ex)), nothing))
end

function do_test(ok_and_data, orig::String, src::LineNumberNode)
    value, data = ok_and_data
    if value === true
        r = Pass(:test, orig, data, value)
    elseif value === false
        r = Fail(:test, orig, data, value, src)
    else
        r = Error(:test_nonbool, orig, value, nothing, src)
    end
    record(get_testset(), r)
end
function do_test_error(e, bt, orig::String, src::LineNumberNode)
    msg = sprint(showerror, e)
    record(get_testset(), Error(:test_error, orig, e, msg, src))
end

macro test(ex, kws...)
    orig = sprint(Base.show_unquoted, ex)
    src = __source__
    broken = false
    skip = false
    extra = Any[]
    for kw in kws
        if kw isa Expr && kw.head === :(=) && kw.args[1] === :broken
            broken = kw.args[2]
        elseif kw isa Expr && kw.head === :(=) && kw.args[1] === :skip
            skip = kw.args[2]
        elseif kw isa Expr && kw.head === :(=)
            push!(extra, Expr(:kw, kw.args[1], kw.args[2]))   # @test a ≈ b atol=0.1
        end
    end
    if !isempty(extra)
        ex isa Expr && ex.head === :call || error("invalid test macro call: keyword arguments need a call")
        ex = Expr(:call, ex.args..., extra...)
        orig = sprint(Base.show_unquoted, ex)
    end
    if skip !== false
        return :(record(get_testset(), Broken(:skipped, $orig)))
    end
    body = _test_expr(ex)
    if broken !== false
        return quote
            local _r = try
                $body
            catch
                (false, nothing)
            end
            record(get_testset(), Broken(:test, $orig))
        end
    end
    quote
        try
            do_test($body, $orig, $(QuoteNode(src)))
        catch _e
            _e isa FallbackTestSetException && rethrow()
            do_test_error(_e, catch_backtrace(), $orig, $(QuoteNode(src)))
        end
    end
end
macro test_broken(ex, kws...)
    orig = sprint(Base.show_unquoted, ex)
    :(record(get_testset(), Broken(:test, $orig)))
end
macro test_skip(ex, kws...)
    orig = sprint(Base.show_unquoted, ex)
    :(record(get_testset(), Broken(:skipped, $orig)))
end

macro test_throws(extype, ex)
    orig = sprint(Base.show_unquoted, ex)
    src = __source__
    quote
        local _thrown = false
        local _exc = nothing
        try
            $(esc(ex))
        catch _e
            _thrown = true
            _exc = _e
        end
        do_test_throws(_thrown, _exc, $(esc(extype)), $orig, $(QuoteNode(src)))
    end
end
function do_test_throws(thrown::Bool, exc, extype, orig::String, src::LineNumberNode)
    if !thrown
        r = Fail(:test_throws_nothing, orig, extype, nothing, src)
    elseif extype isa Type ? exc isa extype :
           extype isa AbstractString ? occursin(extype, sprint(showerror, exc)) :
           extype isa Function ? extype(exc) :
           (typeof(exc) == typeof(extype) && _exc_equal(exc, extype))
        r = Pass(:test_throws, orig, nothing, exc)
    else
        r = Fail(:test_throws_wrong, orig, extype, exc, src)
    end
    record(get_testset(), r)
end
function _exc_equal(a, b)
    for i in 1:nfields(a)
        isequal(getfield(a, i), getfield(b, i)) || return false
    end
    true
end

# @inferred f(x): the call's value, after checking that its type is the one inference gives for the
# argument types (codegen/infer.c through jl_infer_return_type)
macro inferred(ex)
    _inferred(ex, :(Union{}))
end
macro inferred(allow, ex)
    _inferred(ex, allow)
end
function _inferred(ex, allow)
    if ex isa Expr && ex.head === :ref
        ex = Expr(:call, :getindex, ex.args...)
    end
    (ex isa Expr && ex.head === :call) || error("@inferred requires a call expression")
    if any(a -> a isa Expr && (a.head === :kw || a.head === :parameters), ex.args)
        return esc(ex)   # keyword calls: not checked (no keyword-aware inference entry point)
    end
    quote
        local _allow = $(esc(allow))
        local _args = ($([esc(a) for a in ex.args[2:end]]...),)
        local _f = $(esc(ex.args[1]))
        local _result = _f(_args...)
        local _inftype = _return_type(_f, Tuple{map(_typeof_arg, _args)...})
        local _rettype = _result isa Type ? Type{_result} : typeof(_result)
        _rettype <: _allow || _rettype == Base.typesplit(_inftype, _allow) ||
            error("return type ", _rettype, " does not match inferred return type ", _inftype)
        _result
    end
end
_typeof_arg(x) = x isa Type ? Type{x} : typeof(x)
_return_type(f, tt) = ccall(:jl_infer_return_type, Any, (Any, Any), f, tt)

detect_ambiguities(mods...; kwargs...) = Tuple{Method,Method}[]

# ---- logs: @test_logs (level, message)... expr; @test_warn msg expr; @test_nowarn expr
struct LogRecord
    level
    message
    _module
    group
    id
    file
    line
    kwargs
end
struct TestLogger <: Base.CoreLogging.AbstractLogger
    logs::Vector{LogRecord}
    min_level
end
Base.CoreLogging.min_enabled_level(l::TestLogger) = l.min_level
Base.CoreLogging.shouldlog(l::TestLogger, args...) = true
function Base.CoreLogging.handle_message(l::TestLogger, level, msg, _module, group, id, file, line; kwargs...)
    push!(l.logs, LogRecord(level, msg, _module, group, id, file, line, kwargs))
    nothing
end
function collect_test_logs(f; min_level = Base.CoreLogging.Info)
    logger = TestLogger(LogRecord[], min_level)
    value = Base.CoreLogging.with_logger(f, logger)
    logger.logs, value
end
const _level_syms = Dict(:debug => Base.CoreLogging.Debug, :info => Base.CoreLogging.Info,
                         :warn => Base.CoreLogging.Warn, :error => Base.CoreLogging.Error)
_level_of(x) = x isa Symbol ? _level_syms[x] : x
function _log_matches(pattern::Tuple, r::LogRecord)
    length(pattern) >= 1 && _level_of(pattern[1]) != r.level && return false
    if length(pattern) >= 2
        m = pattern[2]
        s = string(r.message)
        if m isa AbstractString
            m == s || return false
        elseif m isa Function
            m(s) || return false
        else
            occursin(m, s) || return false
        end
    end
    true
end
function _do_test_logs(f, patterns, orig::String, src::LineNumberNode; min_level = Base.CoreLogging.Info)
    logs, value = collect_test_logs(f; min_level = min_level)
    ok = length(logs) == length(patterns) && all(i -> _log_matches(patterns[i], logs[i]), 1:length(logs))
    if ok
        record(get_testset(), Pass(:test, orig, nothing, value))
    else
        desc = string(join([repr(p) for p in patterns], " "), "\n  Captured Logs: ",
                      join([string("(", r.level, ", ", repr(string(r.message)), ")") for r in logs], " "))
        record(get_testset(), Fail(:test, orig, desc, nothing, src))
    end
    value
end
macro test_logs(args...)
    isempty(args) && error("@test_logs needs an expression")
    ex = args[end]
    patterns = Any[]
    kws = Any[]
    for a in args[1:end-1]
        if a isa Expr && a.head === :(=)
            push!(kws, Expr(:kw, a.args[1], esc(a.args[2])))
        else
            push!(patterns, esc(a))
        end
    end
    orig = sprint(Base.show_unquoted, ex)
    :(_do_test_logs(() -> $(esc(ex)), Any[$(patterns...)], $orig, $(QuoteNode(__source__)); $(kws...)))
end
function _do_test_warn(f, expected, orig::String, src::LineNumberNode)
    buf = IOBuffer()
    logger = Base.CoreLogging.ConsoleLogger(buf, Base.CoreLogging.Debug)
    value = Base.CoreLogging.with_logger(f, logger)
    out = String(take!(buf))
    ok = expected === nothing ? isempty(out) :
         expected isa AbstractString ? occursin(expected, out) : occursin(expected, out)
    r = ok ? Pass(:test, orig, nothing, value) : Fail(:test, orig, repr(out), nothing, src)
    record(get_testset(), r)
    value
end
macro test_warn(msg, ex)
    orig = sprint(Base.show_unquoted, ex)
    :(_do_test_warn(() -> $(esc(ex)), $(esc(msg)), $orig, $(QuoteNode(__source__))))
end
macro test_nowarn(ex)
    orig = sprint(Base.show_unquoted, ex)
    :(_do_test_warn(() -> $(esc(ex)), nothing, $orig, $(QuoteNode(__source__))))
end

# ---- test sets
macro testset(args...)
    isempty(args) && error("No arguments to @testset")
    body = args[end]
    desc = length(args) >= 2 ? args[1] : nothing
    src = __source__
    if body isa Expr && body.head === :for
        return _testset_for(desc, body, src)
    end
    d = desc === nothing ? "test set" : desc
    quote
        local _ts = DefaultTestSet($(esc(d)))
        push!(TESTSET_STACK, _ts)
        try
            let
                $(esc(body))
            end
        catch _e
            _e isa FallbackTestSetException && rethrow()
            record(_ts, Error(:nontest_error, nothing, _e, sprint(showerror, _e), $(QuoteNode(src))))
        finally
            pop!(TESTSET_STACK)
        end
        finish(_ts)
    end
end
function _testset_for(desc, loop, src)
    itr = loop.args[1]
    body = loop.args[2]
    d = desc === nothing ? "test set" : desc
    quote
        local _results = Any[]
        for $(esc(itr.args[1])) in $(esc(itr.args[2]))
            local _ts = DefaultTestSet($(esc(d)))
            push!(TESTSET_STACK, _ts)
            try
                let
                    $(esc(body))
                end
            catch _e
                _e isa FallbackTestSetException && rethrow()
                record(_ts, Error(:nontest_error, nothing, _e, sprint(showerror, _e), $(QuoteNode(src))))
            finally
                pop!(TESTSET_STACK)
            end
            push!(_results, finish(_ts))
        end
        _results
    end
end

function get_test_counts(ts::DefaultTestSet)
    passes = ts.n_passed
    fails = 0
    errors = 0
    broken = 0
    cp = cf = ce = cb = 0
    for r in ts.results
        if r isa Fail
            fails += 1
        elseif r isa Error
            errors += 1
        elseif r isa Broken
            broken += 1
        elseif r isa DefaultTestSet
            a, b, c, d, e, f, g, h = get_test_counts(r)
            cp += a + e
            cf += b + f
            ce += c + g
            cb += d + h
        end
    end
    (passes, fails, errors, broken, cp, cf, ce, cb)
end
function format_duration(ts::DefaultTestSet)
    dur = ts.time_end - ts.time_start
    dur < 0.0 && (dur = 0.0)
    if dur < 60
        string(Base._fixed(dur, 1), "s")
    else
        m = floor(dur / 60)
        s = dur - 60m
        string(Int(m), "m", lpad(Base._fixed(s, 1), 4, "0"), "s")
    end
end
function get_alignment(ts::DefaultTestSet, depth::Int)
    w = 2 * depth + length(ts.description)
    for r in ts.results
        r isa DefaultTestSet && (w = max(w, get_alignment(r, depth + 1)))
    end
    w
end

function finish(ts::DefaultTestSet)
    ts.time_end = time()
    parent = get_testset()
    if parent !== nothing
        record(parent, ts)
        return ts
    end
    passes, fails, errors, broken, cp, cf, ce, cb = get_test_counts(ts)
    print_test_results(ts)
    tf = fails + cf
    te = errors + ce
    if tf + te > 0
        throw(TestSetException(passes + cp, tf, te, broken + cb, Any[]))
    end
    ts
end

function print_test_results(ts::DefaultTestSet, depth_pad::Int=0)
    passes, fails, errors, broken, cp, cf, ce, cb = get_test_counts(ts)
    tp, tf, te, tb = passes + cp, fails + cf, errors + ce, broken + cb
    dig(n) = n > 0 ? ndigits(n) : 0
    pass_width = dig(tp) > 0 ? max(4, dig(tp)) : 0
    fail_width = dig(tf) > 0 ? max(4, dig(tf)) : 0
    error_width = dig(te) > 0 ? max(5, dig(te)) : 0
    broken_width = dig(tb) > 0 ? max(6, dig(tb)) : 0
    total = tp + tf + te + tb
    total_width = max(5, dig(total))
    duration = format_duration(ts)
    duration_width = max(4, length(duration))
    align = max(get_alignment(ts, 0), length("Test Summary:"))
    print(rpad("Test Summary:", align, " "), " |", " ")
    pass_width > 0 && print(lpad("Pass", pass_width, " "), "  ")
    fail_width > 0 && print(lpad("Fail", fail_width, " "), "  ")
    error_width > 0 && print(lpad("Error", error_width, " "), "  ")
    broken_width > 0 && print(lpad("Broken", broken_width, " "), "  ")
    print(lpad("Total", total_width, " "), "  ")
    print(lpad("Time", duration_width, " "))
    println()
    print_counts(ts, 0, align, pass_width, fail_width, error_width, broken_width, total_width, duration_width)
end
function print_counts(ts::DefaultTestSet, depth, align, pass_width, fail_width, error_width, broken_width,
                      total_width, duration_width)
    passes, fails, errors, broken, cp, cf, ce, cb = get_test_counts(ts)
    subtotal = passes + fails + errors + broken + cp + cf + ce + cb
    print(rpad(string("  "^depth, ts.description), align, " "), " | ")
    np, nf, ne, nb = passes + cp, fails + cf, errors + ce, broken + cb
    for (n, w) in ((np, pass_width), (nf, fail_width), (ne, error_width), (nb, broken_width))
        if n > 0
            print(lpad(string(n), w, " "), "  ")
        elseif w > 0
            print(lpad(" ", w), "  ")
        end
    end
    if np == 0 && nf == 0 && ne == 0 && nb == 0
        print(lpad("None", total_width, " "), "  ")
    else
        print(lpad(string(subtotal), total_width, " "), "  ")
    end
    print(lpad(format_duration(ts), duration_width, " "))
    println()
    if np + nb != subtotal
        for r in ts.results
            r isa DefaultTestSet && print_counts(r, depth + 1, align, pass_width, fail_width, error_width,
                                                 broken_width, total_width, duration_width)
        end
    end
end

end # module Test
