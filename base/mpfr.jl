# mpfr.jl -- BigFloat: arbitrary-precision binary floats on MPFR (libmpfr, as Julia does).
#
# A BigFloat has mpfr_t's layout {prec::Clong, sign::Cint, exp::Clong, d::Ptr{Limb}}; mpfr_init2
# mallocs the limbs and a finalizer (mpfr_clear) frees them. Results are fresh objects rounded to
# nearest at the current default precision (256 bits unless setprecision changed it). Printing is
# Julia's: MPFR's "%.Re" (enough digits to read back) with trailing zeros removed, plain notation for
# decimal exponents -5 < e < 6. Like BigInt, Base creates no BigFloat while loading.

const libmpfr = "libmpfr.so.6"
const MPFR_RNDN = Int32(0)
const DEFAULT_PRECISION = Ref{Int}(256)

mutable struct BigFloat <: AbstractFloat
    prec::Clong
    sign::Cint
    exp::Clong
    d::Ptr{Limb}
    function BigFloat(::Val{:init}, prec::Int)
        prec < 1 && throw(DomainError(prec, "`precision` cannot be less than 1."))
        z = new(zero(Clong), zero(Cint), zero(Clong), bitcast(Ptr{Limb}, C_NULL))
        ccall((:mpfr_init2, libmpfr), Cvoid, (Ref{BigFloat}, Clong), z, prec)
        Core.finalizer(_mpfr_clear!, z)
        z
    end
end
BigFloat(; precision::Integer=DEFAULT_PRECISION[]) = BigFloat(Val(:init), Int(precision))
_mpfr_clear!(z::BigFloat) = ccall((:mpfr_clear, libmpfr), Cvoid, (Ref{BigFloat},), z)
cconvert(::Type{Ref{BigFloat}}, x::BigFloat) = x
unsafe_convert(::Type{Ref{BigFloat}}, x::BigFloat) = bitcast(Ptr{BigFloat}, pointer_from_objref(x))

precision(::Type{BigFloat}) = DEFAULT_PRECISION[]
precision(x::BigFloat) = Int(x.prec)
function setprecision(::Type{BigFloat}, prec::Integer)
    prec < 1 && throw(DomainError(prec, "`precision` cannot be less than 1."))
    DEFAULT_PRECISION[] = prec
end
setprecision(prec::Integer) = setprecision(BigFloat, prec)
function setprecision(f::Function, ::Type{BigFloat}, prec::Integer)
    old = DEFAULT_PRECISION[]
    setprecision(BigFloat, prec)
    try
        return f()
    finally
        DEFAULT_PRECISION[] = old
    end
end
setprecision(f::Function, prec::Integer) = setprecision(f, BigFloat, prec)

# ---- construction
for (T, fn, CT) in ((:Int64, :mpfr_set_si, :Clong), (:UInt64, :mpfr_set_ui, :Culong), (:Float64, :mpfr_set_d, :Cdouble),
                    (:BigInt, :mpfr_set_z, :(Ref{BigInt})))
    @eval function BigFloat(x::$T; precision::Integer=DEFAULT_PRECISION[])
        z = BigFloat(; precision=precision)
        ccall(($(QuoteNode(fn)), libmpfr), Int32, (Ref{BigFloat}, $CT, Int32), z, x, MPFR_RNDN)
        z
    end
end
BigFloat(x::Union{Bool,Int8,Int16,Int32}; precision::Integer=DEFAULT_PRECISION[]) = BigFloat(Int64(x); precision=precision)
BigFloat(x::Union{UInt8,UInt16,UInt32}; precision::Integer=DEFAULT_PRECISION[]) = BigFloat(UInt64(x); precision=precision)
BigFloat(x::Union{Float16,Float32}; precision::Integer=DEFAULT_PRECISION[]) = BigFloat(Float64(x); precision=precision)
BigFloat(x::Union{Int128,UInt128}; precision::Integer=DEFAULT_PRECISION[]) = BigFloat(BigInt(x); precision=precision)
BigFloat(x::Rational; precision::Integer=DEFAULT_PRECISION[]) =
    BigFloat(numerator(x); precision=precision) / BigFloat(denominator(x); precision=precision)
