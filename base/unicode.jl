# unicode.jl -- Unicode properties through utf8proc (libutf8proc, called with ccall as Julia does):
# general categories, the is* classifications, case mapping (upper/lower/title for chars and
# strings), textwidth, and module Base.Unicode (normalize, graphemes, category names, isassigned).
# ASCII characters take fast paths that give the same answers as utf8proc.

const _UTF8PROC = "libutf8proc"
# utf8proc's category numbers (utf8proc_category_t); 30 and 31 are Julia's "too high" / "malformed"
const _CAT_CN = Cint(0)
const _CAT_LU = Cint(1)
const _CAT_LT = Cint(3)
const _CAT_LO = Cint(5)
const _CAT_ND = Cint(9)
const _CAT_NO = Cint(11)
const _CAT_PC = Cint(12)
const _CAT_PO = Cint(18)
const _CAT_ZS = Cint(23)

_category_code(x::Integer) = x <= 0x10ffff ? ccall((:utf8proc_category, _UTF8PROC), Cint, (Int32,), x % Int32) : Cint(30)
_category_code(c::AbstractChar) = ismalformed(c) ? Cint(31) : _category_code(UInt32(c))

_isasciiletter(c::Char) = ('a' <= c <= 'z') | ('A' <= c <= 'Z')
islowercase(c::AbstractChar) = isascii(c) ? ('a' <= c <= 'z') : ismalformed(c) ? false :
    ccall((:utf8proc_islower, _UTF8PROC), Cint, (Int32,), UInt32(c) % Int32) != 0
isuppercase(c::AbstractChar) = isascii(c) ? ('A' <= c <= 'Z') : ismalformed(c) ? false :
    ccall((:utf8proc_isupper, _UTF8PROC), Cint, (Int32,), UInt32(c) % Int32) != 0
iscased(c::AbstractChar) = islowercase(c) | isuppercase(c) | (_category_code(c) == _CAT_LT)
isletter(c::AbstractChar) = isascii(c) ? _isasciiletter(Char(c)) : _CAT_LU <= _category_code(c) <= _CAT_LO
isnumeric(c::AbstractChar) = isascii(c) ? isdigit(c) : _CAT_ND <= _category_code(c) <= _CAT_NO
ispunct(c::AbstractChar) = _CAT_PC <= _category_code(c) <= _CAT_PO
isspace(c::Char) = isascii(c) ? ((c === ' ') | (('\t' <= c) & (c <= '\r'))) :
    (c === '\u85') | (('\ua0' <= c) && _category_code(c) == _CAT_ZS)
isspace(c::AbstractChar) = c == ' ' || '\t' <= c <= '\r' || c == '\u85' || ('\ua0' <= c && _category_code(c) == _CAT_ZS)
isprint(c::AbstractChar) = isascii(c) ? (' ' <= c <= '~') : _CAT_LU <= _category_code(c) <= _CAT_ZS

# ASCII case flips bit 0x20 of the (left-aligned) byte
_ascii_flipcase(c::Char) = bitcast(Char, xor_int(bitcast(UInt32, c), 0x20000000))
lowercase(c::Char) = isascii(c) ? (('A' <= c) & (c <= 'Z') ? _ascii_flipcase(c) : c) :
    Char(ccall((:utf8proc_tolower, _UTF8PROC), Int32, (Int32,), UInt32(c) % Int32) % UInt32)
uppercase(c::Char) = isascii(c) ? (('a' <= c) & (c <= 'z') ? _ascii_flipcase(c) : c) :
    Char(ccall((:utf8proc_toupper, _UTF8PROC), Int32, (Int32,), UInt32(c) % Int32) % UInt32)
lowercase(c::T) where {T<:AbstractChar} = isascii(c) ? ('A' <= c <= 'Z' ? c + 0x20 : c) :
    T(ccall((:utf8proc_tolower, _UTF8PROC), Int32, (Int32,), UInt32(c) % Int32) % UInt32)
uppercase(c::T) where {T<:AbstractChar} = isascii(c) ? ('a' <= c <= 'z' ? c - 0x20 : c) :
    T(ccall((:utf8proc_toupper, _UTF8PROC), Int32, (Int32,), UInt32(c) % Int32) % UInt32)
