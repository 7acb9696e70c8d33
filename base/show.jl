# show.jl -- show/print/repr/string/sprint for every Base type, byte-identical to Julia 1.10 for the
# common cases: numbers (shortest floats through jl_float_to_string), strings and chars with escapes,
# symbols, tuples, named tuples, pairs, vectors (`[1, 2]`, `Any[...]`, `Int64[]`), types
# (`Vector{Int64}`, `Union{...}`), functions, modules, default struct show (`Point(1.0, 2.0)`),
# expressions (`:(a + b)`), and the REPL's text/plain display (`3-element Vector{Int64}:`).

struct MIME{mime} end
macro MIME_str(s)
    :(MIME{$(Expr(:quote, Symbol(s)))})
end

MIME(s::AbstractString) = MIME{Symbol(s)}()
show(io::IO, ::MIME{mime}) where {mime} = print(io, "MIME type ", String(mime))

# ---- entry points
show(x) = show(stdout, x)
function sprint(f, args...; context=nothing, sizehint::Integer=0)
    io = IOBuffer()
    # context: an IOContext, a Pair or a tuple of Pairs
    f(context === nothing ? io : context isa Tuple ? IOContext(io, context...) : IOContext(io, context), args...)
    String(take!(io))
end
function print_to_string(xs...)
    io = IOBuffer()
    for x in xs
        print(io, x)
    end
    String(take!(io))
end
string(xs...) = print_to_string(xs...)
string(s::String) = s
string(c::Char) = print_to_string(c)
string(x::Int64) = _dec64(x)
string(x::Symbol) = String(x)
repr(x; context=nothing) = sprint(show, x; context=context)
repr(m::MIME, x; context=nothing) = sprint(show, m, x; context=context)
repr(m::AbstractString, x; context=nothing) = repr(MIME(m), x; context=context)

# ---- numbers
show(io::IO, x::Bool) = print(io, get(io, :typeinfo, Any) === Bool ? (x ? "1" : "0") : (x ? "true" : "false"))
print(io::IO, x::Bool) = print(io, x ? "true" : "false")
# decimal integers are formatted into a scratch buffer and written as one block (no String is made);
# formatting never yields to another task, so one buffer serves the process
const _dec_scratch = Vector{UInt8}(undef, 24)
function _print_dec(io::IO, u::UInt64, neg::Bool)
    p = pointer(_dec_scratch)
    i = 24
    while true
        unsafe_store!(p, (0x30 + rem(u, 0x000000000000000a) % UInt8), i)
        u = div(u, 0x000000000000000a)
        i -= 1
        u == 0 && break
    end
    if neg
        unsafe_store!(p, 0x2d, i)
        i -= 1
    end
    unsafe_write(io, p + i, UInt(24 - i))
    nothing
end
show(io::IO, x::BitSigned64) = _print_dec(io, (x < 0 ? -(x % UInt64) : x % UInt64), x < 0)
show(io::IO, x::Int128) = write(io, _dec(x))
print(io::IO, x::BitUnsigned64) = _print_dec(io, x % UInt64, false)
print(io::IO, x::UInt128) = write(io, _dec(x))
function show(io::IO, x::BitUnsigned)
    print(io, "0x", string(x, base = 16, pad = 2 * sizeof(x)))
end
_float_bits(::Float64) = Int32(64)
_float_bits(::Float32) = Int32(32)
_float_bits(::Float16) = Int32(16)
function _show_float(io::IO, x::IEEEFloat, typed::Bool)
    compact = get(io, :compact, false) === true
    typed = typed && !compact && get(io, :typeinfo, Any) !== typeof(x)
    flags = Int32(typed) | (Int32(compact) << 1)
    write(io, ccall(:jl_float_to_string, Any, (Float64, Int32, Int32), Float64(x), _float_bits(x), flags)::String)
    nothing
end
show(io::IO, x::IEEEFloat) = _show_float(io, x, true)
print(io::IO, x::IEEEFloat) = _show_float(io, x, false)
string(x::Float64) = ccall(:jl_float_to_string, Any, (Float64, Int32, Int32), x, Int32(64), Int32(0))::String

# ---- strings, chars, symbols
print(io::IO, x::Nothing) = print(io, "nothing")
show(io::IO, ::Nothing) = print(io, "nothing")
# show(io, ::Symbol) is in show_expr.jl: `:x`, `:+`, `:(==)`, `Symbol("a b")`
# ---- containers
# the elements of a tuple-like collection, comma separated
# (a tuple whose type the context gives, as an element of a Vector{Tuple{Float32, Int64}}, passes each
# element its field type, so `(1.0, 2)` is not printed `(1.0f0, 2)`)
function _show_elements(io::IO, t, n)
    typeinfo = get(io, :typeinfo, Any)
    fields = t isa typeinfo && typeinfo <: Tuple && typeinfo isa DataType
    for i in 1:n
        fields ? show(IOContext(io, :typeinfo => fieldtype(typeinfo, i)), t[i]) : show(io, t[i])
        i < n && print(io, ", ")
    end
