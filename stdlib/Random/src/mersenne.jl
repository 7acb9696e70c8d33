# mersenne.jl -- MersenneTwister as Julia 1.10 has it: the dSFMT-19937 generator of Saito and
# Matsumoto (double precision SIMD-oriented Fast Mersenne Twister) behind Julia's two caches, so that
# seeded streams match Julia's value for value.
#
# - The dSFMT state is N = 191 128-bit words plus a "lung" word; each step replaces the oldest word
#   (a ring, `pos`) and yields two doubles in [1, 2) as bit patterns. dSFMT's block generation and
#   fill_array produce this same sequence, so one step function serves both.
# - Seeding: an integer is split into 32-bit words (make_seed) and fed to dSFMT's init_by_array.
# - Floats come from a cache of MT_CACHE_F doubles in [1, 2) refilled from the stream; Float64 is a
#   cached value - 1, Float32/Float16/Bool/small integers use the low bits of one cached value (Julia's
#   UInt52Raw). 64- and 128-bit integers come from a second cache of 501 UInt128s made of 627 pairs
#   of stream doubles with their 12 constant high bits filled by xor-ing in the extra words.
# - Arrays of Float64 with at least 384 elements take all but the last 2 or 3 values directly from
#   the stream (bypassing the float cache), as Julia's fill_array path does.
# Invariants: 0 <= idxF <= MT_CACHE_F (idxF == MT_CACHE_F: float cache empty); 0 <= idxI <= 16*501
# bytes left in the integer cache, consumed from the end.

const DSFMT_N = 191
const DSFMT_POS1 = 117
const DSFMT_SL1 = 19
const DSFMT_SR = 12
const DSFMT_MSK1 = 0x000ffafffffffb3f
const DSFMT_MSK2 = 0x000ffdfffc90fffd
const DSFMT_FIX1 = 0x90014964b32f4329
const DSFMT_FIX2 = 0x3b8d12ac548a7c7a
const DSFMT_PCV1 = 0x3d84e1ac0dc82880
const DSFMT_PCV2 = 0x0000000000000001
const DSFMT_MIN_ARRAY = 2 * DSFMT_N      # 382 doubles: the least fill_array accepts

mutable struct DSFMTState
    w::Vector{UInt64}   # 2N+2 words: N 128-bit words (low, high), then the lung
    pos::Int            # 0-based index of the oldest word, the next to be replaced
end
Base.copy(s::DSFMTState) = DSFMTState(copy(s.w), s.pos)
Base.:(==)(a::DSFMTState, b::DSFMTState) = a.w == b.w && a.pos == b.pos

dsfmt_ini1(x::UInt32) = (x ⊻ (x >> 27)) * UInt32(1664525)
dsfmt_ini2(x::UInt32) = (x ⊻ (x >> 27)) * UInt32(1566083941)

# dSFMT's init_by_array on the state viewed as 4(N+1) 32-bit words, then the mask that makes every
# word two doubles in [1, 2) and the period certification of the lung
function dsfmt_init_by_array(key::Vector{UInt32})
    size = (DSFMT_N + 1) * 4
    lag = 11
    mid = (size - lag) ÷ 2
    p = fill(0x8b8b8b8b, size)
    count = max(length(key) + 1, size)
    r = dsfmt_ini1(p[1] ⊻ p[mid % size + 1] ⊻ p[(size - 1) % size + 1])
    p[mid % size + 1] += r
    r += length(key) % UInt32
    p[(mid + lag) % size + 1] += r
    p[1] = r
    i = 1
    for j in 0:count-2
        r = dsfmt_ini1(p[i+1] ⊻ p[(i + mid) % size + 1] ⊻ p[(i + size - 1) % size + 1])
        p[(i + mid) % size + 1] += r
        r += (j < length(key) ? key[j+1] : UInt32(0)) + i % UInt32
        p[(i + mid + lag) % size + 1] += r
        p[i+1] = r
        i = (i + 1) % size
    end
    for _ in 1:size
        r = dsfmt_ini2(p[i+1] + p[(i + mid) % size + 1] + p[(i + size - 1) % size + 1])
        p[(i + mid) % size + 1] ⊻= r
        r -= i % UInt32
        p[(i + mid + lag) % size + 1] ⊻= r
        p[i+1] = r
        i = (i + 1) % size
    end
    w = Vector{UInt64}(undef, 2DSFMT_N + 2)
    for k in 1:length(w)
        w[k] = UInt64(p[2k-1]) | (UInt64(p[2k]) << 32)
    end
    for k in 1:2DSFMT_N
        w[k] = (w[k] & 0x000fffffffffffff) | 0x3ff0000000000000
    end
    inner = ((w[2DSFMT_N+1] ⊻ DSFMT_FIX1) & DSFMT_PCV1) ⊻ ((w[2DSFMT_N+2] ⊻ DSFMT_FIX2) & DSFMT_PCV2)
    s = 32
    while s > 0
        inner ⊻= inner >> s
        s >>= 1
    end
    inner & 1 == 0 && (w[2DSFMT_N+2] ⊻= DSFMT_PCV2)
    DSFMTState(w, 0)