titlecase(c::T) where {T<:AbstractChar} = isascii(c) ? ('a' <= c <= 'z' ? c - 0x20 : c) :
    T(ccall((:utf8proc_totitle, _UTF8PROC), Int32, (Int32,), UInt32(c) % Int32) % UInt32)

function textwidth(c::AbstractChar)
    ismalformed(c) && return 1
    ' ' <= c <= '~' && return 1
    Int(ccall((:utf8proc_charwidth, _UTF8PROC), Cint, (Int32,), UInt32(c) % Int32))
end
function textwidth(s::AbstractString)
    w = 0
    for c in s
        w += textwidth(c)
    end
    w
end

uppercase(s::AbstractString) = map(uppercase, s)
lowercase(s::AbstractString) = map(lowercase, s)
# the string with its first character mapped by f (uppercasefirst uses titlecase, as Julia does)
function _mapfirst(f, s::AbstractString)
    isempty(s) && return ""
    c = s[1]
    d = f(c)
    c == d ? convert(String, s) : string(d, SubString(s, nextind(s, 1)))
end
uppercasefirst(s::AbstractString) = _mapfirst(titlecase, s)
lowercasefirst(s::AbstractString) = _mapfirst(lowercase, s)
function _isgraphemebreak!(state::Ref{Int32}, c1::AbstractChar, c2::AbstractChar)
    (ismalformed(c1) || ismalformed(c2)) && (state[] = 0; return true)
    ccall((:utf8proc_grapheme_break_stateful, _UTF8PROC), Bool, (Int32, Int32, Ptr{Int32}),
          UInt32(c1) % Int32, UInt32(c2) % Int32, state) 
end
function titlecase(s::AbstractString; wordsep::Function=!isletter, strict::Bool=true)
    startword = true
    state = Ref{Int32}(0)
    c0 = '\0'
    b = IOBuffer()
    for c in s
        if _isgraphemebreak!(state, c0, c) && wordsep(c)
            print(b, c)
            startword = true
        else
            print(b, startword ? titlecase(c) : strict ? lowercase(c) : c)
            startword = false
        end
        c0 = c
    end
    String(take!(b))
end

module Unicode

import Base: isletter, isuppercase, islowercase, isdigit, isnumeric, iscntrl, ispunct, isspace,
    isprint, isxdigit, lowercase, uppercase, titlecase, lowercasefirst, uppercasefirst, textwidth,
    iscased, isvalid, length, iterate, eltype, show, IteratorSize, SizeUnknown, HasLength
using Base: _UTF8PROC, _category_code, _isgraphemebreak!, ismalformed, <<, |, +, -, ==, !=, <, <=, >, !,
    string, String, SubString, Symbol, Int, Int32, UInt32, Cint, Bool, Ptr, Ref, C_NULL, unsafe_string,
    ncodeunits, nextind, print, typeof, error, ArgumentError, AbstractString, AbstractChar, IO, Cvoid,
    UInt8, getindex, setindex!

const CATEGORY_STRINGS = ("Other, not assigned", "Letter, uppercase", "Letter, lowercase",
    "Letter, titlecase", "Letter, modifier", "Letter, other", "Mark, nonspacing",
    "Mark, spacing combining", "Mark, enclosing", "Number, decimal digit", "Number, letter",
    "Number, other", "Punctuation, connector", "Punctuation, dash", "Punctuation, open",
    "Punctuation, close", "Punctuation, initial quote", "Punctuation, final quote",
    "Punctuation, other", "Symbol, math", "Symbol, currency", "Symbol, modifier", "Symbol, other",
    "Separator, space", "Separator, line", "Separator, paragraph", "Other, control",
    "Other, format", "Other, surrogate", "Other, private use", "Invalid, too high",
    "Malformed, bad data")

category_code(c) = _category_code(c)
category_string(c) = CATEGORY_STRINGS[Int(category_code(c)) + 1]
function category_abbrev(c::AbstractChar)
    ismalformed(c) && return "Ma"
    c <= '\U10ffff' || return "In"
    unsafe_string(ccall((:utf8proc_category_string, _UTF8PROC), Ptr{UInt8}, (Int32,), UInt32(c) % Int32))
end
isassigned(c) = category_code(c) != 0

