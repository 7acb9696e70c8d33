# strings/basic.jl -- the generic AbstractString interface: a string type defines ncodeunits,
# codeunit, isvalid(s, i) and iterate(s, i); everything here (indexing, thisind/nextind/prevind,
# length, comparison, eachindex, codeunits, concatenation) is written on top of those, so
# SubString and user string types get it. String and SubString{String} override the hot paths.

codeunit(s::AbstractString, i::Integer) = codeunit(s, Int(i))
isvalid(s::AbstractString, i::Integer) = isvalid(s, Int(i))
iterate(s::AbstractString, i::Integer) = iterate(s, Int(i))
eltype(::Type{<:AbstractString}) = Char
sizeof(s::AbstractString) = ncodeunits(s) * sizeof(codeunit(s))
firstindex(s::AbstractString) = 1
lastindex(s::AbstractString) = thisind(s, ncodeunits(s))
isempty(s::AbstractString) = ncodeunits(s) == 0
length(s::AbstractString) = length(s, 1, ncodeunits(s))
function length(s::AbstractString, i::Int, j::Int)
    0 < i <= ncodeunits(s) + 1 || throw(BoundsError(s, i))
    0 <= j < ncodeunits(s) + 1 || throw(BoundsError(s, j))
    n = 0
    for k in i:j
        n += isvalid(s, k)
    end
    n
end
length(s::AbstractString, i::Integer, j::Integer) = length(s, Int(i), Int(j))

function getindex(s::AbstractString, i::Integer)
    checkbounds(s, i)
    isvalid(s, i) ? iterate(s, i)[1] : throw(StringIndexError(s, i))
end
getindex(s::AbstractString, ::Colon) = s
getindex(s::AbstractString, v::AbstractVector{<:Integer}) = sprint(io -> (for i in v; write(io, s[i]); end))
getindex(s::AbstractString, v::AbstractVector{Bool}) = throw(ArgumentError("logical indexing not supported for strings"))
get(s::AbstractString, i::Integer, default) = checkbounds(Bool, s, i) ? s[i] : default

checkbounds(::Type{Bool}, s::AbstractString, i::Integer) = 1 <= i <= ncodeunits(s)
checkbounds(::Type{Bool}, s::AbstractString, r::AbstractRange{<:Integer}) =
    isempty(r) || (1 <= minimum(r) && maximum(r) <= ncodeunits(s))
checkbounds(s::AbstractString, i::Union{Integer,AbstractRange}) =
    checkbounds(Bool, s, i) ? nothing : throw(BoundsError(s, i))

string() = ""
string(s::AbstractString) = s
Vector{UInt8}(s::AbstractString) = Vector{UInt8}(String(s))
Vector{UInt8}(s::String) = ccall(:jl_string_to_array, Any, (Any,), s)::Vector{UInt8}
Vector{T}(s::AbstractString) where {T<:AbstractChar} = collect(T, s)
String(s::AbstractString) = print_to_string(s)
convert(::Type{T}, s::T) where {T<:AbstractString} = s
convert(::Type{T}, s::AbstractString) where {T<:AbstractString} = T(s)
collect(s::AbstractString) = _collect_as(Char, s)
one(::Union{T,Type{T}}) where {T<:AbstractString} = convert(T, "")

function summary(io::IO, s::AbstractString)
    print(io, isempty(s) ? "empty" : string(ncodeunits(s), "-codeunit"), " ")
    show(io, typeof(s))
end

(*)(s1::Union{AbstractChar,AbstractString}, ss::Union{AbstractChar,AbstractString}...) = string(s1, ss...)
(^)(s::Union{AbstractString,AbstractChar}, n::Integer) = repeat(s, n)
repeat(s::AbstractString, n::Integer) = repeat(String(s), n)

function cmp(a::AbstractString, b::AbstractString)
    a === b && return 0
    x, y = iterate(a), iterate(b)
    while x !== nothing && y !== nothing
        c, d = x[1], y[1]
        c != d && return c < d ? -1 : 1
        x, y = iterate(a, x[2]), iterate(b, y[2])
    end
    x === nothing ? (y === nothing ? 0 : -1) : 1
