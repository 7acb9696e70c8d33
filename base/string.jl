# string.jl -- String: immutable UTF-8 bytes, indexed by code unit. Any byte sequence is allowed:
# iteration, nextind and thisind group bytes into Chars the way Julia does (a lead byte takes the
# continuation bytes its prefix announces; stray bytes are one Char each), so invalid data round-trips.
# Generic AbstractString code is in strings/basic.jl; SubString in substring.jl.

ncodeunits(s::String) = Core.sizeof(s)
sizeof(s::String) = Core.sizeof(s)
codeunit(s::String) = UInt8
_cu(s::String, i::Int) = pointerref(ccall(:jl_string_ptr, Ptr{UInt8}, (Any,), s), i, 1)
function codeunit(s::String, i::Int)
    _inbytes(s, i) || throw(BoundsError(s, i))
    _cu(s, i)
end
codeunit(s::AbstractString, i::Integer) = codeunit(s, Int(i))
String(s::String) = s
String(v::Vector{UInt8}) = ccall(:jl_array_to_string, Any, (Any,), v)::String
String(s::Symbol) = unsafe_string(unsafe_convert(Ptr{UInt8}, s))
Symbol(s::String) = ccall(:jl_symbol_n, Any, (Ptr{UInt8}, Int), pointer(s), sizeof(s))::Symbol
Symbol(s::AbstractString) = Symbol(String(s))
Symbol(x...) = Symbol(string(x...))
convert(::Type{Symbol}, s::String) = Symbol(s)
pointer(s::String, i::Integer) = pointer(s) + (Int(i) - 1)

# The functions below run once per byte or character, so they are written on intrinsics: the
# interpreter pays for every generic call, and these make a handful of builtin calls instead of the
# dozens that generic integer promotion costs (about 10x faster when interpreted).
_iscontinuation(b::UInt8) = eq_int(and_int(b, 0xc0), 0x80)
_between(b, lo, hi) = (lo <= b) & (b <= hi)
_inbytes(s::String, i::Int) = ult_int(sub_int(i, 1), Core.sizeof(s))     # 1 <= i <= ncodeunits(s)
_ule(a::UInt8, b::UInt8) = ule_int(a, b)

# ---- index arithmetic on raw bytes
function isvalid(s::String, i::Int)
    _inbytes(s, i) || return false
    thisind(s, i) === i
end
function thisind(s::String, i::Int)
    i === 0 && return 0
    n = Core.sizeof(s)
    i === add_int(n, 1) && return i
    _inbytes(s, i) || throw(BoundsError(s, i))
    # a continuation byte belongs to the lead byte up to 3 bytes back when that lead announces it
    (_iscontinuation(_cu(s, i)) & slt_int(1, i)) || return i
    b = _cu(s, sub_int(i, 1))
    (_ule(0xc0, b) & _ule(b, 0xf7)) && return sub_int(i, 1)
    (_iscontinuation(b) & slt_int(2, i)) || return i
    b = _cu(s, sub_int(i, 2))
    (_ule(0xe0, b) & _ule(b, 0xf7)) && return sub_int(i, 2)
    (_iscontinuation(b) & slt_int(3, i)) || return i
    b = _cu(s, sub_int(i, 3))
    (_ule(0xf0, b) & _ule(b, 0xf7)) && return sub_int(i, 3)
    i
end
function nextind(s::String, i::Int)
    i === 0 && return 1
    n = Core.sizeof(s)
    _inbytes(s, i) || throw(BoundsError(s, i))
    l = _cu(s, i)
    (ult_int(l, 0x80) | _ule(0xf8, l)) && return add_int(i, 1)
    if ult_int(l, 0xc0)
        j = thisind(s, i)
        return slt_int(j, i) ? nextind(s, j) : add_int(i, 1)
    end
    i = add_int(i, 1)
    slt_int(n, i) && return i
    _iscontinuation(_cu(s, i)) || return i
    i = add_int(i, 1)
    (slt_int(n, i) | ult_int(l, 0xe0)) && return i
    _iscontinuation(_cu(s, i)) || return i
    i = add_int(i, 1)
    (slt_int(n, i) | ult_int(l, 0xf0)) && return i
    _iscontinuation(_cu(s, i)) ? add_int(i, 1) : i
end

function iterate(s::String, i::Int=1)
    _inbytes(s, i) || return nothing
    b = _cu(s, i)
    u = shl_int(zext_int(UInt32, b), 0x00000018)
    ult_int(sub_int(b, 0x80), 0x78) || return (bitcast(Char, u), add_int(i, 1))   # not 0x80..0xf7
    _iterate_continued(s, i, u)
end
# the Char starting at lead byte u (left-aligned) and the index after it
function _iterate_continued(s::String, i::Int, u::UInt32)
    ult_int(u, 0xc0000000) && return (bitcast(Char, u), add_int(i, 1))
    n = Core.sizeof(s)
    i = add_int(i, 1)
    slt_int(n, i) && return (bitcast(Char, u), i)
    b = _cu(s, i)
    _iscontinuation(b) || return (bitcast(Char, u), i)
    u = or_int(u, shl_int(zext_int(UInt32, b), 0x00000010))
    i = add_int(i, 1)
    (slt_int(n, i) | ult_int(u, 0xe0000000)) && return (bitcast(Char, u), i)
    b = _cu(s, i)
    _iscontinuation(b) || return (bitcast(Char, u), i)
    u = or_int(u, shl_int(zext_int(UInt32, b), 0x00000008))
    i = add_int(i, 1)
    (slt_int(n, i) | ult_int(u, 0xf0000000)) && return (bitcast(Char, u), i)
    b = _cu(s, i)
    _iscontinuation(b) || return (bitcast(Char, u), i)
    (bitcast(Char, or_int(u, zext_int(UInt32, b))), add_int(i, 1))
