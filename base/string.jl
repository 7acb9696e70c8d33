# string.jl -- String (UTF-8 bytes, byte-indexed): code units, iteration by Char, indexing with
# StringIndexError, comparison, concatenation, and the common string functions (split, join, strip,
# replace, startswith, occursin, repeat, lpad, parse, ...). Julia returns SubStrings from some of
# these; julep returns Strings until SubString arrives with issue 5.

ncodeunits(s::String) = Core.sizeof(s)
sizeof(s::String) = Core.sizeof(s)
codeunit(s::String) = UInt8
function codeunit(s::String, i::Integer)
    (1 <= i <= ncodeunits(s)) || throw(BoundsError(s, i))
    pointerref(pointer(s), Int(i), 1)
end
_cu(s::String, i::Int) = pointerref(ccall(:jl_string_ptr, Ptr{UInt8}, (Any,), s), i, 1)
codeunits(s::String) = ccall(:jl_string_to_array, Any, (Any,), s)::Vector{UInt8}
String(s::String) = s
String(v::Vector{UInt8}) = ccall(:jl_array_to_string, Any, (Any,), v)::String
String(s::Symbol) = unsafe_string(unsafe_convert(Ptr{UInt8}, s))
String(s::AbstractString) = string(s)
Vector{UInt8}(s::String) = codeunits(s)
Symbol(s::String) = ccall(:jl_symbol_n, Any, (Ptr{UInt8}, Int), pointer(s), sizeof(s))::Symbol
Symbol(x...) = Symbol(string(x...))
convert(::Type{String}, s::String) = s
convert(::Type{String}, s::AbstractString) = String(s)
convert(::Type{Symbol}, s::String) = Symbol(s)

_iscontinuation(b::UInt8) = (b & 0xc0) == 0x80
function iterate(s::String, i::Int=1)
    n = ncodeunits(s)
    i > n && return nothing
    b = _cu(s, i)
    b < 0x80 && return (bitcast(Char, UInt32(b) << 0x18), i + 1)
    _iterate_multibyte(s, i, b, n)
end
function _iterate_multibyte(s::String, i::Int, b::UInt8, n::Int)
    l = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1
    u = UInt32(b) << 0x18
    k = 1
    while k < l && i + k <= n
        c = _cu(s, i + k)
        _iscontinuation(c) || break
        u |= UInt32(c) << UInt32(24 - 8k)
        k += 1
    end
    (bitcast(Char, u), i + k)
end
isvalid(s::String, i::Integer) = (1 <= i <= ncodeunits(s)) && !_iscontinuation(_cu(s, Int(i)))
function length(s::String)
    n = 0
    for i in 1:ncodeunits(s)
        n += !_iscontinuation(_cu(s, i))
    end
    n
end
firstindex(s::AbstractString) = 1
lastindex(s::String) = thisind(s, ncodeunits(s))
isempty(s::String) = ncodeunits(s) == 0
eltype(::Type{String}) = Char
keys(s::String) = collect(eachindex(s))
eachindex(s::String) = [i for i in 1:ncodeunits(s) if isvalid(s, i)]
function thisind(s::String, i::Int)
    i == 0 && return 0
    n = ncodeunits(s)
    i == n + 1 && return i
    (1 <= i <= n) || throw(BoundsError(s, i))
    while i > 1 && _iscontinuation(_cu(s, i))
        i -= 1
    end
    i
end
function nextind(s::String, i::Int)
    i == 0 && return 1
    n = ncodeunits(s)
    (1 <= i <= n) || throw(BoundsError(s, i))
    i += 1
    while i <= n && _iscontinuation(_cu(s, i))
        i += 1
    end
    i
end
function prevind(s::String, i::Int)
    i == 1 && return 0
    i -= 1
    while i > 1 && _iscontinuation(_cu(s, i))
        i -= 1
    end
    i
