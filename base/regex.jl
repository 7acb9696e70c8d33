# regex.jl -- Perl-compatible regular expressions on PCRE2 (libpcre2-8, called with ccall as Julia
# does): Regex and r"..." (flags i m s x a), match/eachmatch/RegexMatch, findfirst/findnext/findall,
# occursin/startswith/endswith, split and replace (SubstitutionString s"\1" with \g<name>).
#
# Compiled code lives outside the GC heap, so a Regex may be reachable from Base globals when a heap
# image of Base is written (r"..." literals are objects embedded in code). The pointer in a Regex is
# therefore only trusted for the process and generation that compiled it: `regex` is valid iff
# `(gen, pid)` equals `(PCRE.GENERATION[], getpid())`. PCRE.__init__ bumps GENERATION in every
# process that loads an image; the pid check also catches an image loaded without running it. A stale
# pointer is dropped (never freed or used) and the pattern recompiled on first use.

module PCRE
using Base: Ref, Ptr, C_NULL, Cint, Csize_t, Cvoid, UInt8, UInt32, Int, Int32, String, error,
    unsafe_string, +, -, ==, !=, <, <=, >, >=, &, |, ~, <<, *, string, Vector, unsafe_load, ncodeunits, pointer,
    UInt16, undef, getindex, setindex!, Dict
const LIB = "libpcre2-8"
const CASELESS = 0x00000008
const MULTILINE = 0x00000400
const DOTALL = 0x00000020
const EXTENDED = 0x00000080
const UCP = 0x00020000
const UTF = 0x00080000
const ALT_BSUX = 0x00000002
const MATCH_INVALID_UTF = 0x04000000
const NO_UTF_CHECK = 0x40000000
const ANCHORED = 0x80000000
const ENDANCHORED = 0x20000000
const NOTEMPTY_ATSTART = 0x00000008
const UNSET = ~Csize_t(0)
const INFO_CAPTURECOUNT = UInt32(4)
const INFO_NAMECOUNT = UInt32(17)
const INFO_NAMEENTRYSIZE = UInt32(18)
const INFO_NAMETABLE = UInt32(19)
const ERROR_NOSUBSTRING = Cint(-49)

# see the file header: bumped once per process by __init__
const GENERATION = Ref{Int}(0)
__init__() = (GENERATION[] += 1; nothing)
getpid() = Int(ccall(:getpid, Cint, ()))

function err_message(errno::Integer)
    buf = Vector{UInt8}(undef, 256)
    ccall((:pcre2_get_error_message_8, LIB), Cint, (Cint, Ptr{UInt8}, Csize_t), Cint(errno), pointer(buf), Csize_t(256))
    unsafe_string(pointer(buf))
end
function compile(pattern::String, options::UInt32)
    errno = Ref{Cint}(0)
    erroff = Ref{Csize_t}(0)
    p = ccall((:pcre2_compile_8, LIB), Ptr{Cvoid}, (Ptr{UInt8}, Csize_t, UInt32, Ptr{Cint}, Ptr{Csize_t}, Ptr{Cvoid}),
              pattern, Csize_t(ncodeunits(pattern)), options, errno, erroff, C_NULL)
    p == C_NULL && error(string("PCRE compilation error: ", err_message(errno[]), " at offset ", Int(erroff[])))
    ccall((:pcre2_jit_compile_8, LIB), Cint, (Ptr{Cvoid}, UInt32), p, UInt32(1))
    p
end
free_re(p::Ptr{Cvoid}) = ccall((:pcre2_code_free_8, LIB), Cvoid, (Ptr{Cvoid},), p)
function info(p::Ptr{Cvoid}, what::UInt32, ::Type{T}) where {T}
    r = Ref{T}()
    rc = ccall((:pcre2_pattern_info_8, LIB), Cint, (Ptr{Cvoid}, UInt32, Ptr{T}), p, what, r)
    rc != 0 && error(string("PCRE error: ", err_message(rc)))
    r[]
