# int.jl -- the primitive integer types: arithmetic (wrapping), division with DivideError, bit
# operations, shifts, comparison, conversion between integer types (InexactError when lossy), and the
# promotion rules between them.

const _SIGNED = (Int8, Int16, Int32, Int64, Int128)
const _UNSIGNED = (UInt8, UInt16, UInt32, UInt64, UInt128)

(+)(x::T, y::T) where {T<:BitInteger} = add_int(x, y)
(-)(x::T, y::T) where {T<:BitInteger} = sub_int(x, y)
(*)(x::T, y::T) where {T<:BitInteger} = mul_int(x, y)
(-)(x::BitInteger) = neg_int(x)
(+)(x::Integer) = x
(~)(x::BitInteger) = not_int(x)
(&)(x::T, y::T) where {T<:BitInteger} = and_int(x, y)
(|)(x::T, y::T) where {T<:BitInteger} = or_int(x, y)
xor(x::T, y::T) where {T<:BitInteger} = xor_int(x, y)

(==)(x::T, y::T) where {T<:BitInteger} = eq_int(x, y)
(!=)(x::T, y::T) where {T<:BitInteger} = ne_int(x, y)
(<)(x::T, y::T) where {T<:BitSigned} = slt_int(x, y)
(<=)(x::T, y::T) where {T<:BitSigned} = sle_int(x, y)
(<)(x::T, y::T) where {T<:BitUnsigned} = ult_int(x, y)
(<=)(x::T, y::T) where {T<:BitUnsigned} = ule_int(x, y)
isless(x::T, y::T) where {T<:BitInteger} = x < y

# mixed signed/unsigned comparison compares mathematical values, as Julia does
(==)(x::BitSigned, y::BitUnsigned) = (x >= 0) & (unsigned(x) == y)
(==)(x::BitUnsigned, y::BitSigned) = (y >= 0) & (x == unsigned(y))
(<)(x::BitSigned, y::BitUnsigned) = (x < 0) | (unsigned(x) < y)
(<)(x::BitUnsigned, y::BitSigned) = (y >= 0) & (x < unsigned(y))
(<=)(x::BitSigned, y::BitUnsigned) = (x < 0) | (unsigned(x) <= y)
(<=)(x::BitUnsigned, y::BitSigned) = (y >= 0) & (x <= unsigned(y))

function div(x::T, y::T) where {T<:BitSigned}
    (y == zero(T) || (y == -one(T) && x == typemin(T))) && throw(DivideError())
    sdiv_int(x, y)
end
function rem(x::T, y::T) where {T<:BitSigned}
    y == zero(T) && throw(DivideError())
    y == -one(T) && return zero(T)
    srem_int(x, y)
end
function div(x::T, y::T) where {T<:BitUnsigned}
    y == zero(T) && throw(DivideError())
    udiv_int(x, y)
end
function rem(x::T, y::T) where {T<:BitUnsigned}
    y == zero(T) && throw(DivideError())
    urem_int(x, y)
end
function fld(x::T, y::T) where {T<:BitSigned}
    d = div(x, y)
    d - ((signbit(x) != signbit(y)) & (d * y != x))
end
fld(x::T, y::T) where {T<:BitUnsigned} = div(x, y)
function cld(x::T, y::T) where {T<:BitSigned}
    d = div(x, y)
    d + ((signbit(x) == signbit(y)) & (d * y != x))
end
function cld(x::T, y::T) where {T<:BitUnsigned}
    d = div(x, y)
    d + (d * y != x)
end
function mod(x::T, y::T) where {T<:BitSigned}
    y == -one(T) && return zero(T)
    r = rem(x, y)
    (r != zero(T)) & (signbit(r) != signbit(y)) ? r + y : r
end
mod(x::T, y::T) where {T<:BitUnsigned} = rem(x, y)
# mixed signedness, as Julia: the result takes y's signedness (mod(7, 0x03) === 0x0000000000000001)
mod(x::BitSigned, y::BitUnsigned) = rem(y + unsigned(rem(x, y)), y)
mod(x::BitUnsigned, y::BitSigned) = rem(y + signed(rem(x, y)), y)
divrem(x, y) = (div(x, y), rem(x, y))
fldmod(x, y) = (fld(x, y), mod(x, y))
(÷)(x, y) = div(x, y)
(%)(x, y) = rem(x, y)