end
function show(io::IO, t::Tuple)
    print(io, '(')
    _show_elements(io, t, length(t))
    length(t) == 1 && print(io, ',')
    print(io, ')')
end
function show(io::IO, v::Core.SimpleVector)
    print(io, "svec(")
    _show_elements(io, v, length(v))
    print(io, ')')
end
function show(io::IO, t::NamedTuple)
    n = nfields(t)
    # a field whose declared type is wider than its value's (`NamedTuple{(:a,), Tuple{Any}}((1,))`) is
    # not recoverable from the `(a = 1,)` form: Julia shows the type and the values then
    for i in 1:n
        if typeof(getfield(t, i)) !== fieldtype(typeof(t), i)
            show(io, typeof(t))
            print(io, '(')
            show(io, Tuple(t))
            print(io, ')')
            return
        end
    end
    if n == 0
        print(io, "NamedTuple()")
        return
    end
    print(io, '(')
    ks = keys(t)
    typeinfo = get(io, :typeinfo, Any)
    fields = t isa typeinfo && typeinfo <: NamedTuple && typeinfo isa DataType
    for i in 1:n
        _show_sym(io, ks[i])
        print(io, " = ")
        show(IOContext(io, :typeinfo => fields ? fieldtype(typeinfo, i) : Any), getfield(t, i))
        i < n && print(io, ", ")
    end
    n == 1 && print(io, ',')
    print(io, ')')
end
# Julia's Pair show: a part that is itself an undelimited form (a Pair with exactly its declared field
# types, an operator function) is parenthesized, `(1 => 2) => 3`; a Pair whose field types are wider
# than its values' shows as `Pair{Any, Any}(1, 2)` unless the context already gives its type
_has_tight_type(p::Pair) = typeof(p.first) == fieldtype(typeof(p), 1) && typeof(p.second) == fieldtype(typeof(p), 2)
_isdelimited(io::IO, x) = true
_isdelimited(io::IO, f::Function) = !isoperator(nameof(f))
_isdelimited(io::IO, p::Pair) = !(_has_tight_type(p) || get(io, :typeinfo, Any) == typeof(p))
function show(io::IO, p::Pair)
    if _isdelimited(io, p)
        show(io, typeof(p))
        print(io, '(')
        show(io, p.first)
        print(io, ", ")
        show(io, p.second)
        print(io, ')')
        return
    end
    ti = get(io, :typeinfo, Any)
    tis = p isa ti && ti <: Pair ? (fieldtype(ti, 1), fieldtype(ti, 2)) : (Any, Any)
    for i in 1:2
        x = i == 1 ? p.first : p.second
        io_i = IOContext(io, :typeinfo => tis[i])
        d = _isdelimited(io_i, x)
        d || print(io, '(')
        show(io_i, x)
        d || print(io, ')')
        i == 1 && print(io, get(io, :compact, false) ? "=>" : " => ")
    end
end
function _typeinfo_implicit(T)
    T === Float64 || T === Int64 || T === Char || T === String || T === Symbol || issingletontype(T) ||
        (isconcretetype(T) && ((T <: Array && _typeinfo_implicit(eltype(T))) ||
                               ((T <: Tuple || T <: Pair) && all(_typeinfo_implicit, fieldtypes(T))) ||
                               (T <: AbstractDict && _typeinfo_implicit(keytype(T)) && _typeinfo_implicit(valtype(T)))))
end
show(io::IO, r::AbstractUnitRange) = (show(io, first(r)); print(io, ':'); show(io, last(r)))
show(io::IO, r::StepRange) = (show(io, first(r)); print(io, ':'); show(io, step(r)); print(io, ':'); show(io, last(r)))
show(io::IO, r::OneTo) = (print(io, "Base.OneTo("); show(io, r.stop); print(io, ')'))
show(io::IO, r::StepRangeLen) = (show(io, first(r)); print(io, ':'); show(io, step(r)); print(io, ':'); show(io, last(r)))
# Dict(k => v, ...): the type's parameters are omitted when the context's :typeinfo already gives the
# element type or the keys' and values' types are implied by their printed forms; the pairs are shown
# with the element type as :typeinfo (so Float32 values print as `1.0`, as Julia does)
function show(io::IO, d::AbstractDict)
    K, V = keytype(d), valtype(d)
    ti = get(io, :typeinfo, Any)
    ctx_eltype = d isa ti && ti <: AbstractDict ? eltype(ti) : nothing
    if ctx_eltype == eltype(d) || (!isempty(d) && _typeinfo_implicit(K) && _typeinfo_implicit(V))
        show_type_name(io, typeof(d).name) # `Dict(...)`, `Base.Pairs(...)`
    else
        show(io, typeof(d))
    end
    print(io, '(')
    recur_io = IOContext(io, :typeinfo => eltype(d))
    first = true
    for p in d
        first || print(io, ", ")
        first = false
        show(recur_io, p)
    end
    print(io, ')')
