# strings/io.jl -- strings meet IO: print/write of SubStrings, show/repr of strings as Julia literals
# (escape_string's rules: \n \t ... \e, \x for unprintable ASCII, \u/\U for unprintable Unicode,
# \x bytes for invalid data, `$` and `"` escaped), unescape_string, the Char display form, and
# transcode between UTF-8, UTF-16 and UTF-32.

write(io::IO, s::SubString{String}) = unsafe_write(io, pointer(s), UInt(sizeof(s)))
# one Char into an IOBuffer without a call per byte (strings built by map/join/escape_string/...)
function write(io::IOBuffer, c::Char)
    u = bitcast(UInt32, c)
    n = ncodeunits(c)
    l = _iob_reserve(io, n) - 1
    p = pointer(io.data)
    k = 1
    while sle_int(k, n)
        pointerset(p, trunc_int(UInt8, lshr_int(u, trunc_int(UInt32, sub_int(32, mul_int(8, k))))), add_int(l, k), 1)
        k = add_int(k, 1)
    end
    n
end
print(io::IO, s::SubString{String}) = (write(io, s); nothing)

function show(io::IO, s::AbstractString)
    write(io, '"')
    escape_string(io, s, ('"', '$'))
    write(io, '"')
    nothing
end

_escape_nul(next) = (next !== nothing && '0' <= next <= '7') ? "\\x00" : "\\0"
_need_full_hex(next) = next !== nothing && isxdigit(next)
const _CTRL_LETTERS = "abtnvfr"     # escapes of '\a' .. '\r'
function escape_string(io::IO, s::AbstractString, esc=""; keep=())
    y = iterate(s)
    while y !== nothing
        c, i = y
        y = iterate(s, i)
        next = y === nothing ? nothing : y[1]
        if c in esc
            print(io, '\\', c)
        elseif c in keep
            print(io, c)
        elseif isascii(c)
            if c == '\0'
                print(io, _escape_nul(next))
            elseif c == '\e'
                print(io, "\\e")
            elseif c == '\\'
                print(io, "\\\\")
            elseif '\a' <= c <= '\r'
                print(io, '\\', _CTRL_LETTERS[Int(c) - 6])
            elseif isprint(c)
                print(io, c)
            else
                print(io, "\\x", string(UInt32(c), base = 16, pad = 2))
            end
        elseif !isoverlong(c) && !ismalformed(c)
            if isprint(c)
                print(io, c)
            elseif c <= '\x7f'
                print(io, "\\x", string(UInt32(c), base = 16, pad = 2))
            elseif c <= '\uffff'
                print(io, "\\u", string(UInt32(c), base = 16, pad = _need_full_hex(next) ? 4 : 2))
            else
                print(io, "\\U", string(UInt32(c), base = 16, pad = _need_full_hex(next) ? 8 : 4))
            end
        else
            # invalid data: its bytes, first to last
            u = bitcast(UInt32, c)
            while true
                print(io, "\\x", string(u >> 24, base = 16, pad = 2))
                (u <<= 8) == 0 && break
            end
        end
    end
    nothing
end
escape_string(s::AbstractString, esc=""; keep=()) = sprint((io, s) -> escape_string(io, s, esc; keep=keep), s)

_hexval(c::Char) = '0' <= c <= '9' ? Int(c - '0') : 'a' <= c <= 'f' ? Int(c - 'a') + 10 :
    'A' <= c <= 'F' ? Int(c - 'A') + 10 : -1
