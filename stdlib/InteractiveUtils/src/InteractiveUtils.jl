# InteractiveUtils.jl -- reflection for interactive use, as Julia 1.10's InteractiveUtils: the typed
# and compiled forms of a method (`code_warntype`, `code_llvm`, `code_native`; Base has
# `code_lowered`/`code_typed`), the `@code_*` macros and `@which` that take a call expression,
# `methodswith`, `subtypes`, `supertypes`, `varinfo`, `versioninfo`, `edit`/`@edit`, `@functionloc`.
#
# The text comes from the runtime: codegen/infer_print.c prints typed IR and warntype reports,
# codegen/llvm_reflect.c LLVM IR and assembly. The REPL loads this module into Main at startup.

module InteractiveUtils

export code_warntype, code_llvm, code_native, methodswith, varinfo, versioninfo, subtypes, supertypes,
    edit, less, @which, @edit, @less, @functionloc, @code_warntype, @code_typed, @code_lowered,
    @code_llvm, @code_native

using Base: signature_type, to_tuple_type, typesof, unwrap_unionall

_main() = ccall(:jl_get_main_module, Any, ())::Module

# ---- typed code with warnings

function code_warntype(io::IO, @nospecialize(f), @nospecialize(types=Tuple); debuginfo::Symbol=:default,
                       optimize::Bool=false, kwargs...)
    debuginfo in (:default, :source, :none) || throw(ArgumentError("'debuginfo' must be either :source or :none"))
    tt = to_tuple_type(types)
    color = get(io, :color, false)::Bool
    for m in Base._matching_methods(f, tt)
        ti = typeintersect(unwrap_unionall(m.sig), signature_type(f, tt))
        argt = ti isa DataType ? Tuple{Any[ti.parameters...][2:end]...} : tt
        s = Base._take_cstring(ccall(:jl_code_warntype_str, Ptr{UInt8}, (Any, Any, Cint), f, argt, color))
        s === nothing && error("inference of ", m.name, " failed")
        print(io, s)
        println(io)
    end
    nothing
end
code_warntype(@nospecialize(f), @nospecialize(types=Tuple); kwargs...) = code_warntype(stdout, f, types; kwargs...)

# ---- LLVM IR and assembly (flags as codegen/codegen.h's JL_CG_DUMP_*)
const DUMP_OPTIMIZE = Int32(1)
const DUMP_MODULE = Int32(2)
const DUMP_INTEL = Int32(4)
const DUMP_NODEBUG = Int32(8)

function _debug_flag(debuginfo::Symbol)
    debuginfo === :default || debuginfo === :source ? Int32(0) :
    debuginfo === :none ? DUMP_NODEBUG : throw(ArgumentError("'debuginfo' must be either :source or :none"))
end

function _dump_function(@nospecialize(f), @nospecialize(types), native::Bool, flags::Int32)
    f isa Core.Builtin && throw(ArgumentError("argument is not a generic function"))
    tt = to_tuple_type(types)
    which(f, tt)    # "no unique matching method" before anything is compiled
    ccall(:jl_dump_function_text, Any, (Any, Any, Int8, Int32), f, tt, native, flags)::String
end

function code_llvm(io::IO, @nospecialize(f), @nospecialize(types=Tuple); raw::Bool=false,
                   dump_module::Bool=false, optimize::Bool=true, debuginfo::Symbol=:default)
    flags = _debug_flag(debuginfo) | (optimize ? DUMP_OPTIMIZE : Int32(0)) | (dump_module ? DUMP_MODULE : Int32(0))
    print(io, _dump_function(f, types, false, flags))
    nothing
end
code_llvm(@nospecialize(f), @nospecialize(types=Tuple); kwargs...) = code_llvm(stdout, f, types; kwargs...)

function code_native(io::IO, @nospecialize(f), @nospecialize(types=Tuple); dump_module::Bool=true,
                     syntax::Symbol=:intel, raw::Bool=false, debuginfo::Symbol=:default, binary::Bool=false)
    syntax === :intel || syntax === :att || throw(ArgumentError("'syntax' must be either :intel or :att"))
    flags = _debug_flag(debuginfo) | (syntax === :intel ? DUMP_INTEL : Int32(0))
    print(io, _dump_function(f, types, true, flags))
    nothing
end
code_native(@nospecialize(f), @nospecialize(types=Tuple); kwargs...) = code_native(stdout, f, types; kwargs...)

# ---- the macros: `@code_typed f(x, y)` calls `code_typed(f, typesof(x, y))`; leading `key=value`
# arguments become keyword arguments (`@code_llvm debuginfo=:none f(1)`)

