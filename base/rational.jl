# rational.jl -- Rational{T}: exact fractions num//den kept normalized (gcd 1, den >= 0; 1//0 is
# infinity, 0//0 an ArgumentError). Arithmetic is checked (OverflowError instead of wrapping), mixed
# with integers stays rational, with floats becomes float. Printed as `3//4`.

struct Rational{T<:Integer} <: Real
    num::T
    den::T
    Rational{T}(num::T, den::T, ::Val{:unsafe}) where {T<:Integer} = new{T}(num, den)
end
unsafe_rational(::Type{T}, num, den) where {T} = Rational{T}(convert(T, num), convert(T, den), Val(:unsafe))
unsafe_rational(num::T, den::T) where {T<:Integer} = unsafe_rational(T, num, den)
unsafe_rational(num::Integer, den::Integer) = unsafe_rational(promote(num, den)...)

@noinline __throw_rational_argerror_zero(T) = throw(ArgumentError(string("invalid rational: zero(", T, ")//zero(", T, ")")))
@noinline __throw_rational_argerror_typemin(T) = throw(ArgumentError(string("invalid rational: denominator can't be typemin(", T, ")")))
function checked_den(::Type{T}, num::T, den::T) where {T<:Integer}
    if signbit(den)
        den = -den
        signbit(den) && __throw_rational_argerror_typemin(T)
        num = -num
    end
    unsafe_rational(T, num, den)
end
function Rational{T}(num::Integer, den::Integer) where {T<:Integer}
    iszero(den) && iszero(num) && __throw_rational_argerror_zero(T)
    num, den = divgcd(num, den)
    checked_den(T, T(num), T(den))
end
Rational(n::T, d::T) where {T<:Integer} = Rational{T}(n, d)
Rational(n::Integer, d::Integer) = Rational(promote(n, d)...)
Rational(n::Integer) = unsafe_rational(n, one(n))
Rational{T}(x::Rational) where {T<:Integer} = unsafe_rational(T, convert(T, x.num), convert(T, x.den))
Rational{T}(x::Integer) where {T<:Integer} = unsafe_rational(T, convert(T, x), one(T))
Rational(x::Rational) = x
function divgcd(x::Integer, y::Integer)
    g = gcd(x, y)
    div(x, g), div(y, g)
end

