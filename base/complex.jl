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

# division by Smith's algorithm (scales by the larger component, avoiding overflow in |w|^2)
function _cdiv(z::Complex{T}, w::Complex{T}) where {T<:AbstractFloat}
    a, b = reim(z)
    c, d = reim(w)
    if iszero(d)
        return Complex(a / c, b / c)
    elseif abs(d) <= abs(c)
        r = d / c
        den = c + d * r
        return Complex((a + b * r) / den, (b - a * r) / den)
    else
        r = c / d
        den = c * r + d
        return Complex((a * r + b) / den, (b * r - a) / den)
    end
end
(/)(z::Complex, w::Complex) = _cdiv(promote(float(z), float(w))...)
inv(z::Complex) = (w = float(z); _cdiv(one(w), w))

function sqrt(z::Complex{T}) where {T<:AbstractFloat}
    x, y = reim(z)
    (iszero(x) && iszero(y)) && return Complex(zero(T), y)
    isinf(y) && return Complex(T(Inf), y)
    ρ = sqrt((abs(x) + hypot(x, y)) / 2)
    ν = y / (2ρ)
    x >= 0 ? Complex(ρ, ν) : Complex(abs(ν), copysign(ρ, y))
end
sqrt(z::Complex) = sqrt(float(z))
function exp(z::Complex{T}) where {T<:AbstractFloat}
    iszero(z.im) && return Complex(exp(z.re), z.im)
    r = exp(z.re)
    Complex(r * cos(z.im), r * sin(z.im))
end
exp(z::Complex) = exp(float(z))
log(z::Complex{T}) where {T<:AbstractFloat} = Complex(log(abs(z)), angle(z))
log(z::Complex) = log(float(z))
log2(z::Complex) = log(z) / log(2.0)
log10(z::Complex) = log(z) / log(10.0)
sin(z::Complex{T}) where {T<:AbstractFloat} = Complex(sin(z.re) * cosh(z.im), cos(z.re) * sinh(z.im))
cos(z::Complex{T}) where {T<:AbstractFloat} = Complex(cos(z.re) * cosh(z.im), -sin(z.re) * sinh(z.im))
tan(z::Complex) = sin(z) / cos(z)
sinh(z::Complex{T}) where {T<:AbstractFloat} = Complex(sinh(z.re) * cos(z.im), cosh(z.re) * sin(z.im))
cosh(z::Complex{T}) where {T<:AbstractFloat} = Complex(cosh(z.re) * cos(z.im), sinh(z.re) * sin(z.im))
tanh(z::Complex) = sinh(z) / cosh(z)
for f in (:sin, :cos, :sinh, :cosh)
    @eval $f(z::Complex) = $f(float(z))
end

# powers: integer exponents by squaring (negative through inv), others through exp(p*log(z))
function (^)(z::Complex{T}, p::Integer) where {T<:Real}
    p >= 0 && return power_by_squaring(z, p)
    T <: Integer ? power_by_squaring(inv(z), -p) : power_by_squaring(inv(z), -p)
end
function _cpow(z::Complex{T}, p::Complex{T}) where {T<:AbstractFloat}
    if isreal(p) && isinteger(p.re) && abs(p.re) < 2.0^31
        return z^Int(p.re)
    end
    iszero(z) && return real(p) > 0 ? zero(z) : Complex(T(NaN), T(NaN))
    if isreal(p) && isreal(z)
        z.re > 0 && return Complex(z.re^p.re, z.im * p.re)
        isfinite(p.re) && return (-z.re)^p.re * cispi(copysign(p.re, z.im))
    end
    exp(p * log(z))
end
(^)(z::Complex, p::Complex) = _cpow(promote(float(z), float(p))...)
(^)(z::Complex, p::Real) = (^)(promote(float(z), float(p))...)
(^)(x::Real, p::Complex) = (^)(promote(float(x), float(p))...)
literal_pow(::typeof(^), z::Complex, ::Val{2}) = z * z
literal_pow(::typeof(^), z::Complex, ::Val{p}) where {p} = z^p

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
