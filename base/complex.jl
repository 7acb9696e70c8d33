# complex.jl -- Complex{T}: re + im*i over any Real T. `im` is Complex(false, true), so `2im` and
# `1 + 2im` stay integer; arithmetic with reals avoids promoting the real operand to complex (keeps
# signed zeros). Elementary functions (exp, log, sqrt, sin, cos, ^) follow the principal branches.
# Printed as Julia does: `1 + 2im`, `1.0 - 2.5im`, `1.0 + Inf*im`, `im`.

struct Complex{T<:Real} <: Number
    re::T
    im::T
end
Complex(x::Real, y::Real) = Complex(promote(x, y)...)
Complex(x::Real) = Complex(x, zero(x))
Complex{T}(x::Real) where {T<:Real} = Complex{T}(x, 0)
Complex{T}(z::Complex) where {T<:Real} = Complex{T}(real(z), imag(z))
Complex(z::Complex) = z
(::Type{T})(z::Complex) where {T<:Real} = isreal(z) ? T(real(z)) : throw(InexactError(nameof(T), T, z))
convert(::Type{Complex{T}}, z::Complex{T}) where {T<:Real} = z
convert(::Type{Complex{T}}, x::Number) where {T<:Real} = Complex{T}(x)
convert(::Type{Complex}, z::Complex) = z
convert(::Type{Complex}, x::Real) = Complex(x)

const ComplexF64 = Complex{Float64}
const ComplexF32 = Complex{Float32}
const ComplexF16 = Complex{Float16}
const im = Complex(false, true)

promote_rule(::Type{Complex{T}}, ::Type{S}) where {T<:Real,S<:Real} = Complex{promote_type(T, S)}
promote_rule(::Type{Complex{T}}, ::Type{Complex{S}}) where {T<:Real,S<:Real} = Complex{promote_type(T, S)}

complex(z::Complex) = z
complex(x::Real) = Complex(x)
complex(x::Real, y::Real) = Complex(x, y)
complex(::Type{T}) where {T<:Real} = Complex{T}
complex(::Type{Complex{T}}) where {T<:Real} = Complex{T}
real(z::Complex) = z.re
imag(z::Complex) = z.im
reim(z) = (real(z), imag(z))
real(::Type{Complex{T}}) where {T} = T
real(::Type{T}) where {T<:Real} = T
isreal(z::Complex) = iszero(z.im)
isinteger(z::Complex) = isreal(z) & isinteger(z.re)
isfinite(z::Complex) = isfinite(z.re) & isfinite(z.im)
isnan(z::Complex) = isnan(z.re) | isnan(z.im)
isinf(z::Complex) = isinf(z.re) | isinf(z.im)
iszero(z::Complex) = iszero(z.re) & iszero(z.im)
isone(z::Complex) = isone(z.re) & iszero(z.im)
zero(::Type{Complex{T}}) where {T} = Complex{T}(zero(T), zero(T))
one(::Type{Complex{T}}) where {T} = Complex{T}(one(T), zero(T))
float(z::Complex) = Complex(float(z.re), float(z.im))
float(::Type{Complex{T}}) where {T} = Complex{float(T)}
big(z::Complex) = Complex(big(z.re), big(z.im))
widen(::Type{Complex{T}}) where {T} = Complex{widen(T)}

conj(z::Complex) = Complex(z.re, -z.im)
abs(z::Complex) = hypot(z.re, z.im)
round(z::Complex, rr::RoundingMode=RoundNearest, ri::RoundingMode=rr; kws...) =
    Complex(round(real(z), rr; kws...), round(imag(z), ri; kws...))
abs2(z::Complex) = z.re * z.re + z.im * z.im
angle(z::Complex) = atan(z.im, z.re)
angle(x::Real) = atan(zero(x), x)
sign(z::Complex) = iszero(z) ? z : z / abs(z)
cis(x::Real) = Complex(cos(x), sin(x))
cis(z::Complex) = exp(-z.im) * cis(z.re)
cispi(x::Real) = Complex(cospi(x), sinpi(x))