end
function show(io::IO, s::AbstractSet)
    print(io, typeof(s) === Set{Any} ? "Set{Any}" : "Set")
    print(io, '(')
    show(io, collect(s))
    print(io, ')')
end
show(io::IO, r::RefValue) = (show(io, typeof(r)); print(io, '('); show(io, r.x); print(io, ')'))
show(io::IO, x::Some) = (print(io, "Some("); show(io, x.value); print(io, ')'))
show(io::IO, ::UndefInitializer) = print(io, "UndefInitializer()")
show(io::IO, g::Generator) = (print(io, "Base.Generator{"); show(io, typeof(g.iter)); print(io, ", "); show(io, typeof(g.f)); print(io, "}(...)"))

# ---- types (Julia's show for types: module prefixes by visibility from Main, type aliases such as
# Vector{Int64} and VecOrMat{T}, `<:T` for anonymous variables, NTuple, @NamedTuple, `where` clauses)
show(io::IO, T::DataType) = _show_type(io, T)
show(io::IO, u::Union) = _show_type(io, u)
show(io::IO, u::UnionAll) = _show_type(io, u)
show(io::IO, ::Core.TypeofBottom) = print(io, "Union{}")
unwrap_unionall(u::UnionAll) = unwrap_unionall(u.body)
unwrap_unionall(t) = t
rewrap_unionall(t, u::UnionAll) = ccall(:jl_type_unionall_where, Any, (Any, Any), u.var, rewrap_unionall(t, u.body))
rewrap_unionall(t, u) = t
uniontypes(u::Union) = vcat(uniontypes(u.a), uniontypes(u.b))
uniontypes(t) = Any[t]
has_free_typevars(t) = ccall(:jl_has_free_typevars, Cint, (Any,), t) != 0
has_typevar(t, v::TypeVar) = ccall(:jl_has_typevar, Cint, (Any, Any), t, v) != 0
isgensym(s::Symbol) = '#' in String(s)
_is_function_type(T) = (n = String(T.name.name); !isempty(n) && n[1] == '#')

function print_without_params(x)
    b = unwrap_unionall(x)
    return b isa DataType && b.name.wrapper === x
end

_in_unionall_env(io::IO, tv) = false
function _in_unionall_env(io::IOContext, tv)
    for p in io.props
        p.first === :unionall_env && p.second === tv && return true
    end
    false
end
function io_has_tvar_name(io::IOContext, name::Symbol, x)
    for p in io.props
        v = p.second
        p.first === :unionall_env && v isa TypeVar && v.name === name && has_typevar(x, v) && return true
    end
    false
end
io_has_tvar_name(io::IO, name::Symbol, x) = false

function _show_type(io::IO, x)
    if print_without_params(x)
        show_type_name(io, unwrap_unionall(x).name)
        return
    elseif get(io, :compact, true) && show_typealias(io, x)
        return
    elseif x isa DataType
        show_datatype(io, x)
        return
    elseif x isa Union
        if get(io, :compact, true)
            show_unionaliases(io, x)
        else
            print(io, "Union{")
            ts = uniontypes(x)
            for i in 1:length(ts)
                show(io, ts[i])
                i < length(ts) && print(io, ", ")
            end
            print(io, '}')
        end
        return
    end
    wheres = TypeVar[]
    let io = IOContext(io)
        while x isa UnionAll
            var = x.var
            if var.name === :_ || io_has_tvar_name(io, var.name, x)
                counter = 1
                while true
                    newname = Symbol(var.name, counter)
                    if !io_has_tvar_name(io, newname, x)
                        var = TypeVar(newname, var.lb, var.ub)
                        x = x{var}
                        break
                    end
                    counter += 1
                end
            else
                x = x.body
            end
            push!(wheres, var)
            io = IOContext(io, :unionall_env => var)
        end
        if x isa DataType
            show_datatype(io, x, wheres)
        else
            show(io, x)
        end
    end
    show_wheres(io, wheres)
end

function show_wheres(io::IO, wheres::Vector{TypeVar})
    isempty(wheres) && return
    io = IOContext(io)
    n = length(wheres)
    for i = 1:n
        p = wheres[i]
        print(io, n == 1 ? " where " : i == 1 ? " where {" : ", ")
        show(io, p)
        io = IOContext(io, :unionall_env => p)
    end
    n > 1 && print(io, "}")
    nothing
end

# is `sym` of module `parent` the binding Main (or the IOContext's :module) sees?
function isvisible(sym::Symbol, parent::Module, from::Module)
    parent === from && return true
    parent === Core && sym in _CORE_INTERNAL && return false
    isdefined(parent, sym) && isdefined(from, sym) || return false
    return getglobal(from, sym) === getglobal(parent, sym)
end

