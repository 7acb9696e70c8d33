# float.jl -- Float16/Float32/Float64: arithmetic, comparison (IEEE semantics; isequal/isless treat
# NaN and -0.0 specially), conversion to and from integers (InexactError when not exact), rounding,
# promotion with integers, and the float constants.

(+)(x::T, y::T) where {T<:IEEEFloat} = add_float(x, y)
(-)(x::T, y::T) where {T<:IEEEFloat} = sub_float(x, y)
(*)(x::T, y::T) where {T<:IEEEFloat} = mul_float(x, y)
(/)(x::T, y::T) where {T<:IEEEFloat} = div_float(x, y)
(-)(x::IEEEFloat) = neg_float(x)
muladd(x::T, y::T, z::T) where {T<:IEEEFloat} = muladd_float(x, y, z)
fma(x::T, y::T, z::T) where {T<:IEEEFloat} = fma_float(x, y, z)

(==)(x::T, y::T) where {T<:IEEEFloat} = eq_float(x, y)
(!=)(x::T, y::T) where {T<:IEEEFloat} = ne_float(x, y)
(<)(x::T, y::T) where {T<:IEEEFloat} = lt_float(x, y)
(<=)(x::T, y::T) where {T<:IEEEFloat} = le_float(x, y)
isequal(x::T, y::T) where {T<:IEEEFloat} = fpiseq(x, y)
function isless(x::T, y::T) where {T<:IEEEFloat}
    (isnan(x) || isnan(y)) && return !isnan(x)
    x < y || (x == y && signbit(x) && !signbit(y))
end

isnan(x::AbstractFloat) = x != x
isnan(x::Real) = false
isinf(x::AbstractFloat) = !isnan(x) & isnan(x - x)
isinf(x::Real) = false
isfinite(x::AbstractFloat) = !isnan(x - x)
isfinite(x::Real) = true
signbit(x::Float64) = signbit(bitcast(Int64, x))
signbit(x::Float32) = signbit(bitcast(Int32, x))
signbit(x::Float16) = signbit(bitcast(Int16, x))
abs(x::T) where {T<:IEEEFloat} = abs_float(x)
copysign(x::T, y::T) where {T<:IEEEFloat} = copysign_float(x, y)
copysign(x::T, y::Real) where {T<:IEEEFloat} = copysign(x, convert(T, y))
flipsign(x::T, y::T) where {T<:IEEEFloat} = ifelse(signbit(y), -x, x)
sign(x::T) where {T<:IEEEFloat} = ifelse(x > zero(T), one(T), ifelse(x < zero(T), -one(T), x))
sqrt(x::T) where {T<:IEEEFloat} = x < zero(T) ? throw(DomainError(x, "sqrt was called with a negative real argument but will only return a complex result if called with a complex argument. Try sqrt(Complex(x)).")) : sqrt_llvm(x)
sqrt(x::Real) = sqrt(float(x))

zero(::Type{Float64}) = 0.0
one(::Type{Float64}) = 1.0
zero(::Type{Float32}) = bitcast(Float32, 0x00000000)
one(::Type{Float32}) = bitcast(Float32, 0x3f800000)
zero(::Type{Float16}) = bitcast(Float16, 0x0000)
one(::Type{Float16}) = bitcast(Float16, 0x3c00)
const Inf = bitcast(Float64, 0x7ff0000000000000)
const NaN = bitcast(Float64, 0x7ff8000000000000)
const Inf64 = Inf
const NaN64 = NaN
const Inf32 = bitcast(Float32, 0x7f800000)
const NaN32 = bitcast(Float32, 0x7fc00000)
const Inf16 = bitcast(Float16, 0x7c00)
const NaN16 = bitcast(Float16, 0x7e00)
typemax(::Type{Float64}) = Inf
typemin(::Type{Float64}) = -Inf
typemax(::Type{Float32}) = Inf32
typemin(::Type{Float32}) = -Inf32
typemax(::Type{Float16}) = Inf16
typemin(::Type{Float16}) = -Inf16

# ---- the bit layout: sign, exponent and significand fields of each IEEE type
uinttype(::Type{Float64}) = UInt64
uinttype(::Type{Float32}) = UInt32
uinttype(::Type{Float16}) = UInt16
inttype(::Type{Float64}) = Int64
inttype(::Type{Float32}) = Int32
inttype(::Type{Float16}) = Int16
significand_bits(::Type{Float64}) = 52
significand_bits(::Type{Float32}) = 23
significand_bits(::Type{Float16}) = 10
exponent_bits(T::Type{<:IEEEFloat}) = 8 * sizeof(T) - 1 - significand_bits(T)
exponent_bias(T::Type{<:IEEEFloat}) = (1 << (exponent_bits(T) - 1)) - 1
sign_mask(T::Type{<:IEEEFloat}) = one(uinttype(T)) << (8 * sizeof(T) - 1)
significand_mask(T::Type{<:IEEEFloat}) = (one(uinttype(T)) << significand_bits(T)) - one(uinttype(T))
exponent_mask(T::Type{<:IEEEFloat}) = ~(sign_mask(T) | significand_mask(T))
precision(::Type{T}) where {T<:IEEEFloat} = significand_bits(T) + 1
precision(x::AbstractFloat) = precision(typeof(x))

