# mersenne.jl -- MersenneTwister: the MT19937 generator of Matsumoto and Nishimura (32-bit words,
# period 2^19937 - 1) as an AbstractRNG.
#
# Julia 1.10's MersenneTwister is the double-precision SIMD variant (dSFMT), so its streams differ
# from these; what holds here is what users rely on: a seed fixes the stream (`MersenneTwister(1)`
# twice gives the same numbers), `copy` continues the same stream, `seed!` restarts it. Integer
# seeds go through `make_seed` and MT19937's init_by_array, as Julia feeds them to dSFMT.
# Invariant: 0 <= idx <= MT_N; idx == MT_N means the state must be regenerated before the next
# draw. Every other sampler (ranges, randn, shuffle, ...) is Random's generic code on top of
# `rand(rng, UInt32/UInt64/Float64)`.

const MT_N = 624
const MT_M = 397
const MT_MATRIX_A = 0x9908b0df
const MT_UPPER = 0x80000000
const MT_LOWER = 0x7fffffff

mutable struct MersenneTwister <: AbstractRNG
    seed::Any
    state::Vector{UInt32}
    idx::Int
    ndraws::Int      # 32-bit words drawn since seeding (shown by `show`)
end

MersenneTwister(seed) = seed!(MersenneTwister(nothing, Vector{UInt32}(undef, MT_N), MT_N, 0), seed)
MersenneTwister() = seed!(MersenneTwister(nothing, Vector{UInt32}(undef, MT_N), MT_N, 0))

Base.copy(r::MersenneTwister) = MersenneTwister(r.seed, copy(r.state), r.idx, r.ndraws)
function Base.copy!(dst::MersenneTwister, src::MersenneTwister)
    copyto!(dst.state, src.state)
    dst.seed = src.seed
    dst.idx = src.idx
    dst.ndraws = src.ndraws
    dst
end
Base.:(==)(a::MersenneTwister, b::MersenneTwister) =
    a.seed == b.seed && a.state == b.state && a.idx == b.idx
Base.hash(r::MersenneTwister, h::UInt) = hash(r.state, hash(r.idx, hash(r.seed, h)))

function Base.show(io::IO, r::MersenneTwister)
    print(io, "MersenneTwister(")
    show(io, r.seed)
    r.ndraws == 0 || print(io, ", (", r.ndraws, ",)")
    print(io, ")")
end

# the state for a single 32-bit seed (MT19937's init_genrand)
function mt_init!(mt::Vector{UInt32}, s::UInt32)
    mt[1] = s
    for i in 2:MT_N
        p = mt[i-1]
        mt[i] = UInt32(1812433253) * (p ⊻ (p >> 30)) + UInt32(i - 1)
    end
    mt
end

# the state for a key of 32-bit words (MT19937's init_by_array)
function mt_init_by_array!(mt::Vector{UInt32}, key::Vector{UInt32})
    mt_init!(mt, UInt32(19650218))
    len = length(key)
    i, j = 2, 1
    for _ in 1:max(MT_N, len)
        p = mt[i-1]
        mt[i] = (mt[i] ⊻ ((p ⊻ (p >> 30)) * UInt32(1664525))) + key[j] + UInt32(j - 1)
        i += 1; j += 1
        if i > MT_N
            mt[1] = mt[MT_N]
            i = 2
        end
        j > len && (j = 1)
    end
    for _ in 1:MT_N-1
        p = mt[i-1]
        mt[i] = (mt[i] ⊻ ((p ⊻ (p >> 30)) * UInt32(1566083941))) - UInt32(i - 1)
        i += 1
        if i > MT_N
            mt[1] = mt[MT_N]
            i = 2
        end
    end
    mt[1] = MT_UPPER    # the most significant bit is 1: the state is never all zero
    mt
end

mt_twist(a::UInt32, b::UInt32, c::UInt32) =
    (y = (a & MT_UPPER) | (b & MT_LOWER); c ⊻ (y >> 1) ⊻ (isodd(y) ? MT_MATRIX_A : UInt32(0)))

# the next MT_N words of the state
function mt_generate!(mt::Vector{UInt32})
    for k in 1:MT_N-MT_M
        mt[k] = mt_twist(mt[k], mt[k+1], mt[k+MT_M])
    end
    for k in MT_N-MT_M+1:MT_N-1
        mt[k] = mt_twist(mt[k], mt[k+1], mt[k+MT_M-MT_N])
    end
    mt[MT_N] = mt_twist(mt[MT_N], mt[1], mt[MT_M])
    mt
end

function next32!(r::MersenneTwister)
    if r.idx >= MT_N
        mt_generate!(r.state)
        r.idx = 0
    end
    r.idx += 1
    r.ndraws += 1
    y = r.state[r.idx]
    # tempering
    y ⊻= y >> 11
    y ⊻= (y << 7) & 0x9d2c5680
    y ⊻= (y << 15) & 0xefc60000
    y ⊻ (y >> 18)
end

function seed!(r::MersenneTwister, seed::Vector{UInt32})
    isempty(seed) && throw(ArgumentError("seed must be non-empty"))
    mt_init_by_array!(r.state, seed)
    r.idx = MT_N
    r.ndraws = 0
    r
end
function seed!(r::MersenneTwister, seed::Integer)
    seed!(r, make_seed(seed))
    r.seed = seed
    r
end
function seed!(r::MersenneTwister, seed::Vector{<:Integer})
    seed!(r, UInt32[UInt32(x) for x in seed])
    r.seed = copy(seed)
    r
end
function seed!(r::MersenneTwister)
    b = os_entropy(16)
    key = UInt32[le64(b, 0) % UInt32, (le64(b, 0) >> 32) % UInt32, le64(b, 8) % UInt32, (le64(b, 8) >> 32) % UInt32]
    seed!(r, key)
    r.seed = key
    r
end
seed!(r::MersenneTwister, ::Nothing) = seed!(r)

rand(r::MersenneTwister, ::Type{UInt32}) = next32!(r)
rand(r::MersenneTwister, ::Type{UInt64}) = (UInt64(next32!(r)) << 32) | UInt64(next32!(r))
# 53 random bits from two words (MT19937's genrand_res53)
function rand(r::MersenneTwister, ::Type{Float64})
    a = next32!(r) >> 5
    b = next32!(r) >> 6
    (Float64(a) * 67108864.0 + Float64(b)) * 0x1.0p-53
end

# arrays of Float64 take the same 53-bit draws as scalars (the bulk path of Random.jl forks
# Xoshiro lanes, which only pays off for Xoshiro itself)
function rand!(r::MersenneTwister, A::Array{Float64}, ::Type{Float64} = Float64)
    for i in eachindex(A)
        A[i] = rand(r, Float64)
    end
    A
end