end
nextind(s::String, i::Int, n::Int) = (for _ in 1:n; i = nextind(s, i); end; i)
prevind(s::String, i::Int, n::Int) = (for _ in 1:n; i = prevind(s, i); end; i)
function getindex(s::String, i::Int)
    (1 <= i <= ncodeunits(s)) || throw(BoundsError(s, i))
    isvalid(s, i) || throw(StringIndexError(s, i))
    iterate(s, i)[1]
end
getindex(s::String, i::Integer) = s[Int(i)]
function getindex(s::String, r::AbstractUnitRange{_S1}) where {_S1<:Integer}
    isempty(r) && return ""
    i, j = Int(first(r)), Int(last(r))
    n = ncodeunits(s)
    (1 <= i <= n && j <= n) || throw(BoundsError(s, r))
    isvalid(s, i) || throw(StringIndexError(s, i))
    isvalid(s, j) || throw(StringIndexError(s, j))
    j = nextind(s, j) - 1
    unsafe_string(pointer(s) + (i - 1), j - i + 1)
end
first(s::AbstractString) = s[1]
last(s::AbstractString) = s[lastindex(s)]
first(s::String, n::Integer) = s[1:min(ncodeunits(s), nextind(s, 0, n) + ncodeunits(s[nextind(s, 0, n):nextind(s, 0, n)]) - 1)]
function last(s::String, n::Integer)
    l = length(s)
    n >= l && return s
    i = 1
    for _ in 1:(l - n)
        i = nextind(s, i)
    end
    s[i:end]
end

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

# ---- building strings
(*)(s1::Union{AbstractString,Char}, ss::Union{AbstractString,Char}...) = string(s1, ss...)
function repeat(s::String, n::Integer)
    n < 0 && throw(ArgumentError(string("can't repeat a string ", n, " times")))
    io = IOBuffer()
    for _ in 1:n
        write(io, s)
    end
    String(take!(io))
end
repeat(c::Char, n::Integer) = repeat(string(c), n)
(^)(s::Union{AbstractString,Char}, n::Integer) = repeat(s, n)
join(io::IO, itr) = join(io, itr, "", "")
join(io::IO, itr, delim) = join(io, itr, delim, delim)
function join(io::IO, itr, delim, last)
    first = true
    items = collect(itr)
    n = length(items)
    for k in 1:n
        if k > 1
            print(io, k == n ? last : delim)
        end
        print(io, items[k])
    end
end
join(itr) = sprint(join, itr, "", "")
join(itr, delim) = sprint(join, itr, delim, delim)
join(itr, delim, last) = sprint(join, itr, delim, last)
function reverse(s::String)
    cs = collect(s)
    String(reverse(cs))
end
String(cs::Vector{Char}) = sprint(io -> (for c in cs; print(io, c); end))
function lpad(s, n::Integer, p::Union{Char,AbstractString}=' ')
    s = string(s)
    m = n - length(s)
    m <= 0 ? s : string(repeat(string(p), m), s)
end
function rpad(s, n::Integer, p::Union{Char,AbstractString}=' ')
    s = string(s)
    m = n - length(s)
    m <= 0 ? s : string(s, repeat(string(p), m))
end
uppercase(s::String) = map(uppercase, s)
lowercase(s::String) = map(lowercase, s)
uppercasefirst(s::String) = isempty(s) ? s : string(uppercase(s[1]), s[nextind(s, 1):end])
lowercasefirst(s::String) = isempty(s) ? s : string(lowercase(s[1]), s[nextind(s, 1):end])
function map(f, s::String)
    io = IOBuffer()
    for c in s
        print(io, f(c)::Char)
    end
    String(take!(io))
end
filter(f, s::String) = sprint(io -> (for c in s; f(c) && print(io, c); end))

# ---- searching
function startswith(s::String, prefix::String)
    n = ncodeunits(prefix)
    n <= ncodeunits(s) && ccall(:memcmp, Cint, (Ptr{UInt8}, Ptr{UInt8}, Csize_t), pointer(s), pointer(prefix), n) == 0