end

# one step: the next two doubles of the stream (bit patterns of values in [1, 2))
function dsfmt_next!(s::DSFMTState)
    w = s.w
    a = 2s.pos + 1
    b = 2((s.pos + DSFMT_POS1) % DSFMT_N) + 1
    u = 2DSFMT_N + 1
    t0 = w[a]; t1 = w[a+1]
    L0 = w[u]; L1 = w[u+1]
    n0 = (t0 << DSFMT_SL1) ⊻ (L1 >> 32) ⊻ (L1 << 32) ⊻ w[b]
    n1 = (t1 << DSFMT_SL1) ⊻ (L0 >> 32) ⊻ (L0 << 32) ⊻ w[b+1]
    w[u] = n0; w[u+1] = n1
    r0 = (n0 >> DSFMT_SR) ⊻ (n0 & DSFMT_MSK1) ⊻ t0
    r1 = (n1 >> DSFMT_SR) ⊻ (n1 & DSFMT_MSK2) ⊻ t1
    w[a] = r0; w[a+1] = r1
    s.pos = s.pos == DSFMT_N - 1 ? 0 : s.pos + 1
    (r0, r1)
end

const MT_CACHE_F = 501 << 1     # doubles in the float cache
const MT_CACHE_I = 501 << 4     # bytes in the integer cache

mutable struct MersenneTwister <: AbstractRNG
    seed::Vector{UInt32}
    state::DSFMTState
    vals::Vector{UInt64}        # the float cache: bit patterns of doubles in [1, 2)
    ints::Vector{UInt128}
    idxF::Int
    idxI::Int
    adv::Int64                  # doubles drawn from the stream since seeding (for show)
    adv_vals::Int64             # adv when vals was filled, -1 if never
    adv_ints::Int64             # adv when ints was filled, -1 if never
end

MersenneTwister(seed) = seed!(MersenneTwister(UInt32[], DSFMTState(UInt64[], 0), zeros(UInt64, MT_CACHE_F),
                                             zeros(UInt128, MT_CACHE_I >> 4), MT_CACHE_F, 0, 0, -1, -1), seed)
MersenneTwister() = MersenneTwister(nothing)

Base.copy(r::MersenneTwister) = MersenneTwister(copy(r.seed), copy(r.state), copy(r.vals), copy(r.ints),
                                                r.idxF, r.idxI, r.adv, r.adv_vals, r.adv_ints)
function Base.copy!(dst::MersenneTwister, src::MersenneTwister)
    for f in fieldnames(MersenneTwister)
        v = getfield(src, f)
        setfield!(dst, f, v isa Integer ? v : copy(v))
    end
    dst
end
Base.:(==)(a::MersenneTwister, b::MersenneTwister) =
    a.seed == b.seed && a.state == b.state && a.vals == b.vals && a.ints == b.ints &&
    a.idxF == b.idxF && a.idxI == b.idxI
