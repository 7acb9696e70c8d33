# gmp.jl -- BigInt: arbitrary-precision integers on GMP's mpz functions (libgmp, as Julia does).
#
# A BigInt is a mutable object with mpz_t's layout {alloc::Cint, size::Cint, d::Ptr{Limb}}; GMP
# allocates the limbs with malloc and a finalizer (mpz_clear) frees them, so every BigInt is made by
# `BigInt()` (mpz_init + finalizer) and then written by an mpz function. Operations always return
# fresh BigInts (values are never mutated after they are returned). Invariant for the heap image:
# Base creates no BigInt at load time (no malloc'ed pointer is reachable from a Base global).

const libgmp = "libgmp.so.10"
const Limb = UInt64

mutable struct BigInt <: Signed
    alloc::Cint
    size::Cint
    d::Ptr{Limb}
    function BigInt()
        b = new(zero(Cint), zero(Cint), bitcast(Ptr{Limb}, C_NULL))
        ccall((:__gmpz_init, libgmp), Cvoid, (Ref{BigInt},), b)
        Core.finalizer(_mpz_clear!, b)
        b
    end
end
_mpz_clear!(b::BigInt) = ccall((:__gmpz_clear, libgmp), Cvoid, (Ref{BigInt},), b)
# ccall passes a BigInt as a pointer to the object itself (the mpz_t)
cconvert(::Type{Ref{BigInt}}, x::BigInt) = x
unsafe_convert(::Type{Ref{BigInt}}, x::BigInt) = bitcast(Ptr{BigInt}, pointer_from_objref(x))

# ---- construction and conversion
function BigInt(x::Union{Int8,Int16,Int32,Int64,Bool})
    b = BigInt()
    ccall((:__gmpz_set_si, libgmp), Cvoid, (Ref{BigInt}, Clong), b, x % Int64)
    b
end
function BigInt(x::Union{UInt8,UInt16,UInt32,UInt64})
    b = BigInt()
    ccall((:__gmpz_set_ui, libgmp), Cvoid, (Ref{BigInt}, Culong), b, x % UInt64)
    b
end
function BigInt(x::Union{Int128,UInt128})
    u = uabs(x)
    b = BigInt(UInt64(u >>> 64))
    b = (b << 64) + BigInt(u % UInt64)
    x < 0 ? -b : b
end
BigInt(x::BigInt) = x
function BigInt(x::Float64)
    isinteger(x) || throw(InexactError(:BigInt, BigInt, x))
    b = BigInt()
    ccall((:__gmpz_set_d, libgmp), Cvoid, (Ref{BigInt}, Cdouble), b, x)
    b
end
BigInt(x::Union{Float16,Float32}) = BigInt(Float64(x))
BigInt(x::Integer) = convert(BigInt, x)
convert(::Type{BigInt}, x::BigInt) = x
convert(::Type{BigInt}, x::Integer) = BigInt(x)
Signed(x::BigInt) = x
big(::Type{T}) where {T<:Integer} = BigInt
big(x::Integer) = BigInt(x)

_fits_slong(x::BigInt) = ccall((:__gmpz_fits_slong_p, libgmp), Cint, (Ref{BigInt},), x) != 0
_fits_ulong(x::BigInt) = ccall((:__gmpz_fits_ulong_p, libgmp), Cint, (Ref{BigInt},), x) != 0
_get_si(x::BigInt) = ccall((:__gmpz_get_si, libgmp), Clong, (Ref{BigInt},), x)
_get_ui(x::BigInt) = ccall((:__gmpz_get_ui, libgmp), Culong, (Ref{BigInt},), x)
function (::Type{T})(x::BigInt) where {T<:Union{Int8,Int16,Int32,Int64}}
    _fits_slong(x) || throw(InexactError(nameof(T), T, x))
    T(_get_si(x))
end
function (::Type{T})(x::BigInt) where {T<:Union{UInt8,UInt16,UInt32,UInt64}}
    (x.size >= 0 && _fits_ulong(x)) || throw(InexactError(nameof(T), T, x))
    T(_get_ui(x))
end
function (::Type{T})(x::BigInt) where {T<:Union{Int128,UInt128}}
    (T <: Unsigned && x < 0 || ndigits0z(x, 2) > 8 * sizeof(T) - (T <: Signed)) &&
        !(T === Int128 && x == BigInt(typemin(Int128))) && throw(InexactError(nameof(T), T, x))
    a = abs(x)
    u = (UInt128(_get_ui(a >> 64)) << 64) | UInt128(_get_ui(a))
    x < 0 ? (zero(T) - (u % T)) : u % T
