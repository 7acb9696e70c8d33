# reflection.jl -- names of things and looking inside them: nameof, parentmodule, fieldnames,
# fieldtypes, fieldcount, isbitstype & co, supertype, methods (MethodList and its display), which,
# hasmethod, names, isdefined helpers, invokelatest.

nameof(m::Module) = ccall(:jl_module_name, Any, (Any,), m)::Symbol
nameof(t::DataType) = t.name.name
nameof(t::UnionAll) = nameof(unwrap_unionall(t))
nameof(f::Function) = Symbol(_fname(f))
parentmodule(m::Module) = ccall(:jl_module_parent, Any, (Any,), m)::Module
parentmodule(t::DataType) = t.name.module
parentmodule(t::UnionAll) = parentmodule(unwrap_unionall(t))
parentmodule(f::Function) = parentmodule(typeof(f))
supertype(t::DataType) = t.super
supertype(t::UnionAll) = supertype(unwrap_unionall(t))
fieldnames(t::DataType) = (t.name.names...,)
fieldnames(t::UnionAll) = fieldnames(unwrap_unionall(t))
fieldname(t::DataType, i::Integer) = t.name.names[i]
fieldtypes(t::DataType) = ntuple(i -> fieldtype(t, i), fieldcount(t))
fieldcount(t::DataType) = length(t.name.names)
fieldcount(t) = fieldcount(unwrap_unionall(t))
_dtprops(t::DataType) = ccall(:jl_datatype_props, Int32, (Any,), t)
isbitstype(t::DataType) = _dtprops(t) & 4 != 0
isbitstype(t) = false
isconcretetype(t::DataType) = _dtprops(t) & 1 != 0
isconcretetype(t) = false
isabstracttype(t::DataType) = _dtprops(t) & 8 != 0
isabstracttype(t::UnionAll) = isabstracttype(unwrap_unionall(t))
isabstracttype(t) = false
isprimitivetype(t::DataType) = _dtprops(t) & 2 != 0
isprimitivetype(t) = false
ismutabletype(t::DataType) = _dtprops(t) & 16 != 0
ismutable(x) = ismutabletype(typeof(x))
isstructtype(t::DataType) = !isabstracttype(t) && !isprimitivetype(t)
issingletontype(t) = t isa DataType && isdefined(t, :instance)
isimmutable(x) = !ismutable(x)
isdispatchtuple(t) = t isa DataType && t <: Tuple && isconcretetype(t)
typeintersect(a, b) = ccall(:jl_type_intersection, Any, (Any, Any), a, b)
morespecific(@nospecialize(a), @nospecialize(b)) = ccall(:jl_type_morespecific, Cint, (Any, Any), a, b) != 0
isvarargtype(t) = t isa Core.TypeofVararg

# ---- methods
struct MethodList
    ms::Vector{Any}
    name::Symbol
    mod::Module
end
function methods(f)
    mt = ccall(:jl_method_table_for, Any, (Any,), Tuple{Core.Typeof(f), Vararg{Any}})
    ms = Any[]
    if mt isa Core.MethodTable
        defs = mt.defs
        for m in defs
            push!(ms, m)
        end
    end
    MethodList(ms, f isa Function ? nameof(f) : Symbol(string(f)), parentmodule(typeof(f)))
end
methods(f, t) = MethodList([m for m in methods(f).ms if _sig_may_match(m, t)], nameof(f), parentmodule(typeof(f)))
_sig_may_match(m, t) = typeintersect(unwrap_unionall(m.sig), Tuple{Any, t.parameters...}) !== Union{}
length(ml::MethodList) = length(ml.ms)
isempty(ml::MethodList) = isempty(ml.ms)
iterate(ml::MethodList, i::Int=1) = iterate(ml.ms, i)
getindex(ml::MethodList, i::Int) = ml.ms[i]
function show(io::IO, ml::MethodList)
    n = length(ml)
    print(io, "# ", n, n == 1 ? " method" : " methods", " for generic function \"", ml.name, "\" from ", ml.mod, ":")
    for i in 1:n
        m = ml.ms[i]
        print(io, "\n [", i, "] ")
        show_method_sig(io, m)
        print(io, "\n     @ ", m.module, " ", _method_file(m), ":", m.line)
    end
end
show(io::IO, ::MIME"text/plain", ml::MethodList) = show(io, ml)
function show(io::IO, m::Core.Method)
    show_method_sig(io, m)
    print(io, "\n     @ ", m.module, " ", _method_file(m), ":", m.line)
end
function _method_argnames(m)
    s = m.slot_syms
    s isa String || return String[]
    names = String[]
    cur = IOBuffer()
    for c in s
        if c == '\0'
            push!(names, String(take!(cur)))
        else
            print(cur, c)
        end
    end
    names
