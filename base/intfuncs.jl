# intfuncs.jl -- integer functions: gcd/lcm/gcdx/invmod/powermod, power by squaring (`^`,
# `literal_pow`), isqrt, factorial, binomial, nextpow/prevpow, ndigits, digits, and integers to
# strings (`string(n; base, pad)`, `bitstring`). Follows Julia 1.10's intfuncs.jl semantics and
# messages; Int128/UInt128 go through the same generic code as the other BitIntegers.

function gcd(a::T, b::T) where {T<:Integer}
    while b != 0
        a, b = b, rem(a, b)
    end
    checked_abs(a)
end
function gcd(a::T, b::T) where {T<:BitInteger}
    a == 0 && return checked_abs(b)
    b == 0 && return checked_abs(a)
    if a isa Signed && a == typemin(T)
        a == b && throw(OverflowError(string("gcd(", a, ", ", b, ") overflows")))
        a, b = b, a
    end
    while b != 0
        a, b = b, rem(a, b)
    end
    abs(a)
end
function lcm(a::T, b::T) where {T<:Integer}
    (a == 0 || b == 0) && return zero(a)
    checked_abs(checked_mul(a, div(b, gcd(b, a))))
end
gcd(a::Integer) = checked_abs(a)
lcm(a::Integer) = checked_abs(a)
gcd(a::Real, b::Real) = gcd(promote(a, b)...)
lcm(a::Real, b::Real) = lcm(promote(a, b)...)
gcd(a::Real, b::Real, c::Real...) = gcd(a, gcd(b, c...))
lcm(a::Real, b::Real, c::Real...) = lcm(a, lcm(b, c...))
gcd(a::T, b::T) where {T<:Real} = throw(MethodError(gcd, (a, b)))
lcm(a::T, b::T) where {T<:Real} = throw(MethodError(lcm, (a, b)))
gcd(v::AbstractArray{<:Integer}) = reduce(gcd, v; init=zero(eltype(v)))
lcm(v::AbstractArray{<:Integer}) = reduce(lcm, v; init=one(eltype(v)))

# (d, u, v) with u*a + v*b == d == gcd(a, b), the minimal coefficients of the extended Euclid
function gcdx(a::Integer, b::Integer)
    T = promote_type(typeof(a), typeof(b))
    a == b == 0 && return (zero(T), zero(T), zero(T))
    s0, s1 = one(T), zero(T)
    t0, t1 = zero(T), one(T)
    x, y = a % T, b % T
    while y != 0
        q, r = divrem(x, y)
        x, y = y, r
        s0, s1 = s1, s0 - q * s1
        t0, t1 = t1, t0 - q * t1
    end
    x < 0 ? (-x, -s0, -t0) : (x, s0, t0)
end
invmod(n::Integer, m::Integer) = invmod(promote(n, m)...)
function invmod(n::T, m::T) where {T<:Integer}
    isone(abs(m)) && return zero(T)
    iszero(m) && throw(DomainError(m, "`m` must not be 0."))
    g, x, y = gcdx(n, m)
    g != 1 && throw(DomainError((n, m), string("Greatest common divisor is ", g, ".")))
    mod(x, m)
end
function powermod(x::Integer, p::Integer, m::T) where {T<:Integer}
    p == 0 && return mod(one(m), m)
    p < 0 && return powermod(invmod(x, m), -p, m)
    (m == 1 || m == -1) && return zero(m)
    b = oftype(m, mod(x, m))
    r = one(m)
    while p > 0
        isodd(p) && (r = oftype(m, mod(widemul(r, b), m)))
        p >>= 1
        p > 0 && (b = oftype(m, mod(widemul(b, b), m)))
    end
    r
end

# ---- powers
@noinline throw_domerr_powbysq(::Any, p) = throw(DomainError(p, string(
    "Cannot raise an integer x to a negative power ", p, ".", "\nConvert input to float.")))
@noinline throw_domerr_powbysq(::Integer, p) = throw(DomainError(p, string(
    "Cannot raise an integer x to a negative power ", p, ".",
    "\nMake x or ", p, " a float by adding a zero decimal ",
    "(e.g., 2.0^", p, " or 2^", float(p), " instead of 2^", p, ") ",
    "or write 1/x^", -p, ", float(x)^", p, ", x^float(", p, ") or (x//1)^", p, ".")))
function power_by_squaring(x, p::Integer, mul=*)
    if p == 1
        return x
    elseif p == 0
        return one(x)
    elseif p == 2
        return mul(x, x)
    elseif p < 0
        isone(x) && return x
        isone(-x) && return iseven(p) ? one(x) : x
        throw_domerr_powbysq(x, p)
    end
    y = one(x)
    while p > 1
        isodd(p) && (y = mul(y, x))
        x = mul(x, x)
        p >>= 1
    end
    mul(y, x)
end
power_by_squaring(x::Bool, p::Integer) = (p < 0 && !x && throw_domerr_powbysq(x, p); (p == 0) | x)
(^)(x::T, p::T) where {T<:Integer} = power_by_squaring(x, p)
(^)(x::Number, p::Integer) = power_by_squaring(x, p)