Base.hash(r::MersenneTwister, h::UInt) = hash(r.state.w, hash(r.idxF, hash(r.idxI, hash(r.seed, h))))

# `MersenneTwister(1234)` when nothing was drawn, else with Julia's advance counters:
# (jumps, doubles drawn, adv when the float cache was filled, its index[, same for the integer cache])
function Base.show(io::IO, r::MersenneTwister)
    seed = sum(BigInt(r.seed[i]) << (32 * (i - 1)) for i in 1:length(r.seed); init = BigInt(0))
    seed_str = seed <= typemax(Int) ? string(seed) : "0x" * string(seed, base = 16)
    r.adv == 0 && return print(io, "MersenneTwister(", seed_str, ")")
    adv = Int64[0, r.adv]
    if r.adv_vals != -1 || r.adv_ints != -1
        r.adv_vals == -1 ? push!(adv, 0, 0) : push!(adv, r.adv_vals, r.idxF)
    end
    r.adv_ints != -1 && push!(adv, r.adv_ints, (length(r.ints) * 16 - r.idxI) ÷ 8)
    print(io, "MersenneTwister(", seed_str, ", (", join(adv, ", "), "))")
end

function seed!(r::MersenneTwister, seed::Vector{UInt32})
    r.seed = copy(seed)
    r.state = dsfmt_init_by_array(r.seed)
    fill!(r.vals, 0)
    fill!(r.ints, 0)
    r.idxF = MT_CACHE_F
    r.idxI = 0
    r.adv = 0
    r.adv_vals = -1
    r.adv_ints = -1
    r
end
seed!(r::MersenneTwister, seed::Integer) = seed!(r, make_seed(seed))
seed!(r::MersenneTwister, seed::Vector{<:Integer}) = seed!(r, UInt32[UInt32(x) for x in seed])
function seed!(r::MersenneTwister)
    b = os_entropy(16)
    seed!(r, UInt32[le64(b, 0) % UInt32, (le64(b, 0) >> 32) % UInt32, le64(b, 8) % UInt32, (le64(b, 8) >> 32) % UInt32])
end
seed!(r::MersenneTwister, ::Nothing) = seed!(r)

# n (even) doubles of the stream into dest[off+1:off+n], as bit patterns
function mt_fill!(r::MersenneTwister, dest::Vector{UInt64}, off::Int, n::Int)
    r.adv += n
    s = r.state
    for k in off+1:2:off+n
        a, b = dsfmt_next!(s)
        dest[k] = a
        dest[k+1] = b
    end
    dest
end

function mt_refill!(r::MersenneTwister)
    r.adv_vals = r.adv
    mt_fill!(r, r.vals, 0, MT_CACHE_F)
    r.idxF = 0
end
# the next cached double in [1, 2), as bits (Julia's UInt52Raw)
function mt_pop!(r::MersenneTwister)
    r.idxF == MT_CACHE_F && mt_refill!(r)
    r.vals[r.idxF += 1]
end

function mt_refill_ints!(r::MersenneTwister)
    r.adv_ints = r.adv
    len = 501 + 126      # 627 pairs of doubles: 52 random bits each, 5 words make 4 full ones
    raw = mt_fill!(r, Vector{UInt64}(undef, 2len), 0, 2len)
    ints = Vector{UInt128}(undef, len)
    for k in 1:len
        ints[k] = UInt128(raw[2k-1]) | (UInt128(raw[2k]) << 64)
    end
    k = 501
    n = 0
    while n != 500
        u = ints[k += 1]
        ints[n += 1] ⊻= u << 48
        ints[n += 1] ⊻= u << 36
        ints[n += 1] ⊻= u << 24
        ints[n += 1] ⊻= u << 12
    end
    ints[501] ⊻= ints[len] << 48
    copyto!(r.ints, 1, ints, 1, 501)
    r.idxI = MT_CACHE_I