end
# group number => name for the named groups
function capture_names(p::Ptr{Cvoid})
    names = Base.Dict{Int,String}()
    count = info(p, INFO_NAMECOUNT, UInt32)
    entry = Int(info(p, INFO_NAMEENTRYSIZE, UInt32))
    table = info(p, INFO_NAMETABLE, Ptr{UInt8})
    for i in 0:(Int(count) - 1)
        e = table + i * entry
        k = (Int(unsafe_load(e, 1)) << 8) | Int(unsafe_load(e, 2))
        names[k] = unsafe_string(e + 2)
    end
    names
end
substring_number_from_name(p::Ptr{Cvoid}, name) =
    Int(ccall((:pcre2_substring_number_from_name_8, LIB), Cint, (Ptr{Cvoid}, Ptr{UInt8}), p, String(name)))
match_data(p::Ptr{Cvoid}) = ccall((:pcre2_match_data_create_from_pattern_8, LIB), Ptr{Cvoid}, (Ptr{Cvoid}, Ptr{Cvoid}), p, C_NULL)
free_match_data(md::Ptr{Cvoid}) = ccall((:pcre2_match_data_free_8, LIB), Cvoid, (Ptr{Cvoid},), md)
ovec_ptr(md::Ptr{Cvoid}) = ccall((:pcre2_get_ovector_pointer_8, LIB), Ptr{Csize_t}, (Ptr{Cvoid},), md)
ovec_count(md::Ptr{Cvoid}) = Int(ccall((:pcre2_get_ovector_count_8, LIB), UInt32, (Ptr{Cvoid},), md))
# run a match from byte offset `offset` (0-based); true when it matched
function exec(p::Ptr{Cvoid}, subject, offset::Integer, options::UInt32, md::Ptr{Cvoid})
    rc = ccall((:pcre2_match_8, LIB), Cint, (Ptr{Cvoid}, Ptr{UInt8}, Csize_t, Csize_t, UInt32, Ptr{Cvoid}, Ptr{Cvoid}),
               p, subject, Csize_t(ncodeunits(subject)), Csize_t(offset), options, md, C_NULL)
    rc < -2 && error(string("PCRE.exec error: ", err_message(rc)))
    rc >= 0
end
end # module PCRE

const DEFAULT_COMPILER_OPTS = PCRE.UTF | PCRE.MATCH_INVALID_UTF | PCRE.ALT_BSUX | PCRE.UCP
const DEFAULT_MATCH_OPTS = PCRE.NO_UTF_CHECK

mutable struct Regex <: AbstractPattern
    pattern::String
    compile_options::UInt32
    match_options::UInt32
    regex::Ptr{Cvoid}     # compiled code; valid only when (gen, pid) is this process's (file header)
    gen::Int
    pid::Int
    function Regex(pattern::AbstractString, compile_options::Integer, match_options::Integer)
        re = compile(new(String(pattern), UInt32(compile_options), UInt32(match_options), C_NULL, 0, 0))
        Core.finalizer(_free_regex, re)
        re
    end
end
_regex_current(re::Regex) = re.regex != C_NULL && re.gen == PCRE.GENERATION[] && re.pid == PCRE.getpid()
_free_regex(re::Regex) = (_regex_current(re) && PCRE.free_re(re.regex); re.regex = C_NULL; nothing)
function compile(re::Regex)
    if !_regex_current(re)
        re.regex = PCRE.compile(re.pattern, re.compile_options)
        re.gen = PCRE.GENERATION[]
        re.pid = PCRE.getpid()
    end
    re
end
function Regex(pattern::AbstractString, flags::AbstractString)
    copts = DEFAULT_COMPILER_OPTS
    mopts = DEFAULT_MATCH_OPTS
    for f in flags
        if f == 'a'
            copts &= ~(PCRE.UCP | PCRE.UTF | PCRE.MATCH_INVALID_UTF)
            mopts &= ~PCRE.NO_UTF_CHECK
        else
            copts |= f == 'i' ? PCRE.CASELESS : f == 'm' ? PCRE.MULTILINE : f == 's' ? PCRE.DOTALL :
                     f == 'x' ? PCRE.EXTENDED : throw(ArgumentError(string("unknown regex flag: ", f)))
        end
    end
    Regex(pattern, copts, mopts)
end
Regex(pattern::AbstractString) = Regex(pattern, DEFAULT_COMPILER_OPTS, DEFAULT_MATCH_OPTS)
macro r_str(pattern, flags...)
    Regex(pattern, flags...)
