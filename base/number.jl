# number.jl -- generic methods for Number/Real/Integer: identities, zero/one, abs, min/max, clamp,
# integer powers, and the fallbacks that make user number types work with Base's generic code.

zero(x::Number) = zero(typeof(x))
one(x::Number) = one(typeof(x))
# a user Number type with a convert from Int gets zero/one (Julia's fallbacks)
zero(::Type{T}) where {T<:Number} = convert(T, 0)
one(::Type{T}) where {T<:Number} = convert(T, 1)
oneunit(x) = one(x)
typemin(x::Real) = typemin(typeof(x))
typemax(x::Real) = typemax(typeof(x))
iszero(x) = x == zero(x)
isone(x) = x == one(x)
(+)(x::Number) = x
(*)(x::Number) = x
abs(x::Real) = x < zero(x) ? -x : x
abs2(x::Real) = x * x
signbit(x::Real) = x < 0
sign(x::Real) = ifelse(x < zero(x), oftype(one(x), -1), ifelse(x > zero(x), one(x), zero(x)))
conj(x::Real) = x
real(x::Real) = x
imag(x::Real) = zero(x)
isreal(x::Real) = true
float(x::Number) = convert(AbstractFloat, x)
min(x, y) = ifelse(isless(y, x), y, x)
max(x, y) = ifelse(isless(y, x), x, y)
min(a, b, c, xs...) = min(min(a, b), c, xs...)
max(a, b, c, xs...) = max(max(a, b), c, xs...)
minmax(x, y) = isless(y, x) ? (y, x) : (x, y)
clamp(x, lo, hi) = ifelse(x > hi, convert(typeof(x), hi), ifelse(x < lo, convert(typeof(x), lo), x))
clamp(x::Integer, ::Type{T}) where {T<:Integer} = clamp(x, typemin(T), typemax(T)) % T
function clamp!(x::AbstractArray, lo, hi)
    for i in eachindex(x)
        x[i] = clamp(x[i], lo, hi)
    end
    x
end
(\)(x::Number, y::Number) = adjoint(adjoint(y) / adjoint(x))   # left division, Julia's generic form
cmp(x, y) = isless(x, y) ? -1 : ifelse(isless(y, x), 1, 0)

length(x::Number) = 1
size(x::Number) = ()
iterate(x::Number) = (x, nothing)
iterate(x::Number, ::Any) = nothing
getindex(x::Number) = x
first(x::Number) = x
last(x::Number) = x
isempty(x::Number) = false
ndims(x::Number) = 0
eltype(::Type{T}) where {T<:Number} = T

function power_by_squaring(x, p::Integer)
    p < 0 && throw(DomainError(p, string("Cannot raise an integer x to a negative power ", p, ".\nConvert input to float.")))
    p == 0 && return one(x)
    p == 1 && return x
    y = one(x)
    while p > 1
        if isodd(p)
            y = y * x
        end
        x = x * x
        p = p >>> 1
    end
    y * x
end
(^)(x::Integer, p::Integer) = power_by_squaring(x, p)
(^)(x::Bool, p::Integer) = p == 0 ? true : x
(^)(x::Number, p::Integer) = power_by_squaring(x, p)
literal_pow(f, x, ::Val{p}) where {p} = x^p

gcd(a::T, b::T) where {T<:Integer} = b == 0 ? abs(a) : gcd(b, rem(a, b))
lcm(a::T, b::T) where {T<:Integer} = a == 0 ? a : abs(div(a, gcd(a, b)) * b)
gcd(a::Integer, b::Integer) = gcd(promote(a, b)...)
lcm(a::Integer, b::Integer) = lcm(promote(a, b)...)
function factorial(n::Integer)
    n < 0 && throw(DomainError(n, "`n` must not be negative."))
    f = one(n)
    for i in 2:n
        f *= i
    end
    f
end
isqrt(x::Integer) = trunc(typeof(x), sqrt(Float64(x)))
min(x::T, y::T) where {T<:Real} = ifelse(isless(y, x), y, x)
max(x::T, y::T) where {T<:Real} = ifelse(isless(y, x), x, y)

# isapprox (≈): |x - y| <= max(atol, rtol * max(|x|, |y|)), rtol defaulting to √eps of the less precise
# float type when atol is 0 (0 for integers and rationals: exact)
_rtol(::Type{T}) where {T<:AbstractFloat} = sqrt(eps(T))
_rtol(::Type{<:Real}) = 0
_default_rtol(x, y) = max(_rtol(real(typeof(x))), _rtol(real(typeof(y))))
function isapprox(x::Number, y::Number; atol::Real=0, rtol::Real=(atol > 0 ? 0 : _default_rtol(x, y)), nans::Bool=false)
    x == y && return true
    (nans && isnan(x) && isnan(y)) && return true
    isfinite(x) && isfinite(y) || return false
    abs(x - y) <= max(atol, rtol * max(abs(x), abs(y)))
end
function isapprox(x::AbstractArray, y::AbstractArray; atol::Real=0, rtol::Real=(atol > 0 ? 0 : sqrt(eps(Float64))), nans::Bool=false)
    length(x) == length(y) || return false
    d = sqrt(sum(i -> abs2(x[i] - y[i]), 1:length(x)))
    d <= max(atol, rtol * max(sqrt(sum(abs2, x)), sqrt(sum(abs2, y))))
end
const ≈ = isapprox
(≉)(x, y; kws...) = !isapprox(x, y; kws...)
flipsign(x::Real, y::Real) = ifelse(signbit(y), -x, +x)
