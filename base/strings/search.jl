# strings/search.jl -- searching strings: findfirst/findnext/findlast/findprev/findall for a
# character, a predicate or a substring (ranges of code units, `idx:idx+lastindex(t)-1` as Julia
# gives), occursin/contains, startswith/endswith. Regex methods are in regex.jl.

abstract type AbstractPattern end
const Chars = Union{AbstractChar,Tuple{Vararg{AbstractChar}},AbstractVector{<:AbstractChar},Set{<:AbstractChar}}

# ---- predicates and characters
findnext(f::Function, s::AbstractString, i::Integer) = _findnext_pred(f, s, Int(i))
function _findnext_pred(f, s::AbstractString, i::Int)
    z = ncodeunits(s) + 1
    1 <= i <= z || throw(BoundsError(s, i))
    i == z || isvalid(s, i) || throw(StringIndexError(s, i))
    # iterate decodes each character once and gives the next index with it
    y = iterate(s, i)
    while y !== nothing
        f(getfield(y, 1)) && return i
        i = getfield(y, 2)
        y = iterate(s, i)
    end
    nothing
end
function findprev(f::Function, s::AbstractString, i::Integer)
    i = Int(i)
    z = ncodeunits(s) + 1
    0 <= i <= z || throw(BoundsError(s, i))
    i == z && return nothing
    i == 0 || isvalid(s, i) || throw(StringIndexError(s, i))
    while i >= 1
        f(s[i]) && return i
        i = prevind(s, i)
    end
    nothing
end
findfirst(f::Function, s::AbstractString) = findnext(f, s, 1)
findlast(f::Function, s::AbstractString) = findprev(f, s, lastindex(s))
findnext(c::AbstractChar, s::AbstractString, i::Integer) = findnext(isequal(c), s, i)
findprev(c::AbstractChar, s::AbstractString, i::Integer) = findprev(isequal(c), s, i)
findfirst(c::AbstractChar, s::AbstractString) = findfirst(isequal(c), s)
findlast(c::AbstractChar, s::AbstractString) = findlast(isequal(c), s)
# a byte scan (memchr) for an ASCII character in a byte string
function findnext(f::Fix2{typeof(isequal),Char}, s::_ByteString, i::Integer)
    c = f.x
    isascii(c) || return _findnext_pred(f, s, Int(i))
    i = Int(i)
    z = ncodeunits(s) + 1
    1 <= i <= z || throw(BoundsError(s, i))
    i == z || isvalid(s, i) || throw(StringIndexError(s, i))
    i == z && return nothing
    p = pointer(s)
    q = ccall(:memchr, Ptr{UInt8}, (Ptr{UInt8}, Cint, Csize_t), p + (i - 1), Cint(bitcast(UInt32, c) >> 24), z - i)
    q == C_NULL ? nothing : Int(q - p) + 1
end
function findall(f::Function, s::AbstractString)
    out = Int[]
    i = 1
    y = iterate(s, i)
    while y !== nothing
        f(getfield(y, 1)) && push!(out, i)
        i = getfield(y, 2)
        y = iterate(s, i)
    end
    out
end
findall(c::AbstractChar, s::AbstractString) = findall(isequal(c), s)

# ---- substrings
function _searchindex(s::AbstractString, t::AbstractString, i::Int)
    if isempty(t)
        return 1 <= i <= ncodeunits(s) + 1 ? i : throw(BoundsError(s, i))
    end
    t1 = t[1]
    rest = SubString(t, nextind(t, 1))
    while true
        i = findnext(isequal(t1), s, i)
        i === nothing && return 0
        ii = nextind(s, i)
        startswith(SubString(s, ii), rest) && return i
        i = ii
        i > ncodeunits(s) && return 0
    end
end
function _searchindex(s::_ByteString, t::_ByteString, i::Int)
    n, m = ncodeunits(s), ncodeunits(t)
    m == 0 && return 1 <= i <= n + 1 ? i : throw(BoundsError(s, i))
    m == 1 && return something(findnext(isequal(t[1]), s, i), 0)
    i < 1 && throw(BoundsError(s, i))
    ps, pt = pointer(s), pointer(t)
    k = i
    while k <= n - m + 1
        q = ccall(:memchr, Ptr{UInt8}, (Ptr{UInt8}, Cint, Csize_t), ps + (k - 1), Cint(codeunit(t, 1)), n - m + 2 - k)
        q == C_NULL && return 0
        k = Int(q - ps) + 1
        ccall(:memcmp, Cint, (Ptr{UInt8}, Ptr{UInt8}, Csize_t), q, pt, m) == 0 && return k
        k += 1
    end
    0