end
Bool(x::BigInt) = x == 0 ? false : x == 1 ? true : throw(InexactError(:Bool, Bool, x))
rem(x::BigInt, ::Type{T}) where {T<:BitInteger} = (u = _low_bits(x); x < 0 ? (zero(T) - (u % T)) : u % T)
rem(x::BigInt, ::Type{BigInt}) = x
_low_bits(x::BigInt) = (a = abs(x); (UInt128(_get_ui(a >> 64)) << 64) | UInt128(_get_ui(a)))
# Float64 rounded to nearest: the top 64 bits with a sticky bit for the rest, converted exactly once
function Float64(x::BigInt)
    n = ndigits0z(x, 2)
    n <= 53 && return ccall((:__gmpz_get_d, libgmp), Cdouble, (Ref{BigInt},), x)
    n > 1024 && return x < 0 ? -Inf : Inf
    a = abs(x)
    top = _get_ui(a >> (n - 64))
    sticky = ccall((:__gmpz_scan1, libgmp), Culong, (Ref{BigInt}, Culong), a, 0) < n - 64
    f = ldexp(Float64(top | UInt64(sticky)), n - 64)
    x < 0 ? -f : f
end
Float32(x::BigInt) = Float32(Float64(x))
Float16(x::BigInt) = Float16(Float64(x))
AbstractFloat(x::BigInt) = BigFloat(x)
float(::Type{BigInt}) = BigFloat

promote_rule(::Type{BigInt}, ::Type{<:BitInteger}) = BigInt
promote_rule(::Type{BigInt}, ::Type{Bool}) = BigInt
promote_rule(::Type{BigInt}, ::Type{<:AbstractFloat}) = BigFloat
widen(::Type{BigInt}) = BigInt
signed(x::BigInt) = x
zero(::Type{BigInt}) = BigInt(0)
one(::Type{BigInt}) = BigInt(1)
iszero(x::BigInt) = x.size == 0
isone(x::BigInt) = x == 1
signbit(x::BigInt) = x.size < 0
sign(x::BigInt) = BigInt(Int(sign(x.size)))
iseven(x::BigInt) = iszero(x) || (unsafe_load(x.d) & 0x1) == 0
isodd(x::BigInt) = !iseven(x)

# ---- arithmetic: fresh result from an mpz function of the operands
for (op, fn) in ((:+, :add), (:-, :sub), (:*, :mul), (:&, :and), (:|, :ior), (:xor, :xor))
    @eval function $op(x::BigInt, y::BigInt)
        z = BigInt()
        ccall(($(QuoteNode(Symbol("__gmpz_", fn))), libgmp), Cvoid, (Ref{BigInt}, Ref{BigInt}, Ref{BigInt}), z, x, y)
        z
    end
end
for (op, fn) in ((:div, :tdiv_q), (:rem, :tdiv_r), (:fld, :fdiv_q), (:mod, :fdiv_r), (:cld, :cdiv_q))
    @eval function $op(x::BigInt, y::BigInt)
        iszero(y) && throw(DivideError())
        z = BigInt()
        ccall(($(QuoteNode(Symbol("__gmpz_", fn))), libgmp), Cvoid, (Ref{BigInt}, Ref{BigInt}, Ref{BigInt}), z, x, y)
        z
    end
end
for (op, fn) in ((:-, :neg), (:~, :com), (:abs, :abs))
    @eval function $op(x::BigInt)
        z = BigInt()
        ccall(($(QuoteNode(Symbol("__gmpz_", fn))), libgmp), Cvoid, (Ref{BigInt}, Ref{BigInt}), z, x)
        z
    end
end
function (<<)(x::BigInt, n::Integer)
    n < 0 && return x >> -n
    z = BigInt()
    ccall((:__gmpz_mul_2exp, libgmp), Cvoid, (Ref{BigInt}, Ref{BigInt}, Culong), z, x, UInt64(n))
    z
end
function (>>)(x::BigInt, n::Integer)
    n < 0 && return x << -n
    z = BigInt()
    ccall((:__gmpz_fdiv_q_2exp, libgmp), Cvoid, (Ref{BigInt}, Ref{BigInt}, Culong), z, x, UInt64(n))
    z