end
(==)(a::Regex, b::Regex) = a.pattern == b.pattern && a.compile_options == b.compile_options && a.match_options == b.match_options
hash(r::Regex, h::UInt) = hash(r.match_options, hash(r.compile_options, hash(r.pattern, h + 0x67e195eb8555e72d)))

function show(io::IO, re::Regex)
    imsxa = PCRE.CASELESS | PCRE.MULTILINE | PCRE.DOTALL | PCRE.EXTENDED | PCRE.UCP
    opts = re.compile_options
    if (opts & ~imsxa) == (DEFAULT_COMPILER_OPTS & ~imsxa)
        print(io, "r\"")
        for c in re.pattern
            c == '"' ? print(io, "\\\"") : print(io, c)
        end
        print(io, '"')
        opts & PCRE.CASELESS != 0 && print(io, 'i')
        opts & PCRE.MULTILINE != 0 && print(io, 'm')
        opts & PCRE.DOTALL != 0 && print(io, 's')
        opts & PCRE.EXTENDED != 0 && print(io, 'x')
        opts & PCRE.UCP == 0 && print(io, 'a')
    else
        print(io, "Regex(")
        show(io, re.pattern)
        print(io, ", ")
        show(io, opts)
        print(io, ")")
    end
end

# r1 * r2 * "s" ...: one Regex for the concatenation, as Julia builds it: each regex becomes a group
# `(?flags:pattern)` carrying the i/m/s/x flags that not every regex operand has, strings and chars are
# quoted literally (`\Q...\E`); the flags all share, and the other options (which must agree), stay
# on the result. All-string products remain string concatenation (a more specific method).
const _IMSX = PCRE.CASELESS | PCRE.MULTILINE | PCRE.DOTALL | PCRE.EXTENDED
function *(r1::Union{Regex,AbstractString,AbstractChar}, rs::Union{Regex,AbstractString,AbstractChar}...)
    parts = (r1, rs...)
    match_opts = compile_opts = nothing
    shared = _IMSX
    for r in parts
        r isa Regex || continue
        if match_opts === nothing
            match_opts, compile_opts = r.match_options, r.compile_options & ~_IMSX
        elseif r.match_options != match_opts || r.compile_options & ~_IMSX != compile_opts
            throw(ArgumentError("cannot multiply regexes: incompatible options"))
        end
        shared &= r.compile_options
    end
    unshared = _IMSX & ~shared
    Regex(join([_regex_piece(p, unshared) for p in parts]), compile_opts | shared, match_opts)
end
*(r::Regex) = r
_regex_piece(r::Regex, unshared::UInt32) = string("(?", _imsx_letters(r.compile_options & unshared), ':', r.pattern, ')')
_regex_piece(s::Union{AbstractString,AbstractChar}, ::UInt32) = string("\\Q", s, "\\E")
_imsx_letters(o::UInt32) = string(o & PCRE.CASELESS != 0 ? "i" : "", o & PCRE.MULTILINE != 0 ? "m" : "",
                                  o & PCRE.DOTALL != 0 ? "s" : "", o & PCRE.EXTENDED != 0 ? "x" : "")

# ---- matches
abstract type AbstractMatch end
struct RegexMatch <: AbstractMatch
    match::SubString{String}
    captures::Vector{Union{Nothing,SubString{String}}}
    offset::Int
    offsets::Vector{Int}
    regex::Regex
end
function keys(m::RegexMatch)
    names = PCRE.capture_names(compile(m.regex).regex)
    map(i -> get(names, i, i), 1:length(m.captures))   # Vector{String} when every group is named
end
getindex(m::RegexMatch, i::Integer) = m.captures[i]
function getindex(m::RegexMatch, name::Union{AbstractString,Symbol})
    idx = PCRE.substring_number_from_name(compile(m.regex).regex, string(name))
    idx <= 0 && error(string("no capture group named ", name, " found in regex"))
    m[idx]
end
haskey(m::RegexMatch, idx::Integer) = 1 <= idx <= length(m.captures)
haskey(m::RegexMatch, name::Union{AbstractString,Symbol}) =
    PCRE.substring_number_from_name(compile(m.regex).regex, string(name)) > 0