end
function endswith(s::String, suffix::String)
    n = ncodeunits(suffix)
    m = ncodeunits(s)
    n <= m && ccall(:memcmp, Cint, (Ptr{UInt8}, Ptr{UInt8}, Csize_t), pointer(s) + (m - n), pointer(suffix), n) == 0
end
startswith(s::String, c::Char) = !isempty(s) && s[1] == c
endswith(s::String, c::Char) = !isempty(s) && last(s) == c
function _search(s::String, t::String, from::Int)
    n, m = ncodeunits(s), ncodeunits(t)
    m == 0 && return from
    for i in from:(n - m + 1)
        if ccall(:memcmp, Cint, (Ptr{UInt8}, Ptr{UInt8}, Csize_t), pointer(s) + (i - 1), pointer(t), m) == 0
            return i
        end
    end
    0
end
function findnext(t::String, s::String, from::Integer)
    i = _search(s, t, Int(from))
    i == 0 ? nothing : (i:(i + ncodeunits(t) - 1))
end
findfirst(t::String, s::String) = findnext(t, s, 1)
function findlast(t::String, s::String)
    r = nothing
    i = 1
    while true
        x = findnext(t, s, i)
        x === nothing && return r
        r = x
        i = first(x) + 1
    end
end
function findnext(c::Char, s::String, from::Integer)
    i = Int(from)
    while i <= ncodeunits(s)
        s[i] == c && return i
        i = nextind(s, i)
    end
    nothing
end
findfirst(c::Char, s::String) = findnext(c, s, 1)
function findfirst(f::Function, s::String)
    for (i, c) in pairs(s)
        f(c) && return i
    end
    nothing
end
occursin(needle::String, s::String) = _search(s, needle, 1) != 0
occursin(c::Char, s::String) = findfirst(c, s) !== nothing
contains(s::String, needle) = occursin(needle, s)
in(c::Char, s::String) = occursin(c, s)

split(s::String; limit::Integer=0, keepempty::Bool=false) = split(s, isspace; limit=limit, keepempty=keepempty)
function split(s::String, delim; limit::Integer=0, keepempty::Bool=delim !== isspace)
    parts = String[]
    i = 1
    start = 1
    n = ncodeunits(s)
    while i <= n
        if limit > 0 && length(parts) == limit - 1
            break
        end
        m = _split_match(s, i, delim)
        if m > 0
            (keepempty || start < i) && push!(parts, s[start:prevind(s, i)])
            i += m
            start = i
        else
            i = nextind(s, i)
        end
    end
    (keepempty || start <= n) && push!(parts, start <= n ? s[start:end] : "")
    parts
end
_split_match(s::String, i::Int, d::Char) = s[i] == d ? ncodeunits(d) : 0
_split_match(s::String, i::Int, d::String) = (i + ncodeunits(d) - 1 <= ncodeunits(s) && _search(s, d, i) == i) ? ncodeunits(d) : 0
_split_match(s::String, i::Int, f::Function) = f(s[i]) ? ncodeunits(s[i]) : 0

function lstrip(f::Function, s::String)
    i = 1
    n = ncodeunits(s)
    while i <= n && f(s[i])
        i = nextind(s, i)
    end
    s[i:end]
end
function rstrip(f::Function, s::String)
    j = lastindex(s)
    while j >= 1 && f(s[j])
        j = prevind(s, j)
    end
    s[1:j]
end
lstrip(s::String) = lstrip(isspace, s)
rstrip(s::String) = rstrip(isspace, s)
strip(s::String) = rstrip(lstrip(s))
strip(f::Function, s::String) = rstrip(f, lstrip(f, s))
lstrip(s::String, c::Char) = lstrip(==(c), s)
rstrip(s::String, c::Char) = rstrip(==(c), s)
strip(s::String, c::Char) = strip(==(c), s)
chomp(s::String) = endswith(s, "\r\n") ? s[1:end-2] : endswith(s, "\n") ? s[1:end-1] : s
chop(s::String) = isempty(s) ? s : s[1:prevind(s, lastindex(s))]