# x^p with a literal integer p lowers to literal_pow(^, x, Val(p)) (x^2 is x*x; x^-n is inv(x)^n)
const HWInt = Union{Int8,Int16,Int32,Int64,UInt8,UInt16,UInt32,UInt64}
const HWFloat = Union{Float16,Float32,Float64}
literal_pow(f, x, ::Val{p}) where {p} = f(x, p)
literal_pow(::typeof(^), x::HWInt, ::Val{0}) = one(x)
literal_pow(::typeof(^), x::HWInt, ::Val{1}) = x
literal_pow(::typeof(^), x::HWInt, ::Val{2}) = x * x
literal_pow(::typeof(^), x::HWInt, ::Val{3}) = x * x * x
literal_pow(::typeof(^), x::HWInt, ::Val{-1}) = inv(x)
literal_pow(::typeof(^), x::HWInt, ::Val{-2}) = (i = inv(x); i * i)
literal_pow(::typeof(^), x::AbstractFloat, ::Val{p}) where {p} = x^p
literal_pow(::typeof(^), x::HWFloat, ::Val{0}) = one(x)
literal_pow(::typeof(^), x::HWFloat, ::Val{1}) = x
literal_pow(::typeof(^), x::HWFloat, ::Val{2}) = x * x
literal_pow(::typeof(^), x::HWFloat, ::Val{3}) = x * x * x
literal_pow(::typeof(^), x::HWFloat, ::Val{-1}) = inv(x)
literal_pow(::typeof(^), x::HWFloat, ::Val{-2}) = (i = inv(x); i * i)
# other types: x^-n is inv(x)^n (a machine integer goes through Float64, which rounds once)
literal_pow(f::typeof(^), x, ::Val{p}) where {p} =
    p < 0 ? (x isa HWInt ? f(Float64(x), p) : f(inv(x), -p)) : f(x, p)

ispow2(x::Number) = isreal(x) && ispow2(real(x))
function nextpow(a::Real, x::Real)
    x <= 0 && throw(DomainError(x, "`x` must be positive."))
    a <= 1 && throw(DomainError(a, "`a` must be greater than 1."))
    p = one(a)
    while p < x
        p *= a
    end
    p
end
function prevpow(a::Real, x::Real)
    x < 1 && throw(DomainError(x, "`x` must be ≥ 1."))
    a <= 1 && throw(DomainError(a, "`a` must be greater than 1."))
    p = one(a)
    while true
        q, o = a isa BitInteger ? mul_with_overflow(p, oftype(p, a)) : (p * a, false)
        (o || q > x) && return p
        p = q
    end
end

isqrt(x::Integer) = oftype(x, trunc(sqrt(x)))
function isqrt(x::Union{Int64,UInt64,Int128,UInt128})
    x == 0 && return x
    s = oftype(x, trunc(sqrt(Float64(x))))
    s = (s + div(x, s)) >> 1
    s * s > x ? s - 1 : s
end

const _fact_table64 = (1, 2, 6, 24, 120, 720, 5040, 40320, 362880, 3628800, 39916800, 479001600,
    6227020800, 87178291200, 1307674368000, 20922789888000, 355687428096000, 6402373705728000,
    121645100408832000, 2432902008176640000)
function factorial(n::Union{Int8,Int16,Int32,Int64,UInt8,UInt16,UInt32,UInt64})
    n < 0 && throw(DomainError(n, "`n` must not be negative."))
    n > 20 && throw(OverflowError(string(n, " is too large to look up in the table; consider using `factorial(big(", n, "))` instead")))
    n == 0 ? (n isa Unsigned ? UInt64(1) : 1) : (n isa Unsigned ? UInt64(_fact_table64[n]) : _fact_table64[n])
end
function factorial(n::Integer)
    n < 0 && throw(DomainError(n, "`n` must not be negative."))
    f = one(n * n)
    for i in 2:n
        f *= i
    end
    f
end

binomial(n::Integer, k::Integer) = binomial(promote(n, k)...)
function binomial(n::T, k::T) where {T<:Integer}
    n0, k0 = n, k
    k < 0 && return zero(T)
    sgn = one(T)
    if n < 0
        n = -n + k - one(T)
        isodd(k) && (sgn = -sgn)
    end
    k > n && return zero(T)
    (k == 0 || k == n) && return sgn
    k == 1 && return sgn * n
    k > (n >> 1) && (k = n - k)
    x = nn = n - k + one(T)
    nn += one(T)
    rr = T(2)
    while rr <= k
        xt = div(widemul(x, nn), rr)
        x = xt % T
        x == xt || throw(OverflowError(string("binomial(", n0, ", ", k0, ") overflows")))
        rr += one(T)
        nn += one(T)
    end
    copysign(x, sgn)
end