# Core names Julia does not export (so Main sees them only as Core.X)
const _CORE_INTERNAL = (:TypeofBottom, :TypeofVararg, :Builtin, :IntrinsicFunction, :TypeName, :SimpleVector,
    :MethodTable, :MethodInstance, :CodeInstance, :CodeInfo, :SSAValue, :SlotNumber, :Argument, :GotoNode,
    :GotoIfNot, :ReturnNode, :NewvarNode, :PhiNode, :PiNode, :Box, :Compiler, :Intrinsics, :MethodMatch,
    :OpaqueClosure, :TypeMapEntry, :TypeMapLevel, :UpsilonNode, :PhiCNode, :Const, :PartialStruct)

function show_type_name(io::IO, tn::Core.TypeName)
    if tn === UnionAll.name
        return print(io, "UnionAll")
    end
    sym = tn.name
    globfunc = false
    w = tn.wrapper
    if w isa DataType && w <: Function && isdefined(w, :instance) && _is_function_type(w)
        nm = Symbol(_fname(w.instance))
        if isdefined(tn.module, nm) && getglobal(tn.module, nm) === w.instance
            globfunc = true
            sym = nm
        end
    end
    globfunc && print(io, "typeof(")
    quo = false
    if !get(io, :compact, false)
        from = get(io, :module, Main)
        if from === nothing || !isvisible(sym, tn.module, from)
            show(io, tn.module)
            print(io, ".")
            if globfunc && !isidentifier(sym)
                print(io, ':')
                if sym in (:(:), :(::), :(=), :(&&), :(||), :(->), :(:=), :(=>), :(.=))
                    print(io, '(')
                    quo = true
                end
            end
        end
    end
    s = String(sym)
    if globfunc || isidentifier(s) || isoperator(sym)
        print(io, s)
    else
        print(io, "var\"", s, '"')
    end
    quo && print(io, ")")
    globfunc && print(io, ")")
    nothing
end

function show_datatype(io::IO, x::DataType, wheres::Vector{TypeVar}=TypeVar[])
    parameters = x.parameters
    n = length(parameters)
    if x.name === Tuple.name
        if n == 0
            print(io, "Tuple{}")
            return
        end
        # a homogeneous tail longer than 3 prints as NTuple or Vararg
        max_n = 3
        taillen = 1
        pn = parameters[n]
        fulln = n
        vakind = :none
        vaN = 0
        if pn isa Core.TypeofVararg
            if isdefined(pn, :N)
                vaN = pn.N
                if vaN isa Int
                    taillen = vaN
                    fulln += taillen - 1
                    vakind = :fixed
                else
                    vakind = :bound
                end
            else
                vakind = :unbound
            end
            pn = isdefined(pn, :T) ? pn.T : Any
        end
        if !(pn isa TypeVar || pn isa Type)
            taillen = 0
        elseif vakind === :none || vakind === :fixed
            for i in (n-1):-1:1
                if parameters[i] === pn
                    taillen += 1
                else
                    break
                end
            end
        end
        if (vakind === :bound && n == 1 == taillen) || (vakind === :fixed && taillen == fulln > max_n) ||
           (vakind === :none && taillen == fulln > max_n)
            print(io, "NTuple{")
            vakind === :bound ? show(io, vaN) : print(io, fulln)
            print(io, ", ")
            show(io, pn)
            print(io, "}")
        else
            print(io, "Tuple{")
            headlen = taillen > max_n ? fulln - taillen : fulln
            for i = 1:headlen
                i > 1 && print(io, ", ")
                show(io, vakind === :fixed && i >= n ? pn : parameters[i])
            end
            if headlen < fulln
                headlen > 0 && print(io, ", ")
                print(io, "Vararg{")
                show(io, pn)
                print(io, ", ", fulln - headlen, "}")
            end
            print(io, "}")
        end
        return
    elseif x.name === NamedTuple.body.body.name
        syms, types = parameters
        if syms isa Tuple && types isa DataType
            print(io, "@NamedTuple{")
            for i in 1:length(syms)
                i > 1 && print(io, ", ")
                print(io, syms[i])
                typ = types.parameters[i]
                if typ !== Any
                    print(io, "::")
                    show(io, typ)
                end
            end
            print(io, "}")
            return
        end
    end
    show_type_name(io, x.name)
    show_typeparams(io, parameters, unwrap_unionall(x.name.wrapper).parameters, wheres)
end

# may the `where` variable p be left out (written as `<:T` or dropped)? only if nothing else uses it
function show_can_elide(p::TypeVar, wheres::Vector, elide::Int, env, skip::Int)
    elide == 0 && return false
    wheres[elide] === p || return false
    for i = (elide + 1):length(wheres)
        v = wheres[i]
        (has_typevar(v.lb, p) || has_typevar(v.ub, p)) && return false
    end
    for i = 1:length(env)
        i == skip && continue
        has_typevar(env[i], p) && return false
    end
    return true
end