iterate(m::RegexMatch, args...) = iterate(m.captures, args...)
length(m::RegexMatch) = length(m.captures)
eltype(::Type{RegexMatch}) = Union{Nothing,SubString{String}}
function show(io::IO, m::RegexMatch)
    print(io, "RegexMatch(")
    show(io, m.match)
    ks = keys(m)
    if !isempty(ks)
        print(io, ", ")
        for i in 1:length(ks)
            print(io, ks[i], "=")
            show(io, m.captures[i])
            i < length(ks) && print(io, ", ")
        end
    end
    print(io, ")")
end

_sub_or_nothing(s, a::Csize_t, b::Csize_t) = a == PCRE.UNSET ? nothing : SubString(s, Int(a) + 1, prevind(s, Int(b) + 1))
function match(re::Regex, s::Union{String,SubString{String}}, idx::Integer, add_opts::UInt32=UInt32(0))
    compile(re)
    md = PCRE.match_data(re.regex)
    if !PCRE.exec(re.regex, s, idx - 1, re.match_options | add_opts, md)
        PCRE.free_match_data(md)
        return nothing
    end
    n = PCRE.ovec_count(md) - 1
    p = PCRE.ovec_ptr(md)
    mat = SubString(s, Int(unsafe_load(p, 1)) + 1, prevind(s, Int(unsafe_load(p, 2)) + 1))
    caps = Union{Nothing,SubString{String}}[_sub_or_nothing(s, unsafe_load(p, 2i + 1), unsafe_load(p, 2i + 2)) for i in 1:n]
    offs = Int[(unsafe_load(p, 2i + 1) + 1) % Int for i in 1:n]
    result = RegexMatch(mat, caps, Int(unsafe_load(p, 1)) + 1, offs, re)
    PCRE.free_match_data(md)
    result
end
match(re::Regex, s::AbstractString) = match(re, s, 1)
match(re::Regex, s::AbstractString, i::Integer) =
    throw(ArgumentError("regex matching is only available for the String type; use String(s) to convert"))

function findnext(re::Regex, s::Union{String,SubString{String}}, idx::Integer)
    idx > ncodeunits(s) + 1 && throw(BoundsError())
    compile(re)
    md = PCRE.match_data(re.regex)
    ans = nothing
    if PCRE.exec(re.regex, s, idx - 1, re.match_options, md)
        p = PCRE.ovec_ptr(md)
        ans = (Int(unsafe_load(p, 1)) + 1):prevind(s, Int(unsafe_load(p, 2)) + 1)
    end
    PCRE.free_match_data(md)
    ans
end
findnext(re::Regex, s::AbstractString, idx::Integer) =
    throw(ArgumentError("regex search is only available for the String type; use String(s) to convert"))
findfirst(re::Regex, s::AbstractString) = findnext(re, s, 1)

function _exec_bool(re::Regex, s::AbstractString, offset::Integer, opts::UInt32)
    compile(re)
    md = PCRE.match_data(re.regex)
    ok = PCRE.exec(re.regex, s isa Union{String,SubString{String}} ? s : String(s), offset, opts, md)
    PCRE.free_match_data(md)
    ok
end
occursin(re::Regex, s::AbstractString; offset::Integer=0) = _exec_bool(re, s, offset, re.match_options)
startswith(s::AbstractString, re::Regex) = _exec_bool(re, s, 0, re.match_options | PCRE.ANCHORED)
endswith(s::AbstractString, re::Regex) = _exec_bool(re, s, 0, re.match_options | PCRE.ENDANCHORED)

struct RegexMatchIterator
    regex::Regex
    string::String
    overlap::Bool