# shifts: counts of any integer type; negative counts shift the other way
(<<)(x::BitInteger, y::BitUnsigned) = ifelse(y < UInt64(8 * sizeof(x)), shl_int(x, y), zero(x))
(>>>)(x::BitInteger, y::BitUnsigned) = ifelse(y < UInt64(8 * sizeof(x)), lshr_int(x, y), zero(x))
(>>)(x::BitUnsigned, y::BitUnsigned) = x >>> y
(>>)(x::BitSigned, y::BitUnsigned) =
    ashr_int(x, ifelse(y < UInt64(8 * sizeof(x)), y, UInt64(8 * sizeof(x) - 1)))
(<<)(x::BitInteger, y::BitSigned) = y >= 0 ? x << unsigned(y) : x >> unsigned(-y)
(>>)(x::BitInteger, y::BitSigned) = y >= 0 ? x >> unsigned(y) : x << unsigned(-y)
(>>>)(x::BitInteger, y::BitSigned) = y >= 0 ? x >>> unsigned(y) : x << unsigned(-y)

signbit(x::BitSigned) = slt_int(x, zero(x))
signbit(x::BitUnsigned) = false
sign(x::BitSigned) = ifelse(x > zero(x), one(x), ifelse(x < zero(x), -one(x), zero(x)))
sign(x::BitUnsigned) = ifelse(x > zero(x), one(x), zero(x))
abs(x::BitSigned) = flipsign(x, x)
abs(x::BitUnsigned) = x
flipsign(x::T, y::T) where {T<:BitSigned} = ifelse(signbit(y), -x, x)
flipsign(x::BitSigned, y::BitSigned) = flipsign(x, y % typeof(x))
copysign(x::BitSigned, y::Real) = ifelse(signbit(x) != signbit(y), -x, x)
iseven(x::Integer) = iszero(x & one(x))
isodd(x::Integer) = !iseven(x)
# a bit count always fits an Int: wrap instead of a checked conversion (as Julia), which also keeps these
# out of the inference cycle _checked_int -> _throw_inexact_int -> leading_zeros -> Int(::UInt8)
count_ones(x::BitInteger) = ctpop_int(x) % Int
leading_zeros(x::BitInteger) = ctlz_int(x) % Int
trailing_zeros(x::BitInteger) = cttz_int(x) % Int
count_zeros(x::BitInteger) = 8 * sizeof(x) - count_ones(x)
leading_ones(x::BitInteger) = leading_zeros(~x)
trailing_ones(x::BitInteger) = trailing_zeros(~x)

zero(::Type{T}) where {T<:BitInteger} = 0 % T
one(::Type{T}) where {T<:BitInteger} = 1 % T
typemin(::Type{Int8}) = -128 % Int8
typemax(::Type{Int8}) = 127 % Int8
typemin(::Type{UInt8}) = 0x00
typemax(::Type{UInt8}) = 0xff
typemin(::Type{Int16}) = -32768 % Int16
typemax(::Type{Int16}) = 32767 % Int16
typemin(::Type{UInt16}) = 0x0000
typemax(::Type{UInt16}) = 0xffff
typemin(::Type{Int32}) = -2147483648 % Int32
typemax(::Type{Int32}) = 2147483647 % Int32
typemin(::Type{UInt32}) = 0x00000000
typemax(::Type{UInt32}) = 0xffffffff
typemin(::Type{Int64}) = -9223372036854775807 - 1
typemax(::Type{Int64}) = 9223372036854775807
typemin(::Type{UInt64}) = 0x0000000000000000
typemax(::Type{UInt64}) = 0xffffffffffffffff
typemin(::Type{UInt128}) = 0 % UInt128
typemax(::Type{UInt128}) = ~(0 % UInt128)
typemax(::Type{Int128}) = (typemax(UInt128) >>> 1) % Int128
typemin(::Type{Int128}) = ~typemax(Int128)

# ---- conversion between integer types
# x % T: wrap (truncate or extend) to T
function rem(x::BitInteger, ::Type{T}) where {T<:BitInteger}
    sx = sizeof(x)
    sT = sizeof(T)
    if sT < sx
        return trunc_int(T, x)
    elseif sT == sx
        return bitcast(T, x)
    elseif x isa BitSigned
        return sext_int(T, x)
    else
        return zext_int(T, x)
    end