end
(>>>)(x::BigInt, n::Integer) = x >> n
divrem(x::BigInt, y::BigInt) = (div(x, y), rem(x, y))
(/)(x::BigInt, y::BigInt) = float(x) / float(y)
function (^)(x::BigInt, p::Integer)
    p < 0 && return power_by_squaring(x, p)
    z = BigInt()
    ccall((:__gmpz_pow_ui, libgmp), Cvoid, (Ref{BigInt}, Ref{BigInt}, Culong), z, x, UInt64(p))
    z
end
(^)(x::BigInt, p::BigInt) = x^Int(p)
(^)(x::BitInteger, p::BigInt) = BigInt(x)^Int(p)
literal_pow(::typeof(^), x::BigInt, ::Val{p}) where {p} = x^p

_cmp(x::BigInt, y::BigInt) = Int(ccall((:__gmpz_cmp, libgmp), Cint, (Ref{BigInt}, Ref{BigInt}), x, y))
_cmp(x::BigInt, y::Int64) = Int(ccall((:__gmpz_cmp_si, libgmp), Cint, (Ref{BigInt}, Clong), x, y))
(==)(x::BigInt, y::BigInt) = _cmp(x, y) == 0
(<)(x::BigInt, y::BigInt) = _cmp(x, y) < 0
(<=)(x::BigInt, y::BigInt) = _cmp(x, y) <= 0
(==)(x::BigInt, y::Int64) = _cmp(x, y) == 0
(==)(x::Int64, y::BigInt) = _cmp(y, x) == 0
(<)(x::BigInt, y::Int64) = _cmp(x, y) < 0
(<)(x::Int64, y::BigInt) = _cmp(y, x) > 0
(<=)(x::BigInt, y::Int64) = _cmp(x, y) <= 0
(<=)(x::Int64, y::BigInt) = _cmp(y, x) >= 0
isless(x::BigInt, y::BigInt) = x < y
cmp(x::BigInt, y::BigInt) = sign(_cmp(x, y))
(==)(x::BigInt, y::AbstractFloat) = isinteger(y) && x == BigInt(y)
(==)(x::AbstractFloat, y::BigInt) = y == x
count_ones(x::BigInt) = x < 0 ? throw(DomainError(x)) : Int(ccall((:__gmpz_popcount, libgmp), Culong, (Ref{BigInt},), x))
trailing_zeros(x::BigInt) = Int(ccall((:__gmpz_scan1, libgmp), Culong, (Ref{BigInt}, Culong), x, 0))
top_set_bit(x::BigInt) = iszero(x) ? 0 : Int(ccall((:__gmpz_sizeinbase, libgmp), Csize_t, (Ref{BigInt}, Cint), x, 2))
# hashing from the limbs, equal to the hash of the equal Int64/UInt64/Float64 (Julia's scheme)
_limb(x::BigInt, i) = unsafe_load(x.d, i)
function hash_integer(n::BigInt, h::UInt)
    s = n.size
    s == 0 && return hash_integer(0, h)
    b = _limb(n, 1)
    h = xor(h, hash_uint(xor(ifelse(s < 0, -b, b), h)))
    for k in 2:abs(s)
        h = xor(h, hash_uint(xor(_limb(n, k), h)))
    end
    h
end
function hash(x::BigInt, h::UInt)
    sz = x.size
    sz == 0 && return hash(0, h)
    if sz == 1
        return hash(_limb(x, 1), h)
    elseif sz == -1
        limb = _limb(x, 1)
        limb <= typemin(Int) % UInt && return hash(-(limb % Int), h)
    end
    pow = trailing_zeros(x)
    nd = ndigits0z(x, 2)
    idx = (pow >>> 6) + 1
    shift = (pow & 63) % UInt
    upshift = UInt(64) - shift
    asz = abs(sz)
    limb2 = UInt(0)
    if shift == 0
        limb = _limb(x, idx)
    else
        limb1 = _limb(x, idx)
        limb2 = idx < asz ? _limb(x, idx + 1) : UInt(0)
        limb = limb2 << upshift | limb1 >> shift
    end
    nd <= 1024 && nd - pow <= 53 && return hash(ldexp(flipsign(Float64(limb), sz), pow), h)
    h = hash_integer(1, h)
    h = hash_integer(pow, h)
    h = xor(h, hash_uint(xor(flipsign(limb, sz), h)))
    for i in idx+1:asz
        if shift == 0
            limb = _limb(x, i)
        else
            limb1 = limb2
            if i == asz
                limb = limb1 >> shift
                limb == 0 && break
            else
                limb2 = _limb(x, i + 1)
                limb = limb2 << upshift | limb1 >> shift
            end
        end
        h = xor(h, hash_uint(xor(limb, h)))
    end
    h