function unescape_string(io::IO, s::AbstractString, keep=())
    i = 1
    z = ncodeunits(s)
    while i <= z
        c = s[i]
        i = nextind(s, i)
        if c != '\\' || i > z
            print(io, c)
            continue
        end
        c = s[i]
        i = nextind(s, i)
        if c in keep
            print(io, '\\', c)
        elseif c == 'x' || c == 'u' || c == 'U'
            m = c == 'x' ? 2 : c == 'u' ? 4 : 8
            n = 0
            k = 0
            while k < m && i <= z
                d = _hexval(s[i])
                d < 0 && break
                n = (n << 4) + d
                i = nextind(s, i)
                k += 1
            end
            if k == 0 || n > 0x10ffff
                throw(ArgumentError(string("invalid ", m == 2 ? "hex (\\x)" : string("unicode (\\", m == 4 ? 'u' : 'U', ")"),
                                           " escape sequence")))
            end
            m == 2 ? write(io, UInt8(n)) : print(io, Char(n))
        elseif '0' <= c <= '7'
            n = Int(c - '0')
            k = 1
            while k < 3 && i <= z && '0' <= s[i] <= '7'
                n = (n << 3) + Int(s[i] - '0')
                i = nextind(s, i)
                k += 1
            end
            n > 255 && throw(ArgumentError("octal escape sequence out of range"))
            write(io, UInt8(n))
        else
            print(io, c == 'a' ? '\a' : c == 'b' ? '\b' : c == 't' ? '\t' : c == 'n' ? '\n' :
                      c == 'v' ? '\v' : c == 'f' ? '\f' : c == 'r' ? '\r' : c == 'e' ? '\e' :
                      (c == '\\' || c == '"') ? c :
                      throw(ArgumentError(string("invalid escape sequence \\", c))))
        end
    end
    nothing
end
unescape_string(s::AbstractString, keep=()) = sprint(unescape_string, s, keep)

function show(io::IO, ::MIME"text/plain", c::T) where {T<:AbstractChar}
    show(io, c)
    get(io, :compact, false) === true && return
    if !ismalformed(c)
        print(io, ": ")
        if isoverlong(c)
            print(io, "[overlong] ")
            u = decode_overlong(c)
            c = T(u)
        else
            u = codepoint(c)
        end
        print(io, isascii(c) ? "ASCII/" : "", "Unicode U+", uppercase(string(u, base = 16, pad = 4)))
    else
        print(io, ": Malformed UTF-8")
    end
    print(io, " (category ", Unicode.category_abbrev(c), ": ", Unicode.category_string(c), ")")
end

show(io::IO, e::InvalidCharError) = (print(io, "Base.InvalidCharError{", typeof(e.char), "}("); show(io, e.char); print(io, ')'))
show(io::IO, e::CodePointError) = (print(io, "Base.CodePointError{", typeof(e.code), "}("); show(io, e.code); print(io, ')'))

# ---- transcode: UTF-8 <-> UTF-16 / UTF-32 code units
transcode(::Type{T}, src::AbstractVector{T}) where {T<:Union{UInt8,UInt16,UInt32,Int32}} = src
# between two code-unit types (UTF-32 -> UTF-8, UTF-8 -> UTF-16, ...) through the UTF-8 String
transcode(::Type{T}, src::AbstractVector{<:Union{UInt8,UInt16,UInt32,Int32}}) where {T<:Union{UInt8,UInt16,UInt32,Int32}} =
    transcode(T, transcode(String, src))
transcode(::Type{UInt8}, s::String) = Vector{UInt8}(s)
transcode(::Type{T}, s::AbstractString) where {T<:Union{UInt8,UInt16,UInt32,Int32}} = transcode(T, String(s))
transcode(::Type{String}, s::String) = s
transcode(::Type{String}, s::AbstractString) = String(s)
transcode(::Type{String}, v::AbstractVector{UInt8}) = String(collect(v))
transcode(::Type{String}, v::AbstractVector{<:Union{UInt32,Int32}}) = String(Char[Char(UInt32(u)) for u in v])
function transcode(::Type{T}, s::String) where {T<:Union{UInt32,Int32}}
    out = T[]
    for c in s
        push!(out, T(codepoint(c)))
    end
    out
end
function transcode(::Type{UInt16}, s::String)
    out = UInt16[]
    for c in s
        u = codepoint(c)
        if u < 0x00010000
            push!(out, UInt16(u))
        else
            u -= 0x00010000
            push!(out, UInt16(0x0000d800 + (u >> 10)), UInt16(0x0000dc00 + (u & 0x000003ff)))
        end
    end
    out
end
function transcode(::Type{String}, v::AbstractVector{UInt16})
    io = IOBuffer()
    i = 1
    n = length(v)
    while i <= n
        u = UInt32(v[i])
        w = i < n ? UInt32(v[i + 1]) : 0x00000000
        if 0x0000d800 <= u <= 0x0000dbff && 0x0000dc00 <= w <= 0x0000dfff
            print(io, Char(0x00010000 + ((u - 0x0000d800) << 10) + (w - 0x0000dc00)))
            i += 2
        else
            print(io, Char(u))
            i += 1
        end
    end
    String(take!(io))
end
