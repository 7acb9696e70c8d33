# macros.jl -- Base's macros: @show, @assert, @time, @elapsed, @allocated, @__FILE__/@__DIR__/@__LINE__/
# @__MODULE__, @isdefined, @eval, @macroexpand, @static, @label/@goto, @kwdef, Core.@doc,
# and the clocks they use.

time_ns() = ccall(:jl_hrtime, UInt64, ())
time() = ccall(:jl_clock_now, Float64, ())
# output printed before a pause shows during it (stdout to a pipe is buffered)
sleep(sec::Real) = (ccall(:jl_ios_flush_stdout, Cvoid, ()); ccall(:usleep, Cint, (UInt32,), UInt32(round(sec * 1e6))); nothing)
gc_bytes() = ccall(:jl_gc_total_bytes, Int64, ())
gc_allocs() = ccall(:jl_gc_total_allocs, Int64, ())
gc_pause_ns() = ccall(:jl_gc_total_pause_ns, Int64, ())

macro __FILE__()
    f = __source__.file
    f === nothing ? nothing : String(f)
end
macro __DIR__()
    f = __source__.file
    f === nothing ? pwd() : dirname(abspath(String(f)))
end
macro __LINE__()
    __source__.line
end
macro __MODULE__()
    __module__
end
macro isdefined(s::Symbol)
    Expr(:escape, Expr(:isdefined, s))
end

macro show(exs...)
    blk = Expr(:block)
    for ex in exs
        push!(blk.args, :(println($(sprint(show_unquoted, ex)) * " = ", repr(begin local value = $(esc(ex)) end))))
    end
    isempty(exs) || push!(blk.args, :value)
    blk
end

macro assert(ex, msgs...)
    msg = isempty(msgs) ? sprint(show_unquoted, ex) : msgs[1]
    if msg isa AbstractString
        msg = msg
    elseif !isempty(msgs) && (msg isa Expr || msg isa Symbol)
        msg = :(string($(esc(msg))))
    else
        msg = string(msg)
    end
    :($(esc(ex)) ? $(nothing) : throw(AssertionError($msg)))
end

# The timing macros measure compiled code, as Julia's: a method using them is compiled before it runs
# (:force_compile), and what was interpreted while LLVM loaded is compiled first.
_compile_pending() = ccall(:jl_compile_pending, Cvoid, ())
macro elapsed(ex)
    quote
        $(Expr(:meta, :force_compile))
        _compile_pending()
        local t0 = time_ns()
        $(esc(ex))
        (time_ns() - t0) / 1e9
    end
end
macro allocated(ex)
    quote
        $(Expr(:meta, :force_compile))
        _compile_pending()
        local b0 = gc_bytes()
        $(esc(ex))
        gc_bytes() - b0
    end
end
_compile_ns() = ccall(:jl_cumulative_compile_time_ns, UInt64, ())
macro time(ex)
    _time_expr(nothing, ex)
end
macro time(msg, ex)
    _time_expr(esc(msg), ex)
end
function _time_expr(msg, ex)
    quote
        $(Expr(:meta, :force_compile))
        _compile_pending()
        local b0 = gc_bytes()
        local a0 = gc_allocs()
        local g0 = gc_pause_ns()
        local c0 = _compile_ns()
        local t0 = time_ns()
        local val = $(esc(ex))
        local t1 = time_ns()
        time_print(stdout, t1 - t0, gc_bytes() - b0, gc_pause_ns() - g0, gc_allocs() - a0,
                   _compile_ns() - c0, 0, true; msg = $msg)   # (no recompilation accounting yet)
        val
    end
end
macro timed(ex)
    quote
        $(Expr(:meta, :force_compile))
        _compile_pending()
        local b0 = gc_bytes()
        local g0 = gc_pause_ns()
        local t0 = time_ns()
        local val = $(esc(ex))
        local t1 = time_ns()
        (value = val, time = (t1 - t0) / 1e9, bytes = gc_bytes() - b0, gctime = (gc_pause_ns() - g0) / 1e9)
    end
end

# `%.Nf` for the numbers @time prints
function _fixed(x::Float64, digits::Int)
    neg = x < 0
    x = abs(x)
    scale = 10^digits
    n = round(Int, x * scale)
    ip = div(n, scale)
    fp = rem(n, scale)
    s = string(neg ? "-" : "", ip)
    digits == 0 ? s : string(s, ".", string(fp, pad = digits))
end
function _prettyprint_units(value::Int, numunits::Int, factor::Int)
    (value == 0 || value == 1) && return (Float64(value), 1)
    unit = ceil(Int, log(Float64(value)) / log(Float64(factor)))
    unit = min(numunits, max(unit, 1))
    (value / Float64(factor)^(unit - 1), unit)
end
const _mem_units = ("byte", "KiB", "MiB", "GiB", "TiB", "PiB")
const _cnt_units = ("", " k", " M", " G", " T", " P")
function format_bytes(bytes::Int)
    v, u = _prettyprint_units(bytes, length(_mem_units), 1024)
    u == 1 ? string(Int(v), " ", _mem_units[u], v == 1 ? "" : "s") : string(_fixed(v, 3), " ", _mem_units[u])
