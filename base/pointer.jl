# pointer.jl -- Ptr{T}: arithmetic, unsafe_load/unsafe_store!, pointer() of strings and arrays,
# C_NULL, unsafe_string.

const C_NULL = bitcast(Ptr{Cvoid}, 0)
(+)(p::Ptr{T}, n::Integer) where {T} = bitcast(Ptr{T}, add_int(bitcast(UInt, p), UInt(n)))
(-)(p::Ptr{T}, n::Integer) where {T} = bitcast(Ptr{T}, sub_int(bitcast(UInt, p), UInt(n)))
(-)(p::Ptr, q::Ptr) = Int(bitcast(UInt, p)) - Int(bitcast(UInt, q))
(==)(p::Ptr, q::Ptr) = bitcast(UInt, p) == bitcast(UInt, q)
isless(p::Ptr, q::Ptr) = bitcast(UInt, p) < bitcast(UInt, q)
(::Type{UInt64})(p::Ptr) = bitcast(UInt64, p)
(::Type{Int64})(p::Ptr) = bitcast(Int64, p)
(::Type{Ptr{T}})(p::Ptr) where {T} = bitcast(Ptr{T}, p)
(::Type{Ptr{T}})(n::UInt) where {T} = bitcast(Ptr{T}, n)
(::Type{Ptr{T}})(n::Int) where {T} = bitcast(Ptr{T}, n)
convert(::Type{Ptr{T}}, p::Ptr{T}) where {T} = p
convert(::Type{Ptr{T}}, p::Ptr) where {T} = bitcast(Ptr{T}, p)
convert(::Type{Ptr{T}}, ::Nothing) where {T} = bitcast(Ptr{T}, 0)

unsafe_load(p::Ptr, i::Integer=1) = pointerref(p, Int(i), 1)
unsafe_store!(p::Ptr{T}, x, i::Integer=1) where {T} = pointerset(p, convert(T, x), Int(i), 1)
pointer(s::String) = unsafe_convert(Ptr{UInt8}, s)
pointer(s::String, i::Integer) = pointer(s) + (i - 1)
pointer(a::Array{T}) where {T} = unsafe_convert(Ptr{T}, a)
pointer(a::Array{T}, i::Integer) where {T} = pointer(a) + (i - 1) * _elsize(a)
_elsize(a::Array{T}) where {T} = isbitstype(T) ? sizeof(T) : sizeof(Ptr{Cvoid})

function unsafe_string(p::Ptr{UInt8}, len::Integer)
    p == C_NULL && throw(ArgumentError("cannot convert NULL to string"))
    s = _string_n(len)
    ccall(:memcpy, Ptr{Cvoid}, (Ptr{UInt8}, Ptr{UInt8}, Csize_t), pointer(s), p, len)
    s
end
function unsafe_string(p::Union{Ptr{UInt8},Ptr{Int8},Cstring})
    p = bitcast(Ptr{UInt8}, p)
    p == C_NULL && throw(ArgumentError("cannot convert NULL to string"))
    ccall(:jl_cstr_to_string, Any, (Ptr{UInt8},), p)::String
end
_string_n(n::Integer) = ccall(:jl_alloc_string, Any, (Csize_t,), n)::String