function BigFloat(x::BigFloat; precision::Integer=DEFAULT_PRECISION[])
    precision == x.prec && return x
    z = BigFloat(; precision=precision)
    ccall((:mpfr_set, libmpfr), Int32, (Ref{BigFloat}, Ref{BigFloat}, Int32), z, x, MPFR_RNDN)
    z
end
function _mpfr_const(fn::Symbol)
    z = BigFloat()
    fn === :pi && ccall((:mpfr_const_pi, libmpfr), Int32, (Ref{BigFloat}, Int32), z, MPFR_RNDN)
    fn === :euler && ccall((:mpfr_const_euler, libmpfr), Int32, (Ref{BigFloat}, Int32), z, MPFR_RNDN)
    z
end
BigFloat(::Irrational{:π}) = _mpfr_const(:pi)
BigFloat(::Irrational{:γ}) = _mpfr_const(:euler)
BigFloat(::Irrational{:ℯ}) = exp(BigFloat(1))
BigFloat(::Irrational{:φ}) = (1 + sqrt(BigFloat(5))) / 2
function tryparse(::Type{BigFloat}, s::AbstractString)
    t = String(strip(s))
    isempty(t) && return nothing
    z = BigFloat()
    r = ccall((:mpfr_set_str, libmpfr), Int32, (Ref{BigFloat}, Ptr{UInt8}, Int32, Int32), z, t, 10, MPFR_RNDN)
    r == 0 ? z : nothing
end
function BigFloat(s::AbstractString; precision::Integer=DEFAULT_PRECISION[])
    z = setprecision(() -> tryparse(BigFloat, s), BigFloat, precision)
    z === nothing && throw(ArgumentError(string("cannot parse ", repr(s), " as BigFloat")))
    z
end
# the neighbouring BigFloats at x's precision (mpfr_nextabove/nextbelow)
for (f, fn) in ((:nextfloat, :mpfr_nextabove), (:prevfloat, :mpfr_nextbelow))
    @eval function $f(x::BigFloat)
        z = BigFloat(; precision=x.prec)
        ccall((:mpfr_set, libmpfr), Int32, (Ref{BigFloat}, Ref{BigFloat}, Int32), z, x, MPFR_RNDN)
        ccall(($(QuoteNode(fn)), libmpfr), Cvoid, (Ref{BigFloat},), z)
        z
    end
end
big(x::AbstractFloat) = BigFloat(x)
big(x::AbstractIrrational) = BigFloat(x)
big(::Type{T}) where {T<:AbstractFloat} = BigFloat
convert(::Type{BigFloat}, x::BigFloat) = x
convert(::Type{BigFloat}, x::Real) = BigFloat(x)
AbstractFloat(x::BigFloat) = x
float(x::BigInt) = BigFloat(x)
float(x::BigFloat) = x
float(::Type{BigFloat}) = BigFloat
promote_rule(::Type{BigFloat}, ::Type{<:Real}) = BigFloat
promote_rule(::Type{BigFloat}, ::Type{<:Integer}) = BigFloat
promote_rule(::Type{BigFloat}, ::Type{Bool}) = BigFloat
promote_rule(::Type{BigFloat}, ::Type{<:AbstractFloat}) = BigFloat

Float64(x::BigFloat) = ccall((:mpfr_get_d, libmpfr), Float64, (Ref{BigFloat}, Int32), x, MPFR_RNDN)
Float32(x::BigFloat) = ccall((:mpfr_get_flt, libmpfr), Float32, (Ref{BigFloat}, Int32), x, MPFR_RNDN)
Float16(x::BigFloat) = Float16(Float64(x))
function BigInt(x::BigFloat)
    isinteger(x) || throw(InexactError(:BigInt, BigInt, x))
    z = BigInt()
    ccall((:mpfr_get_z, libmpfr), Int32, (Ref{BigInt}, Ref{BigFloat}, Int32), z, x, MPFR_RNDN)
    z