end
rem(x::Bool, ::Type{T}) where {T<:BitInteger} = zext_int(T, x)
rem(x::T, ::Type{T}) where {T<:BitInteger} = x
unsigned(x::BitSigned) = reinterpret(_unsigned_of(typeof(x)), x)
unsigned(x::BitUnsigned) = x
signed(x::BitUnsigned) = reinterpret(_signed_of(typeof(x)), x)
signed(x::BitSigned) = x
_unsigned_of(::Type{Int8}) = UInt8
_unsigned_of(::Type{Int16}) = UInt16
_unsigned_of(::Type{Int32}) = UInt32
_unsigned_of(::Type{Int64}) = UInt64
_unsigned_of(::Type{Int128}) = UInt128
_signed_of(::Type{UInt8}) = Int8
_signed_of(::Type{UInt16}) = Int16
_signed_of(::Type{UInt32}) = Int32
_signed_of(::Type{UInt64}) = Int64
_signed_of(::Type{UInt128}) = Int128
unsigned(::Type{T}) where {T<:BitSigned} = _unsigned_of(T)
signed(::Type{T}) where {T<:BitUnsigned} = _signed_of(T)
reinterpret(::Type{T}, x) where {T} = bitcast(T, x)

function _checked_int(::Type{T}, x::BitInteger) where {T<:BitInteger}
    y = x % T
    ((y % typeof(x)) == x) & (signbit(y) == signbit(x)) || _throw_inexact_int(T, x)
    y
end
# the function named in the error is the one Julia's boot.jl conversion fails in: check_top_bit when
# the sign bit is what does not fit (a negative value into an unsigned type at least as wide, an
# unsigned value with its top bit set into a signed type at most as wide), trunc otherwise
@noinline function _throw_inexact_int(::Type{T}, x::S) where {T<:BitInteger,S<:BitInteger}
    top = S <: BitSigned ? (T <: Unsigned && sizeof(T) >= sizeof(S)) :
                           (T <: BitSigned && leading_zeros(x) == 0)
    throw(InexactError(top ? :check_top_bit : :trunc, T, x))
end
function (::Type{T})(x::BitInteger) where {T<:BitInteger}
    _checked_int(T, x)
end
(::Type{T})(x::Bool) where {T<:BitInteger} = zext_int(T, x)
(::Type{T})(x::T) where {T<:BitInteger} = x
Bool(x::Bool) = x
function Bool(x::Integer)
    x == 0 && return false
    x == 1 && return true
    throw(InexactError(:Bool, Bool, x))
end
function Bool(x::AbstractFloat)
    x == 0 && return false
    x == 1 && return true
    throw(InexactError(:Bool, Bool, x))
end
convert(::Type{T}, x::Number) where {T<:Number} = T(x)
convert(::Type{T}, x::T) where {T<:Number} = x
Integer(x::Integer) = x
Signed(x::Signed) = x
Unsigned(x::Unsigned) = x

# ---- promotion among integer types: the wider type wins; of equal widths, the unsigned one
promote_rule(::Type{T}, ::Type{S}) where {T<:BitInteger,S<:BitInteger} = _int_promote(T, S)
_int_promote(T, S) = sizeof(T) > sizeof(S) ? T : sizeof(S) > sizeof(T) ? S : (T <: Unsigned ? T : S)
promote_rule(::Type{Bool}, ::Type{T}) where {T<:Number} = T

# ---- hashing helpers and misc
widen(::Type{Int8}) = Int16
widen(::Type{Int16}) = Int32
widen(::Type{Int32}) = Int64
widen(::Type{Int64}) = Int128
widen(::Type{UInt8}) = UInt16
widen(::Type{UInt16}) = UInt32
widen(::Type{UInt32}) = UInt64
widen(::Type{UInt64}) = UInt128
widen(::Type{Int128}) = BigInt
widen(::Type{UInt128}) = BigInt
widen(::Type{Bool}) = Int8
widen(x::Integer) = convert(widen(typeof(x)), x)
widemul(x::Number, y::Number) = widen(x) * widen(y)

# the magnitude of x as the unsigned type of its width (exact even for typemin)
uabs(x::BitSigned) = ifelse(x < 0, zero(unsigned(x)) - unsigned(x), unsigned(x))
uabs(x::BitUnsigned) = x

# bit operations on the bits: bswap, bit reversal, rotation
bswap(x::Union{Int8,UInt8,Bool}) = x
bswap(x::BitInteger) = bswap_int(x)
bitrotate(x::T, k::Integer) where {T<:BitInteger} =
    (x << ((sizeof(T) << 3 - 1) & k)) | (x >>> ((sizeof(T) << 3 - 1) & -k))
ispow2(x::Integer) = x > 0 && count_ones(x) == 1
top_set_bit(x::BitInteger) = 8 * sizeof(x) - leading_zeros(x)