end
# last match whose end is at or before byte j
function _rsearchindex(s::AbstractString, t::AbstractString, i::Int)
    if isempty(t)
        i > ncodeunits(s) && return 0
        return i == 0 ? 1 : i
    end
    n, m = ncodeunits(s), ncodeunits(t)
    j = i <= n ? nextind(s, i) - 1 : i
    k = min(j - m + 1, n - m + 1)
    while k >= 1
        if isvalid(s, k) && startswith(SubString(s, k), t)
            return k
        end
        k -= 1
    end
    0
end
function _search_range(idx::Int, t::AbstractString)
    isempty(t) ? (idx:(idx - 1)) : idx > 0 ? (idx:(idx + lastindex(t) - 1)) : nothing
end
findnext(t::AbstractString, s::AbstractString, i::Integer) = _search_range(_searchindex(s, t, Int(i)), t)
findprev(t::AbstractString, s::AbstractString, i::Integer) = _search_range(_rsearchindex(s, t, Int(i)), t)
findfirst(t::AbstractString, s::AbstractString) = findnext(t, s, 1)
findlast(t::AbstractString, s::AbstractString) = findprev(t, s, lastindex(s))
function findall(t::Union{AbstractString,AbstractPattern}, s::AbstractString; overlap::Bool=false)
    found = UnitRange{Int}[]
    i, e = 1, lastindex(s)
    while true
        r = findnext(t, s, i)
        r === nothing && break
        push!(found, r)
        j = overlap || isempty(r) ? first(r) : last(r)
        j > e && break
        i = nextind(s, j)
    end
    found
end
count(t::Union{AbstractString,AbstractPattern}, s::AbstractString; overlap::Bool=false) =
    length(findall(t, s; overlap=overlap))

occursin(needle::AbstractString, haystack::AbstractString) = _searchindex(haystack, needle, 1) != 0
occursin(needle::AbstractChar, haystack::AbstractString) = findfirst(isequal(needle), haystack) !== nothing
occursin(haystack) = Fix2(occursin, haystack)
contains(haystack::AbstractString, needle) = occursin(needle, haystack)
contains(needle) = Fix2(contains, needle)
in(c::AbstractChar, s::AbstractString) = findfirst(isequal(c), s) !== nothing
in(::AbstractString, ::AbstractString) = error("use occursin(needle, haystack) for string containment")

# ---- prefixes and suffixes
function startswith(a::AbstractString, b::AbstractString)
    x, y = iterate(a), iterate(b)
    while y !== nothing
        x === nothing && return false
        x[1] == y[1] || return false
        x, y = iterate(a, x[2]), iterate(b, y[2])
    end
    true
end
function endswith(a::AbstractString, b::AbstractString)
    i, j = lastindex(a), lastindex(b)
    while j >= 1
        i >= 1 || return false
        a[i] == b[j] || return false
        i, j = prevind(a, i), prevind(b, j)
    end
    true
end
function startswith(a::_ByteString, b::_ByteString)
    m = ncodeunits(b)
    ncodeunits(a) < m && return false
    _memcmp(a, b, m) == 0 && nextind(a, m) == m + 1
end
function endswith(a::_ByteString, b::_ByteString)
    m = ncodeunits(b)
    k = ncodeunits(a) - m + 1
    k < 1 && return false
    ccall(:memcmp, Cint, (Ptr{UInt8}, Ptr{UInt8}, Csize_t), pointer(a) + (k - 1), pointer(b), m) == 0 &&
        thisind(a, k) == k
end
startswith(s::AbstractString, chars::Chars) = !isempty(s) && first(s) in chars
endswith(s::AbstractString, chars::Chars) = !isempty(s) && last(s) in chars
startswith(s) = Fix2(startswith, s)
endswith(s) = Fix2(endswith, s)
