# essentials.jl -- the first layer of Base: constructors of Core's own types, type aliases, `convert`,
# the ccall conversion protocol (cconvert/unsafe_convert), the glue lowering calls (indexed_iterate,
# not, ...), `Ref`, and the annotation macros (@inbounds, ... as no-ops; @inline/@noinline for the optimizer).

# ---- evaluation and Core constructors (Julia's boot.jl defines these in Core; C defines the types here)
Expr(args...) = Core._expr(args...)
_eval(m::Module, e) = ccall(:jl_toplevel_eval, Any, (Any, Any), m, e)
_eval(Base, quote
    LineNumberNode(l::Int64) = $(Expr(:new, :LineNumberNode, :l, nothing))
    LineNumberNode(l::Int64, f) = $(Expr(:new, :LineNumberNode, :l, :f))
    QuoteNode(x) = $(Expr(:new, :QuoteNode, :x))
    GlobalRef(m::Module, s::Symbol) = $(Expr(:new, :GlobalRef, :m, :s, nothing))
    ErrorException(msg) = $(Expr(:new, :ErrorException, :msg))
    ArgumentError(msg) = $(Expr(:new, :ArgumentError, :msg))
    BoundsError() = $(Expr(:new, :BoundsError))
    BoundsError(a) = $(Expr(:new, :BoundsError, :a))
    BoundsError(a, i) = $(Expr(:new, :BoundsError, :a, :i))
    TypeError(f, ctx, expected, got) = $(Expr(:new, :TypeError, :f, :ctx, :expected, :got))
    UndefVarError(var::Symbol) = $(Expr(:new, :UndefVarError, :var))
    DivideError() = $(Expr(:new, :DivideError))
    UndefRefError() = $(Expr(:new, :UndefRefError))
    OutOfMemoryError() = $(Expr(:new, :OutOfMemoryError))
    StackOverflowError() = $(Expr(:new, :StackOverflowError))
end)
Symbol(s::Symbol) = s

# ---- aliases
const Bottom = Union{}
isdefined(Core, :UInt) || _eval(Base, :(const UInt = UInt64))
const AbstractVector = (AbstractArray{T,1}) where T
const AbstractMatrix = (AbstractArray{T,2}) where T
const AbstractVecOrMat = (Union{AbstractVector{T}, AbstractMatrix{T}}) where T
const DenseVector = (DenseArray{T,1}) where T
const DenseMatrix = (DenseArray{T,2}) where T
const Vector = (Array{T,1}) where T
const Matrix = (Array{T,2}) where T
const VecOrMat = (Union{Vector{T}, Matrix{T}}) where T
isdefined(Core, :NTuple) || _eval(Base, :(const NTuple = (Tuple{Vararg{T,N}}) where {N,T}))
const IEEEFloat = Union{Float16, Float32, Float64}
const BitSigned = Union{Int8, Int16, Int32, Int64, Int128}
const BitUnsigned = Union{UInt8, UInt16, UInt32, UInt64, UInt128}
const BitInteger = Union{BitSigned, BitUnsigned}
const BitSigned64 = Union{Int8, Int16, Int32, Int64}
const BitUnsigned64 = Union{UInt8, UInt16, UInt32, UInt64}
const BitInteger64 = Union{BitSigned64, BitUnsigned64}

# C types (Julia's c.jl)
const Cchar = Int8
const Cuchar = UInt8
const Cshort = Int16
const Cushort = UInt16
const Cint = Int32
const Cuint = UInt32
const Clong = Int64
const Culong = UInt64
const Clonglong = Int64
const Culonglong = UInt64
const Cintmax_t = Int64
const Cuintmax_t = UInt64
const Csize_t = UInt
const Cssize_t = Int
const Cptrdiff_t = Int
const Cfloat = Float32
const Cdouble = Float64
const Cvoid = Nothing
const Cwchar_t = Int32
# (`primitive type Cstring 64 end`, spelled with the builtins it lowers to)
function _new_primitive(name::Symbol, nbits::Int)
    T = Core._primitivetype(Base, name, Core.svec(), nbits)
    Core._setsuper!(T, Any)
    Core._typebody!(T, Core.svec())
    T
end
const Cstring = _new_primitive(:Cstring, 64)
const Cwstring = _new_primitive(:Cwstring, 64)

# ---- annotation macros: the interpreter ignores these hints
# @inline/@noinline on a method definition put `Expr(:meta, :inline)` (`:noinline`) at the top of its
# body, which lowering records in the CodeInfo for the optimizer's inlining decision; on anything else
# (a block, a call site) they change nothing. Without arguments they are the meta itself, for a body.
_arraylast(a) = Core.arrayref(true, a, arraylen(a))
function _is_function_def(ex)
    isa(ex, Expr) || return false
    h = getfield(ex, :head)
    (h === :function || h === :->) && return arraylen(getfield(ex, :args)) === 2
    h === :(=) || return false
    lhs = Core.arrayref(true, getfield(ex, :args), 1)
    while isa(lhs, Expr) && (getfield(lhs, :head) === :where || getfield(lhs, :head) === :(::))
        lhs = Core.arrayref(true, getfield(lhs, :args), 1)
    end
    isa(lhs, Expr) && getfield(lhs, :head) === :call
