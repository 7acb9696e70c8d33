# hashing.jl -- hash(x, h::UInt): objects equal under isequal hash equally (1 == 1.0), strings by
# content, structs by identity unless they define hash. Values differ from Julia's own hash numbers.

hash(x) = hash(x, zero(UInt))
hash(x, h::UInt) = hash_uint(xor(UInt(ccall(:jl_object_id, UInt, (Any,), x)), h))
function hash_uint(a::UInt)
    a = (~a) + (a << 21)
    a = xor(a, a >>> 24)
    a = (a + (a << 3)) + (a << 8)
    a = xor(a, a >>> 14)
    a = (a + (a << 2)) + (a << 4)
    a = xor(a, a >>> 28)
    a + (a << 31)
end
hash(x::Int64, h::UInt) = hash_uint(xor(bitcast(UInt, x), h) + 0x9e3779b97f4a7c15)
hash(x::Union{Bool,Int8,Int16,Int32,UInt8,UInt16,UInt32,UInt64}, h::UInt) = hash(Int64(x % Int64), h)
function hash(x::Float64, h::UInt)
    if isinteger(x) && -9.223372036854776e18 <= x < 9.223372036854776e18
        return hash(unsafe_trunc(Int64, x), h)
    end
    isnan(x) && return hash_uint(h + 0x7ff8000000000000)
    hash_uint(xor(bitcast(UInt, x), h))
end
hash(x::Float32, h::UInt) = hash(Float64(x), h)
hash(c::Char, h::UInt) = hash_uint(xor(UInt(bitcast(UInt32, c)), h) + 0x0c0ffee)
hash(s::String, h::UInt) = hash_uint(xor(ccall(:jl_memhash, UInt, (Ptr{UInt8}, Csize_t), pointer(s), sizeof(s)), h))
hash(s::Symbol, h::UInt) = hash_uint(xor(ccall(:jl_object_id, UInt, (Any,), s), h))
function hash(t::Tuple, h::UInt)
    h = hash_uint(h + 0x77cfa1eef01bca90)
    for x in t
        h = hash(x, h)
    end
    h
end
function hash(a::AbstractArray, h::UInt)
    h = hash_uint(h + 0x7f53e68ceb575e76)
    for x in a
        h = hash(x, h)
    end
    h
end
hash(p::Pair, h::UInt) = hash(p.second, hash(p.first, h))
hash(::Nothing, h::UInt) = hash_uint(h + 0x8ca6eec1c0a4c8d4)
objectid(x) = ccall(:jl_object_id, UInt, (Any,), x)
