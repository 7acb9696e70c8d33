# missing.jl -- `missing` (Julia's Missing singleton) and three-valued logic: arithmetic and comparison
# with missing give missing, `&`/`|` short-cut on false/true, isequal/isless treat missing as a value
# greater than everything; ismissing, coalesce, skipmissing, nonmissingtype.

struct Missing end
const missing = Missing()
ismissing(x) = x === missing
nonmissingtype(::Type{T}) where {T} = typesplit(T, Missing)
typesplit(T, S) = T isa Union ? (T.a <: S ? typesplit(T.b, S) : T.b <: S ? typesplit(T.a, S) : Union{typesplit(T.a, S), typesplit(T.b, S)}) : (T <: S ? Union{} : T)

# promotion keeps missing and nothing as a Union (so [1, missing] is a Vector{Union{Missing, Int64}})
nonnothingtype(::Type{T}) where {T} = typesplit(T, Nothing)
promote_rule(::Type{Missing}, S::Type) = Union{S, Missing}
promote_rule(::Type{Nothing}, S::Type) = Union{S, Nothing}
promote_rule(::Type{Union{Nothing, Missing}}, S::Type) = Union{S, Nothing, Missing}
function promote_rule(T::Type{>:Union{Nothing, Missing}}, S::Type)
    R = nonnothingtype(T)
    R >: T && return Any
    R2 = nonmissingtype(R)
    R2 >: R && return Any
    Union{promote_type(R2, S), Nothing, Missing}
end
function promote_rule(T::Type{>:Missing}, S::Type)
    R = nonmissingtype(T)
    R >: T && return Any
    Union{promote_type(R, S), Missing}
end
function promote_rule(T::Type{>:Nothing}, S::Type)
    R = nonnothingtype(T)
    R >: T && return Any
    Union{promote_type(R, S), Nothing}
end

# converting to a type that admits missing (or nothing) converts to the rest of the Union
convert(::Type{T}, x::T) where {T>:Missing} = x
convert(::Type{T}, x::T) where {T>:Nothing} = x
convert(::Type{T}, x::T) where {T>:Union{Missing, Nothing}} = x
convert(::Type{T}, x) where {T>:Missing} = convert(nonmissingtype(T), x)
convert(::Type{T}, x) where {T>:Nothing} = convert(nonnothingtype(T), x)
convert(::Type{T}, x) where {T>:Union{Missing, Nothing}} = convert(nonmissingtype(nonnothingtype(T)), x)

show(io::IO, ::Missing) = print(io, "missing")
print(io::IO, ::Missing) = print(io, "missing")

struct MissingException <: Exception
    msg::String
end
showerror(io::IO, e::MissingException) = print(io, "MissingException: ", e.msg)

# comparisons: == and < propagate, isequal/isless order missing last
==(::Missing, ::Missing) = missing
==(::Missing, ::Any) = missing
==(::Any, ::Missing) = missing
!=(::Missing, ::Missing) = missing
!=(::Missing, ::Any) = missing
!=(::Any, ::Missing) = missing
<(::Missing, ::Missing) = missing
<(::Missing, ::Any) = missing
<(::Any, ::Missing) = missing
<=(::Missing, ::Missing) = missing
<=(::Missing, ::Any) = missing
<=(::Any, ::Missing) = missing
>(::Missing, ::Missing) = missing
>(::Missing, ::Any) = missing
>(::Any, ::Missing) = missing
>=(::Missing, ::Missing) = missing
>=(::Missing, ::Any) = missing
>=(::Any, ::Missing) = missing
isequal(::Missing, ::Missing) = true
isequal(::Missing, ::Any) = false
isequal(::Any, ::Missing) = false
isless(::Missing, ::Missing) = false
isless(::Missing, ::Any) = false
isless(::Any, ::Missing) = true
hash(::Missing, h::UInt) = hash(0x8b2b3b96d3e5e9c1 % UInt, h)   # any fixed value: missing is a singleton

# arithmetic and math propagate missing
for f in (:+, :-, :abs, :abs2, :sqrt, :exp, :log, :sin, :cos, :tan, :floor, :ceil, :round, :trunc,
          :sign, :inv, :zero, :one, :iseven, :isodd, :isnan, :isinf, :isfinite, :iszero, :isone, :~)
    _eval(Base, :($f(::Missing) = missing))
end
for f in (:+, :-, :*, :/, :\, :^, :div, :rem, :mod, :fld, :cld, :min, :max, :<<, :>>, :>>>, :xor)
    _eval(Base, quote
        $f(::Missing, ::Missing) = missing
        $f(::Missing, ::Number) = missing
        $f(::Number, ::Missing) = missing
    end)
end
zero(::Type{Missing}) = missing
one(::Type{Missing}) = missing

# three-valued logic
!(::Missing) = missing
(&)(::Missing, ::Missing) = missing
(&)(a::Missing, b::Bool) = b ? missing : false
(&)(a::Bool, b::Missing) = a ? missing : false
(|)(::Missing, ::Missing) = missing
(|)(a::Missing, b::Bool) = b ? true : missing
(|)(a::Bool, b::Missing) = a ? true : missing
xor(a::Missing, b::Bool) = missing
xor(a::Bool, b::Missing) = missing

coalesce() = missing
coalesce(x::Missing, y...) = coalesce(y...)
coalesce(x::Any, y...) = x

# ---- skipmissing: an iterator over the non-missing values
struct SkipMissing{T}
    x::T
end
skipmissing(itr) = SkipMissing(itr)
IteratorSize(::Type{<:SkipMissing}) = SizeUnknown()
eltype(::Type{SkipMissing{T}}) where {T} = nonmissingtype(eltype(T))
function iterate(itr::SkipMissing, state...)
    y = iterate(itr.x, state...)
    while y !== nothing
        y[1] === missing || return y
        y = iterate(itr.x, y[2])
    end
    nothing
end
function show(io::IO, s::SkipMissing)
    print(io, "skipmissing(")
    show(io, s.x)
    print(io, ')')
end
function collect(s::SkipMissing)
    r = Vector{eltype(s)}(undef, 0)
    for x in s
        push!(r, x)
    end
    r
end
