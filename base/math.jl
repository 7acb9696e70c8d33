# math.jl -- elementary functions on floats through libm (C's sin/cos/exp/log/...; Float32 through
# the `f` variants, Float16 computed in Float32), with Julia's DomainErrors for arguments outside the
# real domain, and the generic methods that send other Reals through `float`. Also hypot, cbrt,
# sinpi/cospi, mod2pi/rem2pi, deg2rad, log(b, x), `^` between floats, evalpoly.

_libm_name(f::Symbol, ::Type{Float64}) = f
_libm_name(f::Symbol, ::Type{Float32}) = Symbol(f, "f")

@noinline throw_complex_domainerror(f::Symbol, x) = throw(DomainError(x, string(f,
    " was called with a negative real argument but will only return a complex result if called with a complex argument. Try ",
    f, "(Complex(x)).")))
@noinline throw_complex_domainerror_neg1(f::Symbol, x) = throw(DomainError(x, string(f,
    " was called with a real argument < -1 but will only return a complex result if called with a complex argument. Try ",
    f, "(Complex(x)).")))

for T in (Float64, Float32)
    for f in (:exp, :exp2, :exp10, :expm1, :sinh, :cosh, :tanh, :asinh, :atan, :erf)
        @eval $f(x::$T) = ccall(($(QuoteNode(_libm_name(f, T))), "libm"), $T, ($T,), x)
    end
    for f in (:log, :log2, :log10)
        @eval function $f(x::$T)
            x < zero($T) && throw_complex_domainerror($(QuoteNode(f)), x)
            ccall(($(QuoteNode(_libm_name(f, T))), "libm"), $T, ($T,), x)
        end
    end
    @eval function log1p(x::$T)
        x < -one($T) && throw_complex_domainerror_neg1(:log1p, x)
        ccall(($(QuoteNode(_libm_name(:log1p, T))), "libm"), $T, ($T,), x)
    end
    for f in (:sin, :cos, :tan)
        @eval function $f(x::$T)
            isinf(x) && throw(DomainError(x, $(string(f, "(x) is only defined for finite x."))))
            ccall(($(QuoteNode(_libm_name(f, T))), "libm"), $T, ($T,), x)
        end
    end
    # Julia's two messages differ (base/special/trig.jl)
    for (f, msg) in ((:asin, "asin(x) is not defined for |x| > 1."), (:acos, "acos(x) not defined for |x| > 1"))
        @eval function $f(x::$T)
            abs(x) > one($T) && throw(DomainError(x, $msg))
            ccall(($(QuoteNode(_libm_name(f, T))), "libm"), $T, ($T,), x)
        end
    end
    @eval function acosh(x::$T)
        x < one($T) && throw(DomainError(x, "acosh(x) is only defined for x ≥ 1."))
        ccall(($(QuoteNode(_libm_name(:acosh, T))), "libm"), $T, ($T,), x)
    end
    @eval function atanh(x::$T)
        abs(x) > one($T) && throw(DomainError(x, "atanh(x) is only defined for |x| ≤ 1."))
        ccall(($(QuoteNode(_libm_name(:atanh, T))), "libm"), $T, ($T,), x)
    end
    @eval atan(y::$T, x::$T) = ccall(($(QuoteNode(_libm_name(:atan2, T))), "libm"), $T, ($T, $T), y, x)
    @eval hypot(x::$T, y::$T) = ccall(($(QuoteNode(_libm_name(:hypot, T))), "libm"), $T, ($T, $T), x, y)
    @eval rem(x::$T, y::$T, ::RoundingMode{:Nearest}) = ccall(($(QuoteNode(_libm_name(:remainder, T))), "libm"), $T, ($T, $T), x, y)
end

const _UNARY_MATH = (:exp, :exp2, :exp10, :expm1, :sinh, :cosh, :tanh, :asinh, :atan, :cbrt, :erf, :log,
    :log2, :log10, :log1p, :sin, :cos, :tan, :asin, :acos, :acosh, :atanh)
for f in _UNARY_MATH
    @eval $f(x::Float16) = Float16($f(Float32(x)))
    @eval $f(x::Real) = $f(float(x))
