# Serialization.jl -- Julia's Serialization stdlib on julep's C serializer (serializer/, format in
# serializer/serializer.h): `serialize(io, x)` writes one self-contained stream (header + value),
# `deserialize(io)` reads one back. Shared and cyclic references, types, functions, methods and Dicts
# round-trip; errors on corrupted input are `ErrorException("deserialize: ...")`.
# Limitation: from an IO other than IOBuffer, `deserialize` reads the remaining bytes and uses the first
# value only (an IOBuffer keeps its position just past the value, so several values can follow each other).
module Serialization

export serialize, deserialize

serialize(io::IO, x) = (write(io, ccall(:jl_serialize_to_array, Any, (Any,), x)::Vector{UInt8}); nothing)
serialize(filename::AbstractString, x) = open(io -> serialize(io, x), filename, "w")

function deserialize(io::IOBuffer)
    v, next = ccall(:jl_deserialize_array_at, Any, (Any, Int), io.data, io.ptr - 1)::Tuple{Any,Int}
    io.ptr = next + 1
    v
end
function deserialize(io::IO)
    v, _ = ccall(:jl_deserialize_array_at, Any, (Any, Int), read(io)::Vector{UInt8}, 0)::Tuple{Any,Int}
    v
end
deserialize(filename::AbstractString) = open(deserialize, filename)

end