_egal_var(p::TypeVar, o) = o isa TypeVar && p.ub == o.ub && p.lb == o.lb

function show_typeparams(io::IO, env, orig, wheres::Vector)
    n = length(env)
    elide = length(wheres)
    for i = n:-1:1
        p = env[i]
        if p isa TypeVar
            if i == n && _egal_var(p, orig[i]) && show_can_elide(p, wheres, elide, env, i)
                n -= 1
                elide -= 1
            elseif p.lb === Union{} && isgensym(p.name) && show_can_elide(p, wheres, elide, env, i)
                elide -= 1
            elseif p.ub === Any && isgensym(p.name) && show_can_elide(p, wheres, elide, env, i)
                elide -= 1
            end
        end
    end
    if n > 0
        print(io, "{")
        for i = 1:n
            p = env[i]
            if p isa TypeVar
                idx = something(findfirst(w -> w === p, wheres), 0)
                if p.lb === Union{} && idx > elide
                    print(io, "<:")
                    show(io, p.ub)
                elseif p.ub === Any && idx > elide
                    print(io, ">:")
                    show(io, p.lb)
                else
                    show(io, p)
                end
            else
                show(io, p)
            end
            i < n && print(io, ", ")
        end
        print(io, "}")
    end
    resize!(wheres, elide)
    nothing
end

function show(io::IO, tv::TypeVar)
    in_env = _in_unionall_env(io, tv)
    lb, ub = tv.lb, tv.ub
    if !in_env && lb !== Union{}
        if ub === Any
            print(io, String(tv.name), ">:")
            _show_bound(io, lb)
        else
            _show_bound(io, lb)
            print(io, "<:", String(tv.name))
        end
    else
        print(io, String(tv.name))
    end
    if !in_env && ub !== Any
        print(io, "<:")
        _show_bound(io, ub)
    end
    nothing
end
function _show_bound(io::IO, b)
    parens = b isa UnionAll && !print_without_params(b)
    parens && print(io, "(")
    show(io, b)
    parens && print(io, ")")
end

function show(io::IO, v::Core.TypeofVararg)
    print(io, "Vararg")
    if isdefined(v, :T)
        print(io, '{')
        show(io, v.T)
        isdefined(v, :N) && (print(io, ", "); show(io, v.N))
        print(io, '}')
    end
end

# ---- type aliases: a parametric type prints as the one constant of its modules (or Base) naming it
function _modulesof!(s::Vector{Module}, x)
    x isa TypeVar && return _modulesof!(s, x.ub)
    x = unwrap_unionall(x)
    if x isa DataType
        m = x.name.module
        m in s || push!(s, m)
    elseif x isa Union
        _modulesof!(s, x.a)
        _modulesof!(s, x.b)
    end
    s
end

# the constants of a module that may name a type (Base's and Core's are listed once)
const _ALIAS_CACHE = IdDict{Module,Vector{Any}}()
function _alias_candidates(mod::Module)
    (mod === Base || mod === Core) && haskey(_ALIAS_CACHE, mod) && return _ALIAS_CACHE[mod]
    out = Any[]
    for name in names(mod)
        if isdefined(mod, name) && isconst(mod, name)
            alias = getglobal(mod, name)
            if alias isa Type && !(alias isa Core.TypeofVararg) && !has_free_typevars(alias) &&
               !print_without_params(alias) && alias !== Union{}
                push!(out, (name, alias))
            end
        end
    end
    (mod === Base || mod === Core) && (_ALIAS_CACHE[mod] = out)
    out
end

function makeproper(io::IO, x::Type)
    properx = x
    x = unwrap_unionall(x)
    if io isa IOContext
        for p in io.props
            if p.first === :unionall_env && p.second isa TypeVar
                properx = UnionAll(p.second, properx)
            end
        end
    end
    if x isa Union
        y = []
        normal = true
        for typ in uniontypes(x)
            if typ isa TypeVar
                normal = false
            else
                push!(y, typ)
            end
        end
        normal || (x = Union{y...})
        properx = rewrap_unionall(x, properx)
    end
    has_free_typevars(properx) && return Any
    return properx
end

# the modules whose aliases may name x, and the UnionAlls in x (their variables may be an alias's)
function _alias_search(x::Type)
    mods = _modulesof!(Module[], x)
    Core in mods && !(Base in mods) && push!(mods, Base)
    xenv = UnionAll[]
    for p in uniontypes(unwrap_unionall(x))
        p isa UnionAll && push!(xenv, p)
    end
    x isa UnionAll && push!(xenv, x)
    mods, xenv
end

function make_typealias(x::Type)
    Any <: x && return nothing
    x <: Tuple && return nothing
    mods, xenv = _alias_search(x)
    aliases = Any[]
    for mod in mods
        for (name, alias) in _alias_candidates(mod)
            x <: alias || continue
            if alias isa UnionAll
                ti, env = ccall(:jl_type_intersection_with_env, Any, (Any, Any), x, alias)
                applied = _apply_alias(alias, env, xenv)
                applied === nothing && continue
                has_free_typevars(applied) && continue
                applied == x || continue
            elseif alias <: x
                env = Core.svec()
            else
                continue
            end
            push!(aliases, (GlobalRef(mod, name), env))
        end
    end
    length(aliases) == 1 ? aliases[1] : nothing