end
sincos(x) = (sin(x), cos(x))
deg2rad(x::AbstractFloat) = x * (oftype(x, pi) / 180)
rad2deg(x::AbstractFloat) = x * (180 / oftype(x, pi))
deg2rad(x::Real) = deg2rad(float(x))
rad2deg(x::Real) = rad2deg(float(x))
# sind/cosd as Julia computes them: reduce in degrees (exact), then convert the small remaining angle to
# radians with its rounding error kept (hi + lo), and correct sin/cos of hi by lo; so sind(30) == 0.5
const _DEG2RAD_HI = 0.017453292519943295     # π/180 rounded to Float64
const _DEG2RAD_LO = 2.9486522708701687e-19   # π/180 - _DEG2RAD_HI
function _deg2rad_ext(x::Float64)
    hi = x * _DEG2RAD_HI
    (hi, fma(x, _DEG2RAD_HI, -hi) + x * _DEG2RAD_LO)
end
_sin_ext((hi, lo)) = sin(hi) + cos(hi) * lo
_cos_ext((hi, lo)) = cos(hi) - sin(hi) * lo
@noinline _deg_inf(x) = throw(DomainError(x, "`x` cannot be infinite."))
const _DegReal = Union{Integer,Float16,Float32,Float64}
function sind(x::_DegReal)
    isinf(x) && _deg_inf(x)
    isnan(x) && return float(x)
    rx = copysign(Float64(rem(x, 360)), x)
    arx = abs(rx)
    y = if rx == 0
        rx
    elseif arx < 45.0
        _sin_ext(_deg2rad_ext(rx))
    elseif arx <= 135.0
        copysign(_cos_ext(_deg2rad_ext(90.0 - arx)), rx)
    elseif arx == 180.0
        copysign(0.0, rx)
    elseif arx < 225.0
        _sin_ext(_deg2rad_ext((180.0 - arx) * sign(rx)))
    elseif arx <= 315.0
        -copysign(_cos_ext(_deg2rad_ext(270.0 - arx)), rx)
    else
        _sin_ext(_deg2rad_ext(rx - copysign(360.0, rx)))
    end
    oftype(float(x), y)
end
function cosd(x::_DegReal)
    isinf(x) && _deg_inf(x)
    isnan(x) && return float(x)
    rx = abs(Float64(rem(x, 360)))
    y = if rx <= 45.0
        _cos_ext(_deg2rad_ext(rx))
    elseif rx < 135.0
        _sin_ext(_deg2rad_ext(90.0 - rx))
    elseif rx <= 225.0
        -_cos_ext(_deg2rad_ext(180.0 - rx))
    elseif rx < 315.0
        _sin_ext(_deg2rad_ext(rx - 270.0))
    else
        _cos_ext(_deg2rad_ext(360.0 - rx))
    end
    oftype(float(x), y)
end
sind(x::Real) = sinpi(x / 180)   # BigFloat: at its own precision
cosd(x::Real) = cospi(x / 180)
tand(x::Real) = sind(x) / cosd(x)
sincosd(x::Real) = (sind(x), cosd(x))
# the reciprocal functions and their inverses for every Number, through inv as Julia defines them
for (finv, f) in ((:sec, :cos), (:csc, :sin), (:cot, :tan), (:sech, :cosh), (:csch, :sinh), (:coth, :tanh),
                  (:secd, :cosd), (:cscd, :sind), (:cotd, :tand))
    @eval $finv(x::Number) = inv($f(x))
end
for (af, f) in ((:asec, :acos), (:acsc, :asin), (:acot, :atan), (:asech, :acosh), (:acsch, :asinh), (:acoth, :atanh))
    @eval $af(y::Number) = $f(inv(y))
end
for (fd, f) in ((:asind, :asin), (:acosd, :acos), (:atand, :atan), (:asecd, :asec), (:acscd, :acsc), (:acotd, :acot))
    @eval $fd(y) = rad2deg($f(y))