function replace(s::String, pats::Pair...; count::Integer=typemax(Int))
    io = IOBuffer()
    i = 1
    n = ncodeunits(s)
    done = 0
    while i <= n
        matched = false
        if done < count
            for p in pats
                pat = p.first
                m = pat isa Char ? (s[i] == pat ? ncodeunits(pat) : 0) : pat isa Function ? (pat(s[i]) ? ncodeunits(s[i]) : 0) : _split_match(s, i, pat)
                if m > 0 || (pat isa String && isempty(pat))
                    r = p.second
                    print(io, r isa Function ? r(s[i:(i + m - 1)]) : r)
                    if m == 0
                        print(io, s[i])
                        m = ncodeunits(s[i])
                    end
                    i += m
                    matched = true
                    done += 1
                    break
                end
            end
        end
        if !matched
            print(io, s[i])
            i = nextind(s, i)
        end
    end
    String(take!(io))
end

# ---- parsing numbers
function tryparse(_T::Type{T}, s::String; base::Integer=10) where {T<:Integer}
    s = strip(s)
    n = ncodeunits(s)
    n == 0 && return nothing
    i = 1
    neg = false
    if s[1] == '-' || s[1] == '+'
        neg = s[1] == '-'
        i = 2
    end
    i > n && return nothing
    x = zero(T)
    while i <= n
        c = s[i]
        d = '0' <= c <= '9' ? c - '0' : 'a' <= c <= 'z' ? c - 'a' + 10 : 'A' <= c <= 'Z' ? c - 'A' + 10 : 99
        d < base || (c == '_' ? (i += 1; continue) : return nothing)
        x = x * T(base) + T(d)
        i += 1
    end
    neg ? -x : x
end
function tryparse(::Type{Float64}, s::String)
    s = strip(s)
    isempty(s) && return nothing
    endp = Ref{Ptr{UInt8}}(C_NULL)
    x = ccall(:strtod, Float64, (Ptr{UInt8}, Ptr{Ptr{UInt8}}), pointer(s), endp)
    endp[] == pointer(s) + ncodeunits(s) ? x : nothing
end
tryparse(::Type{Float32}, s::String) = (x = tryparse(Float64, s); x === nothing ? nothing : Float32(x))
function parse(_T::Type{T}, s::String; base=nothing) where {T<:Real}
    x = base === nothing ? tryparse(T, s) : tryparse(T, s; base=base)
    x === nothing && throw(ArgumentError(string("invalid base 10 digit '", isempty(strip(s)) ? "" : strip(s)[1], "' in \"", s, "\"")))
    x
end
parse(::Type{T}, c::Char) where {T<:Integer} = T(c - '0')

# ---- integer and float to string
string(b::Bool) = b ? "true" : "false"
function string(n::Integer; base::Integer=10, pad::Integer=1)
    neg = n < 0
    u = neg ? unsigned(-widen(n)) : unsigned(widen(n))
    buf = UInt8[]
    b = unsigned(widen(base))
    while u != 0 || length(buf) < pad
        d = UInt8(u % b)
        push!(buf, d < 10 ? 0x30 + d : 0x57 + d)
        u = div(u, b)
    end
    neg && push!(buf, UInt8('-'))
    String(reverse!(buf))
end
function _dec(x::BitInteger)
    neg = x < 0
    u = neg ? unsigned(-widen(x)) : unsigned(widen(x))
    n = 0
    v = u
    while true
        n += 1
        v = div(v, 10 % typeof(v))
        v == 0 && break
    end
    s = _string_n(n + neg)
    p = pointer(s)
    neg && unsafe_store!(p, UInt8('-'))
    i = n + neg
    while true
        unsafe_store!(p, UInt8(0x30 + rem(u, 10 % typeof(u))), i)
        u = div(u, 10 % typeof(u))
        i -= 1
        u == 0 && break
    end
    s
end
_dec(x::Int64) = _dec64(x)
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
ndigits(x::Integer) = length(string(abs(x)))