end
(::Type{T})(x::BigFloat) where {T<:BitInteger} = isinteger(x) ? T(BigInt(x)) : throw(InexactError(nameof(T), T, x))
function trunc(::Type{T}, x::BigFloat) where {T<:Integer}
    isfinite(x) || throw(InexactError(:trunc, T, x))
    T(BigInt(trunc(x)))
end

# ---- arithmetic
for (op, fn) in ((:+, :mpfr_add), (:-, :mpfr_sub), (:*, :mpfr_mul), (:/, :mpfr_div), (:^, :mpfr_pow),
                 (:atan, :mpfr_atan2), (:hypot, :mpfr_hypot), (:rem, :mpfr_fmod))
    @eval function $op(x::BigFloat, y::BigFloat)
        z = BigFloat()
        ccall(($(QuoteNode(fn)), libmpfr), Int32, (Ref{BigFloat}, Ref{BigFloat}, Ref{BigFloat}, Int32), z, x, y, MPFR_RNDN)
        z
    end
end
for (op, fn) in ((:-, :mpfr_neg), (:abs, :mpfr_abs), (:exp, :mpfr_exp), (:exp2, :mpfr_exp2), (:exp10, :mpfr_exp10),
                 (:expm1, :mpfr_expm1), (:sin, :mpfr_sin), (:cos, :mpfr_cos), (:tan, :mpfr_tan), (:atan, :mpfr_atan),
                 (:sinh, :mpfr_sinh), (:cosh, :mpfr_cosh), (:tanh, :mpfr_tanh), (:cbrt, :mpfr_cbrt),
                 (:asinh, :mpfr_asinh))
    @eval function $op(x::BigFloat)
        z = BigFloat()
        ccall(($(QuoteNode(fn)), libmpfr), Int32, (Ref{BigFloat}, Ref{BigFloat}, Int32), z, x, MPFR_RNDN)
        z
    end
end
for (op, fn) in ((:sqrt, :mpfr_sqrt), (:log, :mpfr_log), (:log2, :mpfr_log2), (:log10, :mpfr_log10))
    @eval function $op(x::BigFloat)
        x < 0 && throw_complex_domainerror($(QuoteNode(op)), x)
        z = BigFloat()
        ccall(($(QuoteNode(fn)), libmpfr), Int32, (Ref{BigFloat}, Ref{BigFloat}, Int32), z, x, MPFR_RNDN)
        z
    end
end
function log1p(x::BigFloat)
    x < -1 && throw_complex_domainerror_neg1(:log1p, x)
    z = BigFloat()
    ccall((:mpfr_log1p, libmpfr), Int32, (Ref{BigFloat}, Ref{BigFloat}, Int32), z, x, MPFR_RNDN)
    z
end
for (op, fn) in ((:asin, :mpfr_asin), (:acos, :mpfr_acos))
    @eval function $op(x::BigFloat)
        abs(x) > 1 && throw(DomainError(x, $(string(op, "(x) is not defined for |x| > 1."))))
        z = BigFloat()
        ccall(($(QuoteNode(fn)), libmpfr), Int32, (Ref{BigFloat}, Ref{BigFloat}, Int32), z, x, MPFR_RNDN)
        z
    end
end
for (op, fn) in ((:trunc, :mpfr_trunc), (:floor, :mpfr_floor), (:ceil, :mpfr_ceil), (:round, :mpfr_roundeven))
    @eval function $op(x::BigFloat)
        z = BigFloat(; precision=precision(x))
        ccall(($(QuoteNode(fn)), libmpfr), Int32, (Ref{BigFloat}, Ref{BigFloat}), z, x)
        z
    end
end
(^)(x::BigFloat, n::Integer) = x^BigFloat(n)
fma(x::BigFloat, y::BigFloat, z::BigFloat) = x * y + z
muladd(x::BigFloat, y::BigFloat, z::BigFloat) = x * y + z

