# char.jl -- Char in Julia's encoding (the UTF-8 bytes left-aligned in 32 bits): codepoint conversion,
# comparison, arithmetic with integers, and ASCII classification.

function codepoint(c::Char)
    u = bitcast(UInt32, c)
    u < 0x80000000 && return u >> 0x18
    l1 = leading_ones(u)
    t0 = trailing_zeros(u) & 56
    u &= 0xffffffff >> l1
    u >>= t0
    ((u & 0x0000007f) >> 0) | ((u & 0x00007f00) >> 2) | ((u & 0x007f0000) >> 4) | ((u & 0x7f000000) >> 6)
end
function Char(u::UInt32)
    u < 0x80 && return bitcast(Char, u << 0x18)
    u < 0x800 && return bitcast(Char, (((u << 2) & 0x1f00) | (u & 0x3f) | 0xc080) << 0x10)
    if u < 0x10000
        return bitcast(Char, (((u << 4) & 0x0f0000) | ((u << 2) & 0x3f00) | (u & 0x3f) | 0xe08080) << 0x08)
    end
    u < 0x110000 || throw(ArgumentError(string("invalid Unicode code point: U+", string(u, base = 16))))
    bitcast(Char, ((u << 6) & 0x07000000) | ((u << 4) & 0x3f0000) | ((u << 2) & 0x3f00) | (u & 0x3f) | 0xf0808080)
end
Char(x::Integer) = Char(UInt32(x))
Char(c::Char) = c
(::Type{T})(c::Char) where {T<:Integer} = T(codepoint(c))
UInt32(c::Char) = codepoint(c)
convert(::Type{Char}, x::Integer) = Char(x)
convert(::Type{T}, c::Char) where {T<:Integer} = T(codepoint(c))
ncodeunits(c::Char) = (u = bitcast(UInt32, c); u < 0x80000000 ? 1 : 4 - (trailing_zeros(u) >> 3))

(==)(a::Char, b::Char) = bitcast(UInt32, a) == bitcast(UInt32, b)
(<)(a::Char, b::Char) = bitcast(UInt32, a) < bitcast(UInt32, b)
(<=)(a::Char, b::Char) = bitcast(UInt32, a) <= bitcast(UInt32, b)
isless(a::Char, b::Char) = a < b
(-)(a::Char, b::Char) = Int(codepoint(a)) - Int(codepoint(b))
(+)(a::Char, n::Integer) = Char(Int(codepoint(a)) + n)
(-)(a::Char, n::Integer) = Char(Int(codepoint(a)) - n)
(+)(n::Integer, a::Char) = a + n
zero(::Type{Char}) = Char(0)
typemin(::Type{Char}) = bitcast(Char, 0x00000000)
typemax(::Type{Char}) = bitcast(Char, 0xffffffff)
length(c::Char) = 1
iterate(c::Char, done=false) = done ? nothing : (c, true)
isvalid(c::Char) = true

isascii(c::Char) = bitcast(UInt32, c) < 0x80000000
isdigit(c::Char) = '0' <= c <= '9'
isxdigit(c::Char) = isdigit(c) || ('a' <= c <= 'f') || ('A' <= c <= 'F')
islowercase(c::Char) = 'a' <= c <= 'z'
isuppercase(c::Char) = 'A' <= c <= 'Z'
isletter(c::Char) = islowercase(c) || isuppercase(c) || (!isascii(c) && codepoint(c) >= 0xaa)
isspace(c::Char) = c == ' ' || '\t' <= c <= '\r' || c == '\u85' || c == '\ua0'
ispunct(c::Char) = isascii(c) && ('!' <= c <= '/' || ':' <= c <= '@' || '[' <= c <= '`' || '{' <= c <= '~')
iscntrl(c::Char) = c <= '\x1f' || '\x7f' <= c <= '\u9f'
isprint(c::Char) = !iscntrl(c) && c != '\u2028' && c != '\u2029'
isalnum(c::Char) = isletter(c) || isdigit(c)
uppercase(c::Char) = islowercase(c) ? c - 32 : c
lowercase(c::Char) = isuppercase(c) ? c + 32 : c