end
function _annotate_def(ex, metas::Symbol...)
    inner = ex
    while isa(inner, Expr) && getfield(inner, :head) === :macrocall
        inner = _arraylast(getfield(inner, :args))
    end
    if _is_function_def(inner)
        args = getfield(inner, :args)
        Core.arrayset(true, args, Expr(:block, Expr(:meta, metas...), Core.arrayref(true, args, 2)), 2)
    end
    esc(ex)
end
macro inline(ex)
    _annotate_def(ex, :inline)
end
macro inline()
    Expr(:meta, :inline)
end
macro noinline(ex)
    _annotate_def(ex, :noinline)
end
macro noinline()
    Expr(:meta, :noinline)
end
# @inbounds marks a region whose bounds checks may be left out (by the optimizer; the interpreter
# always checks); its value is the value of `ex`. A check is `@boundscheck blk`: `blk` runs unless the
# code is in such a region, its own or, once inlined, its caller's. @propagate_inbounds methods also
# pass the caller's region on to the calls they make.
macro inbounds(ex)
    Expr(:block, Expr(:inbounds, true), Expr(:local, Expr(:(=), :val, esc(ex))), Expr(:inbounds, :pop), :val)
end
macro boundscheck(ex)
    Expr(:if, Expr(:boundscheck), esc(ex))
end
macro propagate_inbounds(ex)
    _annotate_def(ex, :inline, :propagate_inbounds)
end
# the bounds-checking flag itself, for the checking builtins (arrayref, arrayset)
macro _boundscheck()
    Expr(:boundscheck)
end
macro nospecialize(vars...)
    if nfields(vars) === 1
        var = getfield(vars, 1)
        if isa(var, Expr) && getfield(var, :head) === :(=)
            setfield!(var, :head, :kw)   # `@nospecialize x=v` in argument position
        end
    end
    Expr(:meta, :nospecialize, vars...)
end
macro specialize(vars...)
    nothing
end
macro pure(ex)
    esc(ex)
end
macro assume_effects(args...)
    esc(getfield(args, nfields(args)))
end
macro constprop(setting, ex)
    esc(ex)
end
macro noinline_meta() nothing end
macro _inline_meta() nothing end
macro _noinline_meta() nothing end
macro _propagate_inbounds_meta() nothing end

esc(e) = Expr(:escape, e)

isdefined(Core, :Main) || _eval(Base, :(const Main = $(ccall(:jl_get_main_module, Any, ()))))

# ---- Base.sizeof: Core.sizeof plus methods for Base types
sizeof(x) = Core.sizeof(x)

# ---- basic predicates and identity
identity(x) = x
isnothing(x) = x === nothing
!(x::Bool) = not_int(x)
notnothing(x) = x
notnothing(::Nothing) = throw(ArgumentError("nothing passed to notnothing"))

# ---- convert
convert(::Type{Any}, x) = x
convert(::Type{Type}, x::Type) = x
convert(::Type{Nothing}, x::Nothing) = x
convert(::Type{Tuple{}}, x::Tuple{}) = x
convert(::Type{T}, x::T) where {T<:Tuple} = x
function convert(::Type{T}, x::Tuple) where {T<:Tuple}
    x isa T && return x
    _tuple_convert(T, x)
end
oftype(x, y) = convert(typeof(x), y)

# ---- the ccall argument protocol: lowering may wrap each argument in cconvert then unsafe_convert
cconvert(::Type{_S1}, x) where {_S1<:Ptr} = x
cconvert(::Type{Cstring}, x) = x
unsafe_convert(::Type{Ptr{UInt8}}, s::String) = ccall(:jl_string_ptr, Ptr{UInt8}, (Any,), s)
unsafe_convert(::Type{Ptr{Int8}}, s::String) = bitcast(Ptr{Int8}, ccall(:jl_string_ptr, Ptr{UInt8}, (Any,), s))
unsafe_convert(::Type{Ptr{Cvoid}}, s::String) = bitcast(Ptr{Cvoid}, ccall(:jl_string_ptr, Ptr{UInt8}, (Any,), s))
unsafe_convert(::Type{Ptr{UInt8}}, s::Symbol) = ccall(:jl_symbol_name_ptr, Ptr{UInt8}, (Any,), s)
# a C string ends at its first NUL: one inside s would silently cut it (Julia's check)
function unsafe_convert(::Type{Cstring}, s::String)
    p = ccall(:jl_string_ptr, Ptr{UInt8}, (Any,), s)
    nul = ccall(:memchr, Ptr{UInt8}, (Ptr{UInt8}, Int32, UInt), p, Int32(0), bitcast(UInt, sizeof(s)))
    bitcast(UInt, nul) == bitcast(UInt, 0) ||
        throw(ArgumentError(string("embedded NULs are not allowed in C strings: ", repr(s))))
    bitcast(Cstring, p)