end
# Julia 1.10's format: `  0.000123 seconds (3 allocations: 96 bytes, 1.50% gc time, 80.00% compilation time)`
function time_print(io::IO, elapsedtime, bytes=0, gctime=0, allocs=0, compile_time=0, recompile_time=0,
                    newline=false; msg=nothing)
    t = _fixed(Float64(elapsedtime) / 1e9, 6)
    buf = IOBuffer()
    msg isa AbstractString ? print(buf, msg, ": ") : print(buf, " "^max(0, 10 - length(t)))
    print(buf, t, " seconds")
    parens = bytes != 0 || allocs != 0 || gctime > 0 || compile_time > 0
    parens && print(buf, " (")
    if bytes != 0 || allocs != 0
        a, ma = _prettyprint_units(Int(allocs), length(_cnt_units), 1000)
        if ma == 1
            print(buf, Int(a), _cnt_units[ma], a == 1 ? " allocation: " : " allocations: ")
        else
            print(buf, _fixed(a, 2), _cnt_units[ma], " allocations: ")
        end
        print(buf, format_bytes(Int(bytes)))
    end
    if gctime > 0
        (bytes != 0 || allocs != 0) && print(buf, ", ")
        print(buf, _fixed(100 * gctime / elapsedtime, 2), "% gc time")
    end
    if compile_time > 0
        (bytes != 0 || allocs != 0 || gctime > 0) && print(buf, ", ")
        print(buf, _fixed(100 * compile_time / elapsedtime, 2), "% compilation time")
    end
    if recompile_time > 0
        perc = 100 * recompile_time / compile_time
        print(buf, ": ", perc < 1 ? "<1" : _fixed(Float64(perc), 0), "% of which was recompilation")
    end
    parens && print(buf, ")")
    newline && print(buf, "\n")
    write(io, take!(buf))
    nothing
end

macro eval(ex)
    Expr(:escape, Expr(:call, GlobalRef(Core, :eval), __module__, Expr(:quote, ex)))
end
macro eval(mod, ex)
    Expr(:escape, Expr(:call, GlobalRef(Core, :eval), mod, Expr(:quote, ex)))
end
macro macroexpand(code)
    :(macroexpand($__module__, $(QuoteNode(code)), recursive = true))
end
macro macroexpand1(code)
    :(macroexpand($__module__, $(QuoteNode(code)), recursive = false))
end
macro static(ex)
    if isexpr(ex, :if)
        c = Core.eval(__module__, ex.args[1])
        return c ? esc(ex.args[2]) : (length(ex.args) > 2 ? esc(ex.args[3]) : nothing)
    end
    esc(ex)
end
macro label(name::Symbol)
    esc(Expr(:symboliclabel, name))
end
macro goto(name::Symbol)
    esc(Expr(:symbolicgoto, name))
end
macro gensym(names...)
    blk = Expr(:block)
    for n in names
        push!(blk.args, :($(esc(n)) = gensym($(string(n)))))
    end
    push!(blk.args, :nothing)
    blk
end
# @kwdef struct T; a::Int = 1; b; end  ==>  the struct without defaults, plus T(; a = 1, b) = T(a, b)
macro kwdef(ex)
    isexpr(ex, :struct) || error("Invalid usage of @kwdef")
    body = ex.args[3]
    fields = Any[]
    kws = Any[]
    newbody = Expr(:block)
    for a in body.args
        if isexpr(a, :(=))
            lhs = a.args[1]
            push!(newbody.args, lhs)
            name = isexpr(lhs, :(::)) ? lhs.args[1] : lhs
            push!(fields, name)
            push!(kws, Expr(:kw, name, a.args[2]))
        elseif a isa Symbol || isexpr(a, :(::))
            push!(newbody.args, a)
            name = a isa Symbol ? a : a.args[1]
            push!(fields, name)
            push!(kws, name)
        else
            push!(newbody.args, a)
        end
    end
    tname = ex.args[2]
    isexpr(tname, :<:) && (tname = tname.args[1])
    blk = Expr(:block, Expr(:struct, ex.args[1], ex.args[2], newbody))
    if isexpr(tname, :curly)
        # T{P}(; kws...) where {P} = T{P}(fields...), and T(; kws...) = T(fields...) (P from the fields)
        name = tname.args[1]
        params = tname.args[2:end]
        pnames = [isexpr(q, :<:) ? q.args[1] : q for q in params]
        push!(blk.args, Expr(:(=), Expr(:where, Expr(:call, Expr(:curly, name, pnames...), Expr(:parameters, kws...)), params...),
                             Expr(:call, Expr(:curly, name, pnames...), fields...)))
        push!(blk.args, Expr(:(=), Expr(:call, name, Expr(:parameters, kws...)), Expr(:call, name, fields...)))
    else
        push!(blk.args, Expr(:(=), Expr(:call, tname, Expr(:parameters, kws...)), Expr(:call, tname, fields...)))
    end
    push!(blk.args, nothing)
    esc(blk)