end
function mt_pop_int!(r::MersenneTwister, ::Type{T}) where {T<:Union{Int64, UInt64}}
    r.idxI < 8 && mt_refill_ints!(r)
    r.idxI -= 8
    i = r.idxI
    x128 = r.ints[1 + i >> 4]
    ((x128 >> (((i >> 3) & 1) * 64)) % UInt64) % T
end
function mt_pop_int!(r::MersenneTwister, ::Type{T}) where {T<:Union{Int128, UInt128}}
    r.idxI < 16 && mt_refill_ints!(r)
    idx = r.idxI >> 4
    r.idxI = (idx << 4) - 16
    r.ints[idx] % T
end

rand(r::MersenneTwister, ::Type{Float64}) = reinterpret(Float64, mt_pop!(r)) - 1.0
rand(r::MersenneTwister, ::Type{Float32}) =
    reinterpret(Float32, (mt_pop!(r) % UInt32) & 0x007fffff | 0x3f800000) - 1.0f0
rand(r::MersenneTwister, ::Type{Float16}) =
    Float16(reinterpret(Float32, (UInt32(mt_pop!(r) % UInt16 & 0x03ff) << 13) | 0x3f800000) - 1.0f0)
rand(r::MersenneTwister, ::Type{Bool}) = isodd(mt_pop!(r))
rand(r::MersenneTwister, ::Type{T}) where {T<:Union{UInt8, UInt16, UInt32, Int8, Int16, Int32}} = mt_pop!(r) % T
rand(r::MersenneTwister, ::Type{Int64}) = mt_pop_int!(r, Int64)
rand(r::MersenneTwister, ::Type{UInt64}) = mt_pop_int!(r, UInt64)
rand(r::MersenneTwister, ::Type{Int128}) = mt_pop_int!(r, Int128)
rand(r::MersenneTwister, ::Type{UInt128}) = mt_pop_int!(r, UInt128)
rand52(r::MersenneTwister) = (mt_pop!(r) & 0x000fffffffffffff) % Int

# n doubles in [1, 2) as bits: from the cache when fewer than 384, else n2 (even) straight from the
# stream and the last few from the cache, as Julia's rand! on arrays does
function mt_doubles!(r::MersenneTwister, dest::Vector{UInt64}, n::Int)
    n2 = (n - 2) ÷ 2 * 2
    if n2 < DSFMT_MIN_ARRAY
        r.idxF == MT_CACHE_F && mt_refill!(r)     # even for n == 0, as Julia
        for i in 1:n
            dest[i] = mt_pop!(r)
        end
    else
        mt_fill!(r, dest, 0, n2)
        for i in n2+1:n
            dest[i] = mt_pop!(r)
        end
    end
    dest
end

# the same draws as mt_doubles!, written straight into A (no temporary: a large one costs GC time)
function rand!(r::MersenneTwister, A::Array{Float64}, ::Type{Float64} = Float64)
    n = length(A)
    n2 = (n - 2) ÷ 2 * 2
    k = 0
    if n2 >= DSFMT_MIN_ARRAY
        r.adv += n2
        s = r.state
        while k < n2
            a, b = dsfmt_next!(s)
            A[k += 1] = reinterpret(Float64, a) - 1.0
            A[k += 1] = reinterpret(Float64, b) - 1.0
        end
    else
        r.idxF == MT_CACHE_F && mt_refill!(r)
    end
    for i in k+1:n
        A[i] = reinterpret(Float64, mt_pop!(r)) - 1.0
    end
    A
end

# n UInt128s as Julia's rand!(::MersenneTwister, ::UnsafeView{UInt128}) makes them: pairs of stream
# doubles, their constant high bits replaced from extra words taken at the front
function mt_uint128s!(r::MersenneTwister, n::Int)
    A = Vector{UInt128}(undef, n)
    bits = Vector{UInt64}(undef, 2n)
    i = n
    while true
        mt_doubles!(r, bits, 2i)
        for k in 1:i
            A[k] = UInt128(bits[2k-1]) | (UInt128(bits[2k]) << 64)
        end
        n < 5 && break
        i = 0
        while n - i >= 5
            u = A[i += 1]
            A[n] ⊻= u << 48
            A[n -= 1] ⊻= u << 36
            A[n -= 1] ⊻= u << 24
            A[n -= 1] ⊻= u << 12
            n -= 1
        end
    end
    if n > 0
        u = (UInt128(mt_pop!(r)) << 64) | UInt128(mt_pop!(r))
        for k in 1:n
            A[k] ⊻= u << (12k)
        end
    end
    A
