# substring.jl -- SubString{T}: a view of the code units offset+1 .. offset+ncodeunits of a parent
# string. Invariant: both ends are character boundaries of the parent (the constructor checks
# them), so index arithmetic on a SubString{String} is the parent's shifted by `offset`.

struct SubString{T<:AbstractString} <: AbstractString
    string::T
    offset::Int
    ncodeunits::Int
    function SubString{T}(s::T, i::Int, j::Int) where {T<:AbstractString}
        i <= j || return new(s, 0, 0)
        (1 <= i && j <= ncodeunits(s)) || throw(BoundsError(s, i:j))
        isvalid(s, i) || throw(StringIndexError(s, i))
        isvalid(s, j) || throw(StringIndexError(s, j))
        new(s, i - 1, nextind(s, j) - i)
    end
end
SubString(s::T, i::Int, j::Int) where {T<:AbstractString} = SubString{T}(s, i, j)
SubString(s::AbstractString, i::Integer, j::Integer=lastindex(s)) = SubString(s, Int(i), Int(j))
SubString(s::AbstractString, r::AbstractUnitRange{<:Integer}) = SubString(s, first(r), last(r))
function SubString(s::SubString, i::Int, j::Int)
    i <= j && !(1 <= i && j <= ncodeunits(s)) && throw(BoundsError(s, i:j))
    SubString(s.string, s.offset + i, s.offset + j)
end
SubString(s::AbstractString) = SubString(s, 1, lastindex(s))
SubString{T}(s::T) where {T<:AbstractString} = SubString{T}(s, 1, lastindex(s))
view(s::AbstractString, r::AbstractUnitRange{<:Integer}) = SubString(s, r)

convert(::Type{SubString{S}}, s::AbstractString) where {S<:AbstractString} = SubString(convert(S, s))::SubString{S}
convert(::Type{T}, s::T) where {T<:SubString} = s
convert(::Type{Union{String,SubString{String}}}, s::String) = s
convert(::Type{Union{String,SubString{String}}}, s::SubString{String}) = s
convert(::Type{Union{String,SubString{String}}}, s::AbstractString) = convert(String, s)

String(s::SubString{String}) = unsafe_string(pointer(s.string) + s.offset, s.ncodeunits)
Symbol(s::SubString{String}) = ccall(:jl_symbol_n, Any, (Ptr{UInt8}, Int), pointer(s), s.ncodeunits)::Symbol
ncodeunits(s::SubString) = s.ncodeunits
codeunit(s::SubString) = codeunit(s.string)
length(s::SubString) = length(s.string, s.offset + 1, s.offset + s.ncodeunits)
length(s::SubString{String}) = _length_walk(s.string, s.offset + 1, s.offset + s.ncodeunits)
sizeof(s::SubString{String}) = s.ncodeunits
function codeunit(s::SubString, i::Int)
    (1 <= i <= s.ncodeunits) || throw(BoundsError(s, i))
    codeunit(s.string, s.offset + i)
end
function iterate(s::SubString, i::Integer=1)
    i == s.ncodeunits + 1 && return nothing
    (1 <= i <= s.ncodeunits) || throw(BoundsError(s, i))
    y = iterate(s.string, s.offset + i)
    y === nothing && return nothing
    (y[1], y[2] - s.offset)
end
function getindex(s::SubString, i::Integer)
    (1 <= i <= s.ncodeunits) || throw(BoundsError(s, i))
    getindex(s.string, s.offset + i)
end
isvalid(s::SubString, i::Integer) = (1 <= i <= s.ncodeunits) && isvalid(s.string, s.offset + i)
function thisind(s::SubString{String}, i::Int)
    (i == 0 || i == s.ncodeunits + 1) && return i
    (1 <= i <= s.ncodeunits) || throw(BoundsError(s, i))
    thisind(s.string, s.offset + i) - s.offset
end
function nextind(s::SubString{String}, i::Int)
    i == 0 && return 1
    (1 <= i <= s.ncodeunits) || throw(BoundsError(s, i))
    nextind(s.string, s.offset + i) - s.offset
end

pointer(s::SubString{String}) = pointer(s.string) + s.offset
pointer(s::SubString{String}, i::Integer) = pointer(s.string) + s.offset + (Int(i) - 1)
cconvert(::Type{Ptr{UInt8}}, s::SubString{String}) = s
cconvert(::Type{Ptr{Int8}}, s::SubString{String}) = s
unsafe_convert(::Type{Ptr{UInt8}}, s::SubString{String}) = pointer(s)
unsafe_convert(::Type{Ptr{Int8}}, s::SubString{String}) = bitcast(Ptr{Int8}, pointer(s))

const _ByteString = Union{String,SubString{String}}
_memcmp(a::_ByteString, b::_ByteString, n::Int) =
    ccall(:memcmp, Cint, (Ptr{UInt8}, Ptr{UInt8}, Csize_t), pointer(a), pointer(b), n)
(==)(a::_ByteString, b::_ByteString) = sizeof(a) == sizeof(b) && _memcmp(a, b, sizeof(a)) == 0
function cmp(a::_ByteString, b::_ByteString)
    na, nb = sizeof(a), sizeof(b)
    c = _memcmp(a, b, min(na, nb))
    c < 0 ? -1 : c > 0 ? 1 : cmp(na, nb)
end
isless(a::_ByteString, b::_ByteString) = cmp(a, b) < 0

getindex(s::AbstractString, r::AbstractUnitRange{<:Integer}) = SubString(s, r)
string(s::SubString{String}) = String(s)
