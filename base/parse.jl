# parse.jl -- parse(T, s; base) and tryparse for integers (any base 2..62, 0x/0o/0b prefixes,
# surrounding whitespace, overflow detection), Bool and floats (through libc's strtod), with Julia's
# ArgumentError/OverflowError messages. parse throws where tryparse returns nothing.

_digit_value(c::Char) = '0' <= c <= '9' ? Int(c - '0') : 'A' <= c <= 'Z' ? Int(c - 'A') + 10 :
    'a' <= c <= 'z' ? Int(c - 'a') + 10 : 99
_mulbase_ovf(x::BitInteger, b) = mul_with_overflow(x, oftype(x, b))
_mulbase_ovf(x::Integer, b) = (x * b, false)
_adddig_ovf(x::BitInteger, d) = add_with_overflow(x, oftype(x, d))
_adddig_ovf(x::Integer, d) = (x + d, false)
_subdig_ovf(x::BitInteger, d) = sub_with_overflow(x, oftype(x, d))
_subdig_ovf(x::Integer, d) = (x - d, false)

_isspace_byte(b::UInt8) = (b == 0x20) | (0x09 <= b <= 0x0d)
# the first index at or after i (<= n + 1) that is not whitespace: ASCII here (small enough to inline
# into the parsers), any other character in _skip_space_unicode
function _skip_space(str::String, i::Int, n::Int)
    while i <= n
        b = codeunit(str, i)
        b < 0x80 || return _skip_space_unicode(str, i, n)
        _isspace_byte(b) || break
        i += 1
    end
    i
end
function _skip_space_unicode(str::String, i::Int, n::Int)
    while i <= n
        b = codeunit(str, i)
        if b < 0x80
            _isspace_byte(b) || break
            i += 1
        else
            isspace(str[i]) || break
            i = nextind(str, i)
        end
    end
    i
end
# the value of an ASCII digit byte: 0-9, letters 10-35 (lowercase 36-61 above base 36); 99 otherwise.
# Selects, not branches: digits and letters alternate unpredictably (hex). b | 0x20 folds the cases.
function _byte_digit(b::UInt8, base::Int)
    d = b - 0x30
    l = (b | 0x20) - 0x61
    letter = l + ifelse((b >= 0x61) & (base > 36), 0x24, 0x0a)
    ifelse(d <= 0x09, d, ifelse(l <= 0x19, letter, 0x63)) % Int
end

# Works on the bytes (non-ASCII characters are only whitespace or bad digits) and returns an isbits
# (value, status, index, base): status 0 parsed; 1 empty or only whitespace; 2 invalid base; 3
# premature end; 4 extra characters after whitespace; 5 invalid digit at index; 6 overflow.
function _parse_int(::Type{T}, str::String, base::Int) where {T<:Integer}
    n = ncodeunits(str)
    i = _skip_space(str, 1, n)
    i > n && return (zero(T), 1, i, base)
    neg = false
    c = codeunit(str, i)
    if T <: Signed && (c == 0x2d || c == 0x2b)
        neg = c == 0x2d
        i = _skip_space(str, i + 1, n)
        i > n && return (zero(T), 1, i, base)
    end
    if base == 0
        base = 10
        if i < n && codeunit(str, i) == 0x30
            c = codeunit(str, i + 1)
            base = c == 0x78 ? 16 : c == 0x6f ? 8 : c == 0x62 ? 2 : 10
            base != 10 && (i += 2)
        end
    end
    2 <= base <= 62 || return (zero(T), 2, i, base)
    i > n && return (zero(T), 3, i, base)
    x = zero(T)
    while i <= n
        b = codeunit(str, i)
        if _isspace_byte(b) || (b >= 0x80 && isspace(str[i]))
            _skip_space(str, i, n) <= n && return (x, 4, i, base)
            break
        end
        d = b < 0x80 ? _byte_digit(b, base) : 99
        d < base || return (x, 5, i, base)
        x, o1 = _mulbase_ovf(x, base)
        x, o2 = neg ? _subdig_ovf(x, d) : _adddig_ovf(x, d)
        (o1 | o2) && return (x, 6, i, base)
        i += 1
    end
    (x, 0, i, base)
end
@noinline function _parse_int_error(str::String, status::Int, i::Int, base::Int)
    status == 1 && return ArgumentError("input string is empty or only contains whitespace")
    status == 2 && return ArgumentError(string("invalid base: base must be 2 ≤ base ≤ 62, got ", base))
    status == 3 && return ArgumentError(string("premature end of integer: ", repr(str)))
    status == 4 && return ArgumentError(string("extra characters after whitespace in ", repr(str)))
    status == 5 && return ArgumentError(string("invalid base ", base, " digit ", repr(str[i]), " in ", repr(str)))
    OverflowError(string("overflow parsing ", repr(str)))
end
_base_arg(base::Nothing) = 0
_base_arg(base::Integer) =
    2 <= base <= 62 ? Int(base) : throw(ArgumentError(string("invalid base: base must be 2 ≤ base ≤ 62, got ", base)))
function tryparse(_T::Type{T}, s::AbstractString; base::Union{Nothing,Integer}=nothing) where {T<:Integer}
    x, status, _, _ = _parse_int(T, String(s), _base_arg(base))
    status == 0 ? x : nothing
end
function parse(_T::Type{T}, s::AbstractString; base::Union{Nothing,Integer}=nothing) where {T<:Integer}
    str = String(s)
    x, status, i, b = _parse_int(T, str, _base_arg(base))
    status == 0 || throw(_parse_int_error(str, status, i, b))
    x
end
function tryparse(::Type{Bool}, s::AbstractString)
    t = strip(s)
    t == "true" ? true : t == "false" ? false : t == "1" ? true : t == "0" ? false : nothing
end
function parse(::Type{Bool}, s::AbstractString)
    x = tryparse(Bool, s)
    x === nothing && throw(ArgumentError(string("invalid Bool representation: ", repr(String(s)))))
    x
end
function _strtod(s::AbstractString)
    t = String(strip(s))
    isempty(t) && return nothing
    endp = Ref{Ptr{UInt8}}(C_NULL)
    x = ccall(:strtod, Float64, (Ptr{UInt8}, Ptr{Ptr{UInt8}}), t, endp)
    endp[] == pointer(t) + ncodeunits(t) ? x : nothing
end
function tryparse(::Type{T}, s::AbstractString) where {T<:IEEEFloat}
    x = _strtod(s)
    x === nothing ? nothing : T(x)
end
function parse(::Type{T}, s::AbstractString) where {T<:AbstractFloat}
    x = tryparse(T, s)
    x === nothing && throw(ArgumentError(string("cannot parse ", repr(String(s)), " as ", T)))
    x
end
parse(_T::Type{T}, c::AbstractChar; base::Integer=10) where {T<:Integer} =
    (d = _digit_value(c); d < base ? convert(T, d) : throw(ArgumentError(string("invalid base ", base, " digit ", repr(c)))))
