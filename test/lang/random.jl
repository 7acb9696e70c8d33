# random.jl -- the Random stdlib. Exact values are the ones Julia 1.10 documents for seeded streams
# (Xoshiro and seed! docstrings, randstring/randperm/shuffle docstrings) and the FIPS 180-2 SHA-256
# test vectors used by seeding; everything else is checked by properties: reproducibility after
# re-seeding, ranges, types, permutations, distribution sanity.
using Test
using Random

hexstr(bytes) = join([string(b, base = 16, pad = 2) for b in bytes])

@testset "seeding" begin
    # SHA-256 (the seed hash): FIPS 180-2 vectors, one and two blocks
    @test hexstr(Random.sha256(UInt8[])) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
    @test hexstr(Random.sha256(collect(codeunits("abc")))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    @test hexstr(Random.sha256(collect(codeunits("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")))) ==
          "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    @test Random.make_seed(1234) == UInt32[1234]
    @test Random.make_seed(0x0000000500000007) == UInt32[7, 5]
    @test_throws DomainError Random.make_seed(-1)
    # Julia 1.10's documented streams
    rng = Xoshiro(1234)
    @test rand(rng, 2) == [0.32597672886359486, 0.5490511363155669]
    Random.seed!(1234)
    @test rand() == 0.32597672886359486
    @test rand() == 0.5490511363155669
    Random.seed!(1234)
    @test rand(2) == [0.32597672886359486, 0.5490511363155669]
    @test Xoshiro(1) == Random.seed!(Xoshiro(5), 1)
    @test Xoshiro(1) != Xoshiro(2)
    @test copy(rng) == rng
    @test copy(rng) !== rng
    # re-seeding reproduces the stream, for every kind of draw
    draws(r) = (rand(r), rand(r, Int), rand(r, 1:6), randn(r), rand(r, Float32), rand(r, 20), randperm(r, 7))
    @test draws(Xoshiro(42)) == draws(Xoshiro(42))
    Random.seed!(7); a = draws(Random.default_rng())
    Random.seed!(7); b = draws(Random.default_rng())
    @test a == b
    @test draws(Xoshiro(42)) != draws(Xoshiro(43))
    # seeding from the OS gives different streams
    Random.seed!()
    x = rand(UInt64)
    Random.seed!()
    @test rand(UInt64) != x
    @test Xoshiro() != Xoshiro()
    @test Random.seed!(Xoshiro(1), 99) == Xoshiro(99)
    @test Random.seed!(Xoshiro(1), UInt32[99]) == Xoshiro(99)
end

@testset "rand scalars" begin
    r = Xoshiro(2024)
    for T in (Int8, Int16, Int32, Int64, UInt8, UInt16, UInt32, UInt64, Bool, Float64, Float32)
        @test rand(r, T) isa T
        @test rand(T) isa T
    end
    @test rand() isa Float64
    xs = [rand(r) for _ in 1:2000]
    @test all(x -> 0 <= x < 1, xs)
    @test 0.45 < sum(xs) / length(xs) < 0.55
    fs = [rand(r, Float32) for _ in 1:500]
    @test all(x -> 0 <= x < 1, fs)
    # the scalar maps of Julia's Xoshiro: Float64 from the top 53 bits, smaller types from the
    # upper bits of one draw
    r1 = Xoshiro(9); r2 = Xoshiro(9)
    u = rand(r1, UInt64)
    @test rand(r2) == Float64(u >>> 11) * 0x1.0p-53
    u = rand(r1, UInt64)
    @test rand(r2, UInt8) == UInt8(u >>> 56)
    u = rand(r1, UInt64)
    @test rand(r2, Bool) == (u >>> 63 == 1)
    u = rand(r1, UInt64)
    @test rand(r2, Int32) == (u >>> 32) % Int32
    bs = [rand(r, Bool) for _ in 1:1000]
    @test 400 < count(bs) < 600
end

@testset "rand ranges and collections" begin
    r = Xoshiro(11)
    d = [rand(r, 1:6) for _ in 1:3000]
    @test all(x -> 1 <= x <= 6, d)
    @test sort(unique(d)) == [1, 2, 3, 4, 5, 6]
    @test all(c -> 400 < c < 600, [count(==(k), d) for k in 1:6])
    @test all(x -> -3 <= x <= 3, [rand(r, -3:3) for _ in 1:200])
    @test rand(r, 5:5) == 5
    @test all(x -> x in 10:10:100, [rand(r, 10:10:100) for _ in 1:100])
    @test rand(r, Int32(1):Int32(3)) isa Int32
    @test rand(r, typemin(Int):typemax(Int)) isa Int
    @test rand(r, UInt8(0):UInt8(255)) isa UInt8
    @test_throws ArgumentError rand(r, 1:0)
    v = [10, 20, 30]
    @test all(x -> x in v, [rand(r, v) for _ in 1:50])
    @test rand(r, (:a, :b)) in (:a, :b)
    @test rand(r, "xyz") in "xyz"
    @test rand(r, Dict(1 => 2)) == (1 => 2)
    @test_throws ArgumentError rand(r, Int[])
    # Julia draws index k of a collection exactly like rand(1:n)
    @test rand(Xoshiro(5), v) == v[rand(Xoshiro(5), 1:3)]
end

@testset "rand arrays" begin
    r = Xoshiro(3)
    a = rand(r, 5)
    @test a isa Vector{Float64} && length(a) == 5
    # fewer than 64 bytes are generated one draw at a time, as the scalar stream
    @test rand(Xoshiro(77), 7) == (s = Xoshiro(77); [rand(s) for _ in 1:7])
    @test rand(Xoshiro(77), UInt64, 3) == (s = Xoshiro(77); [rand(s, UInt64) for _ in 1:3])
    # bulk requests are reproducible and in range
    big = rand(Xoshiro(8), 1000)
    @test big == rand(Xoshiro(8), 1000)
    @test all(x -> 0 <= x < 1, big)
    @test 0.45 < sum(big) / 1000 < 0.55
    @test length(unique(big)) == 1000
    f32 = rand(Xoshiro(8), Float32, 37)
    @test f32 isa Vector{Float32} && all(x -> 0 <= x < 1, f32)
    ints = rand(Xoshiro(8), Int16, 50)
    @test ints isa Vector{Int16} && ints == rand(Xoshiro(8), Int16, 50)
    bools = rand(Xoshiro(8), Bool, 1000)
    @test bools isa Vector{Bool} && 400 < count(bools) < 600
    @test rand(Xoshiro(8), 1:6, 10) == rand(Xoshiro(8), 1:6, 10)
    @test all(x -> 1 <= x <= 6, rand(r, 1:6, 100))
    @test rand(r, 0) == Float64[]
    b = zeros(4)
    @test rand!(r, b) === b && all(x -> 0 <= x < 1, b)
end

@testset "randn" begin
    # the ziggurat tables are Julia's (first and last entries)
    @test Random.KI[1] == 0x0007799ec012f7b2 && Random.KI[2] == 0 && Random.KI[256] == 0x00078d2d25998e24
    @test Random.WI[1] == 1.7367254121602630e-15 && Random.WI[256] == 1.6227698675312968e-15
    @test Random.FI[1] == 1.0 && Random.FI[256] == 1.2602859304985975e-03
    r = Xoshiro(5)
    xs = randn(r, 20000)
    m = sum(xs) / length(xs)
    v = sum(x -> (x - m)^2, xs) / length(xs)
    @test abs(m) < 0.03
    @test 0.95 < v < 1.05
    @test 0.30 < count(x -> abs(x) > 1, xs) / length(xs) < 0.34     # P(|Z| > 1) = 0.3173
    @test count(x -> abs(x) > 4, xs) < 10
    @test randn(Xoshiro(1)) == randn(Xoshiro(1))
    @test randn() isa Float64
    @test randn(r, Float32) isa Float32
    # randn consumes one draw on its fast path: sign from the low bit, magnitude from 51 bits
    s = Xoshiro(123); t = Xoshiro(123)
    z = randn(s)
    u = rand(t, UInt64) >>> 12
    rabs = Int64(u >> 1)
    if rabs < Random.KI[(rabs & 0xff) + 1]
        @test z == (isodd(u) ? -rabs : rabs) * Random.WI[(rabs & 0xff) + 1]
    end
end

@testset "randexp" begin
    @test Random.KE[256] == 0x000e6da6ecf27460 && Random.KE[2] == 0
    @test Random.WE[1] == 1.9311480126418366e-15 && Random.FE[256] == 4.5413435384149677e-04
    xs = randexp(Xoshiro(17), 20000)
    @test all(x -> x >= 0, xs)
    @test 0.97 < sum(xs) / length(xs) < 1.03                    # mean 1
    @test 0.35 < count(x -> x > 1, xs) / length(xs) < 0.39     # P(X > 1) = 0.3679
    @test randexp(Xoshiro(4)) == randexp(Xoshiro(4))
    @test randexp(Float32) isa Float32
end

@testset "permutations and strings" begin
    # documented Julia values
    @test shuffle(Xoshiro(123), collect(1:10)) == [5, 4, 2, 3, 6, 10, 8, 1, 9, 7]
    @test randperm(Xoshiro(123), 4) == [1, 4, 2, 3]
    @test randcycle(Xoshiro(123), 6) == [5, 4, 2, 6, 3, 1]
    @test randn(Xoshiro(123), Float32) === -0.6457307f0
    Random.seed!(3)
    @test randstring() == "Lxz5hUwn"
    @test randstring(Xoshiro(3), collect("abcdefghijklmnopqrstuvwxyz"), 6) == "iyzcsm"
    # properties
    p = randperm(Xoshiro(1), 100)
    @test sort(p) == collect(1:100)
    @test p != collect(1:100)
    @test randperm(0) == Int[]
    @test randperm(1) == [1]
    @test randperm(Int32(3)) isa Vector{Int32}
    # a cyclic permutation: following i -> c[i] from 1 visits every element once
    c = randcycle(Xoshiro(5), 30)
    @test sort(c) == collect(1:30)
    seen = 1
    k = c[1]
    while k != 1
        seen += 1
        k = c[k]
    end
    @test seen == 30
    @test randcycle(0) == Int[]
    @test randcycle!(Xoshiro(123), Vector{Int}(undef, 6)) == [5, 4, 2, 6, 3, 1]
    v = collect(1:50)
    w = shuffle(v)
    @test v == collect(1:50)           # shuffle copies
    @test sort(w) == v
    x = collect(1:50)
    @test shuffle!(Xoshiro(2), x) === x
    @test sort(x) == collect(1:50)
    @test shuffle(Xoshiro(2), collect(1:50)) == x
    s = randstring(12)
    @test length(s) == 12
    @test all(c -> ('0' <= c <= '9') || ('A' <= c <= 'Z') || ('a' <= c <= 'z'), s)
    @test length(randstring()) == 8
    @test all(c -> c in "ACGT", randstring("ACGT", 30))
end

@testset "MersenneTwister" begin
    # MT19937's published reference outputs (mt19937ar.out): init_by_array([0x123, 0x234, 0x345,
    # 0x456]) and the default single seed 5489
    r = MersenneTwister(UInt32[0x123, 0x234, 0x345, 0x456])
    @test [rand(r, UInt32) for _ in 1:3] == UInt32[1067595299, 955945823, 477289528]
    Random.mt_init!(r.state, UInt32(5489)); r.idx = Random.MT_N
    @test rand(r, UInt32) == 3499211612
    # an integer seed is split into 32-bit words and goes through init_by_array, and Float64s
    # are 53-bit (genrand_res53): the same numbers as CPython's random.seed(1); random.random()
    @test rand(MersenneTwister(1)) === 0.13436424411240122
    @test rand(MersenneTwister(1), 2) == [0.13436424411240122, 0.8474337369372327]
    @test MersenneTwister(1) isa AbstractRNG
    # reproducible per seed, for every sampler
    draws(g) = (rand(g), rand(g, 1:6, 4), rand(g, Float32, 3), rand(g, Bool, 700), rand(g, 3, 2),
                randn(g), randn(g, 3), randexp(g), randperm(g, 7), shuffle(g, 1:9), randstring(g),
                rand(g, Int8), rand(g, UInt64), rand(g, [:a, :b, :c]), rand(g, Int32, 20), randcycle(g, 5))
    a = draws(MersenneTwister(42))
    @test a == draws(MersenneTwister(42))
    @test a != draws(MersenneTwister(43))
    @test sort(a[9]) == 1:7 && sort(a[10]) == 1:9
    @test all(x -> 1 <= x <= 6, a[2])
    @test all(x -> 0 <= x < 1, a[5])
    # copy continues the same stream independently; seed! restarts it
    g = MersenneTwister(7)
    rand(g, 1000)
    h = copy(g)
    @test h == g && h !== g
    @test rand(g, 5) == rand(h, 5)
    @test Random.seed!(g, 7) === g
    @test g == MersenneTwister(7)
    @test rand(g, 3) == rand(MersenneTwister(7), 3)
    @test copy!(MersenneTwister(0), h) == h
    # statistics of a long stream
    x = rand(MersenneTwister(3), 20000)
    @test abs(sum(x) / 20000 - 0.5) < 0.01
    z = randn(MersenneTwister(3), 20000)
    @test abs(sum(z) / 20000) < 0.03
    # unseeded generators draw their seed from the OS
    @test rand(MersenneTwister(), 4) != rand(MersenneTwister(), 4)
    @test repr(MersenneTwister(5)) == "MersenneTwister(5)"
    @test_throws DomainError MersenneTwister(-1)
end
