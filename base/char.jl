# char.jl -- AbstractChar and Char. A Char holds the UTF-8 bytes of one character left-aligned in
# 32 bits (Julia's encoding), so any byte sequence a String holds can be a Char: malformed and
# overlong sequences are representable (`isvalid`, `ismalformed`, `isoverlong`) and only converting
# them to a code point throws. Unicode classification and case mapping live in unicode.jl.

struct InvalidCharError{T<:AbstractChar} <: Exception
    char::T
end
struct CodePointError{T<:Integer} <: Exception
    code::T
end

(::Type{T})(x::Number) where {T<:AbstractChar} = T(UInt32(x))
(::Type{AbstractChar})(x::Number) = Char(x)
(::Type{T})(x::AbstractChar) where {T<:Union{Number,AbstractChar}} = T(codepoint(x))
(::Type{T})(x::T) where {T<:AbstractChar} = x
AbstractChar(x::AbstractChar) = x

# bit tricks on the left-aligned bytes: l1 = length of the lead byte's 1-prefix, t0 = unused low bits
function ismalformed(c::Char)
    u = bitcast(UInt32, c)
    l1 = leading_ones(u) << 3
    t0 = trailing_zeros(u) & 56
    (l1 == 8) | (l1 + t0 > 32) | (((u & 0x00c0c0c0) ⊻ 0x00808080) >> t0 != 0)
end
_is_overlong_enc(u::UInt32) = (u >> 24 == 0xc0) | (u >> 24 == 0xc1) | (u >> 21 == 0x0704) | (u >> 20 == 0x0f08)
isoverlong(c::Char) = _is_overlong_enc(bitcast(UInt32, c))
ismalformed(c::AbstractChar) = false
isoverlong(c::AbstractChar) = false

function _decode_char(u::UInt32)
    l1 = leading_ones(u)
    t0 = trailing_zeros(u) & 56
    u &= 0xffffffff >> l1
    u >>= t0
    ((u & 0x0000007f) >> 0) | ((u & 0x00007f00) >> 2) | ((u & 0x007f0000) >> 4) | ((u & 0x7f000000) >> 6)
end
function UInt32(c::Char)
    u = bitcast(UInt32, c)
    u < 0x80000000 && return u >> 24
    (ismalformed(c) | _is_overlong_enc(u)) && throw(InvalidCharError(c))
    _decode_char(u)
end
decode_overlong(c::Char) = _decode_char(bitcast(UInt32, c))
codepoint(c::Char) = UInt32(c)

function Char(u::UInt32)
    u < 0x80 && return bitcast(Char, u << 24)
    u < 0x00200000 || throw(CodePointError(u))
    c = (u & 0x0000003f) | ((u << 2) & 0x00003f00) | ((u << 4) & 0x003f0000) | ((u << 6) & 0x3f000000)
    c = u < 0x00000800 ? (c << 16) | 0xc0800000 :
        u < 0x00010000 ? (c << 8) | 0xe0808000 : c | 0xf0808080
    bitcast(Char, c)
end
Char(b::Union{Int8,UInt8}) = 0 <= b <= 0x7f ? bitcast(Char, (b % UInt32) << 24) : Char(UInt32(b))
function (T::Union{Type{Int8},Type{UInt8}})(c::Char)
    i = bitcast(Int32, c)
    i >= 0 ? ((i >>> 24) % T) : T(UInt32(c))
end
UInt32(c::AbstractChar) = UInt32(Char(c))

convert(::Type{AbstractChar}, x::Number) = Char(x)
convert(::Type{T}, x::Number) where {T<:AbstractChar} = T(x)
convert(::Type{T}, x::AbstractChar) where {T<:Number} = T(x)
convert(::Type{T}, c::AbstractChar) where {T<:AbstractChar} = T(c)
convert(::Type{T}, c::T) where {T<:AbstractChar} = c
rem(x::AbstractChar, ::Type{T}) where {T<:Number} = rem(codepoint(x), T)

ncodeunits(c::Char) = (u = bitcast(UInt32, c); u < 0x80000000 ? 1 : 4 - (trailing_zeros(u) >> 3))
typemin(::Type{Char}) = bitcast(Char, 0x00000000)
typemax(::Type{Char}) = bitcast(Char, 0xffffffff)
zero(::Type{Char}) = bitcast(Char, 0x00000000)

