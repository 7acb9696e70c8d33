# reflection.jl -- names of things and looking inside them: nameof, parentmodule, fieldnames,
# fieldtypes, fieldcount, isbitstype & co, supertype, methods (MethodList and its display), which,
# hasmethod, names, isdefined helpers, invokelatest.

nameof(m::Module) = ccall(:jl_module_name, Any, (Any,), m)::Symbol
nameof(t::DataType) = t.name.name
nameof(t::UnionAll) = nameof(unwrap_unionall(t))
nameof(f::Function) = Symbol(_fname(f))
parentmodule(m::Module) = ccall(:jl_module_parent, Any, (Any,), m)::Module
# the names from the root module down to m: fullname(Main.A.B) == (:Main, :A, :B)
function fullname(m::Module)
    mn = nameof(m)
    if m === Main || m === Base || m === Core
        return (mn,)
    end
    mp = parentmodule(m)
    mp === m && return (mn,)
    (fullname(mp)..., mn)
end
parentmodule(t::DataType) = t.name.module
parentmodule(t::UnionAll) = parentmodule(unwrap_unionall(t))
parentmodule(f::Function) = parentmodule(typeof(f))
parentmodule(m::Method) = m.module
# the module of the method a call with argument types `types` would run (the most specific that may match)
function parentmodule(f, types)
    ms = methods(f, types)
    isempty(ms) && error("no matching methods")
    m = ccall(:jl_gf_invoke_lookup, Any, (Any,), signature_type(f, types))
    parentmodule(m isa Method ? m : ms.ms[1])
end
supertype(t::DataType) = t.super
supertype(t::UnionAll) = supertype(unwrap_unionall(t))
# a NamedTuple's names are its first parameter; a Tuple's fields are numbered
function fieldnames(t::DataType)
    t <: Tuple && return ntuple(identity, fieldcount(t))
    t <: NamedTuple && t.parameters[1] isa Tuple && return t.parameters[1]
    (t.name.names...,)
end
fieldnames(t::UnionAll) = fieldnames(unwrap_unionall(t))
# the public properties: the fields unless a type says otherwise (private also lists internal ones)
propertynames(x) = fieldnames(typeof(x))
propertynames(x, private::Bool) = propertynames(x)
propertynames(t::NamedTuple) = keys(t)
fieldname(t::DataType, i::Integer) = fieldnames(t)[i]
fieldtypes(t::DataType) = ntuple(i -> fieldtype(t, i), fieldcount(t))
function fieldcount(t::DataType)
    isconcretetype(t) && return length(t.types)
    t <: NamedTuple && t.parameters[1] isa Tuple && return length(t.parameters[1])
    length(t.name.names)
end
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
# a signature dispatch can be asked about directly: each element a concrete type that is not a kind, or
# Type{X} with X closed (a type argument dispatches as Type{X})
function isdispatchtuple(@nospecialize(t))
    t isa DataType && t <: Tuple || return false
    for p in t.parameters
        p isa DataType || return false
        if p.name === Type.body.name
            ccall(:jl_has_free_typevars, Cint, (Any,), p) == 0 || return false
        elseif !(p === typeof(Union{}) || (isconcretetype(p) && !(p <: Type)))
            return false
        end
    end
    true
end
typeintersect(a, b) = ccall(:jl_type_intersection, Any, (Any, Any), a, b)
morespecific(@nospecialize(a), @nospecialize(b)) = ccall(:jl_type_morespecific, Cint, (Any, Any), a, b) != 0
isvarargtype(t) = t isa Core.TypeofVararg

# ---- methods
struct MethodList
    ms::Vector{Any}
    name::Symbol
    mod::Module
    kind::Symbol  # :function, :macro, :anonymous, :type or :callable: what `show` calls the callee
end
function _callee_kind(f)
    f isa Type && return :type
    f isa Function || return :callable
    name = string(nameof(f))
    startswith(name, '@') ? :macro : '#' in name ? :anonymous : :function
end
# the callee travels in an Any vector so that one compiled body serves every function (a call per
# function type would compile a specialization each, as methodswith over all of Base does)
methods(f) = _methods_of(Any[f])
function _methods_of(fv::Vector{Any})
    f = fv[1]
    ft = Core.Typeof(f)
    mt = ccall(:jl_method_table_for, Any, (Any,), Tuple{ft, Vararg{Any}})
    ms = Any[]
    if mt isa Core.MethodTable
        # constructors of all types share one table: keep the methods whose callee type admits f
        for m in mt.defs
            f isa Type && !(f isa rewrap_unionall(unwrap_unionall(m.sig).parameters[1], m.sig)) && continue
            push!(ms, m)
        end
    end
    MethodList(ms, f isa Function ? nameof(f) : Symbol(string(f)), parentmodule(ft), _callee_kind(f))
end
# the methods a call with argument types t (a Tuple type or a tuple of types) may run
function methods(f, t)
    ml = methods(f)
    tt = to_tuple_type(t)
    MethodList(Any[m for m in ml.ms if _sig_may_match(m, tt)], ml.name, ml.mod, ml.kind)