_mpfr_cmp(x::BigFloat, y::BigFloat) = Int(ccall((:mpfr_cmp, libmpfr), Int32, (Ref{BigFloat}, Ref{BigFloat}), x, y))
(==)(x::BigFloat, y::BigFloat) = ccall((:mpfr_equal_p, libmpfr), Int32, (Ref{BigFloat}, Ref{BigFloat}), x, y) != 0
(<)(x::BigFloat, y::BigFloat) = ccall((:mpfr_less_p, libmpfr), Int32, (Ref{BigFloat}, Ref{BigFloat}), x, y) != 0
(<=)(x::BigFloat, y::BigFloat) = ccall((:mpfr_lessequal_p, libmpfr), Int32, (Ref{BigFloat}, Ref{BigFloat}), x, y) != 0
isnan(x::BigFloat) = ccall((:mpfr_nan_p, libmpfr), Int32, (Ref{BigFloat},), x) != 0
isinf(x::BigFloat) = ccall((:mpfr_inf_p, libmpfr), Int32, (Ref{BigFloat},), x) != 0
isfinite(x::BigFloat) = !isnan(x) && !isinf(x)
iszero(x::BigFloat) = ccall((:mpfr_zero_p, libmpfr), Int32, (Ref{BigFloat},), x) != 0
isinteger(x::BigFloat) = ccall((:mpfr_integer_p, libmpfr), Int32, (Ref{BigFloat},), x) != 0
signbit(x::BigFloat) = ccall((:mpfr_signbit, libmpfr), Int32, (Ref{BigFloat},), x) != 0
isless(x::BigFloat, y::BigFloat) = isnan(x) || isnan(y) ? !isnan(x) : (x < y || (x == y && signbit(x) && !signbit(y)))
zero(::Type{BigFloat}) = BigFloat(0)
one(::Type{BigFloat}) = BigFloat(1)
eps(::Type{BigFloat}) = BigFloat(2)^(1 - precision(BigFloat))
hash(x::BigFloat, h::UInt) = isinteger(x) && isfinite(x) ? hash(BigInt(x), h) : hash(string(x), h)
sign(x::BigFloat) = iszero(x) || isnan(x) ? x : (signbit(x) ? -one(BigFloat) : one(BigFloat))
(<)(x::BigFloat, y::AbstractIrrational) = x < BigFloat(y)
(<)(x::AbstractIrrational, y::BigFloat) = BigFloat(x) < y

# ---- printing
function _mpfr_string(x::BigFloat, fmt::String)
    n = ccall((:mpfr_snprintf, libmpfr), Int32, (Ptr{UInt8}, Csize_t, Ptr{UInt8}, Ref{BigFloat}), zeros(UInt8, 1), 0, fmt, x)
    buf = zeros(UInt8, n + 1)
    ccall((:mpfr_snprintf, libmpfr), Int32, (Ptr{UInt8}, Csize_t, Ptr{UInt8}, Ref{BigFloat}), buf, n + 1, fmt, x)
    unsafe_string(pointer(buf))
end
function _prettify_bigfloat(s::String)
    i = findfirst('e', s)
    mantissa, exponent = s[1:i-1], s[i+1:end]
    occursin('.', mantissa) || (mantissa = string(mantissa, '.'))
    mantissa = rstrip(mantissa, '0')
    endswith(mantissa, '.') && (mantissa = string(mantissa, '0'))
    expo = parse(Int, exponent)
    -5 < expo < 6 || return string(mantissa, 'e', exponent)
    expo == 0 && return mantissa
    j = findfirst('.', mantissa)
    int, frac = mantissa[1:j-1], mantissa[j+1:end]
    if expo > 0
        return expo < length(frac) ? string(int, frac[1:expo], '.', frac[expo+1:end]) :
               string(int, frac, repeat("0", expo - length(frac)), ".0")
    end
    neg = startswith(int, "-")
    neg && (int = int[2:end])
    string(neg ? "-" : "", "0.", repeat("0", -expo - 1), int, frac == "0" ? "" : frac)
end
_bigfloat_string(x::BigFloat, fmt::String) = isfinite(x) ? _prettify_bigfloat(_mpfr_string(x, fmt)) : string(Float64(x))
string(x::BigFloat) = _bigfloat_string(x, "%Re")
print(io::IO, x::BigFloat) = print(io, string(x))
show(io::IO, x::BigFloat) = print(io, get(io, :compact, false) === true ? _bigfloat_string(x, "%.5Re") : string(x))
