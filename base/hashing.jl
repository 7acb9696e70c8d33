# hashing.jl -- hash(x, h::UInt) with Julia 1.10's values: objects equal under isequal hash equally
# (1 == 1.0 == 0x01), so Dict/Set slot positions, and therefore iteration and printing order, are
# Julia's. Integers and integral floats through `hash_uint64(bits) - 3h`; other floats by their bits;
# strings by MurmurHash3 (`memhash_seed`, src/hashing.c) with Julia's seed; symbols by their name
# hash as Julia's symbol table stores it; Char, tuples, pairs and arrays as Julia combines them.
# Anything else by objectid (immutable structs therefore by content).

hash(x) = hash(x, zero(UInt))
hash(x, h::UInt) = hash_uint(3h - objectid(x))
objectid(x) = ccall(:jl_object_id, UInt, (Any,), x)

# Thomas Wang's 64-bit integer mix (Julia's hash_64_64)
function hash_64_64(n::UInt64)
    a = n
    a = ~a + (a << 21)
    a = xor(a, a >> 24)
    a = a + (a << 3) + (a << 8)
    a = xor(a, a >> 14)
    a = a + (a << 2) + (a << 4)
    a = xor(a, a >> 28)
    a + (a << 31)
end
hash_uint64(x::UInt64) = hash_64_64(x)
hash_uint(x::UInt) = hash_64_64(x)

# ---- numbers: every isequal pair of values hashes alike
hash(x::Int64, h::UInt) = hash_uint64(bitcast(UInt64, x)) - 3h
hash(x::UInt64, h::UInt) = hash_uint64(x) - 3h
hash(x::Union{Bool,Int8,UInt8,Int16,UInt16,Int32,UInt32}, h::UInt) = hash(Int64(x), h)
# (Int128 and UInt128 go through hash(::Real) below, as in Julia)
const hx_NaN = hash_uint64(bitcast(UInt64, NaN))
function hash(x::Float64, h::UInt)
    if -9.223372036854775808e18 <= x < 9.223372036854775808e18
        xi = fptosi(Int64, x)
        sitofp(Float64, xi) === x && return hash(xi, h)
    elseif 0.0 <= x < 1.8446744073709551616e19
        xu = fptoui(UInt64, x)
        uitofp(Float64, xu) === x && return hash(xu, h)
    elseif isnan(x)
        return xor(hx_NaN, h)   # NaN has no stable bit pattern
    end
    hash_uint64(bitcast(UInt64, x)) - 3h
end
hash(x::Float32, h::UInt) = hash(Float64(x), h)
hash(x::Float16, h::UInt) = hash(Float64(x), h)

# ---- characters, strings, symbols
hash(c::Char, h::UInt) = hash_uint64(xor((UInt64(bitcast(UInt32, c)) + 0xd4d64234) << 32, h))
const memhash_seed = 0x71e729fd56419c81
function hash(s::Union{String,SubString{String}}, h::UInt)
    h += memhash_seed
    ccall(:memhash_seed, UInt64, (Ptr{UInt8}, Csize_t, UInt32), s, sizeof(s), h % UInt32) + h
end
hash(s::AbstractString, h::UInt) = hash(String(s), h)
# Julia's objectid of a Symbol is its table hash: MurmurHash3 of the name with seed 0xcafe8881,
# xor a constant (this runtime's own symbol table uses another hash, so compute Julia's here)
function _symbol_id(s::Symbol)
    p = ccall(:jl_symbol_name_ptr, Ptr{UInt8}, (Any,), s)
    n = ccall(:strlen, Csize_t, (Ptr{UInt8},), p)
    xor(ccall(:memhash_seed, UInt64, (Ptr{UInt8}, Csize_t, UInt32), p, n, 0xcafe8881), 0xaaaaaaaaaaaaaaaa)
end
hash(s::Symbol, h::UInt) = hash_uint(3h - _symbol_id(s))

# ---- containers
const tuplehash_seed = 0x77cfa1eef01bca90
hash(::Tuple{}, h::UInt) = h + tuplehash_seed
function hash(t::Tuple, h::UInt)
    h += tuplehash_seed     # Julia hashes the last element first: hash(t[1], hash(tail(t), h))
    for i in nfields(t):-1:1
        h = hash(getfield(t, i), h)
    end
    h
end
hash(p::Pair, h::UInt) = hash(p.second, hash(p.first, h))
const hash_abstractarray_seed = 0x7e2d6fb6448beb77
function hash(A::AbstractArray, h::UInt)
    h += hash_abstractarray_seed
    h = hash(map(first, axes(A)), h)
    h = hash(map(last, axes(A)), h)
    for x in A
        h = hash(x, h)
    end
    h
end
hash(x::QuoteNode, h::UInt) = hash(x.value, h + 0x2c97bf8b3de87020)
hash(x::Expr, h::UInt) = hash(x.args, hash(x.head, h + 0x83c7900696d26dc6))

# ---- value-based hashing of other real numbers (Julia's hashing2 scheme): x = num*2^pow/den is
# hashed as the Int64, UInt64 or Float64 it equals when there is one, else from its three parts
function hash_integer(n::Integer, h::UInt)
    h = xor(h, hash_uint(xor(n % UInt, h)))
    n = abs(n)
    n >>>= 64
    while n != 0
        h = xor(h, hash_uint(xor(n % UInt, h)))
        n >>>= 64
    end
    h
end
decompose(x::Integer) = (x, 0, 1)
function decompose(x::Float64)
    isnan(x) && return (0, 0, 0)
    isinf(x) && return (ifelse(x < 0, -1, 1), 0, 0)
    n = bitcast(UInt64, x)
    s = (n & 0x000fffffffffffff) % Int64
    e = ((n & 0x7ff0000000000000) >> 52) % Int
    s |= Int64(e != 0) << 52
    (s, e - 1075 + (e == 0), ifelse(signbit(x), -1, 1))
end
decompose(x::Union{Float16,Float32}) = decompose(Float64(x))
function hash(x::Real, h::UInt)
    num, pow, den = decompose(x)
    num == 0 && den == 0 && return hash(NaN, h)
    num == 0 && return hash(ifelse(den > 0, 0.0, -0.0), h)
    den == 0 && return hash(ifelse(num > 0, Inf, -Inf), h)
    if den < 0
        num = -num
        den = -den
    end
    z = trailing_zeros(num)
    if z != 0
        num >>= z
        pow += z
    end
    z = trailing_zeros(den)
    if z != 0
        den >>= z
        pow -= z
    end
    if den == 1
        left = ndigits0z(num, 2) + pow
        right = trailing_zeros(num) + pow
        if -1074 <= right
            if 0 <= right && left <= 64
                left <= 63 && return hash(Int64(num) << Int(pow), h)
                signbit(num) == signbit(den) && return hash(UInt64(num) << Int(pow), h)
            end
            left <= 1024 && left - right <= 53 && return hash(ldexp(Float64(num), pow), h)
        end
    end
    h = hash_integer(den, h)
    h = hash_integer(pow, h)
    hash_integer(num, h)
end