# utf8proc_option_t bits
const STABLE = 1 << 1
const COMPAT = 1 << 2
const COMPOSE = 1 << 3
const DECOMPOSE = 1 << 4
const IGNORE = 1 << 5
const REJECTNA = 1 << 6
const NLF2LS = 1 << 7
const NLF2PS = 1 << 8
const NLF2LF = NLF2LS | NLF2PS
const STRIPCC = 1 << 9
const CASEFOLD = 1 << 10
const LUMP = 1 << 12
const STRIPMARK = 1 << 13

function utf8proc_map(s::AbstractString, flags::Integer)
    str = String(s)
    out = Ref{Ptr{UInt8}}(C_NULL)
    n = ccall((:utf8proc_map, _UTF8PROC), Int, (Ptr{UInt8}, Int, Ptr{Ptr{UInt8}}, Cint),
              str, ncodeunits(str), out, Cint(flags))
    n < 0 && error(unsafe_string(ccall((:utf8proc_errmsg, _UTF8PROC), Ptr{UInt8}, (Int,), n)))
    r = unsafe_string(out[], n)
    ccall(:free, Cvoid, (Ptr{UInt8},), out[])
    r
end
function normalize(s::AbstractString, nf::Symbol)
    flags = nf === :NFC ? (STABLE | COMPOSE) : nf === :NFD ? (STABLE | DECOMPOSE) :
            nf === :NFKC ? (STABLE | COMPOSE | COMPAT) : nf === :NFKD ? (STABLE | DECOMPOSE | COMPAT) :
            throw(ArgumentError(string(":", nf, " is not one of :NFC, :NFD, :NFKC, :NFKD")))
    utf8proc_map(s, flags)
end
function normalize(s::AbstractString; stable::Bool=false, compat::Bool=false, compose::Bool=true,
                   decompose::Bool=false, stripignore::Bool=false, rejectna::Bool=false,
                   newline2ls::Bool=false, newline2ps::Bool=false, newline2lf::Bool=false,
                   stripcc::Bool=false, casefold::Bool=false, lump::Bool=false, stripmark::Bool=false)
    flags = 0
    stable && (flags |= STABLE)
    compat && (flags |= COMPAT)
    if decompose
        flags |= DECOMPOSE
    elseif compose
        flags |= COMPOSE
    elseif compat || stripmark
        throw(ArgumentError("compat=true or stripmark=true require compose=true or decompose=true"))
    end
    stripignore && (flags |= IGNORE)
    rejectna && (flags |= REJECTNA)
    newline2ls + newline2ps + newline2lf > 1 && throw(ArgumentError("only one newline conversion may be specified"))
    newline2ls && (flags |= NLF2LS)
    newline2ps && (flags |= NLF2PS)
    newline2lf && (flags |= NLF2LF)
    stripcc && (flags |= STRIPCC)
    casefold && (flags |= CASEFOLD)
    lump && (flags |= LUMP)
    stripmark && (flags |= STRIPMARK)
    utf8proc_map(s, flags)
end
isequal_normalized(s1::AbstractString, s2::AbstractString; casefold::Bool=false, stripmark::Bool=false) =
    normalize(s1; decompose=true, casefold=casefold, stripmark=stripmark) ==
    normalize(s2; decompose=true, casefold=casefold, stripmark=stripmark)

# graphemes(s): the extended grapheme clusters of s as SubStrings
struct GraphemeIterator{S<:AbstractString}
    s::S
end
graphemes(s::AbstractString) = GraphemeIterator{typeof(s)}(s)
eltype(::Type{GraphemeIterator{S}}) where {S} = SubString{S}
eltype(::Type{GraphemeIterator{S}}) where {S<:SubString} = S
IteratorSize(::Type{<:GraphemeIterator}) = SizeUnknown()
function length(g::GraphemeIterator)
    n = 0
    for _ in g
        n += 1
    end
    n
end
iterate(g::GraphemeIterator) = iterate(g, (Int32(0), 1))
function iterate(g::GraphemeIterator, st)
    s = g.s
    state = Ref{Int32}(st[1])
    i = st[2]
    y = iterate(s, i)
    y === nothing && return nothing
    c0, k = y
    j = i
    while k <= ncodeunits(s)
        c, l = iterate(s, k)
        _isgraphemebreak!(state, c0, c) && break
        j = k
        k = l
        c0 = c
    end
    (SubString(s, i, j), (state[], k))
end
show(io::IO, g::GraphemeIterator{S}) where {S} = (print(io, "length-", length(g), " GraphemeIterator{", S, "} for "); show(io, g.s))

end # module Unicode
