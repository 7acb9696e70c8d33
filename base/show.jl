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
    f(context === nothing ? io : IOContext(io, context), args...)
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
repr(::MIME"text/plain", x) = sprint(show, MIME"text/plain"(), x)

# ---- numbers
show(io::IO, x::Bool) = print(io, get(io, :typeinfo, Any) === Bool ? (x ? "1" : "0") : (x ? "true" : "false"))
print(io::IO, x::Bool) = print(io, x ? "true" : "false")
show(io::IO, x::Int64) = write(io, _dec64(x))
show(io::IO, x::BitSigned) = write(io, _dec(x))
print(io::IO, x::BitUnsigned) = write(io, _dec(x))
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
function show(io::IO, s::Symbol)
    str = String(s)
    if _is_plain_symbol(str)
        print(io, ':', str)
    else
        print(io, "Symbol(")
        show(io, str)
        print(io, ')')
    end
end
const _OPERATOR_SYMBOLS = ("+", "-", "*", "/", "^", "==", "!=", "<", ">", "<=", ">=", "=>", "!", "&", "|",
    "\\", "%", "÷", "~", "<<", ">>", ">>>", "===", "!==", "∘", "∈", "≤", "≥", "≠", "⊻", "|>", "<:", ">:", "//", ":")
_is_plain_symbol(str::String) = (isidentifier(str) && !(str in ("true", "false", "end", "begin", "function", "if", "else", "for", "while", "do", "let", "struct", "module", "return", "global", "local", "const", "try", "catch", "finally", "quote", "macro", "using", "import", "export", "break", "continue", "elseif", "abstract", "mutable", "primitive", "baremodule", "where"))) || str in _OPERATOR_SYMBOLS

# ---- containers
function show(io::IO, t::Tuple)
    print(io, '(')
    n = length(t)
    for i in 1:n
        show(io, t[i])
        i < n && print(io, ", ")
    end
    n == 1 && print(io, ',')
    print(io, ')')
end
function show(io::IO, t::NamedTuple)
    n = nfields(t)
    if n == 0
        print(io, "NamedTuple()")
        return
    end
    print(io, '(')
    ks = keys(t)
    for i in 1:n
        print(io, ks[i], " = ")
        show(io, getfield(t, i))
        i < n && print(io, ", ")
    end
    n == 1 && print(io, ',')
    print(io, ')')
end
function show(io::IO, p::Pair)
    show(io, p.first)
    print(io, " => ")
    show(io, p.second)
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
function show(io::IO, d::AbstractDict)
    K, V = keytype(d), valtype(d)
    if !isempty(d) && _typeinfo_implicit(K) && _typeinfo_implicit(V)
        print(io, String(typeof(d).name.name))
    else
        show(io, typeof(d))
    end
    print(io, '(')
    first = true
    for p in d
        first || print(io, ", ")
        first = false
        show(io, p)
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

# ---- types
function show(io::IO, T::DataType)
    _show_typename(io, T)
end
function _show_typename(io::IO, T::DataType)
    if T.name === Array.body.body.name
        params = T.parameters
        if params[2] === 1
            print(io, "Vector{"); show(io, params[1]); print(io, '}')
            return
        elseif params[2] === 2
            print(io, "Matrix{"); show(io, params[1]); print(io, '}')
            return
        end
    end
    if T.name === BitArray.body.name && T.parameters[1] isa Int && T.parameters[1] <= 2
        print(io, T.parameters[1] == 1 ? "BitVector" : "BitMatrix")
        return
    end
    if T <: Function && isdefined(T, :instance) && _is_function_type(T)
        print(io, "typeof(", _fname(T.instance), ")")
        return
    end
    if T.name === Tuple.name
        print(io, "Tuple")
    else
        _show_type_qualifier(io, T.name)
        print(io, String(T.name.name))
    end
    params = T.parameters
    if length(params) > 0
        print(io, '{')
        for i in 1:length(params)
            p = params[i]
            p isa Type || p isa TypeVar || p isa Core.TypeofVararg ? show(io, p) : show(io, p)
            i < length(params) && print(io, ", ")
        end
        print(io, '}')
    end
end
_is_function_type(T) = (n = String(T.name.name); !isempty(n) && n[1] == '#')
function _show_type_qualifier(io::IO, tn)
    m = tn.module
    (m === Main || m === Core) && return
    isdefined(Main, tn.name) && getglobal(Main, tn.name) === tn.wrapper && return
    show(io, m)
    print(io, '.')
end
function show(io::IO, u::Union)
    print(io, "Union{")
    ts = _union_types(u)
    for i in 1:length(ts)
        show(io, ts[i])
        i < length(ts) && print(io, ", ")
    end
    print(io, '}')
end
_union_types(u::Union) = vcat(_union_types(u.a), _union_types(u.b))
_union_types(t) = Any[t]
show(io::IO, ::Core.TypeofBottom) = print(io, "Union{}")
function show(io::IO, u::UnionAll)
    b = unwrap_unionall(u)
    if b isa DataType && u === b.name.wrapper
        _show_type_qualifier(io, b.name)
        print(io, String(b.name.name))
        return
    end
    if u === Vector
        print(io, "Vector")
        return
    end
    show(io, u.body)
    print(io, " where ")
    show(io, u.var)
end
unwrap_unionall(u::UnionAll) = unwrap_unionall(u.body)
unwrap_unionall(t) = t
function show(io::IO, tv::TypeVar)
    lb, ub = tv.lb, tv.ub
    if lb !== Union{}
        show(io, lb)
        print(io, "<:")
    end
    print(io, String(tv.name))
    if ub !== Any
        print(io, "<:")
        show(io, ub)
    end
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
    if p === m || m === Main || m === Base || m === Core || p === Main || p === nothing
        print(io, String(nameof(m)))
    else
        show(io, p)
        print(io, '.', String(nameof(m)))
    end
end

# ---- default show for structs: T(field1, field2)
function show(io::IO, x)
    T = typeof(x)
    show(io, T)
    print(io, '(')
    n = nfields(x)
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

# ---- text/plain display (the REPL form)
show(io::IO, ::MIME"text/plain", x) = show(io, x)
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
summary(x) = sprint(summary, x)
show(io::IO, ::MIME"text/plain", r::AbstractRange) = show(io, r)
function show(io::IO, ::MIME"text/plain", d::AbstractDict)
    n = length(d)
    n == 0 && return show(io, d)   # `Dict{Int64, Int64}()`, as Julia
    show(io, typeof(d))
    print(io, " with ", n, n == 1 ? " entry" : " entries")
    n == 0 && return
    print(io, ":")
    ks = [sprint(show, p.first) for p in d]
    w = maximum(length, ks)
    i = 0
    for (k, v) in d
        i += 1
        print(io, "\n  ", ks[i], repeat(" ", w - length(ks[i])), " => ")
        show(io, v)
    end
end
show(io::IO, ::MIME"text/plain", v::KeySet) = _show_keyset_plain(io, v)
show(io::IO, ::MIME"text/plain", v::ValueIterator) = _show_keyset_plain(io, v)
function show(io::IO, ::MIME"text/plain", s::AbstractSet)
    n = length(s)
    n == 0 && return show(io, s)
    show(io, typeof(s))
    print(io, " with ", n, n == 1 ? " element" : " elements")
    n == 0 && return
    print(io, ":")
    for x in s
        print(io, "\n  ")
        show(io, x)
    end
end
# display: what the REPL and `display(x)` print
display(x) = (show(stdout, MIME"text/plain"(), x); println(stdout); nothing)
show(io::IO, ::Colon) = print(io, "Colon()")