end
# alias{env...} closed over the variables of the type being shown (nothing if the parameters do not fit)
function _apply_alias(alias, env, xenv)
    applied = try
        isempty(env) ? alias : alias{env...}
    catch
        return nothing
    end
    _rewrap_all(applied, xenv)
end
function _rewrap_all(t, xenv)
    for p in xenv
        t = rewrap_unionall(t, p)
    end
    t
end

function show_typealias(io::IO, name::GlobalRef, x::Type, env, wheres::Vector)
    if !get(io, :compact, false)
        from = get(io, :module, Main)
        if from === nothing || !isvisible(name.name, name.mod, from)
            show(io, name.mod)
            print(io, ".")
        end
    end
    print(io, String(name.name))
    isempty(env) && return
    io = IOContext(io)
    for p in wheres
        io = IOContext(io, :unionall_env => p)
    end
    orig = getglobal(name.mod, name.name)
    vars = TypeVar[]
    while orig isa UnionAll
        push!(vars, orig.var)
        orig = orig.body
    end
    show_typeparams(io, env, vars, wheres)
    nothing
end

function make_wheres(io::IO, env, x::Type)
    seen = Any[]
    wheres = TypeVar[]
    if io isa IOContext
        for p in io.props
            val = p.second
            if p.first === :unionall_env && val isa TypeVar && has_typevar(x, val)
                push!(seen, val)
            end
        end
    end
    while x isa UnionAll
        if !any(s -> s === x.var, seen)
            push!(seen, x.var)
            push!(wheres, x.var)
        end
        x = x.body
    end
    for i = length(env):-1:1
        p = env[i]
        if p isa TypeVar && !any(s -> s === p, seen)
            push!(seen, p)
            pushfirst!(wheres, p)
        end
    end
    return wheres
end

function show_typealias(io::IO, x::Type)
    properx = makeproper(io, x)
    alias = make_typealias(properx)
    alias === nothing && return false
    wheres = make_wheres(io, alias[2], x)
    show_typealias(io, alias[1], x, alias[2], wheres)
    show_wheres(io, wheres)
    return true
end

_unionlen(x::Union) = _unionlen(x.a) + _unionlen(x.b)
_unionlen(x) = 1

function make_typealiases(x::Type)
    Any <: x && return Core.svec(), Union{}
    x <: Tuple && return Core.svec(), Union{}
    mods, xenv = _alias_search(x)
    aliases = Any[]
    for mod in mods
        for (name, alias) in _alias_candidates(mod)
            alias <: Tuple && continue
            ti, env = ccall(:jl_type_intersection_with_env, Any, (Any, Any), x, alias)
            ti === Union{} && continue
            mod in _modulesof!(Module[], alias) || continue
            unapplied = _apply_alias(alias, env, UnionAll[])
            unapplied === nothing && continue
            ul = _unionlen(unapplied)
            applied = _rewrap_all(unapplied, xenv)
            has_free_typevars(applied) && continue
            applied <: x || continue
            print_without_params(x) && (env = Core.svec())
            push!(aliases, (GlobalRef(mod, name), env, applied, (ul, -length(env))))
        end
    end
    isempty(aliases) && return Any[], Union{}
    sort!(aliases, by = a -> a[4], rev = true)
    applied = Union{}
    applied1 = Union{}
    keep = Any[]
    prev = (0, 0)
    for alias in aliases
        if alias[4][1] < 2
            if !(alias[3] <: applied)
                applied1 = Union{applied1, alias[3]}
                push!(keep, alias)
            end
        elseif alias[4] == prev || !(alias[3] <: applied)
            applied = applied1 = Union{applied1, alias[3]}
            push!(keep, alias)
            prev = alias[4]
        end
    end
    return keep, applied1
end

function show_unionaliases(io::IO, x::Union)
    properx = makeproper(io, x)
    aliases, applied = make_typealiases(properx)
    first = true
    tvar = false
    for typ in uniontypes(x)
        if typ isa TypeVar
            tvar = true
        elseif rewrap_unionall(typ, properx) <: applied
            continue
        end
        print(io, first ? "Union{" : ", ")
        first = false
        show(io, typ)
    end
    if first && !tvar && length(aliases) == 1
        alias = aliases[1]
        wheres = make_wheres(io, alias[2], x)
        show_typealias(io, alias[1], x, alias[2], wheres)
        show_wheres(io, wheres)
    else
        for alias in aliases
            print(io, first ? "Union{" : ", ")
            first = false
            wheres = make_wheres(io, alias[2], x)
            show_typealias(io, alias[1], x, alias[2], wheres)
            show_wheres(io, wheres)
        end
        print(io, "}")
    end