end
function show_method_sig(io::IO, m)
    sig = m.sig
    tvars = Any[]
    while sig isa UnionAll
        push!(tvars, sig.var)
        sig = sig.body
    end
    params = sig.parameters
    ft = params[1]
    print(io, String(m.name))
    print(io, '(')
    names = _method_argnames(m)
    for i in 2:length(params)
        T = params[i]
        nm = i <= length(names) ? names[i] : ""
        (startswith(nm, "#") || nm == "_") && (nm = "")
        if T isa Core.TypeofVararg
            print(io, nm)
            isdefined(T, :T) && T.T !== Any && (print(io, "::"); show(io, T.T))
            print(io, "...")
        else
            print(io, nm)
            T === Any || (print(io, "::"); show(io, T))
        end
        i < length(params) && print(io, ", ")
    end
    print(io, ')')
    if !isempty(tvars)
        print(io, " where ")
        length(tvars) > 1 && print(io, '{')
        for i in 1:length(tvars)
            show(io, tvars[i])
            i < length(tvars) && print(io, ", ")
        end
        length(tvars) > 1 && print(io, '}')
    end
end
hasmethod(f, t::Type) = !isempty(methods(f, t))

# ---- modules
function names(m::Module; all::Bool=false, imported::Bool=false)
    ccall(:jl_module_names, Any, (Any, Cint, Cint), m, all, imported)::Vector{Symbol}
end
isconst(m::Module, s::Symbol) = ccall(:jl_is_const, Cint, (Any, Any), m, s) != 0
invokelatest(f, args...; kwargs...) = f(args...; kwargs...)
Base_include_string(m::Module, code::String, fname::String="string") =
    ccall(:jl_parse_eval_all, Any, (Any, Ptr{UInt8}, Csize_t, Ptr{UInt8}), m, pointer(code), sizeof(code), pointer(fname))
include_string(m::Module, code::String, fname::String="string") = Base_include_string(m, code, fname)
macroexpand(m::Module, x; recursive::Bool=true) =
    ccall(:jl_macroexpand, Any, (Any, Any, Cint), x, m, recursive)

module Meta
import ..Base: isexpr
export quot, isexpr, parse
quot(ex) = Expr(:quote, ex)
function parse(s::AbstractString; raise::Bool=true)
    str = String(s)
    ccall(:jl_parse_expr, Any, (Ptr{UInt8}, Csize_t), Base.pointer(str), Base.sizeof(str))
end
# Meta.parse(str, pos): one expression starting at byte index `pos`, and the index after it.
# (`greedy=false`, which stops at the first complete sub-expression, is not supported.)
function parse(s::AbstractString, pos::Integer; greedy::Bool=true, raise::Bool=true, depwarn::Bool=true)
    str = String(s)
    next = Base.Ref{Csize_t}(0)
    try
        ex = ccall(:jl_parse_string, Any, (Ptr{UInt8}, Csize_t, Ptr{UInt8}, Cint, Csize_t, Cint, Ptr{Csize_t}),
                   str, Base.sizeof(str), "none", 1, pos - 1, 0, next)
        return ex, Int(next[]) + 1
    catch err
        raise && Base.rethrow()
        return Expr(:error, Base.sprint(Base.showerror, err)), Base.sizeof(str) + 1
    end
end
parseall(s::AbstractString; filename::AbstractString="none") =
    ccall(:jl_parse_all, Any, (Ptr{UInt8}, Csize_t, Ptr{UInt8}), String(s), Base.sizeof(s), String(filename))
function show_sexpr(io, ex)
    p = ccall(:jl_sexpr_show, Ptr{UInt8}, (Any, Cint), ex, 0)
    Base.print(io, Base.unsafe_string(p))
    ccall(:free, Cvoid, (Ptr{UInt8},), p)
end
show_sexpr(ex) = show_sexpr(Base.stdout, ex)
lower(m::Module, x) = ccall(:jl_expand, Any, (Any, Any), x, m)
end # module Meta

# @invokelatest f(args...; kw...), a.b, a[i] -> the same through invokelatest
macro invokelatest(ex)
    f, args, kwargs = _destructure_callex(ex)
    esc(:($(GlobalRef(Base, :invokelatest))($f, $(args...); $(kwargs...))))
end
function _destructure_callex(ex)
    if Meta.isexpr(ex, :call)
        f = ex.args[1]
        args = Any[]
        kwargs = Any[]
        for a in ex.args[2:end]
            if Meta.isexpr(a, :parameters)
                append!(kwargs, a.args)
            elseif Meta.isexpr(a, :kw)
                push!(kwargs, a)
            else
                push!(args, a)
            end
        end
        return f, args, kwargs
    elseif Meta.isexpr(ex, :.) && length(ex.args) == 2
        return GlobalRef(Base, :getproperty), Any[ex.args...], Any[]
    elseif Meta.isexpr(ex, :ref)
        return GlobalRef(Base, :getindex), Any[ex.args...], Any[]
    elseif Meta.isexpr(ex, :(=)) && Meta.isexpr(ex.args[1], :ref)
        r = ex.args[1]
        return GlobalRef(Base, :setindex!), Any[r.args[1], ex.args[2], r.args[2:end]...], Any[]
    elseif Meta.isexpr(ex, :(=)) && Meta.isexpr(ex.args[1], :.)
        d = ex.args[1]
        return GlobalRef(Base, :setproperty!), Any[d.args[1], d.args[2], ex.args[2]], Any[]
    end
    throw(ArgumentError("@invokelatest requires a function call, property access or indexing"))
end