end

# Core.@doc: docstrings are accepted and dropped until the docs system exists
isdefined(Core, Symbol("@doc")) || _eval(Core, :(macro doc(args...)
    n = Core.nfields(args)
    Core.Intrinsics.sle_int(2, n) ? Core._expr(:escape, Core.getfield(args, n)) : nothing
end))
macro doc(args...)
    n = length(args)
    n >= 2 ? esc(args[n]) : nothing
end

# @ccall f(a::T, b::U; c::V...)::R  ==>  ccall(:f, R, (T, U, V...), a, b, c...)
macro ccall(ex)
    isexpr(ex, :(::)) || error("@ccall needs a function call with a return type annotation")
    call, rt = ex.args[1], ex.args[2]
    isexpr(call, :call) || error("@ccall has to be a function call")
    f = call.args[1]
    fname = f isa Symbol ? QuoteNode(f) :
            isexpr(f, :.) ? Expr(:tuple, f.args[2], esc(f.args[1])) :
            isexpr(f, :$) ? esc(f.args[1]) : error("@ccall: invalid function ", f)
    types = Any[]
    vals = Any[]
    va = Any[]
    for a in call.args[2:end]
        if isexpr(a, :parameters)
            for p in a.args
                isexpr(p, :(::)) || error("@ccall: variadic arguments need a type annotation")
                push!(va, p)
            end
        else
            isexpr(a, :(::)) || error("@ccall: arguments need a type annotation")
            push!(types, esc(a.args[2]))
            push!(vals, esc(a.args[1]))
        end
    end
    if !isempty(va)
        push!(types, Expr(:..., esc(va[1].args[2])))
        for p in va
            push!(vals, esc(p.args[1]))
        end
    end
    Expr(:call, :ccall, fname, esc(rt), Expr(:tuple, types...), vals...)
end

# @NamedTuple{a::Int, b} / @NamedTuple begin a::Int; b end: the NamedTuple type (untyped fields are Any)
macro NamedTuple(ex)
    Meta.isexpr(ex, :braces) || Meta.isexpr(ex, :block) ||
        throw(ArgumentError("@NamedTuple expects {...} or begin...end"))
    decls = filter(e -> !(e isa LineNumberNode), ex.args)
    all(e -> e isa Symbol || Meta.isexpr(e, :(::)), decls) ||
        throw(ArgumentError("@NamedTuple must contain a sequence of name or name::type expressions"))
    names = Tuple(e isa Symbol ? e : e.args[1] for e in decls)
    types = [esc(e isa Symbol ? :Any : e.args[2]) for e in decls]
    :(NamedTuple{$names, Tuple{$(types...)}})
end

# ---- @. (`@__dot__`): every call, operator and assignment in the expression becomes its dotted form;
# `$f(x)` keeps a call undotted, and the left sides of definitions, `let` and `for` bindings stay as written.
macro __dot__(x)
    esc(__dot__(x))
end
_dottable(x) = false     # a spliced-in object (e.g. a function inserted by another macro)
_dottable(x::Symbol) = (!isoperator(x) || first(String(x)) != '.' || x === :..) && x !== :(:)
_dottable(x::Expr) = x.head !== :$
_undot(x) = x
function _undot(x::Expr)
    if x.head === :.= && length(x.args) == 2
        Expr(:(=), x.args[1], x.args[2])
    elseif x.head === :block
        Expr(:block, map(_undot, x.args)...)
    else
        x
    end
end
__dot__(x) = x
function __dot__(x::Expr)
    dotargs = map(__dot__, x.args)
    head = x.head
    if head === :call && _dottable(x.args[1])
        Expr(:., dotargs[1], Expr(:tuple, dotargs[2:end]...))
    elseif head === :comparison
        Expr(:comparison, Any[(iseven(i) && dotargs[i] isa Symbol && _dottable(dotargs[i]) && isoperator(dotargs[i])) ? Symbol('.', dotargs[i]) : dotargs[i]
                              for i in 1:length(dotargs)]...)
    elseif head === :$
        x.args[1]
    elseif head === :let || head === :for
        Expr(head, _undot(dotargs[1]), dotargs[2])
    elseif (head === :(=) || head === :function || head === :macro) && Meta.isexpr(x.args[1], :call)
        Expr(head, x.args[1], dotargs[2])
    elseif head === :(<:) || head === :(>:)
        Expr(:call, head === :(<:) ? :.<: : :.>:, dotargs...)
    else
        (head === :&& || head === :||) &&
            error("Using `&&` and `||` is disallowed in `@.` expressions.\nUse `&` or `|` for elementwise logical operations.\n")
        h = String(head)
        if last(h) == '=' && first(h) != '.'
            Expr(Symbol('.', h), dotargs...)
        else
            Expr(head, dotargs...)
        end
    end
end