# ---- digits
function ndigits0z(x::Integer, b::Integer=10)
    b < 2 && throw(DomainError(b, "The base must not be in `[-1, 0, 1]`."))
    x == 0 && return 0
    u = x isa BitInteger ? uabs(x) : abs(x)
    b == 2 && u isa BitInteger && return top_set_bit(u)
    b == 16 && u isa BitInteger && return (top_set_bit(u) + 3) >> 2
    d = 0
    bb = oftype(u, b)
    while u != 0
        u = div(u, bb)
        d += 1
    end
    d
end
ndigits(x::Integer; base::Integer=10, pad::Integer=1) = max(pad, ndigits0z(x, base))

digits(n::Integer; base::Integer=10, pad::Integer=1) = digits(typeof(base), n; base=base, pad=pad)
digits(T::Type{<:Integer}, n::Integer; base::Integer=10, pad::Integer=1) =
    digits!(zeros(T, ndigits(n; base=base, pad=pad)), n; base=base)
function digits!(a::AbstractVector{T}, n::Integer; base::Integer=10) where {T<:Integer}
    2 <= abs(base) || throw(DomainError(base, "base must be ≥ 2 or ≤ -2"))
    for i in 1:length(a)
        n, d = divrem(n, oftype(n, base))
        a[i] = d
    end
    a
end

# ---- integers to strings
const _base62digits = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
# the ASCII code of digit d (0 <= d < b): 0-9 then lowercase letters up to base 36, 0-9A-Za-z above; a
# select instead of a branch, as digits and letters alternate unpredictably in a number's digits
_digit_char(d::Int, b::Int) = b <= 36 ? d % UInt8 + ifelse(d < 10, 0x30, 0x57) : codeunit(_base62digits, d + 1)
function string(n::Integer; base::Integer=10, pad::Integer=1)
    2 <= base <= 62 || throw(DomainError(base, "base must satisfy 2 ≤ abs(base) ≤ 62"))
    n isa BitInteger64 && return _string_u64(uabs(n) % UInt64, n < 0, base % Int, pad % Int)
    neg = n < 0
    u = n isa BitInteger ? uabs(n) : abs(n)
    b = base % Int
    nd = ndigits(u; base=b, pad=pad)
    s = _string_n(nd + neg)
    p = pointer(s)
    neg && unsafe_store!(p, UInt8('-'))
    i = nd + neg
    while i > neg
        d = (rem(u, oftype(u, b)) % Int)
        unsafe_store!(p, _digit_char(d, b), i)
        u = div(u, oftype(u, b))
        i -= 1
    end
    s
end
# integers of up to 64 bits: digits from the right, shifts and masks for power-of-two bases
function _string_u64(u::UInt64, neg::Bool, b::Int, pad::Int)
    pow2 = b & (b - 1) == 0
    shift = trailing_zeros(b)
    nd = pow2 ? cld(64 - leading_zeros(u), shift) : ndigits0z(u, b)
    nd = max(nd, pad)
    s = _string_n(nd + neg)
    p = pointer(s)
    neg && unsafe_store!(p, UInt8('-'))
    i = nd + neg
    bu = b % UInt64
    while i > neg
        if pow2
            d = (u & (bu - 0x01)) % Int
            u >>= shift
        elseif b == 10
            d = rem(u, 0x000000000000000a) % Int
            u = div(u, 0x000000000000000a)
        else
            d = rem(u, bu) % Int
            u = div(u, bu)
        end
        unsafe_store!(p, _digit_char(d, b), i)
        i -= 1
    end
    s
end
string(b::Bool) = b ? "true" : "false"
_dec(x::BitInteger) = string(x)

function bitstring(x::T) where {T}
    isprimitivetype(T) || throw(ArgumentError(string(T, " not a primitive type")))
    n = 8 * sizeof(T)
    u = reinterpret(_uint_of_size(sizeof(T)), x)
    s = _string_n(n)
    p = pointer(s)
    for i in n:-1:1
        unsafe_store!(p, 0x30 + (u % UInt8) & 0x01, i)
        u >>>= 1
    end
    s
end
_uint_of_size(n) = n == 1 ? UInt8 : n == 2 ? UInt16 : n == 4 ? UInt32 : n == 8 ? UInt64 : UInt128
reinterpret(::Type{UInt8}, x::Bool) = x ? 0x01 : 0x00

# ---- 1-based modulo: mod1(x, y) is in 1:y (and (0, y] for reals), fld1 the matching quotient
mod1(x::T, y::T) where {T<:Real} = (m = mod(x, y); ifelse(m == 0, y, m))
fld1(x::T, y::T) where {T<:Real} = (m = mod1(x, y); fld((x - m) + y, y))
fldmod1(x::T, y::T) where {T<:Real} = (fld1(x, y), mod1(x, y))
mod1(x::T, y::T) where {T<:Integer} = mod(x - one(T), y) + one(T)
fld1(x::T, y::T) where {T<:Integer} = (m = mod1(x, y); fld(x - m, y) + one(T))
fldmod1(x::T, y::T) where {T<:Integer} = (fld1(x, y), mod1(x, y))
mod1(x::Real, y::Real) = mod1(promote(x, y)...)
fld1(x::Real, y::Real) = fld1(promote(x, y)...)
fldmod1(x::Real, y::Real) = fldmod1(promote(x, y)...)