end
atand(y, x) = rad2deg(atan(y, x))
deg2rad(z::Number) = (z / 180) * pi
rad2deg(z::Number) = (z / pi) * 180
atan(y::Real, x::Real) = atan(promote(float(y), float(x))...)
atan(y::Float16, x::Float16) = Float16(atan(Float32(y), Float32(x)))
hypot(x::Float16, y::Float16) = Float16(hypot(Float32(x), Float32(y)))
hypot(x::Number, y::Number) = hypot(promote(float(abs(x)), float(abs(y)))...)
hypot(x::Number) = abs(float(x))
function hypot(x::Number, y::Number, zs::Number...)
    v = (float(abs(x)), float(abs(y)), map(z -> float(abs(z)), zs)...)
    m = maximum(v)
    (iszero(m) || isinf(m)) && return m
    m * sqrt(sum(t -> (t / m)^2, v))
end
log(b::Number, x::Number) = log(x) / log(b)
# glibc's cbrt can be 1 ulp off (cbrt(27.0)); one Newton step gives the correctly rounded root
function cbrt(x::Float64)
    y = ccall((:cbrt, "libm"), Float64, (Float64,), x)
    (iszero(y) || !isfinite(y)) && return y
    y - (y * y * y - x) / (3.0 * y * y)
end
cbrt(x::Float32) = Float32(cbrt(Float64(x)))

# sinpi/cospi/tanpi: |x| is reduced exactly to [-1/4, 1/4] turns before calling sin/cos, so integers and
# halves are exact. _sincospi_abs gives (sinpi(|x|), cospi(|x|)) of a finite |x| < maxintfloat.
function _sincospi_abs(ax::T) where {T<:AbstractFloat}
    n = round(2ax)
    rx = ax - n / 2
    k = unsafe_trunc(Int64, n) & 3
    s, c = sin(T(pi) * rx), cos(T(pi) * rx)
    k == 0 ? (s, c) : k == 1 ? (c, zero(T) - s) : k == 2 ? (zero(T) - s, zero(T) - c) : (zero(T) - c, s)
end
_pi_domain_check(x) = isinf(x) && throw(DomainError(x, "`x` cannot be infinite."))
function sinpi(x::T) where {T<:AbstractFloat}
    _pi_domain_check(x)
    isnan(x) && return x
    abs(x) >= maxintfloat(T) && return copysign(zero(T), x)
    y = _sincospi_abs(abs(x))[1]
    y == 0 ? copysign(zero(T), x) : (signbit(x) ? -y : y)
end
function cospi(x::T) where {T<:AbstractFloat}
    _pi_domain_check(x)
    isnan(x) && return x
    abs(x) >= maxintfloat(T) && return one(T)
    y = _sincospi_abs(abs(x))[2]
    iszero(y) ? zero(T) : y
end
# at the odd half-integers the cosine is an exact zero, so tanpi is ±Inf there
function tanpi(x::T) where {T<:AbstractFloat}
    _pi_domain_check(x)
    isnan(x) && return x
    abs(x) >= maxintfloat(T) && return copysign(zero(T), x)
    s, c = _sincospi_abs(abs(x))
    (signbit(x) ? -s : s) / c
end
tanpi(x::Integer) = x >= 0 ? (isodd(x) ? -zero(float(x)) : zero(float(x))) :
                             (isodd(x) ? zero(float(x)) : -zero(float(x)))
tanpi(x::Real) = tanpi(float(x))
sinpi(x::Integer) = x >= 0 ? zero(float(x)) : -zero(float(x))
cospi(x::Integer) = isodd(x) ? -one(float(x)) : one(float(x))
sinpi(x::Real) = sinpi(float(x))
cospi(x::Real) = cospi(float(x))
sincospi(x::Real) = (sinpi(x), cospi(x))

# mod2pi / rem2pi: 2π in two parts (Cody-Waite), so reduction of moderate arguments stays accurate
const _TWOPI_HI = 6.283185307179586
const _TWOPI_LO = 2.4492935982947064e-16
function mod2pi(x::Float64)
    isfinite(x) || return NaN
    k = floor(x / _TWOPI_HI)
    y = (x - k * _TWOPI_HI) - k * _TWOPI_LO
    y < 0 ? y + _TWOPI_HI : y >= _TWOPI_HI ? y - _TWOPI_HI : y
