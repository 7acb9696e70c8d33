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

# returns the value, or an exception to throw (raise) or nothing (tryparse)
function _parse_int(::Type{T}, s::AbstractString, base::Int, raise::Bool) where {T<:Integer}
    str = String(s)
    n = ncodeunits(str)
    i = 1
    while i <= n && isspace(str[i])
        i = nextind(str, i)
    end
    i > n && return raise ? ArgumentError("input string is empty or only contains whitespace") : nothing
    neg = false
    if T <: Signed && (str[i] == '-' || str[i] == '+')
        neg = str[i] == '-'
        i += 1
        while i <= n && isspace(str[i])
            i = nextind(str, i)
        end
    end
    if base == 0
        base = 10
        if i < n && str[i] == '0' && str[i+1] in ('x', 'o', 'b')
            base = str[i+1] == 'x' ? 16 : str[i+1] == 'o' ? 8 : 2
            i += 2
        end
    end
    2 <= base <= 62 || return raise ? ArgumentError(string("invalid base: base must be 2 ≤ base ≤ 62, got ", base)) : nothing
    i > n && return raise ? ArgumentError(string("premature end of integer: ", repr(str))) : nothing
    x = zero(T)
    while i <= n
        c = str[i]
        if isspace(c)
            while i <= n && isspace(str[i])
                i = nextind(str, i)
            end
            i <= n && return raise ? ArgumentError(string("extra characters after whitespace in ", repr(str))) : nothing
            break
        end
        d = _digit_value(c)
        base <= 36 && d >= 36 && (d -= 26)
        d < base || return raise ? ArgumentError(string("invalid base ", base, " digit ", repr(c), " in ", repr(str))) : nothing
        x, o1 = _mulbase_ovf(x, base)
        x, o2 = neg ? _subdig_ovf(x, d) : _adddig_ovf(x, d)
        (o1 | o2) && return raise ? OverflowError(string("overflow parsing ", repr(str))) : nothing
        i = nextind(str, i)
    end
    x
end
_base_arg(base::Nothing) = 0
_base_arg(base::Integer) = Int(base)
function tryparse(_T::Type{T}, s::AbstractString; base::Union{Nothing,Integer}=nothing) where {T<:Integer}
    x = _parse_int(T, s, _base_arg(base), false)
    x isa Exception ? nothing : x
end
function parse(_T::Type{T}, s::AbstractString; base::Union{Nothing,Integer}=nothing) where {T<:Integer}
    x = _parse_int(T, s, _base_arg(base), true)
    x isa Exception && throw(x)
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
