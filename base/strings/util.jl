# strings/util.jl -- string utilities with Julia 1.10's results: chop/chomp/strip/lstrip/rstrip and
# split/rsplit/eachsplit return SubStrings of the argument; lpad/rpad (by textwidth), join,
# replace (several pairs applied left to right in one pass, function replacements, count),
# reverse, map/filter over characters, ascii, chopprefix/chopsuffix.

function chop(s::AbstractString; head::Integer=0, tail::Integer=1)
    isempty(s) && return SubString(s)
    SubString(s, nextind(s, 1, head), prevind(s, lastindex(s), tail))
end
function chomp(s::AbstractString)
    i = lastindex(s)
    (i < 1 || s[i] != '\n') && return SubString(s, 1, i)
    j = prevind(s, i)
    (j < 1 || s[j] != '\r') && return SubString(s, 1, j)
    SubString(s, 1, prevind(s, j))
end
function chopprefix(s::AbstractString, prefix::AbstractString)
    startswith(s, prefix) || return SubString(s)
    k = 1
    for _ in prefix
        k = nextind(s, k)
    end
    SubString(s, k)
end
function chopsuffix(s::AbstractString, suffix::AbstractString)
    endswith(s, suffix) || return SubString(s)
    k = lastindex(s)
    for _ in suffix
        k = prevind(s, k)
    end
    SubString(s, 1, k)
end

function lstrip(f, s::AbstractString)
    e = lastindex(s)
    i = 1
    y = iterate(s, i)
    while y !== nothing
        f(getfield(y, 1)) || return SubString(s, i, e)
        i = getfield(y, 2)
        y = iterate(s, i)
    end
    SubString(s, e + 1, e)
end
function rstrip(f, s::AbstractString)
    i = lastindex(s)
    while i >= 1
        f(s[i]) || return SubString(s, 1, i)
        i = prevind(s, i)
    end
    SubString(s, 1, 0)
end
lstrip(s::AbstractString) = lstrip(isspace, s)
rstrip(s::AbstractString) = rstrip(isspace, s)
lstrip(s::AbstractString, chars::Chars) = lstrip(in(chars), s)
rstrip(s::AbstractString, chars::Chars) = rstrip(in(chars), s)
strip(s::AbstractString) = lstrip(rstrip(s))
strip(s::AbstractString, chars::Chars) = lstrip(rstrip(s, chars), chars)
strip(f, s::AbstractString) = lstrip(f, rstrip(f, s))
const _STRIP_STRING_ERR = "Both arguments are strings. The second argument should be a `Char` or collection of `Char`s"
lstrip(::AbstractString, ::AbstractString) = throw(ArgumentError(_STRIP_STRING_ERR))
rstrip(::AbstractString, ::AbstractString) = throw(ArgumentError(_STRIP_STRING_ERR))
strip(::AbstractString, ::AbstractString) = throw(ArgumentError(_STRIP_STRING_ERR))

# ---- padding, measured in textwidth
lpad(s, n::Integer, p::Union{AbstractChar,AbstractString}=' ') = lpad(string(s), n, string(p))
rpad(s, n::Integer, p::Union{AbstractChar,AbstractString}=' ') = rpad(string(s), n, string(p))
function lpad(s::Union{AbstractChar,AbstractString}, n::Integer, p::Union{AbstractChar,AbstractString}=' ')
    m = Int(n) - textwidth(s)
    m <= 0 && return string(s)
    q, r = divrem(m, textwidth(p))
    r == 0 ? string(p^q, s) : string(p^q, first(p, r), s)
end
function rpad(s::Union{AbstractChar,AbstractString}, n::Integer, p::Union{AbstractChar,AbstractString}=' ')
    m = Int(n) - textwidth(s)
    m <= 0 && return string(s)
    q, r = divrem(m, textwidth(p))
    r == 0 ? string(s, p^q) : string(s, p^q, first(p, r))
end

first(s::AbstractString) = s[1]
last(s::AbstractString) = s[lastindex(s)]
first(s::AbstractString, n::Integer) = s[1:min(lastindex(s), nextind(s, 0, n))]
last(s::AbstractString, n::Integer) = s[max(1, prevind(s, ncodeunits(s) + 1, n)):lastindex(s)]

# ---- splitting
struct SplitIterator{S<:AbstractString,F}
    str::S
    splitter::F
    limit::Int
    keepempty::Bool
end
eltype(::Type{<:SplitIterator{S}}) where {S} = _substring_type(S)
IteratorSize(::Type{<:SplitIterator}) = SizeUnknown()
_splitter(d) = d
_splitter(d::AbstractChar) = isequal(d)
_splitter(d::Union{Tuple{Vararg{AbstractChar}},AbstractVector{<:AbstractChar},Set{<:AbstractChar}}) = in(d)
eachsplit(s::AbstractString, d; limit::Integer=0, keepempty::Bool=true) =
    SplitIterator(s, _splitter(d), Int(limit), keepempty)
eachsplit(s::AbstractString; limit::Integer=0, keepempty::Bool=false) =
    SplitIterator(s, isspace, Int(limit), keepempty)
# state: (start of the piece, where to search next, pieces so far)
iterate(it::SplitIterator) = iterate(it, (1, 1, 0))
function iterate(it::SplitIterator, state)
    i, k, n = state
    s = it.str
    z = ncodeunits(s)
    i - 1 > z && return nothing
    r = findnext(it.splitter, s, k)
    while r !== nothing && n != it.limit - 1 && first(r) <= z
        j, k = first(r), nextind(s, last(r))
        k2 = k <= j ? nextind(s, j) : k
        if i < k
            piece = SubString(s, i, prevind(s, j))
            (it.keepempty || i < j) && return (piece, (k, k2, n + 1))
            i = k
        end
        k = k2
        r = findnext(it.splitter, s, k)
    end
    it.keepempty || i <= z || return nothing
    (SubString(s, i), (z + 2, k, n + 1))