end

function getindex(s::String, i::Int)
    _inbytes(s, i) || throw(BoundsError(s, i))
    b = _cu(s, i)
    u = shl_int(zext_int(UInt32, b), 0x00000018)
    ult_int(sub_int(b, 0x80), 0x78) || return bitcast(Char, u)
    if ult_int(b, 0xc0)
        isvalid(s, i) || throw(StringIndexError(s, i))
        return bitcast(Char, u)
    end
    getfield(_iterate_continued(s, i, u), 1)
end
function getindex(s::String, r::AbstractUnitRange{<:Integer})
    isempty(r) && return ""
    i, j = Int(first(r)), Int(last(r))
    (1 <= i && j <= ncodeunits(s)) || throw(BoundsError(s, r))
    isvalid(s, i) || throw(StringIndexError(s, i))
    isvalid(s, j) || throw(StringIndexError(s, j))
    j = nextind(s, j) - 1
    unsafe_string(pointer(s) + (i - 1), j - i + 1)
end
length(s::String) = _length_walk(s, 1, ncodeunits(s))
# characters from a character boundary i through byte z
function _length_walk(s::String, i::Int, z::Int)
    n = 0
    while sle_int(i, z)
        i = ult_int(_cu(s, i), 0x80) ? add_int(i, 1) : nextind(s, i)
        n = add_int(n, 1)
    end
    n
end
isascii(s::String) = (for i in 1:ncodeunits(s); _cu(s, i) >= 0x80 && return false; end; true)

# ---- comparison
(==)(a::String, b::String) = a === b
function cmp(a::String, b::String)
    na, nb = ncodeunits(a), ncodeunits(b)
    c = ccall(:memcmp, Cint, (Ptr{UInt8}, Ptr{UInt8}, Csize_t), pointer(a), pointer(b), min(na, nb))
    c < 0 ? -1 : c > 0 ? 1 : cmp(na, nb)
end
isless(a::String, b::String) = cmp(a, b) < 0
(<)(a::String, b::String) = cmp(a, b) < 0
(<=)(a::String, b::String) = cmp(a, b) <= 0
isless(a::Symbol, b::Symbol) = isless(String(a), String(b))

# ---- construction from bytes and chars
function String(cs::AbstractVector{<:AbstractChar})
    io = IOBuffer()
    for c in cs
        print(io, c)
    end
    String(take!(io))
end
function repeat(s::Union{String,SubString{String}}, n::Integer)
    n < 0 && throw(ArgumentError(string("can't repeat a string ", n, " times")))
    m = ncodeunits(s)
    out = _string_n(m * n)
    p = pointer(out)
    for k in 0:(Int(n) - 1)
        ccall(:memcpy, Ptr{Cvoid}, (Ptr{UInt8}, Ptr{UInt8}, Csize_t), p + k * m, pointer(s), m)
    end
    out
end
function repeat(c::AbstractChar, n::Integer)
    n < 0 && throw(ArgumentError(string("can't repeat a character ", n, " times")))
    repeat(string(c), n)
end

# number parsing is in parse.jl, integers to strings in intfuncs.jl
function _dec64(x::Int64)
    x == typemin(Int64) && return "-9223372036854775808"
    neg = x < 0
    u = neg ? -x : x
    n = 1
    v = div(u, 10)
    while v != 0
        n += 1
        v = div(v, 10)
    end
    s = _string_n(n + neg)
    p = pointer(s)
    neg && pointerset(p, 0x2d, 1, 1)
    i = n + neg
    while true
        pointerset(p, (0x30 + rem(u, 10)) % UInt8, i, 1)
        u = div(u, 10)
        i -= 1
        u == 0 && break
    end
    s
end

# ---- hexadecimal text <-> bytes
hex2bytes(s) = hex2bytes!(Vector{UInt8}(undef, length(s) >> 1), s)
function hex2bytes!(dest::AbstractArray{UInt8}, s::String)
    sizeof(s) != length(s) && throw(ArgumentError("input string must consist of hexadecimal characters only"))
    hex2bytes!(dest, codeunits(s))
end
function hex2bytes!(dest::AbstractArray{UInt8}, itr)
    n = length(itr)
    isodd(n) && throw(ArgumentError("length of iterable must be even"))
    2 * length(dest) != n && throw(ArgumentError("length of output array must be half of the length of input iterable"))
    hi = 0x00
    k = 0
    for (j, c) in enumerate(itr)
        v = _hexdigit_value(c)
        if isodd(j)
            hi = v
        else
            k += 1
            dest[firstindex(dest) + k - 1] = (hi << 4) + v
        end
    end
    dest
end
_hexdigit_value(c::AbstractChar) = _hexdigit_value(UInt8(Char(c)))
function _hexdigit_value(c::UInt8)
    UInt8('0') <= c <= UInt8('9') && return c - UInt8('0')
    l = c | 0x20
    UInt8('a') <= l <= UInt8('f') && return l - UInt8('a') + 0x0a
    throw(ArgumentError("byte is not an ASCII hexadecimal digit"))
end
const _HEX_DIGITS = "0123456789abcdef"
function bytes2hex(itr)
    eltype(itr) === UInt8 || throw(ArgumentError("eltype of iterator not UInt8"))
    io = IOBuffer()
    bytes2hex(io, itr)
    String(take!(io))
end
function bytes2hex(io::IO, itr)
    eltype(itr) === UInt8 || throw(ArgumentError("eltype of iterator not UInt8"))
    for x in itr
        print(io, _HEX_DIGITS[1 + (x >> 4)], _HEX_DIGITS[1 + (x & 0x0f)])
    end
end