floatmax(::Type{T}) where {T<:IEEEFloat} = reinterpret(T, (exponent_mask(T) - (one(uinttype(T)) << significand_bits(T))) | significand_mask(T))
floatmin(::Type{T}) where {T<:IEEEFloat} = reinterpret(T, one(uinttype(T)) << significand_bits(T))
floatmax(x::T) where {T<:AbstractFloat} = floatmax(T)
floatmin(x::T) where {T<:AbstractFloat} = floatmin(T)
floatmax() = floatmax(Float64)
floatmin() = floatmin(Float64)
eps(::Type{T}) where {T<:IEEEFloat} = reinterpret(T, uinttype(T)(exponent_bias(T) - significand_bits(T)) << significand_bits(T))
eps() = eps(Float64)
function eps(x::T) where {T<:IEEEFloat}
    isfinite(x) || return T(NaN)
    a = abs(x)
    a < floatmin(T) && return nextfloat(zero(T))
    ldexp(eps(T), exponent(a))
end
maxintfloat(::Type{Float64}) = 9007199254740992.0
maxintfloat(::Type{Float32}) = Float32(16777216.0)
maxintfloat(::Type{Float16}) = Float16(2048.0)
maxintfloat(x::T) where {T<:AbstractFloat} = maxintfloat(T)
maxintfloat(::Type{S}, ::Type{T}) where {S<:AbstractFloat,T<:Integer} = min(maxintfloat(S), S(typemax(T)))
maxintfloat() = maxintfloat(Float64)

# nextfloat(x, d): d steps up the ordered set of floats (integer order of sign-magnitude bits)
function nextfloat(f::T, d::Integer) where {T<:IEEEFloat}
    isnan(f) && return f
    U = uinttype(T)
    fi = reinterpret(inttype(T), f)
    fneg = fi < 0
    fu = unsigned(fi & typemax(inttype(T)))
    dneg = d < 0
    da = uabs(d % Int64)
    if da > typemax(U)
        fu = dneg == fneg ? U(exponent_mask(T)) : zero(U)
        fneg = dneg
    else
        du = da % U
        if fneg == dneg
            fu = fu + du > exponent_mask(T) || fu + du < fu ? U(exponent_mask(T)) : fu + du
        elseif du > fu
            fu = min(du - fu, U(exponent_mask(T)))
            fneg = !fneg
        else
            fu = fu - du
        end
    end
    fneg && (fu |= sign_mask(T))
    reinterpret(T, fu)
end
nextfloat(x::AbstractFloat) = nextfloat(x, 1)
prevfloat(x::AbstractFloat) = nextfloat(x, -1)
prevfloat(x::AbstractFloat, d::Integer) = nextfloat(x, -d)

issubnormal(x::T) where {T<:IEEEFloat} = (y = reinterpret(uinttype(T), x); (y & exponent_mask(T) == 0) & (y & significand_mask(T) != 0))
function exponent(x::T) where {T<:IEEEFloat}
    xs = reinterpret(uinttype(T), x) & ~sign_mask(T)
    xs >= exponent_mask(T) && throw(DomainError(x, "Cannot be NaN or Inf."))
    k = Int(xs >> significand_bits(T))
    if k == 0
        xs == 0 && throw(DomainError(x, "Cannot be subnormal converted to 0."))
        m = leading_zeros(xs) - exponent_bits(T)
        k = 1 - m
    end
    k - exponent_bias(T)
end
function significand(x::T) where {T<:IEEEFloat}
    (iszero(x) || !isfinite(x)) && return x
    ldexp(x, -exponent(x))
end
frexp(x::T) where {T<:IEEEFloat} = (iszero(x) || !isfinite(x)) ? (x, 0) : (e = exponent(x) + 1; (ldexp(x, -e), e))
function ldexp(x::Float64, e::Integer)
    (iszero(x) || !isfinite(x)) && return x
    e = clamp(e, -10000, 10000) % Int
    while e > 1000
        x *= _pow2f(1000)
        e -= 1000
    end
    while e < -1000
        x *= 1.0 / _pow2f(1000)
        e += 1000
    end
    e >= 0 ? x * _pow2f(e) : x * (1.0 / _pow2f(-e))
