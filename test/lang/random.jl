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
    # Julia's MersenneTwister is dSFMT-19937 seeded through init_by_array; the values are Julia's
    # (the doc example of MersenneTwister and stdlib/Random/test/runtests.jl)
    @test rand(MersenneTwister(1234), 2) == [0.5908446386657102, 0.7667970365022592]
    @test rand(MersenneTwister(1)) === 0.23603334566204692
    @test rand(MersenneTwister(0)) == 0.8236475079774124
    @test rand(MersenneTwister(42)) == 0.5331830160438613
    @test rand(MersenneTwister(5294967296)) == 0.3498809918210497    # a seed of two 32-bit words
    @test rand(MersenneTwister(0), 1) == [0.8236475079774124]
    A = zeros(2, 2)
    rand!(MersenneTwister(0), A)
    @test A == [0.8236475079774124 0.16456579813368521; 0.9103565379264364 0.17732884646626457]
    A = zeros(Int64, 2, 2)
    rand!(MersenneTwister(0), A)
    @test A == [858542123778948672 5715075217119798169; 8690327730555225005 8435109092665372532]
    @test randn(MersenneTwister(42)) == -0.5560268761463861
    A = zeros(2, 2)
    randn!(MersenneTwister(42), A)
    @test A == [-0.5560268761463861 0.027155338009193845; -0.444383357109696 -0.29948409035891055]
    # the bulk paths of rand! (128-bit words, small integers from their bytes)
    let mt = MersenneTwister(0)
        A128 = Vector{UInt128}()
        @test length(rand!(mt, A128)) == 0
        for (i, n) in enumerate([1, 3, 5, 6, 10, 11, 30])
            resize!(A128, n)
            rand!(mt, A128)
            @test A128[end] == UInt128[0x15de6b23025813ad129841f537a04e40, 0xcfa4db38a2c65bc4f18c07dc91125edf,
                                       0x33bec08136f19b54290982449b3900d5, 0xde41af3463e74cb830dad4add353ca20,
                                       0x066d8695ebf85f833427c93416193e1f, 0x48fab49cc9fcee1c920d6dae629af446,
                                       0x4b54632b4619f4eca22675166784d229][i]
        end
        Random.seed!(mt, 0)
        for (i, T) in enumerate([Int8, UInt8, Int16, UInt16, Int32, UInt32, Int64])
            A = Vector{T}(undef, 16)
            B = Vector{T}(undef, 31)
            rand!(mt, A)
            @test A[end] == Any[21, 0x7b, 17385, 0x3086, -1574090021, 0xadcb4460, 6797283068698303107][i]
            T === Int64 && break
            rand!(mt, B)
            @test B[end] == Any[49, 0x65, -3725, 0x719d, 814246081, 0xdf61843a][i]
        end
        # arrays of Float64: fewer than 384 values come from the cache, more straight from the stream
        Random.seed!(mt, 0)
        AF64 = Vector{Float64}(undef, 381)
        @test rand!(mt, AF64)[end] == 0.957735065345398
        @test rand!(mt, AF64)[end] == 0.6492481059865669
        Random.seed!(mt, 0)
        rand(mt)
        A = rand!(mt, Vector{Float64}(undef, 1000))
        @test A[end-4:end] == [0.3371041633752143, 0.41147647589610803, 0.6063082992397912, 0.9103565379264364, 0.16456579813368521]
    end
    # show gives the seed and, once drawn from, how far the stream and the float cache advanced
    @test repr(MersenneTwister(5)) == "MersenneTwister(5)"
    m = MersenneTwister(1234)
    rand(m, 2)
    @test repr(m) == "MersenneTwister(1234, (0, 1002, 0, 2))"
    @test MersenneTwister(1) isa AbstractRNG
    # Julia's documentation examples: integer ranges draw 64-bit words from the integer cache
    @test rand(MersenneTwister(0), 4:20) == 11
    @test randstring(MersenneTwister(3), 'a':'z', 6) == "ocucay"
    @test randperm(MersenneTwister(1234), 4) == [2, 1, 4, 3]
    @test randcycle(MersenneTwister(1234), 6) == [3, 5, 4, 6, 1, 2]
    @test rand!(MersenneTwister(1234), zeros(5)) ==
        [0.5908446386657102, 0.7667970365022592, 0.5662374165061859, 0.4600853424625171, 0.7940257103317943]
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
    @test_throws DomainError MersenneTwister(-1)
end

@testset "complex normals" begin
    # Julia's randn docstring: each part is sqrt(1/2) times a standard normal
    @test randn(MersenneTwister(1234), ComplexF64) == 0.6133070881429037 - 0.6376291670853887im
    B = zeros(ComplexF64, 2)
    randn!(MersenneTwister(42), B)
    @test B == [ComplexF64(-0.5560268761463861, -0.444383357109696),
                ComplexF64(0.027155338009193845, -0.29948409035891055)] * 0.7071067811865475244008
    z = randn(Xoshiro(1), ComplexF32, 3)
    @test z isa Vector{ComplexF32} && length(z) == 3
end

@testset "bitrand" begin
    # Julia 1.10's documented streams (bitrand docstring: Xoshiro(123); MersenneTwister(1234))
    b = bitrand(Xoshiro(123), 10)
    @test b isa BitVector
    @test b == Bool[0, 1, 0, 1, 0, 1, 0, 0, 1, 1]
    @test bitrand(MersenneTwister(1234), 10) == Bool[0, 0, 0, 0, 1, 0, 0, 0, 1, 1]
    @test sprint(show, MIME"text/plain"(), bitrand(Xoshiro(123), 4)) == "4-element BitVector:\n 0\n 1\n 0\n 1"
    # rand! on a BitArray draws the same bits
    @test rand!(Xoshiro(123), falses(10)) == b
    @test rand!(Xoshiro(123), trues(10)) == b
    # dimensions as varargs or a tuple
    m = bitrand(Xoshiro(1), 2, 3)
    @test m isa BitMatrix && size(m) == (2, 3)
    @test bitrand(Xoshiro(1), (2, 3)) == m
    @test bitrand(3) isa BitVector && length(bitrand(3)) == 3
    @test size(bitrand((2, 2))) == (2, 2)
    @test bitrand(Xoshiro(1), 0) == falses(0)
    # the bits past the length stay clear, so counting and comparison see only the elements
    x = bitrand(Xoshiro(5), 70)
    @test count(x) == count(collect(x))
    @test x.chunks[2] >> 6 == 0
    @test bitrand(Xoshiro(9), 130) == bitrand(Xoshiro(9), 130)
    Random.seed!(3); y = bitrand(65)
    Random.seed!(3); @test bitrand(65) == y
end