end

# the REPL form: an alias says what it stands for, a function's type which function it belongs to
function show(io::IO, ::MIME"text/plain", x::Type)
    if !print_without_params(x)
        properx = makeproper(io, x)
        if make_typealias(properx) !== nothing || (unwrap_unionall(x) isa Union && x <: make_typealiases(properx)[2])
            show(IOContext(io, :compact => true), x)
            if !get(io, :compact, false)
                print(io, " (alias for ")
                show(IOContext(io, :compact => false), x)
                print(io, ")")
            end
            return
        end
    end
    show(io, x)
    if x isa DataType && x <: Function && isdefined(x, :instance) && _is_function_type(x) && !get(io, :compact, false)
        f = x.instance
        nm = Symbol(_fname(f))
        if isdefined(x.name.module, nm) && getglobal(x.name.module, nm) === f
            print(io, " (singleton type of function ", String(nm), ", subtype of Function)")
        end
    end
end

# ---- functions and modules
_fname(f) = (n = String(typeof(f).name.name); startswith(n, "#") ? _strip_hash(n) : n)
function _strip_hash(n::String)
    m = n[2:end]
    i = findfirst('#', m)
    i === nothing ? m : (isempty(m[1:i-1]) ? n : (all(isdigit, m[1:i-1]) ? "#" * m[1:i-1] : m[1:i-1]))
end
function show(io::IO, f::Function)
    if Core.isa(f, Core.Builtin)
        print(io, _builtin_name(f))
        return
    end
    T = typeof(f)
    if isdefined(T, :instance)
        _show_type_qualifier_fn(io, T, f)
        print(io, _fname(f))
    else
        # a closure with captured state: Julia shows it by its type name
        print(io, _fname(f))
    end
end
function _show_type_qualifier_fn(io::IO, T, f)
    m = T.name.module
    (m === Main || m === Core) && return
    nm = Symbol(_fname(f))
    isdefined(Main, nm) && getglobal(Main, nm) === f && return
    show(io, m)
    print(io, '.')
end
_builtin_name(f) = String(typeof(f).name.name)[2:end]
function show(io::IO, m::Module)
    p = ccall(:jl_module_parent, Any, (Any,), m)
    if p === m || m === Main || m === Base || m === Core || p === nothing
        print(io, String(nameof(m)))
    else
        show(io, p)
        print(io, '.', String(nameof(m)))
    end
end

# ---- default show for structs: T(field1, field2); a primitive type's bits as T(0x0001)
function show(io::IO, x)
    T = typeof(x)
    show(io, T)
    print(io, '(')
    n = nfields(x)
    if n == 0 && sizeof(x) > 0
        print(io, "0x")
        r = Ref(x)
        p = bitcast(Ptr{UInt8}, pointer_from_objref(r))
        for i in sizeof(x):-1:1   # most significant byte first (little-endian storage)
            print(io, string(unsafe_load(p, i), base = 16, pad = 2))
        end
    end
    for i in 1:n
        if isdefined(x, i)
            show(io, getfield(x, i))
        else
            print(io, "#undef")
        end
        i < n && print(io, ", ")
    end
    print(io, ')')
end

show(io::IO, p::Ptr) = print(io, typeof(p), " @0x", string(UInt(p), base = 16, pad = 2 * sizeof(Int)))

# ---- text/plain display (the REPL form)
show(io::IO, ::MIME"text/plain", x) = show(io, x)
show(io::IO, m::AbstractString, x) = show(io, MIME(m), x)   # show(io, "text/plain", x)
function show(io::IO, ::MIME"text/plain", f::Function)
    if Core.isa(f, Core.Builtin)
        print(io, _builtin_name(f), " (built-in function)")
        return
    end
    n = length(methods(f))
    show(io, f)
    print(io, " (generic function with ", n, n == 1 ? " method)" : " methods)")
end
summary(io::IO, x) = show(io, typeof(x))
function summary(io::IO, d::AbstractDict)
    show(io, typeof(d))
    n = length(d)
    print(io, " with ", n, n == 1 ? " entry" : " entries")