end
ldexp(x::T, e::Integer) where {T<:Union{Float16,Float32}} = T(ldexp(Float64(x), e))
_pow2f(e::Int) = e <= 1023 ? bitcast(Float64, (e + 1023) << 52) : Inf

# ---- conversion
Float64(x::Float64) = x
Float64(x::Float32) = fpext(Float64, x)
Float64(x::Float16) = fpext(Float64, x)
Float32(x::Float32) = x
Float32(x::Float64) = fptrunc(Float32, x)
Float32(x::Float16) = fpext(Float32, x)
Float16(x::Float16) = x
Float16(x::Float32) = fptrunc(Float16, x)
Float16(x::Float64) = fptrunc(Float16, x)
(::Type{T})(x::BitSigned) where {T<:IEEEFloat} = sitofp(T, x)
(::Type{T})(x::BitUnsigned) where {T<:IEEEFloat} = uitofp(T, x)
(::Type{T})(x::Bool) where {T<:IEEEFloat} = x ? one(T) : zero(T)
AbstractFloat(x::AbstractFloat) = x
AbstractFloat(x::Bool) = Float64(x)
AbstractFloat(x::BitInteger) = Float64(x)
float(x::AbstractFloat) = x
float(x::Integer) = Float64(x)
float(::Type{T}) where {T<:AbstractFloat} = T
float(::Type{T}) where {T<:Integer} = Float64

function (::Type{T})(x::IEEEFloat) where {T<:BitInteger}
    # exact conversion only: integral and in range
    if isinteger(x) && _in_int_range(T, x)
        return T <: BitSigned ? fptosi(T, x) : fptoui(T, x)
    end
    throw(InexactError(nameof(T), T, x))
end
function _in_int_range(::Type{T}, x::IEEEFloat) where {T<:BitInteger}
    xf = Float64(x)
    if T <: BitSigned
        lo = -ldexp2(8 * sizeof(T) - 1)
        return lo <= xf < -lo
    else
        return 0.0 <= xf < ldexp2(8 * sizeof(T))
    end
end
ldexp2(n::Int) = _pow2f(n)   # 2.0^n for 0 <= n <= 1023

isinteger(x::AbstractFloat) = isfinite(x) && x == trunc(x)
isinteger(x::Integer) = true

# ---- rounding: RoundingMode values select the direction; round(x; digits, sigdigits, base)
struct RoundingMode{T} end
const RoundNearest = RoundingMode{:Nearest}()
const RoundToZero = RoundingMode{:ToZero}()
const RoundUp = RoundingMode{:Up}()
const RoundDown = RoundingMode{:Down}()
const RoundFromZero = RoundingMode{:FromZero}()
const RoundNearestTiesAway = RoundingMode{:NearestTiesAway}()
const RoundNearestTiesUp = RoundingMode{:NearestTiesUp}()

trunc(x::T) where {T<:IEEEFloat} = trunc_llvm(x)
floor(x::T) where {T<:IEEEFloat} = floor_llvm(x)
ceil(x::T) where {T<:IEEEFloat} = ceil_llvm(x)
round(x::T) where {T<:IEEEFloat} = rint_llvm(x)
round(x::AbstractFloat, ::RoundingMode{:Nearest}) = round(x)
round(x::AbstractFloat, ::RoundingMode{:ToZero}) = trunc(x)
round(x::AbstractFloat, ::RoundingMode{:Up}) = ceil(x)
round(x::AbstractFloat, ::RoundingMode{:Down}) = floor(x)
round(x::AbstractFloat, ::RoundingMode{:FromZero}) = signbit(x) ? floor(x) : ceil(x)
function round(x::AbstractFloat, ::RoundingMode{:NearestTiesAway})
    y = trunc(x)
    abs(x - y) >= 0.5 ? y + copysign(one(x), x) : y
end
function round(x::AbstractFloat, ::RoundingMode{:NearestTiesUp})
    y = floor(x)
    x - y >= 0.5 ? y + one(x) : y
end
round(x::Integer, ::RoundingMode) = x
trunc(x::Integer) = x
floor(x::Integer) = x
ceil(x::Integer) = x
round(x::Integer) = x
trunc(x::Real; kws...) = round(x, RoundToZero; kws...)
floor(x::Real; kws...) = round(x, RoundDown; kws...)
ceil(x::Real; kws...) = round(x, RoundUp; kws...)

# conversion of the rounded value to an integer type: InexactError(:trunc, T, x) when out of range
function trunc(::Type{T}, x::IEEEFloat) where {T<:BitInteger}
    t = trunc(x)
    isfinite(t) && _in_int_range(T, t) || throw(InexactError(:trunc, T, x))
    T <: BitSigned ? fptosi(T, t) : fptoui(T, t)