(==)(z::Complex, w::Complex) = (z.re == w.re) & (z.im == w.im)
(==)(z::Complex, x::Real) = isreal(z) && real(z) == x
(==)(x::Real, z::Complex) = isreal(z) && real(z) == x
isequal(z::Complex, w::Complex) = isequal(z.re, w.re) & isequal(z.im, w.im)
# Julia's: the imaginary part mixed in so that a zero one leaves hash(real(z), h)
const h_imag = 0x32a7a07f3e7cd1f9
hash(z::Complex, h::UInt) = hash(real(z), xor(h, hash(imag(z), h_imag), hash(0, h_imag)))

(+)(z::Complex) = Complex(+z.re, +z.im)
(-)(z::Complex) = Complex(-z.re, -z.im)
(+)(z::Complex, w::Complex) = Complex(z.re + w.re, z.im + w.im)
(-)(z::Complex, w::Complex) = Complex(z.re - w.re, z.im - w.im)
(*)(z::Complex, w::Complex) = Complex(z.re * w.re - z.im * w.im, z.re * w.im + z.im * w.re)
(+)(x::Real, z::Complex) = Complex(x + z.re, z.im)
(+)(z::Complex, x::Real) = Complex(x + z.re, z.im)
(-)(x::Real, z::Complex) = Complex(x - z.re, -z.im)
(-)(z::Complex, x::Real) = Complex(z.re - x, z.im)
(*)(x::Real, z::Complex) = Complex(x * z.re, x * z.im)
(*)(z::Complex, x::Real) = Complex(x * z.re, x * z.im)
(*)(x::Bool, z::Complex) = ifelse(x, z, zero(z) * false)
(*)(z::Complex, x::Bool) = x * z
(*)(x::Bool, z::Complex{Bool}) = Complex(x * z.re, x * z.im)
(*)(z::Complex{Bool}, x::Bool) = x * z
(/)(z::Complex, x::Real) = Complex(z.re / x, z.im / x)
(/)(x::Real, z::Complex) = x * inv(z)
muladd(z::Complex, w::Complex, x::Complex) = z * w + x
(//)(x::Complex, y::Real) = complex(real(x) // y, imag(x) // y)
(//)(x::Number, y::Complex) = x * conj(y) // abs2(y)
(^)(z::Complex{T}, p::Rational) where {T<:Real} = z^convert(typeof(one(T) * p), p)

# division. ComplexF64 as Julia: Baudin & Smith's robust algorithm (arXiv:1210.4539) with the operands
# scaled only when a part is near overflow or underflow; other element types by Smith's algorithm in
# Julia's generic form (same branch choice and operation order, so the same roundings)
function _robust_cdiv2(a::Float64, b::Float64, c::Float64, d::Float64, r::Float64, t::Float64)
    r == 0 && return (a + d * (b / c)) * t
    br = b * r
    br != 0 ? (a + br) * t : a * t + (b * t) * r
end
function _robust_cdiv1(a::Float64, b::Float64, c::Float64, d::Float64)
    r = d / c
    t = 1.0 / (c + d * r)
    (_robust_cdiv2(a, b, c, d, r, t), _robust_cdiv2(b, -a, c, d, r, t))
end
function _cdiv(z::ComplexF64, w::ComplexF64)
    a, b = reim(z)
    c, d = reim(w)
    absa, absb, absc, absd = abs(a), abs(b), abs(c), abs(d)
    ab = absa >= absb ? absa : absb
    cd = absc >= absd ? absc : absd
    halfov = 0.5 * floatmax(Float64)
    twounϵ = floatmin(Float64) * 2.0 / eps(Float64)
    s = 1.0
    if ab >= halfov || ab <= twounϵ || cd >= halfov || cd <= twounϵ
        bs = 2.0 / (eps(Float64) * eps(Float64))
        if ab >= halfov
            a *= 0.5; b *= 0.5; s *= 2.0
        elseif ab <= twounϵ
            a *= bs; b *= bs; s /= bs
        end
        if cd >= halfov
            c *= 0.5; d *= 0.5; s *= 0.5
        elseif cd <= twounϵ
            c *= bs; d *= bs; s *= bs
        end
    end
    if abs(d) <= abs(c)
        p, q = _robust_cdiv1(a, b, c, d)
    else
        p, q = _robust_cdiv1(b, a, d, c)
        q = -q
    end
    Complex(p * s, q * s)
end
function _cdiv(z::Complex{T}, w::Complex{T}) where {T<:AbstractFloat}
    a, b = reim(z)
    c, d = reim(w)
    if abs(c) <= abs(d)
        r = isinf(c) && isinf(d) ? sign(c) / sign(d) : c / d
        den = d + r * c
        Complex((a * r + b) / den, (b * r - a) / den)
    else
        r = isinf(c) && isinf(d) ? sign(d) / sign(c) : d / c
        den = c + r * d
        Complex((a + b * r) / den, (b - a * r) / den)
    end
end
(/)(z::Complex, w::Complex) = _cdiv(promote(float(z), float(w))...)
function inv(w::ComplexF64)
    c, d = reim(w)
    (isinf(c) | isinf(d)) && return Complex(copysign(0.0, c), flipsign(-0.0, d))
    cd = max(abs(c), abs(d))
    bs = 2.0 / (eps(Float64) * eps(Float64))
    s = 1.0
    cd >= 0.5 * floatmax(Float64) && (c *= 0.5; d *= 0.5; s *= 0.5)
    cd <= floatmin(Float64) * 2.0 / eps(Float64) && (c *= bs; d *= bs; s *= bs)
    if abs(d) <= abs(c)
        r = d / c
        t = 1.0 / (c + d * r)
        p, q = t, -r * t
    else
        r = c / d
        t = 1.0 / (d + c * r)
        p, q = r * t, -t
    end
    Complex(p * s, q * s)
end
inv(z::Complex) = (w = float(z); _cdiv(one(w), w))

# x^2 + y^2 as (ρ, k) with the value ρ * 2^(2k): rescaled when it would overflow or underflow
function _ssqs(x::T, y::T) where {T<:AbstractFloat}
    k = 0
    ρ = x * x + y * y
    if !isfinite(ρ) && (isinf(x) || isinf(y))
        ρ = T(Inf)
    elseif isinf(ρ) || (ρ == 0 && (x != 0 || y != 0)) || ρ < nextfloat(zero(T)) / (2 * eps(T)^2)
        m = max(abs(x), abs(y))
        k = m == 0 ? 0 : exponent(m)
        xk, yk = ldexp(x, -k), ldexp(y, -k)
        ρ = xk * xk + yk * yk
    end
    ρ, k
end
# sqrt and log as Julia computes them (Kahan's sqrt((|z|+|x|)/2) without over/underflow; log1p near |z| = 1)
function sqrt(z::Complex{T}) where {T<:AbstractFloat}
    x, y = reim(z)
    x == y == 0 && return Complex(zero(x), y)
    ρ, k = _ssqs(x, y)
    isfinite(x) && (ρ = ldexp(abs(x), -k) + sqrt(ρ))
    if isodd(k)
        k = div(k - 1, 2)
    else
        k = div(k, 2) - 1
        ρ += ρ
    end
    ρ = ldexp(sqrt(ρ), k)
    ξ, η = ρ, y
    if ρ != 0
        isfinite(η) && (η = (η / ρ) / 2)
        if x < 0
            ξ = abs(η)
            η = copysign(ρ, y)
        end
    end
    Complex(ξ, η)
end
sqrt(z::Complex) = sqrt(float(z))
function exp(z::Complex{T}) where {T<:AbstractFloat}
    zr, zi = reim(z)
    if isnan(zr)
        Complex(zr, zi == 0 ? zi : zr)
    elseif !isfinite(zi)
        zr == Inf ? Complex(-zr, T(NaN)) : zr == -Inf ? Complex(-zero(zr), copysign(zero(zi), zi)) : Complex(T(NaN), T(NaN))
    else
        er = exp(zr)
        iszero(zi) ? Complex(er, zi) : Complex(er * cos(zi), er * sin(zi))
    end
end
exp(z::Complex) = exp(float(z))
function log(z::Complex{T}) where {T<:AbstractFloat}
    x, y = reim(z)
    ρ, k = _ssqs(x, y)
    ax, ay = abs(x), abs(y)
    θ, β = ax < ay ? (ax, ay) : (ay, ax)
    ρρ = if k == 0 && 0.5 < β * β && (β <= T(1.25) || ρ < T(3))
        log1p((β - 1) * (β + 1) + θ * θ) / 2
    else
        log(ρ) / 2 + k * log(T(2))
    end
    Complex(ρρ, angle(z))
end
log(z::Complex) = log(float(z))
log2(z::Complex) = (a = log(z); a / log(oftype(real(a), 2)))
log10(z::Complex) = (a = log(z); a / log(oftype(real(a), 10)))
# sin and cos of a complex argument: the zero, infinite and NaN real parts are treated apart (C99
# Annex G, as Julia does), so the signs of zero parts and the NaNs come out as Julia's; sinh and cosh
# are sin and cos rotated by a quarter turn.
function sin(z::Complex{T}) where {T}
    F = float(T)
    x, y = reim(z)
    x == 0 && return Complex(F(x), sinh(y))
    if !isfinite(x)
        return y == 0 || isinf(y) ? Complex(F(NaN), F(y)) : Complex(F(NaN), F(NaN))
    end
    s, c = sincos(x)
    Complex(s * cosh(y), c * sinh(y))
end
function cos(z::Complex{T}) where {T}
    F = float(T)
    x, y = reim(z)
    x == 0 && return Complex(cosh(y), isnan(y) ? F(x) : -flipsign(F(x), y))
    if !isfinite(x)
        y == 0 && return Complex(F(NaN), isnan(x) ? zero(F) : -flipsign(F(y), x))
        return isinf(y) ? Complex(F(Inf), F(NaN)) : Complex(F(NaN), F(NaN))
    end
    s, c = sincos(x)
    Complex(c * cosh(y), -s * sinh(y))
end
sinh(z::Complex) = (w = sin(Complex(imag(z), real(z))); Complex(imag(w), real(w)))
cosh(z::Complex) = cos(Complex(imag(z), -real(z)))
# sinpi, cospi and sincospi of a complex argument: a real part that is an integer or a half-integer
# gives exact zeros and ±1 factors (with the zero's sign from the parts), as Julia computes them
_cpi_even(x) = x isa Integer ? iseven(x) : isinteger(x / 2)    # cos(π x) = 1 for an integer x
_cpi_oddhalf(x) = isinteger((2x - 1) / 4)                        # sin(π x) = 1 for a half-integer x
function sincospi(z::Complex{T}) where {T}
    F = float(T)
    x, y = reim(z)
    if isinteger(x)
        s = copysign(zero(F), x)
        sh, ch = sinh(pi * y), cosh(pi * y)
        e = _cpi_even(x)
        return Complex(s, e ? sh : -sh), Complex(e ? ch : -ch, isnan(y) ? s : -flipsign(s, y))
    elseif isinteger(2x)
        sh, ch = sinh(pi * y), cosh(pi * y)
        o = _cpi_oddhalf(x)
        return Complex(o ? ch : -ch, isnan(y) ? zero(F) : copysign(zero(F), y)), Complex(zero(F), o ? -sh : sh)
    elseif !isfinite(x)
        y == 0 && return Complex(F(NaN), F(y)), Complex(F(NaN), isnan(x) ? zero(F) : -flipsign(F(y), x))
        isinf(y) && return Complex(F(NaN), F(y)), Complex(F(Inf), F(NaN))
        return Complex(F(NaN), F(NaN)), Complex(F(NaN), F(NaN))
    end
    sp, cp = sincospi(x)
    sh, ch = sinh(pi * y), cosh(pi * y)
    Complex(sp * ch, cp * sh), Complex(cp * ch, -sp * sh)
end
function sinpi(z::Complex{T}) where {T}
    F = float(T)
    x, y = reim(z)
    if isinteger(x)
        sh = sinh(pi * y)
        return Complex(copysign(zero(F), x), _cpi_even(x) ? sh : -sh)
    elseif isinteger(2x)
        ch = cosh(pi * y)
        return Complex(_cpi_oddhalf(x) ? ch : -ch, isnan(y) ? zero(F) : copysign(zero(F), y))
    elseif !isfinite(x)
        return y == 0 || isinf(y) ? Complex(F(NaN), F(y)) : Complex(F(NaN), F(NaN))
    end
    sp, cp = sincospi(x)
    Complex(sp * cosh(pi * y), cp * sinh(pi * y))
end
function cospi(z::Complex{T}) where {T}
    F = float(T)
    x, y = reim(z)
    if isinteger(x)
        s = copysign(zero(F), x)
        ch = cosh(pi * y)
        return Complex(_cpi_even(x) ? ch : -ch, isnan(y) ? s : -flipsign(s, y))
    elseif isinteger(2x)
        sh = sinh(pi * y)
        return Complex(zero(F), _cpi_oddhalf(x) ? -sh : sh)
    elseif !isfinite(x)
        y == 0 && return Complex(F(NaN), isnan(x) ? zero(F) : -flipsign(F(y), x))
        return isinf(y) ? Complex(F(Inf), F(NaN)) : Complex(F(NaN), F(NaN))
    end
    sp, cp = sincospi(x)
    Complex(cp * cosh(pi * y), -sp * sinh(pi * y))
end
tanpi(z::Complex) = sinpi(z) / cospi(z)
# tanh by Kahan's formula (Julia's), tan through it
function tanh(z::Complex{T}) where {T<:AbstractFloat}
    Ω = prevfloat(typemax(T))
    ξ, η = reim(z)
    isnan(ξ) && η == 0 && return Complex(ξ, η)
    if 4 * abs(ξ) > asinh(Ω)
        return Complex(copysign(one(T), ξ), copysign(zero(T), η * (isfinite(η) ? sin(2 * abs(η)) : one(η))))
    end
    t = tan(η)
    β = 1 + t * t
    s = sinh(ξ)
    ρ = sqrt(1 + s * s)
    isinf(t) ? Complex(ρ / s, 1 / t) : Complex(β * ρ * s, t) / (1 + β * s * s)
end
tanh(z::Complex) = tanh(float(z))
tan(z::Complex) = (w = tanh(Complex(-imag(z), real(z))); Complex(imag(w), -real(w)))
# Inverse trigonometric and hyperbolic functions of a complex argument by Kahan's formulas ("Branch
# cuts for complex elementary functions", 1987), as Julia computes them: the real and imaginary parts
# come from products of the principal square roots of 1 ± z, which put the branch cuts on the real
# axis outside [-1, 1] and keep the sign of a zero imaginary part (asin(2.0 - 0.0im) lies below the cut).
function asin(z::Complex{T}) where {T<:AbstractFloat}
    x, y = reim(z)
    if isinf(x)
        isinf(y) && return Complex(copysign(T(pi) / 4, x), y)
        isnan(y) && return Complex(y, T(Inf))
    end
    s1m, s1p = sqrt(1 - z), sqrt(1 + z)
    re = x == 0 ? x : isfinite(x) ? atan(x, real(s1m * s1p)) : T(pi) / 2 * sign(x)
    im = asinh(copysign(imag(sqrt(conj(1 - z)) * s1p), y))
    Complex(re, im)
end
function acos(z::Complex{T}) where {T<:AbstractFloat}
    x, y = reim(z)
    # NaN, signed-zero and infinite corners as C99's cacos (Annex G)
    if isnan(x)
        return isinf(y) ? Complex(x, -y) : Complex(x, x)
    elseif isnan(y)
        return isinf(x) ? Complex(y, abs(x)) : x == 0 ? Complex(T(pi) / 2, y) : Complex(y, y)
    elseif x == 0 && y == 0
        return Complex(T(pi) / 2, -y)
    elseif x == Inf && y === 0.0     # Julia tests these corners for Float64 only
        return Complex(y, -x)
    elseif x == -Inf && y === -0.0
        return Complex(T(pi), -x)
    end
    re = 2 * atan(real(sqrt(1 - z)), real(sqrt(1 + z)))
    im = asinh(imag(sqrt(conj(1 + z)) * sqrt(1 - z)))
    isinf(x) && isinf(y) && (re -= T(pi) / 4 * sign(x))
    Complex(re, im)
end
function acosh(z::Complex{T}) where {T<:AbstractFloat}
    x, y = reim(z)
    if isnan(x) || isnan(y)
        return isinf(x) || isinf(y) ? Complex(T(Inf), T(NaN)) : Complex(T(NaN), T(NaN))
    elseif x == -Inf && y === -0.0   # (Float64 only, as Julia)
        return Complex(T(Inf), -T(pi))
    end
    re = asinh(real(sqrt(conj(z - 1)) * sqrt(z + 1)))
    im = 2 * atan(imag(sqrt(z - 1)), real(sqrt(z + 1)))
    isinf(x) && isinf(y) && (im -= T(pi) / 4 * sign(y) * sign(x))
    Complex(re, im)
end
# atanh with Kahan's scaling: far from the origin 1/z decides the real part; at x == 1 the pole is
# approached through a tiny ρ so log and atan stay finite
function atanh(z::Complex{T}) where {T<:AbstractFloat}
    θ = sqrt(prevfloat(typemax(T))) / 4
    ρ = 1 / θ
    x, y = reim(z)
    if abs(x) > θ || abs(y) > θ
        isnan(y) && return Complex(isinf(x) ? copysign(zero(x), x) : real(1 / z), y)
        isinf(y) && return Complex(copysign(zero(x), x), copysign(T(pi) / 2, y))
        return Complex(real(1 / z), copysign(T(pi) / 2, y))
    end
    β = copysign(one(T), x)   # work in the right half plane, restore the sign at the end
    x, y = reim(β * z)
    if x == 1
        if y == 0
            re, im = T(Inf), y
        else
            ym = abs(y) + ρ
            re = log(sqrt(sqrt(4 + y * y)) / sqrt(ym))
            im = copysign(T(pi) / 2 + atan(ym / 2), y) / 2
        end
    else
        ysq = (abs(y) + ρ)^2
        re = x == 0 ? x : log1p(4x / ((1 - x)^2 + ysq)) / 4
        im = angle(Complex((1 - x) * (1 + x) - ysq, 2y)) / 2
    end
    β * Complex(re, im)
end
# the rotations i·f(-i·z) that relate the trigonometric and hyperbolic inverses
asinh(z::Complex{<:AbstractFloat}) = (w = asin(Complex(-imag(z), real(z))); Complex(imag(w), -real(w)))
atan(z::Complex{<:AbstractFloat}) = (w = atanh(Complex(-imag(z), real(z))); Complex(imag(w), -real(w)))
# expm1 keeps accuracy for small |z|: cos(y) - 1 written as -2sin²(y/2)
function expm1(z::Complex{T}) where {T<:AbstractFloat}
    x, y = reim(z)
    if isnan(x)
        return Complex(x, y == 0 ? y : x)
    elseif !isfinite(y)
        return x == Inf ? Complex(-x, T(NaN)) : x == -Inf ? Complex(-one(x), copysign(zero(y), y)) :
               Complex(T(NaN), T(NaN))
    end
    em1 = expm1(x)
    y == 0 && return Complex(em1, y)
    e = em1 + one(em1)
    isfinite(e) || return Complex(e * cos(y), e * sin(y))
    Complex(em1 - 2 * e * sin(T(0.5) * y)^2, e * sin(y))
end
# log1p by Kahan's trick log(u) * z / (u - 1) with u = 1 + z, which cancels the rounding of 1 + z;
# plain log(u) left of the imaginary axis (near z = -2 and on the branch cut)
function log1p(z::Complex{T}) where {T<:AbstractFloat}
    x, y = reim(z)
    if isfinite(x)
        isinf(y) && return log(z)
        u = one(T) + z
        return u == 1 ? z : real(u) <= 0 ? log(u) : log(u) * (z / (u - 1))
    end
    isnan(x) && return Complex(x, x)
    isfinite(y) ? Complex(T(Inf), copysign(x > 0 ? zero(T) : T(pi), y)) : Complex(T(Inf), T(NaN))
end
exp2(z::Complex{T}) where {T<:AbstractFloat} = exp2(real(z)) * cis(imag(z) * log(T(2)))
exp10(z::Complex{T}) where {T<:AbstractFloat} = exp10(real(z)) * cis(imag(z) * log(T(10)))
for f in (:asin, :acos, :atan, :asinh, :acosh, :atanh, :expm1, :log1p, :exp2, :exp10)
    @eval $f(z::Complex) = $f(float(z))
end

# powers as Julia's _cpow: integer exponents by squaring (negative ones through inv), real bases and
# exponents by real powers with the sign of zero imaginary parts kept, else |z|^p * cis(p * angle(z))
function _cpow(z::Union{T,Complex{T}}, p::Union{T,Complex{T}}) where {T<:AbstractFloat}
    if isreal(p)
        pr = real(p)
        if isinteger(pr) && abs(pr) < typemax(Int32)
            iszero(pr) && return Complex(one(T), flipsign(copysign(zero(T), pr), imag(z)))
            ip = convert(Int, pr)
            if isreal(z)
                zr = real(z)
                if ip < 0
                    iszero(z) && return Complex(T(NaN), T(NaN))
                    re, im = power_by_squaring(inv(zr), -ip), -imag(z)
                else
                    re, im = power_by_squaring(zr, ip), imag(z)
                end
                return Complex(re, ifelse(iseven(ip) & signbit(zr), -im, im))
            end
            return ip < 0 ? power_by_squaring(inv(z), -ip) : power_by_squaring(z, ip)
        elseif isreal(z)
            iszero(real(z)) && return pr > 0 ? complex(z) : Complex(T(NaN), T(NaN))
            if real(z) > 0
                return Complex(real(z)^pr, z isa Real ? ifelse(real(z) < 1, -imag(p), imag(p)) : flipsign(imag(z), pr))
            end
            rp = (-real(z))^pr
            isfinite(pr) && return rp * complex(cospi(pr), flipsign(sinpi(pr), imag(z)))
            iszero(rp) && return zero(Complex{T})
            return Complex(T(NaN), T(NaN))
        else
            rp = abs(z)^pr
            ϕ = pr * angle(z)
        end
    elseif isreal(z)
        iszero(z) && return real(p) > 0 ? complex(z) : Complex(T(NaN), T(NaN))
        zr = real(z)
        pr, pi_ = reim(p)
        if zr > 0
            rp = zr^pr
            ϕ = pi_ * log(zr)
        else
            r = -zr
            θ = copysign(T(π), imag(z))
            rp = r^pr * exp(-pi_ * θ)
            ϕ = pr * θ + pi_ * log(r)
        end
    else
        pr, pi_ = reim(p)
        r = abs(z)
        θ = angle(z)
        rp = r^pr * exp(-pi_ * θ)
        ϕ = pr * θ + pi_ * log(r)
    end
    isfinite(ϕ) && return rp * cis(ϕ)
    iszero(rp) && return zero(Complex{T})
    Complex(T(NaN), T(NaN))
end
_cpow(z, p) = _cpow(float(z), float(p))
(^)(z::Complex{T}, p::Complex{T}) where {T<:Real} = _cpow(z, p)
(^)(z::Complex{T}, p::T) where {T<:Real} = _cpow(z, p)
(^)(z::T, p::Complex{T}) where {T<:Real} = _cpow(z, p)
(^)(z::Complex, n::Bool) = n ? z : one(z)
(^)(z::Complex, n::Integer) = z^Complex(n)
(^)(z::Complex{<:AbstractFloat}, n::Bool) = n ? z : one(z)
(^)(z::Complex{<:Integer}, n::Bool) = n ? z : one(z)
(^)(z::Complex{<:AbstractFloat}, n::Integer) = n >= 0 ? power_by_squaring(z, n) : power_by_squaring(inv(z), -n)
(^)(z::Complex{<:Integer}, n::Integer) = power_by_squaring(z, n)   # DomainError for n < 0, as Julia
(^)(z::Complex{T}, n::T) where {T<:Integer} = power_by_squaring(z, n)
(^)(z::Complex{T}, p::S) where {T<:Real,S<:Real} = (P = promote_type(T, S); Complex{P}(z)^P(p))
(^)(z::T, p::Complex{S}) where {T<:Real,S<:Real} = (P = promote_type(T, S); P(z)^Complex{P}(p))
(^)(z::Complex{T}, p::Complex{S}) where {T<:Real,S<:Real} = (P = promote_type(T, S); Complex{P}(z)^Complex{P}(p))
# Julia's HWNumber cases; other literal powers go through the generic literal_pow (x^-n is inv(x)^n)
literal_pow(::typeof(^), z::Complex{<:Union{HWInt,HWFloat}}, ::Val{0}) = one(z)
literal_pow(::typeof(^), z::Complex{<:Union{HWInt,HWFloat}}, ::Val{1}) = z
literal_pow(::typeof(^), z::Complex{<:Union{HWInt,HWFloat}}, ::Val{2}) = z * z
literal_pow(::typeof(^), z::Complex{<:Union{HWInt,HWFloat}}, ::Val{3}) = z * z * z

# Complex numbers: "a±bim" with the unit `im`, `i` or `j`, a purely real or purely imaginary part, spaces
# around the parts; each part parses as T does (its error names the part), as Julia's parser.
function _parse_complex(::Type{Complex{T}}, str::AbstractString, raise::Bool) where {T<:Real}
    s = String(str)
    i, e = 1, ncodeunits(s)
    while i <= e && isspace(s[i])
        i = nextind(s, i)
    end
    if i > e
        raise && throw(ArgumentError("input string is empty or only contains whitespace"))
        return nothing
    end
    # the sign between the parts: not a leading sign, nor an exponent's
    sep = something(findnext(in(('+', '-')), s, i), 0)
    sep == i && (sep = something(findnext(in(('+', '-')), s, sep + 1), 0))
    sep != 0 && s[prevind(s, sep)] in ('e', 'E') && (sep = something(findnext(in(('+', '-')), s, sep + 1), 0))
    # the imaginary unit at the end
    u = something(findprev(in(('m', 'i', 'j')), s, e), 0)
    if u > 0 && s[u] == 'm'
        u = prevind(s, u)
        if u < 1 || s[u] != 'i'
            raise && throw(ArgumentError("expected trailing \"im\", found only \"m\""))
            return nothing
        end
    end
    part(a, b) = raise ? parse(T, SubString(s, a, b)) : tryparse(T, SubString(s, a, b))
    if sep == 0
        # "±inf" ends in an `i` that is no unit
        if u > i && !(u == i + 1 && s[i] in ('+', '-'))
            y = part(i, u - 1)
            return y === nothing ? nothing : Complex{T}(zero(y), y)
        end
        x = part(i, e)
        return x === nothing ? nothing : Complex{T}(x)
    end
    if u < sep
        raise && throw(ArgumentError("missing imaginary unit"))
        return nothing
    end
    x = part(i, sep - 1)
    x === nothing && return nothing
    y = part(sep + 1, u - 1)
    y === nothing && return nothing
    Complex{T}(x, s[sep] == '-' ? -y : y)
end
parse(::Type{Complex{T}}, s::AbstractString) where {T<:Real} = _parse_complex(Complex{T}, s, true)
tryparse(::Type{Complex{T}}, s::AbstractString) where {T<:Real} = _parse_complex(Complex{T}, s, false)

function show(io::IO, z::Complex)
    r, i = reim(z)
    compact = get(io, :compact, false) === true
    show(io, r)
    if signbit(i) && !isnan(i)
        print(io, compact ? "-" : " - ")
        if isa(i, BitSigned) && i == typemin(typeof(i))
            show(io, -widen(i))
        else
            show(io, -i)
        end
    else
        print(io, compact ? "+" : " + ")
        show(io, i)
    end
    if !(isa(i, Integer) && !isa(i, Bool) || isa(i, AbstractFloat) && isfinite(i))
        print(io, "*")
    end
    print(io, "im")
end
show(io::IO, z::Complex{Bool}) = print(io, z == im ? "im" : string("Complex(", z.re, ",", z.im, ")"))

# column alignment in the REPL display of arrays (arrayshow.jl)
# `1.5 + 2.0im` aligns on the sign of its imaginary part (the last `+`/`-` not an exponent's): (5, 6)
function _alignment(io, x::Complex)
    s = sprint(show, x; context = io)
    cs = collect(s)
    for i in length(cs):-1:2
        if (cs[i] == '+' || cs[i] == '-') && cs[i-1] != 'e' && cs[i-1] != 'f'
            return (i, length(cs) - i)
        end
    end
    (length(cs), 0)
end