(//)(n::Integer, d::Integer) = Rational(n, d)
function (//)(x::Rational, y::Integer)
    xn, yn = divgcd(x.num, y)
    checked_den(promote_type(typeof(xn), typeof(yn)), promote(xn, checked_mul(x.den, yn))...)
end
function (//)(x::Integer, y::Rational)
    xn, yn = divgcd(x, y.num)
    xn, yd = promote(checked_mul(xn, y.den), yn)
    checked_den(typeof(xn), xn, yd)
end
(//)(x::Rational, y::Rational) = x * inv(y)

# exact conversion of a float: its significand over a power of two
function Rational{T}(x::AbstractFloat) where {T<:Integer}
    isfinite(x) || (isinf(x) ? (return unsafe_rational(T, T(sign(x)), zero(T))) :
                    throw(InexactError(:Rational, Rational{T}, x)))
    iszero(x) && return unsafe_rational(T, zero(T), one(T))
    e = exponent(x) - precision(typeof(x)) + 1
    m = trunc(Int64, ldexp(x, -e))
    t = trailing_zeros(m)
    m >>= t
    e += t
    e >= 0 ? Rational{T}(checked_mul(T(m), T(2)^e), one(T)) : Rational{T}(T(m), T(2)^(-e))
end
Rational(x::Float64) = Rational{Int64}(x)
Rational(x::Float32) = Rational{Int64}(x)
Rational(x::Float16) = Rational{Int64}(x)

numerator(x::Integer) = x
denominator(x::Integer) = one(x)
numerator(x::Rational) = x.num
denominator(x::Rational) = x.den

convert(::Type{Rational{T}}, x::Rational{T}) where {T<:Integer} = x
convert(::Type{Rational{T}}, x::Number) where {T<:Integer} = Rational{T}(x)
convert(::Type{Rational}, x::Integer) = Rational(x)
promote_rule(::Type{Rational{T}}, ::Type{S}) where {T<:Integer,S<:Integer} = Rational{promote_type(T, S)}
promote_rule(::Type{Rational{T}}, ::Type{Rational{S}}) where {T<:Integer,S<:Integer} = Rational{promote_type(T, S)}
promote_rule(::Type{Rational{T}}, ::Type{S}) where {T<:Integer,S<:AbstractFloat} = promote_type(T, S)
(::Type{T})(x::Rational) where {T<:AbstractFloat} = convert(T, x.num) / convert(T, x.den)
AbstractFloat(x::Rational) = float(x.num) / float(x.den)
float(x::Rational) = AbstractFloat(x)
function (::Type{T})(x::Rational) where {T<:Integer}
    isone(x.den) || throw(InexactError(nameof(T), T, x))
    convert(T, x.num)
end
Bool(x::Rational) = x == 0 ? false : x == 1 ? true : throw(InexactError(:Bool, Bool, x))
big(x::Rational) = Rational{BigInt}(x)
big(::Type{Rational{T}}) where {T} = Rational{BigInt}
float(::Type{Rational{T}}) where {T} = float(T)

widen(::Type{Rational{T}}) where {T} = Rational{widen(T)}
zero(::Type{Rational{T}}) where {T} = unsafe_rational(T, zero(T), one(T))
one(::Type{Rational{T}}) where {T} = unsafe_rational(T, one(T), one(T))
typemin(::Type{Rational{T}}) where {T<:Signed} = unsafe_rational(T, -one(T), zero(T))
typemax(::Type{Rational{T}}) where {T<:Integer} = unsafe_rational(T, one(T), zero(T))
iszero(x::Rational) = iszero(x.num)
isone(x::Rational) = isone(x.num) & isone(x.den)
isinteger(x::Rational) = x.den == 1
isfinite(x::Rational) = !iszero(x.den)
isinf(x::Rational) = iszero(x.den)
isnan(x::Rational) = false
sign(x::Rational) = oftype(x, sign(x.num))
signbit(x::Rational) = signbit(x.num)
copysign(x::Rational, y::Real) = unsafe_rational(copysign(x.num, y), x.den)
abs(x::Rational) = unsafe_rational(checked_abs(x.num), x.den)
inv(x::Rational{T}) where {T} = checked_den(T, x.den, x.num)

(-)(x::Rational) = unsafe_rational(checked_neg(x.num), x.den)
function (+)(x::Rational, y::Rational)
    xd, yd = divgcd(promote(x.den, y.den)...)
    Rational(checked_add(checked_mul(x.num, yd), checked_mul(y.num, xd)), checked_mul(x.den, yd))
end
function (-)(x::Rational, y::Rational)
    xd, yd = divgcd(promote(x.den, y.den)...)
    Rational(checked_sub(checked_mul(x.num, yd), checked_mul(y.num, xd)), checked_mul(x.den, yd))
end
function (*)(x::Rational, y::Rational)
    xn, yd = divgcd(promote(x.num, y.den)...)
    xd, yn = divgcd(promote(x.den, y.num)...)
    unsafe_rational(checked_mul(xn, yn), checked_mul(xd, yd))
end
(/)(x::Rational, y::Rational) = x // y
(/)(x::Rational, y::Integer) = x // y
(/)(x::Integer, y::Rational) = x // y
(+)(x::Rational, y::Integer) = unsafe_rational(checked_add(x.num, checked_mul(x.den, y)), x.den)
(+)(y::Integer, x::Rational) = x + y
(-)(x::Rational, y::Integer) = unsafe_rational(checked_sub(x.num, checked_mul(x.den, y)), x.den)
(-)(y::Integer, x::Rational) = unsafe_rational(checked_sub(checked_mul(x.den, y), x.num), x.den)
function (*)(x::Rational, y::Integer)
    xd, yn = divgcd(x.den, y)
    unsafe_rational(checked_mul(x.num, yn), xd)
end
(*)(y::Integer, x::Rational) = x * y
fma(x::Rational, y::Rational, z::Rational) = x * y + z
muladd(x::Rational, y::Rational, z::Rational) = x * y + z
function (^)(x::Rational, n::Integer)
    n >= 0 ? power_by_squaring(x, n) : power_by_squaring(inv(x), -n)
end
(^)(x::Number, y::Rational) = x^float(y)
(^)(x::T, y::Rational) where {T<:AbstractFloat} = x^convert(T, y)

(==)(x::Rational, y::Rational) = (x.den == y.den) & (x.num == y.num)
(==)(x::Rational, y::Integer) = (x.den == 1) & (x.num == y)
(==)(x::Integer, y::Rational) = y == x
(==)(x::Rational, y::AbstractFloat) = isfinite(y) ? (r = Rational{BigInt}(y); r.num == x.num && r.den == x.den) : (iszero(x.den) && sign(x.num) == sign(y))
(==)(x::AbstractFloat, y::Rational) = y == x
function (<)(x::Rational, y::Rational)
    x.den == y.den ? x.num < y.num : widemul(x.num, y.den) < widemul(x.den, y.num)
end
function (<=)(x::Rational, y::Rational)
    x.den == y.den ? x.num <= y.num : widemul(x.num, y.den) <= widemul(x.den, y.num)
end
(<)(x::Rational, y::Integer) = x.num < widemul(x.den, y)
(<)(x::Integer, y::Rational) = widemul(x, y.den) < y.num
(<=)(x::Rational, y::Integer) = x.num <= widemul(x.den, y)
(<=)(x::Integer, y::Rational) = widemul(x, y.den) <= y.num
isless(x::Rational, y::Rational) = x < y
isless(x::Rational, y::Integer) = x < y
isless(x::Integer, y::Rational) = x < y
cmp(x::Rational, y::Rational) = x < y ? -1 : x == y ? 0 : 1

# integer division with a rounding mode (used by round of rationals)
div(x::Integer, y::Integer, ::RoundingMode{:ToZero}) = div(x, y)
div(x::Integer, y::Integer, ::RoundingMode{:Down}) = fld(x, y)
div(x::Integer, y::Integer, ::RoundingMode{:Up}) = cld(x, y)
div(x::Integer, y::Integer, ::RoundingMode{:FromZero}) = (q = div(x, y); q * y == x ? q : q + (signbit(x) == signbit(y) ? one(q) : -one(q)))
function div(x::Integer, y::Integer, r::RoundingMode)
    q, m = divrem(x, y)
    iszero(m) && return q
    away = signbit(x) == signbit(y) ? one(q) : -one(q)
    c = cmp(abs(2 * widen(m)), abs(widen(y)))
    c < 0 && return q
    c > 0 && return q + away
    r === RoundNearestTiesAway && return q + away
    r === RoundNearestTiesUp && return away > 0 ? q + away : q
    iseven(q) ? q : q + away
end
fld(x::Rational, y::Rational) = (z = x / y; div(z.num, z.den, RoundDown))
cld(x::Rational, y::Rational) = (z = x / y; div(z.num, z.den, RoundUp))
div(x::Rational, y::Rational) = (z = x / y; div(z.num, z.den))
rem(x::Rational, y::Rational) = x - y * div(x, y)
mod(x::Rational, y::Rational) = x - y * fld(x, y)
div(x::Rational, y::Integer) = div(x, Rational(y))
fld(x::Rational, y::Integer) = fld(x, Rational(y))
mod(x::Rational, y::Integer) = mod(x, Rational(y))
rem(x::Rational, y::Integer) = rem(x, Rational(y))

function round(_T::Type{T}, x::Rational{Tr}, r::RoundingMode=RoundNearest) where {T<:Integer,Tr}
    iszero(x.den) && throw(DivideError())
    convert(T, div(x.num, x.den, r))
end
round(x::Rational{T}, r::RoundingMode=RoundNearest) where {T} =
    iszero(x.den) ? x : unsafe_rational(T, div(x.num, x.den, r), one(T))
trunc(x::Rational) = round(x, RoundToZero)
gcd(x::Rational{T}, y::Rational{T}) where {T} = unsafe_rational(gcd(x.num, y.num), lcm(x.den, y.den))
lcm(x::Rational{T}, y::Rational{T}) where {T} = unsafe_rational(lcm(x.num, y.num), gcd(x.den, y.den))
floor(x::Rational) = round(x, RoundDown)
ceil(x::Rational) = round(x, RoundUp)
trunc(::Type{T}, x::Rational) where {T<:Integer} = round(T, x, RoundToZero)
floor(::Type{T}, x::Rational) where {T<:Integer} = round(T, x, RoundDown)
ceil(::Type{T}, x::Rational) where {T<:Integer} = round(T, x, RoundUp)

function show(io::IO, x::Rational)
    show(io, numerator(x))
    print(io, "//")
    show(io, denominator(x))
end

# rationalize(x; tol): Julia's algorithm, so the same fraction is chosen. The convergents p//q of the
# continued fraction of |x| are built while the remainder r exceeds the tolerance carried along (nt);
# the remainder is kept exact by holding x as a ratio of two values (x/y, divrem of the pair) instead of
# taking 1/r. Then the smallest semiconvergent within tol is returned. A convergent that does not fit
# in T ends the search with the last one that did.
function _rat_step(::Type{T}, a, p::T, q::T, pp::T, qq::T) where {T<:BitInteger}
    a <= typemax(T) || return nothing
    ia = convert(T, a)
    np, o1 = mul_with_overflow(ia, p)
    nq, o2 = mul_with_overflow(ia, q)
    np, o3 = add_with_overflow(np, pp)
    nq, o4 = add_with_overflow(nq, qq)
    (o1 | o2 | o3 | o4) ? nothing : (np, nq)
end
_rat_step(::Type{T}, a, p::T, q::T, pp::T, qq::T) where {T<:Integer} =   # unbounded (BigInt)
    (ia = convert(T, a); (ia * p + pp, ia * q + qq))
function rationalize(::Type{T}, x::Union{AbstractFloat,Rational}, tol::Real) where {T<:Integer}
    tol < 0 && throw(ArgumentError(string("negative tolerance ", tol)))
    T <: Unsigned && x < 0 && throw(OverflowError("cannot negate unsigned number"))
    isnan(x) && return T(x) // one(T)
    isinf(x) && return unsafe_rational(T, x < 0 ? -one(T) : one(T), zero(T))
    p, q, pp, qq = (x < 0 ? -one(T) : one(T)), zero(T), zero(T), one(T)
    x = abs(x)
    a = trunc(x)
    r = x - a
    y = one(x)
    tolx = oftype(x, tol)
    nt, t, tt = tolx, zero(tolx), tolx
    while r > nt
        s = _rat_step(T, a, p, q, pp, qq)
        s === nothing && return p // q
        p, pp, q, qq = s[1], p, s[2], q
        x, y = y, r
        a, r = divrem(x, y)
        t, tt = nt, t
        nt = a * t + tt
    end
    s = _rat_step(T, cld(x - tt, y + t), p, q, pp, qq)   # smallest a with x - a*y < a*t + tt
    s === nothing ? p // q : s[1] // s[2]
end
rationalize(::Type{T}, x::AbstractFloat; tol::Real=eps(x)) where {T<:Integer} = rationalize(T, x, tol)
rationalize(::Type{T}, x::Rational; tol::Real=0) where {T<:Integer} = rationalize(T, x, tol)
rationalize(x::Real; kws...) = rationalize(Int, x; kws...)

# hashing: equal to the hash of the equal Int or Float64 (hash(1//2) == hash(0.5)), as Julia
decompose(x::Rational) = (numerator(x), 0, denominator(x))
function hash(x::Rational{<:Union{Int8,Int16,Int32,Int64,UInt8,UInt16,UInt32,UInt64}}, h::UInt)
    num, den = numerator(x), denominator(x)
    den == 1 && return hash(num, h)
    den == 0 && return hash(ifelse(num > 0, Inf, -Inf), h)
    if isodd(den)
        pow = trailing_zeros(num)
        num >>= pow
    else
        pow = trailing_zeros(den)
        den >>= pow
        pow = -pow
        den == 1 && abs(num) < 9007199254740992 && return hash(ldexp(Float64(num), pow), h)
    end
    h = hash_integer(den, h)
    h = hash_integer(pow, h)
    hash_integer(num, h)
end

# column alignment in the REPL display of arrays (arrayshow.jl)
# `1//2` aligns on its `//`: (2, 2) for `1/` and `/2`
function _alignment(io, x::Rational)
    s = sprint(show, x; context = io)
    r = findfirst("//", s)
    r === nothing ? (length(s), 0) : (length(s, 1, first(r)), length(s) - length(s, 1, first(r)))
end