end
summary(x) = sprint(summary, x)
show(io::IO, ::MIME"text/plain", r::AbstractRange) = show(io, r)
# One `key => value` line per entry. Keys and values are shown compactly with their declared types as
# :typeinfo, as Julia does. Under `:limit` (the REPL) the lines fit the display: at most
# displaysize rows, keys padded to one width so the arrows line up, long keys and values cut with `…`;
# without it (print, repr, a script's display) every entry is shown in full and nothing is padded.
function show(io::IO, ::MIME"text/plain", d::AbstractDict)
    n = length(d)
    n == 0 && return show(io, d)   # `Dict{Int64, Int64}()`, as Julia
    recur_io = IOContext(io, :SHOWN_SET => d)
    haskey(io, :compact) || (recur_io = IOContext(recur_io, :compact => true))
    io_k = IOContext(recur_io, :typeinfo => keytype(d))
    io_v = IOContext(recur_io, :typeinfo => valtype(d))
    summary(io, d)
    print(io, ":")
    limit = get(io, :limit, false) === true
    rows = cols = typemax(Int)
    keywidth = 0
    if limit
        h, w = displaysize(io)
        rows, cols = h - 3, w
        rows < 2 && (print(io, " …"); return)
        cols = max(cols, 12) - 6    # room for the "  " indent and " => "
        rows -= 1                   # the summary line
        m = min(rows, n)
        ks = Vector{String}(undef, m)
        vs = Vector{String}(undef, m)
        valwidth = 0
        i = 0
        for (k, v) in d
            i += 1
            i > m && break
            ks[i] = sprint(show, k; context = io_k)
            vs[i] = sprint(show, v; context = io_v)
            keywidth = clamp(textwidth(ks[i]), keywidth, cols)
            valwidth = clamp(textwidth(vs[i]), valwidth, cols)
        end
        # keys may take half the width, or all that the widest value leaves
        if keywidth > max(div(cols, 2), cols - valwidth)
            keywidth = max(cld(cols, 3), cols - valwidth)
        end
    end
    i = 0
    for (k, v) in d
        i += 1
        print(io, "\n  ")
        if i == rows < n
            print(io, rpad("⋮", keywidth), " => ⋮")
            break
        end
        if limit
            print(recur_io, rpad(_truncate_at_width(ks[i], keywidth), keywidth), " => ",
                  _truncate_at_width(vs[i], cols - keywidth))
        else
            show(io_k, k)
            print(io, " => ")
            show(io_v, v)
        end
    end
end
# `str` if it fits in `width` columns, else its longest prefix that leaves room for the "…" that ends it
function _truncate_at_width(str::String, width::Int)
    width <= 0 && return ""
    wid = 0
    cut = 0
    last = 0
    for (j, c) in pairs(str)
        last = j
        wid += textwidth(c)
        wid >= width - 1 && cut == 0 && (cut = j)
        wid >= width && break
    end
    cut == 0 && (cut = last)
    last < lastindex(str) ? string(SubString(str, 1, cut), "…") : str
end
# the display's (rows, columns): the terminal's for a terminal, else the LINES and COLUMNS variables,
# 24×80 without them; an IOContext may set :displaysize
displaysize() = (parse(Int, get(ENV, "LINES", "24")), parse(Int, get(ENV, "COLUMNS", "80")))
displaysize(io::IO) = displaysize()
displaysize(io::IOContext) = haskey(io, :displaysize) ? get(io, :displaysize, (24, 80)) : displaysize(io.io)
function displaysize(io::IOStream)
    d = displaysize()
    ccall(:isatty, Cint, (Cint,), io.fd) == 1 || return d
    ws = zeros(UInt16, 4)                       # struct winsize: rows, cols, xpixel, ypixel
    ccall(:ioctl, Cint, (Cint, Culong, Ptr{UInt16}), io.fd, 0x5413, ws) == 0 || return d   # TIOCGWINSZ
    (ws[1] == 0 ? d[1] : Int(ws[1]), ws[2] == 0 ? d[2] : Int(ws[2]))
end
show(io::IO, ::MIME"text/plain", v::KeySet) = _show_keyset_plain(io, v)
show(io::IO, ::MIME"text/plain", v::ValueIterator) = _show_keyset_plain(io, v)
# one element per line; under :limit (the REPL) at most the display's rows, each cut to its width
function show(io::IO, ::MIME"text/plain", s::AbstractSet)
    n = length(s)
    n == 0 && return show(io, s)
    summary(io, s)
    print(io, ":")
    limit = get(io, :limit, false) === true
    rows = cols = typemax(Int)
    if limit
        h, w = displaysize(io)
        rows, cols = h - 3, w
        rows < 2 && (print(io, " …"); return)
        cols = max(cols - 2, 4)     # room for the "  " indent
        rows -= 1                   # the summary line
    end
    i = 0
    for x in s
        i += 1
        print(io, "\n  ")
        if i == rows < n
            print(io, "⋮ ")
            break
        end
        limit ? print(io, _truncate_at_width(sprint(show, x; context = io), cols)) : show(io, x)
    end
end
summary(io::IO, s::AbstractSet) = (show(io, typeof(s)); n = length(s); print(io, " with ", n, n == 1 ? " element" : " elements"))
# display(x) in a program: the text/plain form in full, as Julia's TextDisplay(stdout) prints it
display(x) = (show(stdout, MIME"text/plain"(), x); println(stdout); nothing)
# the REPL's display of a value: the same form limited to the display (:limit), as Julia's REPL shows it
_display_repl(x) = (show(IOContext(stdout, :limit => true), MIME"text/plain"(), x); println(stdout); nothing)
show(io::IO, ::Colon) = print(io, "Colon()")