end
(==)(a::AbstractString, b::AbstractString) = cmp(a, b) == 0
isless(a::AbstractString, b::AbstractString) = cmp(a, b) < 0
(<)(a::AbstractString, b::AbstractString) = isless(a, b)
(<=)(a::AbstractString, b::AbstractString) = !isless(b, a)

# ---- index arithmetic: out-of-range indices act as padding characters of one code unit
thisind(s::AbstractString, i::Integer) = thisind(s, Int(i))
function thisind(s::AbstractString, i::Int)
    z = ncodeunits(s) + 1
    i == z && return i
    0 <= i <= z || throw(BoundsError(s, i))
    while 1 < i && !isvalid(s, i)
        i -= 1
    end
    i
end
prevind(s::AbstractString, i::Integer, n::Integer) = prevind(s, Int(i), Int(n))
prevind(s::AbstractString, i::Integer) = prevind(s, Int(i))
prevind(s::AbstractString, i::Int) = prevind(s, i, 1)
function prevind(s::AbstractString, i::Int, n::Int)
    n < 0 && throw(ArgumentError(string("n cannot be negative: ", n)))
    z = ncodeunits(s) + 1
    0 < i <= z || throw(BoundsError(s, i))
    n == 0 && return thisind(s, i) == i ? i : throw(StringIndexError(s, i))
    while n > 0 && 1 < i
        i -= 1
        n -= isvalid(s, i)
    end
    i - n
end
nextind(s::AbstractString, i::Integer, n::Integer) = nextind(s, Int(i), Int(n))
nextind(s::AbstractString, i::Integer) = nextind(s, Int(i))
nextind(s::AbstractString, i::Int) = nextind(s, i, 1)
function nextind(s::AbstractString, i::Int, n::Int)
    n < 0 && throw(ArgumentError(string("n cannot be negative: ", n)))
    z = ncodeunits(s)
    0 <= i <= z || throw(BoundsError(s, i))
    n == 0 && return thisind(s, i) == i ? i : throw(StringIndexError(s, i))
    while n > 0 && i < z
        i += 1
        n -= isvalid(s, i)
    end
    i + n
end

# ---- keys/eachindex: the valid character indices
struct EachStringIndex{T<:AbstractString}
    s::T
end
keys(s::AbstractString) = EachStringIndex(s)
eachindex(s::AbstractString) = EachStringIndex(s)
length(e::EachStringIndex) = length(e.s)
first(e::EachStringIndex) = 1
last(e::EachStringIndex) = lastindex(e.s)
eltype(::Type{<:EachStringIndex}) = Int
function iterate(e::EachStringIndex, i::Int=1)
    i > ncodeunits(e.s) && return nothing
    (i, nextind(e.s, i))
end
collect(e::EachStringIndex) = _collect_as(Int, e)
pairs(s::AbstractString) = zip(eachindex(s), s)
isvalid(s::AbstractString) = all(isvalid, s)
isvalid(::Type{String}, s::AbstractString) = all(isvalid, s)
isvalid(::Type{String}, s::Vector{UInt8}) = isvalid(String(copy(s)))

# ---- codeunits: the code units as a read-only vector
struct CodeUnits{T,S<:AbstractString} <: DenseVector{T}
    s::S
    CodeUnits(s::S) where {S<:AbstractString} = new{codeunit(s),S}(s)
end
codeunits(s::AbstractString) = CodeUnits(s)
length(c::CodeUnits) = ncodeunits(c.s)
size(c::CodeUnits) = (ncodeunits(c.s),)
getindex(c::CodeUnits, i::Int) = codeunit(c.s, i)
getindex(c::CodeUnits, i::Integer) = codeunit(c.s, Int(i))
IndexStyle(::Type{<:CodeUnits}) = IndexLinear()
iterate(c::CodeUnits, i::Int=1) = i <= ncodeunits(c.s) ? (codeunit(c.s, i), i + 1) : nothing
collect(c::CodeUnits) = _collect_as(eltype(c), c)
pointer(c::CodeUnits{UInt8,String}) = pointer(c.s)