end
trunc(::Type{T}, x::Integer) where {T<:Integer} = convert(T, x)
trunc(::Type{T}, x::Real) where {T<:Integer} = trunc(T, float(x))
floor(::Type{T}, x::Real) where {T<:Integer} = trunc(T, round(x, RoundDown))
ceil(::Type{T}, x::Real) where {T<:Integer} = trunc(T, round(x, RoundUp))
round(::Type{T}, x::Real) where {T<:Integer} = trunc(T, round(x, RoundNearest))
round(::Type{T}, x::Real, r::RoundingMode) where {T<:Integer} = trunc(T, round(x, r))
round(::Type{T}, x::Integer, r::RoundingMode) where {T<:Integer} = convert(T, x)
round(::Type{Bool}, x::AbstractFloat) = Bool(round(x))
round(::Type{T}, x::Real) where {T<:AbstractFloat} = convert(T, round(x))
floor(::Type{T}, x::Real) where {T<:AbstractFloat} = convert(T, floor(x))
ceil(::Type{T}, x::Real) where {T<:AbstractFloat} = convert(T, ceil(x))
trunc(::Type{T}, x::Real) where {T<:AbstractFloat} = convert(T, trunc(x))

function round(x::Real, r::RoundingMode=RoundNearest;
               digits::Union{Nothing,Integer}=nothing, sigdigits::Union{Nothing,Integer}=nothing, base::Integer=10)
    if digits === nothing
        sigdigits === nothing && return round(x, r)
        x isa AbstractFloat && !isfinite(x) && return x
        iszero(x) && return x
        return _round_digits(x, r, sigdigits - _hidigit(x, base), base)
    end
    sigdigits === nothing || throw(ArgumentError("`round` cannot use both `digits` and `sigdigits` arguments."))
    _round_digits(x, r, digits, base)
end
function _round_digits(x, r::RoundingMode, digits::Integer, base)
    x isa Integer && digits >= 0 && return x
    fx = float(x)
    isfinite(fx) || return fx
    if digits >= 0
        s = oftype(fx, base)^digits
        y = round(fx * s, r) / s
    else
        s = oftype(fx, base)^(-digits)
        y = round(fx / s, r) * s
    end
    x isa Integer ? oftype(x, y) : (isfinite(y) ? y : fx)
end
_hidigit(x::Integer, base) = ndigits0z(x, base)
_hidigit(x::Real, base) = _hidigit(float(x), base)
function _hidigit(x::AbstractFloat, base)
    base == 10 && return 1 + floor(Int, log10(abs(x)))
    base == 2 && return 1 + exponent(x)
    1 + floor(Int, log(abs(x)) / log(oftype(x, base)))
end
unsafe_trunc(::Type{T}, x::IEEEFloat) where {T<:BitSigned} = fptosi(T, x)
unsafe_trunc(::Type{T}, x::IEEEFloat) where {T<:BitUnsigned} = fptoui(T, x)

rem(x::T, y::T) where {T<:IEEEFloat} = rem_float(x, y)
function mod(x::T, y::T) where {T<:IEEEFloat}
    r = rem(x, y)
    if r == 0
        return copysign(r, y)
    elseif (r > 0) != (y > 0)
        return r + y
    end
    r
end
div(x::T, y::T) where {T<:IEEEFloat} = trunc((x - rem(x, y)) / y)
fld(x::T, y::T) where {T<:IEEEFloat} = floor((x - mod(x, y)) / y)
cld(x::T, y::T) where {T<:IEEEFloat} = -fld(-x, y)
min(x::T, y::T) where {T<:IEEEFloat} = ifelse((y < x) | (signbit(y) > signbit(x)) | isnan(y), ifelse(isnan(x), x, y), x)
max(x::T, y::T) where {T<:IEEEFloat} = ifelse((y > x) | (signbit(y) < signbit(x)) | isnan(y), ifelse(isnan(x), x, y), x)

# ---- promotion
promote_rule(::Type{Float64}, ::Type{Float32}) = Float64
promote_rule(::Type{Float64}, ::Type{Float16}) = Float64
promote_rule(::Type{Float32}, ::Type{Float16}) = Float32
promote_rule(::Type{T}, ::Type{S}) where {T<:AbstractFloat,S<:Integer} = T
promote_rule(::Type{T}, ::Type{Bool}) where {T<:AbstractFloat} = T

# integer / integer is float
(/)(x::BitInteger, y::BitInteger) = Float64(x) / Float64(y)
inv(x::Number) = one(x) / x
inv(x::Integer) = 1.0 / x

# elementary functions are in math.jl