end
mod2pi(x::Real) = oftype(float(x), mod2pi(Float64(x)))
function rem2pi(x::Float64, r::RoundingMode)
    isfinite(x) || return NaN
    k = round(x / _TWOPI_HI, r isa RoundingMode{:Nearest} ? RoundNearest : r === RoundToZero ? RoundToZero :
              r === RoundDown ? RoundDown : RoundUp)
    (x - k * _TWOPI_HI) - k * _TWOPI_LO
end
rem2pi(x::Real, r::RoundingMode) = oftype(float(x), rem2pi(Float64(x), r))

# ---- powers of floats
@noinline throw_exp_domainerror(x) = throw(DomainError(x, string("Exponentiation yielding a complex result requires a ",
    "complex argument.\nReplace x^y with (x+0im)^y, Complex(x)^y, or similar.")))
for T in (Float64, Float32)
    @eval function (^)(x::$T, y::$T)
        z = ccall(($(QuoteNode(_libm_name(:pow, T))), "libm"), $T, ($T, $T), x, y)
        isnan(z) && !isnan(x) && !isnan(y) && throw_exp_domainerror(x)
        z
    end
    @eval (^)(x::$T, n::Integer) = ccall(($(QuoteNode(_libm_name(:pow, T))), "libm"), $T, ($T, $T), x, $T(n))
end
(^)(x::Float16, y::Float16) = Float16(Float32(x)^Float32(y))
(^)(x::Float16, n::Integer) = Float16(Float32(x)^n)
exp2(x::Integer) = exp2(float(x))
exp10(x::Integer) = exp10(float(x))

# evalpoly(x, (c0, c1, ...)) = c0 + c1*x + c2*x^2 + ... by Horner's rule
function evalpoly(x, p)
    n = length(p)
    n == 0 && return zero(x)
    y = p[n]
    for i in n-1:-1:1
        y = muladd(x, y, p[i])
    end
    y
end
muladd(x::Number, y::Number, z::Number) = x * y + z
fma(x::Number, y::Number, z::Number) = fma(promote(float(x), float(y), float(z))...)
fma(x::Float16, y::Float16, z::Float16) = Float16(fma(Float32(x), Float32(y), Float32(z)))

fourthroot(x::Number) = sqrt(sqrt(x))
# @evalpoly(z, c...): evalpoly with the coefficients as a tuple
macro evalpoly(z, p...)
    :(evalpoly($(esc(z)), ($(map(esc, p)...),)))
end

# Base.Math (declared in Base.jl, where it creates the functions it owns): the functions Julia's Math
# imports from Base, and Math's exports, the names Julia's `names(Base.Math)` lists.
# (Math's own bindings holding Base's functions, so that Math exports them; see Base.jl)
for f in (:sin, :cos, :tan, :sinh, :cosh, :tanh, :asin, :acos, :atan, :asinh, :acosh, :atanh, :sqrt,
          :log, :log2, :log10, :log1p, :exp, :exp2, :exp10, :expm1, :max, :min, :minmax, :^, :clamp, :clamp!,
          Symbol("@evalpoly"))
    Core.eval(Math, Expr(:const, Expr(:(=), f, GlobalRef(Base, f))))
end
Core.eval(Math, Expr(:export, :sin, :cos, :sincos, :tan, :sinh, :cosh, :tanh, :asin, :acos, :atan,
    :asinh, :acosh, :atanh, :sec, :csc, :cot, :asec, :acsc, :acot, :sech, :csch, :coth, :asech, :acsch,
    :acoth, :sinpi, :cospi, :sincospi, :tanpi, :sinc, :cosc, :cosd, :cotd, :cscd, :secd, :sind, :tand,
    :sincosd, :acosd, :acotd, :acscd, :asecd, :asind, :atand, :rad2deg, :deg2rad, :log, :log2, :log10,
    :log1p, :exponent, :exp, :exp2, :exp10, :expm1, :cbrt, :sqrt, :fourthroot, :significand, :hypot,
    :max, :min, :minmax, :ldexp, :frexp, :clamp, :clamp!, :modf, :^, :mod2pi, :rem2pi, Symbol("@evalpoly"),
    :evalpoly))