function _call_parts(ex)
    if ex isa Expr && ex.head === :call
        any(a -> a isa Expr && a.head === :parameters, ex.args) &&
            throw(ArgumentError("keyword arguments in the call are not supported by this macro"))
        return ex.args[1], ex.args[2:end]
    elseif ex isa Expr && ex.head === :ref
        return :(Base.getindex), ex.args
    elseif ex isa Expr && ex.head === :. && length(ex.args) == 2 && ex.args[2] isa QuoteNode
        return :(Base.getproperty), ex.args
    end
    throw(ArgumentError("expression is not a function call, or is too complex for this macro"))
end

function _arg_types_expr(args)
    parts = Any[]
    for a in args
        if a isa Expr && a.head === :...
            push!(parts, :(map(Core.Typeof, $(esc(a.args[1])))...))
        else
            push!(parts, :(Core.Typeof($(esc(a)))))
        end
    end
    :(Tuple{$(parts...)})
end

function gen_call_with_extracted_types(fcn, ex0)
    kws = Any[]
    for x in ex0[1:end-1]
        x isa Expr && x.head === :(=) || throw(ArgumentError("invalid keyword argument: $x"))
        push!(kws, Expr(:kw, x.args[1], esc(x.args[2])))
    end
    f, args = _call_parts(ex0[end])
    Expr(:call, fcn, Expr(:parameters, kws...), esc(f), _arg_types_expr(args))
end

# @code_lowered / @code_typed give the one result alone, else the vector (as Julia)
_one(results) = length(results) == 1 ? results[1] : results
_code_lowered1(@nospecialize(f), @nospecialize(t); kw...) = _one(code_lowered(f, t; kw...))
_code_typed1(@nospecialize(f), @nospecialize(t); kw...) = _one(code_typed(f, t; kw...))

for (mac, fn) in ((:code_lowered, :_code_lowered1), (:code_typed, :_code_typed1), (:code_warntype, :code_warntype),
                  (:code_llvm, :code_llvm), (:code_native, :code_native), (:functionloc, :functionloc),
                  (:edit, :edit), (:less, :less))
    @eval macro $mac(ex0...)
        gen_call_with_extracted_types($(GlobalRef(InteractiveUtils, fn)), ex0)
    end
end
macro which(ex0...)
    gen_call_with_extracted_types(GlobalRef(Base, :which), ex0)
end

# ---- where a method is defined, and opening it

function functionloc(m::Method)
    file = string(m.file)
    (Base.isabspath(file) ? file : Base.abspath(file), Int(m.line))
end
functionloc(@nospecialize(f), @nospecialize(types)) = functionloc(which(f, types))

# The editor from JULIA_EDITOR, VISUAL or EDITOR opens `file` at `line`; without one, the location
# is printed (julep has no default editor).
function edit(path::AbstractString, line::Integer=0)
    ed = get(ENV, "JULIA_EDITOR", get(ENV, "VISUAL", get(ENV, "EDITOR", "")))
    if isempty(ed)
        println(path, ":", line)
    else
        cmd = line > 0 ? string(ed, " +", line, " '", path, "'") : string(ed, " '", path, "'")
        flush(stdout)
        ccall(:system, Cint, (Ptr{UInt8},), cmd)
    end
    nothing
end
edit(m::Method) = edit(functionloc(m)...)
edit(@nospecialize(f), @nospecialize(types)) = edit(which(f, types))
less(path::AbstractString, line::Integer=0) = edit(path, line)
less(@nospecialize(f), @nospecialize(types)) = edit(f, types)

# ---- the type graph

supertypes(T::Type) = T === Any ? (Any,) : (T, supertypes(supertype(T))...)

function _subtypes_in!(mods::Vector{Module}, @nospecialize(x::Type))
    xt = unwrap_unionall(x)
    (isabstracttype(x) && xt isa DataType) || return Any[]
    sts = Any[]
    seen = Module[]
    while !isempty(mods)
        m = pop!(mods)
        any(s -> s === m, seen) && continue
        push!(seen, m)
        for s in names(m; all=true)
            isdefined(m, s) || continue
            t = getfield(m, s)
            dt = t isa UnionAll ? unwrap_unionall(t) : t
            if dt isa DataType
                if dt.name.name === s && dt.name.module === m && dt !== Any && supertype(dt).name === xt.name
                    ti = typeintersect(t, x)
                    ti !== Union{} && !any(y -> y === ti, sts) && push!(sts, ti)
                end
            elseif t isa Module && nameof(t) === s && parentmodule(t) === m && t !== m
                push!(mods, t)
            end
        end
    end
    sort!(sts; by=string)
end

# the direct subtypes of T among the types defined in the loaded modules
subtypes(m::Module, @nospecialize(x::Type)) = _subtypes_in!(Module[m], x)
subtypes(@nospecialize(x::Type)) = _subtypes_in!(Module[Core, Base, _main()], x)