end

# ---- number theory through GMP
function gcd(x::BigInt, y::BigInt)
    z = BigInt()
    ccall((:__gmpz_gcd, libgmp), Cvoid, (Ref{BigInt}, Ref{BigInt}, Ref{BigInt}), z, x, y)
    z
end
function lcm(x::BigInt, y::BigInt)
    z = BigInt()
    ccall((:__gmpz_lcm, libgmp), Cvoid, (Ref{BigInt}, Ref{BigInt}, Ref{BigInt}), z, x, y)
    z
end
function isqrt(x::BigInt)
    x < 0 && throw(DomainError(x, "isqrt is not defined for negative numbers."))
    z = BigInt()
    ccall((:__gmpz_sqrt, libgmp), Cvoid, (Ref{BigInt}, Ref{BigInt}), z, x)
    z
end
function factorial(n::BigInt)
    n < 0 && throw(DomainError(n, "`n` must not be negative."))
    z = BigInt()
    ccall((:__gmpz_fac_ui, libgmp), Cvoid, (Ref{BigInt}, Culong), z, UInt64(n))
    z
end
function binomial(n::BigInt, k::UInt64)
    z = BigInt()
    ccall((:__gmpz_bin_ui, libgmp), Cvoid, (Ref{BigInt}, Ref{BigInt}, Culong), z, n, k)
    z
end
binomial(n::BigInt, k::BigInt) = k < 0 ? BigInt(0) : binomial(n, UInt64(k))
function powermod(x::BigInt, p::BigInt, m::BigInt)
    p < 0 && return powermod(invmod(x, m), -p, m)
    iszero(m) && throw(DivideError())
    z = BigInt()
    ccall((:__gmpz_powm, libgmp), Cvoid, (Ref{BigInt}, Ref{BigInt}, Ref{BigInt}, Ref{BigInt}), z, x, p, m)
    m < 0 && !iszero(z) ? z + m : z
end
powermod(x::Integer, p::Integer, m::BigInt) = powermod(BigInt(x), BigInt(p), m)
ndigits0z(x::BigInt, b::Integer=10) = iszero(x) ? 0 : _ndigits_exact(x, Int(b))
function _ndigits_exact(x::BigInt, b::Int)
    # mpz_sizeinbase may be one too big for bases other than powers of 2
    n = Int(ccall((:__gmpz_sizeinbase, libgmp), Csize_t, (Ref{BigInt}, Cint), x, b))
    ispow2(b) ? n : (abs(x) < BigInt(b)^(n - 1) ? n - 1 : n)
end

# ---- strings
function string(x::BigInt; base::Integer=10, pad::Integer=1)
    2 <= base <= 62 || throw(DomainError(base, "base must satisfy 2 ≤ abs(base) ≤ 62"))
    iszero(x) && pad < 1 && return ""
    n = Int(ccall((:__gmpz_sizeinbase, libgmp), Csize_t, (Ref{BigInt}, Cint), x, base)) + 2
    buf = zeros(UInt8, n)
    ccall((:__gmpz_get_str, libgmp), Ptr{UInt8}, (Ptr{UInt8}, Cint, Ref{BigInt}), buf, base <= 36 ? -base : base, x)
    s = unsafe_string(pointer(buf))
    base <= 36 && (s = lowercase(s))
    neg = startswith(s, "-")
    digs = neg ? s[2:end] : s
    length(digs) < pad && (digs = repeat("0", pad - length(digs)) * digs)
    neg ? "-" * digs : digs
end
show(io::IO, x::BigInt) = print(io, string(x))
print(io::IO, x::BigInt) = print(io, string(x))

macro big_str(s)
    t = replace(s, "_" => "")
    x = tryparse(BigInt, t)
    x !== nothing && return x
    f = tryparse(BigFloat, t)
    f !== nothing && return f
    throw(ArgumentError(string("invalid number format ", repr(s), " for BigInt or BigFloat")))
end
macro int128_str(s)
    parse(Int128, replace(s, "_" => ""))
end
macro uint128_str(s)
    parse(UInt128, replace(s, "_" => ""))
end
# the parser turns integer literals too big for Int64/UInt64 into Core.@int128_str, @uint128_str
# and @big_str calls, as Julia's does
for m in (Symbol("@int128_str"), Symbol("@uint128_str"), Symbol("@big_str"))
    isdefined(Core, m) || _eval(Core, Expr(:const, Expr(:(=), m, getglobal(Base, m))))
end
