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
floatmax(::Type{Float64}) = bitcast(Float64, 0x7fefffffffffffff)
floatmin(::Type{Float64}) = bitcast(Float64, 0x0010000000000000)
eps(::Type{Float64}) = bitcast(Float64, 0x3cb0000000000000)
eps(::Type{Float32}) = bitcast(Float32, 0x34000000)
eps(x::AbstractFloat) = isfinite(x) ? abs(nextfloat(abs(x)) - abs(x)) : NaN
function nextfloat(x::Float64)
    isnan(x) && return x
    x == Inf && return x
    i = bitcast(Int64, x)
    x == 0.0 && return bitcast(Float64, 1)
    bitcast(Float64, i >= 0 ? i + 1 : i - 1)
end
function prevfloat(x::Float64)
    -nextfloat(-x)
end

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
ldexp2(n::Int) = bitcast(Float64, (n + 1023) << 52)   # 2.0^n for 0 <= n <= 1023

isinteger(x::AbstractFloat) = isfinite(x) && x == trunc(x)
isinteger(x::Integer) = true
trunc(x::T) where {T<:IEEEFloat} = trunc_llvm(x)
floor(x::T) where {T<:IEEEFloat} = floor_llvm(x)
ceil(x::T) where {T<:IEEEFloat} = ceil_llvm(x)
round(x::T) where {T<:IEEEFloat} = rint_llvm(x)
trunc(x::Integer) = x
floor(x::Integer) = x
ceil(x::Integer) = x
round(x::Integer) = x
trunc(::Type{T}, x::AbstractFloat) where {T<:Integer} = T(trunc(x))
floor(::Type{T}, x::AbstractFloat) where {T<:Integer} = T(floor(x))
ceil(::Type{T}, x::AbstractFloat) where {T<:Integer} = T(ceil(x))
round(::Type{T}, x::AbstractFloat) where {T<:Integer} = T(round(x))
trunc(::Type{T}, x::Integer) where {T<:Integer} = T(x)
floor(::Type{T}, x::Integer) where {T<:Integer} = T(x)
ceil(::Type{T}, x::Integer) where {T<:Integer} = T(x)
round(::Type{T}, x::Integer) where {T<:Integer} = T(x)
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

# ---- elementary functions through libm
exp(x::Float64) = ccall(:exp, Float64, (Float64,), x)
function log(x::Float64)
    x < 0.0 && throw(DomainError(x, "log was called with a negative real argument but will only return a complex result if called with a complex argument. Try log(Complex(x))."))
    ccall(:log, Float64, (Float64,), x)
end
log2(x::Float64) = ccall(:log2, Float64, (Float64,), x)
log10(x::Float64) = ccall(:log10, Float64, (Float64,), x)
log1p(x::Float64) = ccall(:log1p, Float64, (Float64,), x)
expm1(x::Float64) = ccall(:expm1, Float64, (Float64,), x)
sin(x::Float64) = ccall(:sin, Float64, (Float64,), x)
cos(x::Float64) = ccall(:cos, Float64, (Float64,), x)
tan(x::Float64) = ccall(:tan, Float64, (Float64,), x)
asin(x::Float64) = ccall(:asin, Float64, (Float64,), x)
acos(x::Float64) = ccall(:acos, Float64, (Float64,), x)
atan(x::Float64) = ccall(:atan, Float64, (Float64,), x)
atan(y::Float64, x::Float64) = ccall(:atan2, Float64, (Float64, Float64), y, x)
sinh(x::Float64) = ccall(:sinh, Float64, (Float64,), x)
cosh(x::Float64) = ccall(:cosh, Float64, (Float64,), x)
tanh(x::Float64) = ccall(:tanh, Float64, (Float64,), x)
cbrt(x::Float64) = ccall(:cbrt, Float64, (Float64,), x)
hypot(x::Float64, y::Float64) = ccall(:hypot, Float64, (Float64, Float64), x, y)
exp(x::Real) = exp(float(x))
log(x::Real) = log(float(x))
log2(x::Real) = log2(float(x))
log10(x::Real) = log10(float(x))
sin(x::Real) = sin(float(x))
cos(x::Real) = cos(float(x))
tan(x::Real) = tan(float(x))
atan(x::Real) = atan(float(x))
exp(x::Float32) = Float32(exp(Float64(x)))
log(x::Float32) = Float32(log(Float64(x)))
sin(x::Float32) = Float32(sin(Float64(x)))
cos(x::Float32) = Float32(cos(Float64(x)))
const pi = 3.141592653589793
const π = pi
function (^)(x::Float64, y::Float64)
    z = ccall(:pow, Float64, (Float64, Float64), x, y)
    isnan(z) && !isnan(x) && !isnan(y) && throw(DomainError(x, "Exponentiation yielding a complex result requires a complex argument.\nReplace x^y with (x+0im)^y, Complex(x)^y, or similar."))
    z
end
(^)(x::Float32, y::Float32) = Float32(Float64(x)^Float64(y))
(^)(x::Float64, n::Integer) = ccall(:pow, Float64, (Float64, Float64), x, Float64(n))
(^)(x::Float32, n::Integer) = Float32(Float64(x)^n)