size(c::AbstractChar) = ()
ndims(c::AbstractChar) = 0
length(c::AbstractChar) = 1
firstindex(c::AbstractChar) = 1
lastindex(c::AbstractChar) = 1
getindex(c::AbstractChar) = c
getindex(c::AbstractChar, i::Integer) = i == 1 ? c : throw(BoundsError(c, i))
first(c::AbstractChar) = c
last(c::AbstractChar) = c
eltype(::Type{T}) where {T<:AbstractChar} = T
iterate(c::AbstractChar, done=false) = done ? nothing : (c, true)
isempty(c::AbstractChar) = false
in(x::AbstractChar, y::AbstractChar) = x == y

(==)(a::Char, b::Char) = bitcast(UInt32, a) == bitcast(UInt32, b)
(<)(a::Char, b::Char) = bitcast(UInt32, a) < bitcast(UInt32, b)
(<=)(a::Char, b::Char) = bitcast(UInt32, a) <= bitcast(UInt32, b)
isless(a::Char, b::Char) = bitcast(UInt32, a) < bitcast(UInt32, b)
isless(a::AbstractChar, b::AbstractChar) = isless(Char(a), Char(b))
(==)(a::AbstractChar, b::AbstractChar) = Char(a) == Char(b)
(-)(a::AbstractChar, b::AbstractChar) = Int(a) - Int(b)
(-)(a::T, n::Integer) where {T<:AbstractChar} = T(Int32(a) - Int32(n))
(+)(a::T, n::Integer) where {T<:AbstractChar} = T(Int32(a) + Int32(n))
(+)(n::Integer, a::AbstractChar) = a + n

# a Char is valid when it is the shortest UTF-8 encoding of a code point that is not a surrogate
function isvalid(c::Char)
    u = bitcast(UInt32, c)
    u < 0x80000000 && return true
    (ismalformed(c) | _is_overlong_enc(u)) && return false
    cp = _decode_char(u)
    cp < 0xd800 || (0xdfff < cp <= 0x10ffff)
end
isvalid(::Type{Char}, c::Char) = isvalid(c)
isvalid(::Type{Char}, u::Integer) = 0 <= u < 0xd800 || 0xdfff < u <= 0x10ffff

isascii(c::Char) = bitcast(UInt32, c) < 0x80000000
isascii(c::AbstractChar) = UInt32(c) < 0x80
isdigit(c::AbstractChar) = (c >= '0') & (c <= '9')
isxdigit(c::AbstractChar) = isdigit(c) | (('a' <= c) & (c <= 'f')) | (('A' <= c) & (c <= 'F'))
iscntrl(c::AbstractChar) = c <= '\x1f' || '\x7f' <= c <= '\u9f'

# ---- show: Julia's character literal syntax, \x bytes for malformed/overlong data
const _hex_digits = "0123456789abcdef"
function show_invalid(io::IO, c::Char)
    write(io, '\'')
    u = bitcast(UInt32, c)
    while true
        write(io, '\\', 'x', _hex_digit(u >> 28), _hex_digit(u >> 24))
        (u <<= 8) == 0 && break
    end
    write(io, '\'')
    nothing
end
_hex_digit(u::Integer) = bitcast(Char, UInt32(codeunit(_hex_digits, Int(u & 0xf) + 1)) << 24)
const _CHAR_ESCAPES = ('\0' => '0', '\a' => 'a', '\b' => 'b', '\t' => 't', '\n' => 'n', '\v' => 'v',
                       '\f' => 'f', '\r' => 'r', '\e' => 'e', '\'' => '\'', '\\' => '\\')
function _char_escape(c::AbstractChar)
    for p in _CHAR_ESCAPES
        p.first == c && return p.second
    end
    nothing
end
function show(io::IO, c::AbstractChar)
    e = c <= '\\' ? _char_escape(c) : nothing
    if e !== nothing
        write(io, '\'', '\\', e, '\'')
    elseif isoverlong(c) || ismalformed(c)
        show_invalid(io, c)
    elseif isprint(c)
        write(io, '\'')
        print(io, c)
        write(io, '\'')
    else
        _show_uescape(io, codepoint(c), '\'')
    end
    nothing
end
# '\x7f', '\u200b', '\U10ffff': the shortest escape of an unprintable code point, at least 2 digits
function _show_uescape(io::IO, u::UInt32, quote_char)
    quote_char === nothing || write(io, quote_char)
    write(io, '\\', u <= 0x7f ? 'x' : u <= 0xffff ? 'u' : 'U')
    d = max(2, 8 - (leading_zeros(u) >> 2))
    while d > 0
        d -= 1
        write(io, _hex_digit(u >> (d << 2)))
    end
    quote_char === nothing || write(io, quote_char)
    nothing
end
print(io::IO, c::AbstractChar) = print(io, Char(c))