# ---- methods taking an argument of a type

function _type_close_enough(@nospecialize(x), @nospecialize(t))
    x === t && return true
    (x isa DataType && t isa DataType && x.name === t.name && !isconcretetype(t) && t <: x)
end

methodswith(@nospecialize(t::Type), @nospecialize(f::Union{Function,Type}), meths=Method[]; supertypes::Bool=false) =
    _methodswith(t, Any[f], meths, supertypes)
# the function travels in an Any vector: one compiled body for all of a module's functions
function _methodswith(@nospecialize(t::Type), fv::Vector{Any}, meths, supertypes::Bool)
    for d in methods(fv[1])
        ps = unwrap_unionall(d.sig).parameters
        hit = false
        for i in 2:length(ps)
            x = ps[i]
            x isa Core.TypeofVararg && (x = isdefined(x, :T) ? x.T : Any)
            ok = _type_close_enough(x, t) ||
                 (supertypes ? (x isa Type && x !== Any && t <: x) :
                               (x isa TypeVar && x.ub !== Any && t == x.ub))
            ok && (hit = true; break)
        end
        hit && !any(m -> m === d, meths) && push!(meths, d)
    end
    meths
end

function methodswith(@nospecialize(t::Type), m::Module; supertypes::Bool=false)
    meths = Method[]
    for nm in names(m; all=true)
        isdefined(m, nm) || continue
        f = getfield(m, nm)
        f isa Function && !(f isa Core.Builtin) && _methodswith(t, Any[f], meths, supertypes)
    end
    sort!(meths; by=m -> string(m.name))
end

function methodswith(@nospecialize(t::Type); supertypes::Bool=false)
    meths = Method[]
    for mod in (_main(), Base)
        for m in methodswith(t, mod; supertypes=supertypes)
            any(x -> x === m, meths) || push!(meths, m)
        end
    end
    meths
end

# ---- the variables of a module: name, size, summary (Julia prints a Markdown table)

function varinfo(m::Module=_main(); all::Bool=false, imported::Bool=false, minsize::Int=0)
    rows = Any[("name", "size", "summary")]
    for v in sort!(names(m; all=all, imported=imported); by=string)
        isdefined(m, v) || continue
        s = string(v)
        (all || !startswith(s, "#")) || continue
        value = getfield(m, v)
        sz = value isa Module || value isa Function || value isa Type ? "" : _format_bytes(sizeof(value))
        push!(rows, (s, sz, value isa Module ? "Module" : summary(value)))
    end
    w1 = maximum(r -> length(r[1]), rows)
    w2 = maximum(r -> length(r[2]), rows)
    w3 = maximum(r -> length(r[3]), rows)
    io = IOBuffer()
    for (i, r) in enumerate(rows)
        println(io, "  ", rpad(r[1], w1), " ", lpad(r[2], w2), " ", r[3])
        i == 1 && println(io, "  ", "–"^w1, " ", "–"^w2, " ", "–"^w3)
    end
    print(String(take!(io)))
end

function _format_bytes(n::Integer)
    n < 1024 && return string(n, " bytes")
    units = ("KiB", "MiB", "GiB", "TiB")
    x = n / 1024
    i = 1
    while x >= 1024 && i < length(units)
        x /= 1024
        i += 1
    end
    string(round(x; digits=3), " ", units[i])
end

# ---- versioninfo

function _cpu_model()
    for l in eachline("/proc/cpuinfo")
        startswith(l, "model name") && return strip(split(l, ':')[2])
    end
    "unknown"
end

function versioninfo(io::IO=stdout; verbose::Bool=false)
    println(io, "julep Version ", unsafe_string(ccall(:jl_ver_string, Ptr{UInt8}, ())), " (the Julia 1.10 language)")
    println(io, "Platform Info:")
    uts = zeros(UInt8, 6 * 65)
    ccall(:uname, Cint, (Ptr{UInt8},), uts)
    field(i) = (k = 65i + 1; j = k; while uts[j] != 0x00; j += 1; end; String(uts[k:j-1]))
    ncpu = ccall(:sysconf, Clong, (Cint,), 84)   # _SC_NPROCESSORS_ONLN
    println(io, "  OS: ", field(0), " (", field(4), field(0) == "Linux" ? "-linux-gnu)" : ")")
    println(io, "  CPU: ", ncpu, " × ", _cpu_model())
    println(io, "  WORD_SIZE: ", 8 * sizeof(Int))
    println(io, "  LLVM: libLLVM-", unsafe_string(ccall(:jl_llvm_version_string, Ptr{UInt8}, ())), " (ORCJIT)")
    println(io, "Threads: 1 default, 0 interactive, 1 GC (on ", ncpu, " virtual cores)")
    nothing
end

end # module InteractiveUtils