end
unsafe_convert(::Type{Cstring}, s::Symbol) = bitcast(Cstring, ccall(:jl_symbol_name_ptr, Ptr{UInt8}, (Any,), s))
unsafe_convert(::Type{Cstring}, p::Ptr) = bitcast(Cstring, p)
unsafe_convert(::Type{Ptr{T}}, a::Array{T}) where {T} = ccall(:jl_array_ptr, Ptr{T}, (Any,), a)
unsafe_convert(::Type{Ptr{Cvoid}}, a::Array) = ccall(:jl_array_ptr, Ptr{Cvoid}, (Any,), a)
unsafe_convert(::Type{Ptr{Cvoid}}, p::Ptr) = bitcast(Ptr{Cvoid}, p)
unsafe_convert(::Type{Ptr{T}}, p::Ptr{T}) where {T} = p
unsafe_convert(::Type{Ptr{Cvoid}}, p::Ptr{Cvoid}) = p

pointer_from_objref(x) = ccall(:jl_value_ptr, Ptr{Cvoid}, (Any,), x)

# ---- `:` is the singleton Colon(): a:b calls it, A[:] passes it
struct Colon <: Function end
const (:) = Colon()

# ---- abstract types used in signatures throughout Base
abstract type AbstractRange{T} <: AbstractArray{T,1} end
abstract type OrdinalRange{T,S} <: AbstractRange{T} end
abstract type AbstractUnitRange{T} <: OrdinalRange{T,T} end
abstract type AbstractDict{K,V} end
abstract type AbstractSet{T} end
abstract type IO end

# ---- Ref
mutable struct RefValue{T} <: Ref{T}
    x::T
    RefValue{T}() where {T} = new()
    RefValue{T}(x) where {T} = new(x)
end
RefValue(x::T) where {T} = RefValue{T}(x)
Ref(x::T) where {T} = RefValue{T}(x)
(::Type{Ref{T}})() where {T} = RefValue{T}()
(::Type{Ref{T}})(x) where {T} = RefValue{T}(x)
getindex(b::RefValue) = getfield(b, :x)
setindex!(b::RefValue, x) = (setfield!(b, :x, convert(fieldtype(typeof(b), :x), x)); b)
isassigned(b::RefValue) = isdefined(b, :x)
unsafe_convert(::Type{Ptr{T}}, b::RefValue{T}) where {T} = bitcast(Ptr{T}, pointer_from_objref(b))
unsafe_convert(::Type{Ptr{Cvoid}}, b::RefValue{T}) where {T} = bitcast(Ptr{Cvoid}, pointer_from_objref(b))
cconvert(::Type{Ptr{T}}, b::RefValue{T}) where {T} = b
cconvert(::Type{Ref{T}}, x) where {T} = x isa RefValue{T} ? x : RefValue{T}(x)
unsafe_convert(::Type{Ref{T}}, b::RefValue{T}) where {T} = bitcast(Ptr{T}, pointer_from_objref(b))

# ---- SimpleVector (type parameters, field names)
length(v::SimpleVector) = ccall(:jl_svec_length, Int, (Any,), v)
getindex(v::SimpleVector, i::Int) = Core._svec_ref(v, i)
isempty(v::SimpleVector) = length(v) == 0
iterate(v::SimpleVector, i::Int=1) = sle_int(i, length(v)) ? (Core._svec_ref(v, i), add_int(i, 1)) : nothing

# ---- lowering glue: destructuring and iteration
indexed_iterate(t::Tuple, i::Int, state=1) = (getfield(t, i), add_int(i, 1))
function indexed_iterate(I, i)
    x = iterate(I)
    x === nothing && throw(BoundsError(I, i))
    x
end
function indexed_iterate(I, i, state)
    x = iterate(I, state)
    x === nothing && throw(BoundsError(I, i))
    x
end

inferencebarrier(x) = x
isexpr(ex, head::Symbol) = isa(ex, Expr) && getfield(ex, :head) === head
isexpr(ex, head::Symbol, n::Int) = isa(ex, Expr) && getfield(ex, :head) === head && length(getfield(ex, :args)) == n

# `Val`
struct Val{x} end
Val(x) = Val{x}()

# `Some`
struct Some{T}
    value::T
end
something() = throw(ArgumentError("No value arguments present"))
something(x::Nothing, y...) = something(y...)
something(x::Some, y...) = x.value
something(x::Any, y...) = x