end
eachmatch(re::Regex, s::AbstractString; overlap::Bool=false) = RegexMatchIterator(re, String(s), overlap)
eltype(::Type{RegexMatchIterator}) = RegexMatch
IteratorSize(::Type{RegexMatchIterator}) = SizeUnknown()
iterate(it::RegexMatchIterator) = iterate(it, (1, false))
function iterate(it::RegexMatchIterator, state)
    offset, prevempty = state
    nonempty = PCRE.ANCHORED | PCRE.NOTEMPTY_ATSTART
    while true
        m = match(it.regex, it.string, offset, prevempty ? nonempty : UInt32(0))
        if m === nothing
            if prevempty && offset <= ncodeunits(it.string)
                offset = nextind(it.string, offset)
                prevempty = false
                continue
            end
            return nothing
        end
        if it.overlap
            offset = isempty(m.match) ? m.offset : nextind(it.string, m.offset)
        else
            offset = m.offset + ncodeunits(m.match)
        end
        return (m, (offset, isempty(m.match)))
    end
end
collect(it::RegexMatchIterator) = RegexMatch[m for m in it]
show(io::IO, it::RegexMatchIterator) = (print(io, "Base.RegexMatchIterator("); show(io, it.regex); print(io, ", "); show(io, it.string); print(io, ", ", it.overlap, ")"))

# ---- substitution strings: \0 \1 .. \g<n> \g<name> in replace(s, r => s"...")
struct SubstitutionString{T<:AbstractString} <: AbstractString
    string::T
end
ncodeunits(s::SubstitutionString) = ncodeunits(s.string)
codeunit(s::SubstitutionString) = codeunit(s.string)
codeunit(s::SubstitutionString, i::Int) = codeunit(s.string, i)
isvalid(s::SubstitutionString, i::Int) = isvalid(s.string, i)
iterate(s::SubstitutionString, i::Int=1) = iterate(s.string, i)
show(io::IO, s::SubstitutionString) = (print(io, "s"); show(io, s.string))
macro s_str(string)
    SubstitutionString(string)
end

# replace() keeps the last match of a Regex pattern so a SubstitutionString can read its groups
mutable struct _RegexAndMatch
    re::Regex
    m::Union{Nothing,RegexMatch}
end
_pat_replacer(re::Regex) = _RegexAndMatch(re, nothing)
function findnext(p::_RegexAndMatch, s::AbstractString, i::Integer)
    p.m = match(p.re, s, i)
    p.m === nothing ? nothing : (p.m.offset:prevind(s, p.m.offset + ncodeunits(p.m.match)))
end
_replace_err(repl) = error(string("Bad replacement string: ", repl))
function _write_capture(io, group::Int, p::_RegexAndMatch)
    m = p.m
    if group == 0
        print(io, m.match)
    elseif 1 <= group <= length(m.captures)
        c = m.captures[group]
        c === nothing || print(io, c)
    else
        error(string("PCRE error: ", PCRE.err_message(PCRE.ERROR_NOSUBSTRING)))
    end
end
function _replace(io, repl_s::SubstitutionString, str, r, p::_RegexAndMatch)
    repl = unescape_string(repl_s.string, ('\\', 'g', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9'))
    i, e = 1, lastindex(repl)
    while i <= e
        if repl[i] != '\\'
            print(io, repl[i])
            i = nextind(repl, i)
            continue
        end
        j = nextind(repl, i)
        j > e && _replace_err(repl)
        c = repl[j]
        if c == '\\'
            print(io, '\\')
            i = nextind(repl, j)
        elseif isdigit(c)
            group = Int(c - '0')
            i = nextind(repl, j)
            while i <= e && isdigit(repl[i])
                group = 10group + Int(repl[i] - '0')
                i = nextind(repl, i)
            end
            _write_capture(io, group, p)
        elseif c == 'g'
            i = nextind(repl, j)
            (i > e || repl[i] != '<') && _replace_err(repl)
            i = nextind(repl, i)
            i > e && _replace_err(repl)
            start = i
            while repl[i] != '>'
                i = nextind(repl, i)
                i > e && _replace_err(repl)
            end
            name = SubString(repl, start, prevind(repl, i))
            if !isempty(name) && all(isdigit, name)
                group = parse(Int, name)
            elseif !isempty(name)
                group = PCRE.substring_number_from_name(compile(p.re).regex, name)
                group < 0 && _replace_err(string("Group ", name, " not found in regex ", repr(p.re)))
            else
                group = -1
            end
            _write_capture(io, group, p)
            i = nextind(repl, i)
        else
            _replace_err(repl)
        end
    end
end