end
_sig_may_match(m, t) = typeintersect(m.sig, Tuple{Any, unwrap_unionall(t).parameters...}) !== Union{}
length(ml::MethodList) = length(ml.ms)
isempty(ml::MethodList) = isempty(ml.ms)
iterate(ml::MethodList, i::Int=1) = iterate(ml.ms, i)
getindex(ml::MethodList, i::Int) = ml.ms[i]
function show(io::IO, ml::MethodList)
    n = length(ml)
    print(io, "# ", n, n == 1 ? " method" : " methods")
    if ml.kind === :function || ml.kind === :macro
        print(io, " for ", ml.kind === :macro ? "macro" : "generic function", " \"", ml.name, "\" from ", ml.mod)
    elseif ml.kind === :anonymous
        print(io, " for anonymous function \"", ml.name, "\"")
    else
        print(io, " for ", ml.kind === :type ? "type constructor" : "callable object")
    end
    n > 0 && print(io, ":")
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
    params = unwrap_unionall(m.sig).parameters
    print(io, String(m.name))
    print(io, '(')
    io0, io = io, _where_context(io, m.sig)
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
    print(io0, ')')
    _show_where(io0, m.sig)
end
# argument types of a method name its type variables only; the where-clause shows their bounds
function _where_context(io::IO, sig)
    while sig isa UnionAll
        io = IOContext(io, :unionall_env => sig.var)
        sig = sig.body
    end
    io
end
function _show_where(io::IO, sig)
    tvars = Any[]
    while sig isa UnionAll
        push!(tvars, sig.var)
        sig = sig.body
    end
    isempty(tvars) && return
    print(io, " where ")
    length(tvars) > 1 && print(io, '{')
    for i in 1:length(tvars)
        show(io, tvars[i])
        i < length(tvars) && print(io, ", ")
    end
    length(tvars) > 1 && print(io, '}')
end
hasmethod(f, t::Type) = !isempty(methods(f, t))

# ---- modules
function names(m::Module; all::Bool=false, imported::Bool=false)
    ccall(:jl_module_names, Any, (Any, Cint, Cint), m, all, imported)::Vector{Symbol}
end
isconst(m::Module, s::Symbol) = ccall(:jl_is_const, Cint, (Any, Any), m, s) != 0
isexported(m::Module, s::Symbol) = s in names(m)
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
# thrown for syntax errors (the runtime creates it, see jl_new_parse_error): `msg` alone, `detail`
# the text Julia shows (`ParseError:\n# Error @ none:1:5 ...`)
struct ParseError <: Exception
    msg::String
    detail::Any
end
ParseError(msg::AbstractString) = ParseError(msg, nothing)
Base.showerror(io::Base.IO, e::ParseError) =
    e.detail isa Base.AbstractString ? Base.print(io, e.detail) : Base.print(io, "ParseError(", Base.repr(e.msg), ")")
# incomplete input gives Expr(:incomplete, msg); with raise=false a syntax error gives Expr(:error, msg)
function parse(s::AbstractString; raise::Bool=true, depwarn::Bool=true)
    str = String(s)
    try
        ccall(:jl_parse_expr, Any, (Ptr{UInt8}, Csize_t), Base.pointer(str), Base.sizeof(str))
    catch err
        (raise || !(err isa ParseError)) && Base.rethrow()
        Expr(:error, err.msg)
    end
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
        (raise || !(err isa ParseError)) && Base.rethrow()
        return Expr(:error, err.msg), Base.sizeof(str) + 1
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

# ---- dump: the type and, recursively, the fields of a value (maxdepth levels), as Julia prints it
function dump(io::IO, x; maxdepth::Int=8)
    _dump(io, x, maxdepth, "")
    println(io)
end
dump(x; maxdepth::Int=8) = dump(stdout, x; maxdepth=maxdepth)
function _dump(io::IO, x, n::Int, indent::String)
    T = typeof(x)
    x isa Function ? print(io, x, " (function of type ", T, ")") : print(io, T)
    nf = nfields(x)
    if nf > 0
        n > 0 || return
        for i in 1:nf
            print(io, "\n", indent, "  ", fieldname(T, i), ": ")
            isdefined(x, i) ? _dump(io, getfield(x, i), n - 1, indent * "  ") : print(io, "#undef")
        end
    elseif !(x isa Function)
        print(io, " ")
        show(io, x)
    end
end
_dump(io::IO, x::Symbol, n::Int, indent::String) = print(io, "Symbol ", x)
_dump(io::IO, x::Module, n::Int, indent::String) = print(io, "Module ", x)
function _dump(io::IO, x::Array, n::Int, indent::String)
    print(io, "Array{", eltype(x), "}(", size(x), ")")
    if eltype(x) <: Number
        print(io, " ")
        show(io, x)
    elseif n > 0
        for i in eachindex(x)
            print(io, "\n", indent, "  ", i, ": ")
            isassigned(x, i) ? _dump(io, x[i], n - 1, indent * "  ") : print(io, "#undef")
        end
    end
end
function _dump(io::IO, x::DataType, n::Int, indent::String)
    print(io, x)
    x === Any || print(io, " <: ", supertype(x))
    if n > 0 && !isabstracttype(x) && isstructtype(x) && !(x <: Tuple)
        for (name, ft) in zip(fieldnames(x), fieldtypes(x))
            print(io, "\n", indent, "  ", name, "::", ft)
        end
    end
end