end
_substring_type(::Type{T}) where {T<:AbstractString} = T <: SubString ? T : SubString{T}
function split(s::T, d; limit::Integer=0, keepempty::Bool=true) where {T<:AbstractString}
    out = _substring_type(T)[]
    for piece in eachsplit(s, d; limit=limit, keepempty=keepempty)
        push!(out, piece)
    end
    out
end
split(s::AbstractString; limit::Integer=0, keepempty::Bool=false) = split(s, isspace; limit=limit, keepempty=keepempty)
function rsplit(s::T, d; limit::Integer=0, keepempty::Bool=true) where {T<:AbstractString}
    strs = _substring_type(T)[]
    d = _splitter(d)
    n = lastindex(s)
    r = something(findlast(d, s), 0)
    j, k = first(r), last(r)
    while j > 0 && k > 0 && length(strs) != limit - 1
        (keepempty || k < n) && pushfirst!(strs, SubString(s, nextind(s, k), n))
        n = prevind(s, j)
        r = something(findprev(d, s, n), 0)
        j, k = first(r), last(r)
    end
    (keepempty || n > 0) && pushfirst!(strs, SubString(s, 1, n))
    strs
end
rsplit(s::AbstractString; limit::Integer=0, keepempty::Bool=false) = rsplit(s, isspace; limit=limit, keepempty=keepempty)

# ---- joining
function join(io::IO, itr, delim, last)
    started = false
    have_prev = false
    prev = nothing
    for item in itr
        if have_prev
            started && print(io, delim)
            print(io, prev)
            started = true
        end
        prev = item
        have_prev = true
    end
    if have_prev
        started && print(io, last)
        print(io, prev)
    end
    nothing
end
function join(io::IO, itr, delim="")
    started = false
    for item in itr
        started && print(io, delim)
        print(io, item)
        started = true
    end
    nothing
end
join(itr) = sprint(join, itr)
join(itr, delim) = sprint(join, itr, delim)
join(itr, delim, last) = sprint(join, itr, delim, last)

# ---- replacing
_replace(io, repl, s, r, pat) = print(io, repl)
_replace(io, repl::Function, s, r, pat) = print(io, repl(SubString(s, first(r), last(r))))
_replace(io, repl::Function, s, r, pat::Function) = print(io, repl(s[first(r)]))
_pat_replacer(x) = x
_pat_replacer(x::AbstractChar) = isequal(x)
_pat_replacer(x::Union{Tuple{Vararg{AbstractChar}},AbstractVector{<:AbstractChar},Set{<:AbstractChar}}) = in(x)
_free_pat_replacer(x) = nothing
# the next match of pattern p from k as a range; none is the empty range past the end
function _next_match(p, s::String, k::Int, e1::Int)
    r = findnext(p, s, k)
    (r === nothing || first(r) == 0) && return (e1 + 1):0
    r isa Int ? (r:r) : r
end
function replace(s::String, pat_repl::Pair...; count::Integer=typemax(Int))
    count == 0 && return s
    count < 0 && throw(DomainError(count, "`count` must be non-negative."))
    e1 = ncodeunits(s) + 1
    pats = Any[_pat_replacer(p.first) for p in pat_repl]
    rs = UnitRange{Int}[_next_match(p, s, 1, e1) for p in pats]
    if all(r -> first(r) > e1, rs)
        foreach(_free_pat_replacer, pats)
        return s
    end
    out = IOBuffer()
    i = a = 1
    n = 1
    while true
        p = 1
        for q in 2:length(rs)
            first(rs[q]) < first(rs[p]) && (p = q)
        end
        r = rs[p]
        j, k = first(r), last(r)
        j > e1 && break
        if i == a || i <= k
            unsafe_write(out, pointer(s) + (i - 1), UInt(j - i))
            _replace(out, pat_repl[p].second, s, r, pats[p])
        end
        if k < j
            i = j
            j == e1 && break
            k = nextind(s, j)
        else
            i = k = nextind(s, k)
        end
        n == count && break
        for q in 1:length(rs)
            first(rs[q]) < k && (rs[q] = _next_match(pats[q], s, k, e1))
        end
        n += 1
    end
    foreach(_free_pat_replacer, pats)
    write(out, SubString(s, i))
    String(take!(out))
end
replace(s::AbstractString, pat_repl::Pair...; count=typemax(Int)) = replace(String(s), pat_repl...; count=count)

# ---- per-character transformations
function reverse(s::AbstractString)
    cs = collect(s)
    String(reverse!(cs))
end
function map(f, s::AbstractString)
    io = IOBuffer()
    for c in s
        d = f(c)
        d isa AbstractChar || throw(ArgumentError("map(f, s::AbstractString) requires f to return AbstractChar; try map(f, collect(s)) or a comprehension instead"))
        print(io, d)
    end
    String(take!(io))
end
function filter(f, s::AbstractString)
    io = IOBuffer()
    for c in s
        f(c) && print(io, c)
    end
    String(take!(io))
end
isascii(s::AbstractString) = all(isascii, s)
function ascii(s::String)
    for i in 1:ncodeunits(s)
        _cu(s, i) < 0x80 || throw(ArgumentError(string("invalid ASCII at index ", i, " in ", repr(s))))
    end
    s
end
ascii(s::AbstractString) = ascii(String(s))