end

rand!(r::MersenneTwister, A::Array{T}) where {T<:BULK_INTS} = mt_rand_ints!(r, A, T)
rand!(r::MersenneTwister, A::Array{T}, ::Type{T}) where {T<:BULK_INTS} = mt_rand_ints!(r, A, T)
rand!(r::MersenneTwister, A::Array{T}) where {T<:Union{Int128, UInt128}} = mt_rand_ints!(r, A, T)
rand!(r::MersenneTwister, A::Array{T}, ::Type{T}) where {T<:Union{Int128, UInt128}} = mt_rand_ints!(r, A, T)
function mt_rand_ints!(r::MersenneTwister, A::Array{T}, ::Type{T}) where {T}
    n = length(A)
    per = 16 ÷ sizeof(T)
    n128 = n ÷ per
    words = mt_uint128s!(r, n128)
    k = 0
    for w in words, j in 0:per-1
        A[k += 1] = (w >> (8 * sizeof(T) * j)) % T
    end
    for i in k+1:n
        A[i] = rand(r, T)
    end
    A
end

# Float32/Float16 arrays: 128-bit words of stream doubles, each spread into 4 (8) mantissas
mt_mask128(u::UInt128, ::Type{Float32}) = (u & 0x007fffff007fffff007fffff007fffff) | 0x3f8000003f8000003f8000003f800000
mt_mask128(u::UInt128, ::Type{Float16}) = (u & 0x03ff03ff03ff03ff03ff03ff03ff03ff) | 0x3c003c003c003c003c003c003c003c00
rand!(r::MersenneTwister, A::Array{Float32}, ::Type{Float32} = Float32) = mt_rand_small_floats!(r, A, Float32)
rand!(r::MersenneTwister, A::Array{Float16}, ::Type{Float16} = Float16) = mt_rand_small_floats!(r, A, Float16)
function mt_rand_small_floats!(r::MersenneTwister, A::Array{T}, ::Type{T}) where {T}
    n = length(A)
    per = 16 ÷ sizeof(T)
    U = T === Float32 ? UInt32 : UInt16
    n128 = n ÷ per
    bits = mt_doubles!(r, Vector{UInt64}(undef, 2n128), 2n128)
    k = 0
    for i in 1:n128
        u = UInt128(bits[2i-1]) | (UInt128(bits[2i]) << 64)
        u = mt_mask128(u ⊻ (u << 26), T)
        for j in 0:per-1
            A[k += 1] = T(Float32(reinterpret(T, (u >> (8 * sizeof(T) * j)) % U)) - 1.0f0)
        end
    end
    for i in k+1:n
        A[i] = rand(r, T)
    end
    A
end

function rand!(r::MersenneTwister, A::Array{Bool}, ::Type{Bool} = Bool)
    n = length(A)
    n128 = n ÷ 16
    if n128 == 0
        bits = mt_pop!(r)
    else
        bits128 = mt_doubles!(r, Vector{UInt64}(undef, 2n128), 2n128)
        mask = 0x01010101010101010101010101010101
        x = bits128[1]
        bits = x ⊻ x >> 17
        for i in 1:n128
            u = UInt128(bits128[2i-1]) | (UInt128(bits128[2i]) << 64)
            u = (u ⊻ u << 5) & mask
            for j in 0:15
                A[16(i - 1) + j + 1] = isodd(u >> (8j))
            end
        end
    end
    for i in 16n128+1:n
        A[i] = isodd(bits)
        bits >>= 1
    end
    A
end
