# dict.jl -- Dict with Julia 1.10's hash values and slot order (so printing matches Julia), the
# AbstractDict interface, IdDict and Base.ImmutableDict.
using Test

struct UDict <: AbstractDict{String,Int}
    d::Dict{String,Int}
end
Base.iterate(m::UDict, st...) = iterate(m.d, st...)
Base.length(m::UDict) = length(m.d)
Base.get(m::UDict, k, def) = get(m.d, k, def)

@testset "hash values" begin
    # Julia 1.10's documented values
    @test hash(10) == 0x95ea2955abd45275
    @test hash(10, hash(10)) == 0xd42bad54a8575b16
    @test hash(1) == hash(1.0) == hash(0x01) == hash(true) == hash(Int32(1)) == hash(1.0f0)
    @test hash(2^62) == hash(2.0^62)
    @test hash(-3) == hash(-3.0)
    @test hash(0.0) != hash(-0.0)
    @test hash(NaN) == hash(-NaN)
    @test hash(1.5) != hash(1.5, UInt(1))
    @test hash("abc") == hash("abc") && hash("abc") != hash("abd")
    @test hash((1, 2)) != hash((2, 1))
    @test hash(:a) != hash(:b)
    @test hash(1 => 2) == hash(1.0 => 2.0)
    @test hash([1, 2, 3]) == hash([1.0, 2.0, 3.0])
end

@testset "iteration order is Julia's" begin
    @test repr(Dict("a" => 1, "b" => 2, "c" => 3)) == "Dict(\"c\" => 3, \"b\" => 2, \"a\" => 1)"
    @test repr(Dict("A" => 1, "B" => 2)) == "Dict(\"B\" => 2, \"A\" => 1)"
    @test repr(Dict(1 => "a", 2 => "b")) == "Dict(2 => \"b\", 1 => \"a\")"
    a = Dict("foo" => 0.0, "bar" => 42.0)
    b = Dict("baz" => 17, "bar" => 4711)
    @test sprint(show, MIME("text/plain"), merge(a, b)) ==
        "Dict{String, Float64} with 3 entries:\n  \"bar\" => 4711.0\n  \"baz\" => 17.0\n  \"foo\" => 0.0"
    @test collect(keys(Dict(['a' => 2, 'b' => 3]))) == ['a', 'b']
    g = Dict("a" => 1, "b" => 2, "c" => 3)
    get!(g, "a", 5)
    get!(g, "d", 4)
    @test sprint(show, MIME("text/plain"), g) ==
        "Dict{String, Int64} with 4 entries:\n  \"c\" => 3\n  \"b\" => 2\n  \"a\" => 1\n  \"d\" => 4"
    @test sprint(show, MIME("text/plain"), keys(Dict('a' => 2, 'b' => 3))) ==
        "KeySet for a Dict{Char, Int64} with 2 entries. Keys:\n  'a'\n  'b'"
    @test sprint(show, MIME("text/plain"), values(Dict('a' => 2, 'b' => 3))) ==
        "ValueIterator for a Dict{Char, Int64} with 2 entries. Values:\n  2\n  3"
    # growth: 11 entries rehash a 16-slot table to 64 slots, order still follows the slots
    d = Dict{Int,Int}()
    for i in 1:11
        d[i] = i
    end
    @test length(d.slots) == 64
    @test sort(collect(keys(d))) == 1:11
    # sizehint from a pair constructor: 12 pairs fit in 32 slots
    @test length(Dict((i => i for i in 1:12)...).slots) == 32
end

@testset "Dict interface" begin
    d = Dict{String,Int}()
    @test isempty(d) && length(d) == 0
    d["x"] = 1
    d["y"] = 2
    @test d["x"] == 1 && length(d) == 2
    @test_throws KeyError d["z"]
    @test get(d, "z", 0) == 0
    @test get(() -> 5, d, "z") == 5
    @test get!(d, "z", 3) == 3 && d["z"] == 3
    @test get!(() -> 9, d, "w") == 9 && haskey(d, "w")
    @test getkey(d, "x", nothing) == "x" && getkey(d, "q", nothing) === nothing
    @test pop!(d, "w") == 9 && !haskey(d, "w")
    @test pop!(d, "w", -1) == -1
    @test_throws KeyError pop!(d, "w")
    delete!(d, "z")
    @test !haskey(d, "z") && length(d) == 2
    @test ("x" => 1) in d && !(("x" => 2) in d)
    @test "x" in keys(d)
    @test sort(collect(values(d))) == [1, 2]
    @test_throws MethodError Dict{Int,Int}()["a"] = 1
    @test_throws InexactError Dict{Int,Int}()[1.5] = 1
    d2 = Dict{Int,Float64}()
    d2[1] = 2     # converted
    @test d2[1] === 2.0
    d2[2.0] = 3   # an integral float is a valid Int key
    @test d2[2] === 3.0
    e = copy(d)
    e["x"] = 10
    @test d["x"] == 1
    @test empty(d) isa Dict{String,Int} && isempty(empty(d))
    @test empty!(e) === e && isempty(e)
    m = merge(Dict(1 => 1), Dict(2 => 2.5))
    @test m isa Dict{Int,Float64} && m[2] == 2.5
    @test mergewith(+, Dict(:a => 1, :b => 2), Dict(:b => 3)) == Dict(:a => 1, :b => 5)
    f = Dict(1 => "a", 2 => "b", 3 => "c")
    @test filter(p -> isodd(p.first), f) == Dict(1 => "a", 3 => "c")
    filter!(p -> p.second != "b", f)
    @test length(f) == 2 && !haskey(f, 2)
    @test Dict(1 => 2) == Dict(1.0 => 2.0)
    @test isequal(Dict(1 => NaN), Dict(1 => NaN)) && Dict(1 => NaN) != Dict(1 => NaN)
    @test Dict([(1, 2), (3, 4)]) == Dict(1 => 2, 3 => 4)
    @test Dict(k => k^2 for k in 1:3)[3] == 9
    # deletions leave tombstones that later inserts reuse; the contents stay right
    g = Dict{Int,Int}()
    for i in 1:100
        g[i] = i
    end
    for i in 1:2:100
        delete!(g, i)
    end
    @test length(g) == 50 && all(haskey(g, i) for i in 2:2:100) && !any(haskey(g, i) for i in 1:2:100)
    @test sum(values(g)) == sum(2:2:100)
    @test pop!(Dict(7 => 8)) == (7 => 8)
    @test sprint(show, MIME("text/plain"), Dict{Int,Int}()) == "Dict{Int64, Int64}()"
    @test sprint(show, MIME("text/plain"), Set{Int}()) == "Set{Int64}()"
    @test repr(keys(Dict(1 => 2))) == "[1]"
end

@testset "IdDict and ImmutableDict" begin
    a = [1]
    b = [1]
    d = IdDict{Any,Int}()
    d[a] = 1
    d[b] = 2
    @test length(d) == 2 && d[a] == 1 && d[b] == 2
    @test !haskey(d, [1])
    delete!(d, a)
    @test length(d) == 1 && get(d, a, 0) == 0
    i = Base.ImmutableDict("a" => 1)
    j = Base.ImmutableDict(i, "b" => 2)
    k = Base.ImmutableDict(j, "a" => 3)
    @test i["a"] == 1 && k["a"] == 3 && k["b"] == 2 && length(k) == 3
    @test get(i, "b", 0) == 0 && haskey(j, "b") && !haskey(i, "b")
end

@testset "pairs of a Dict{K,V} are Pair{K,V}" begin
    d = Dict{Any,Int}((1, 2) => 3, :a => 1)
    ps = collect(d)
    @test ps isa Vector{Pair{Any,Int}} && length(ps) == 2
    @test Set(ps) == Set([(1, 2) => 3, :a => 1])
    @test all(p -> p isa Pair{Any,Int}, d)
    @test typeof(first(Dict{Real,Float64}(1 => 2.0))) == Pair{Real,Float64}
    @test pop!(Dict{Any,Any}(:k => 1)) isa Pair{Any,Any}
    @test eltype(filter(p -> p.second > 1, d)) == Pair{Any,Int}
    @test typeof(first(Base.ImmutableDict{Any,Int}(Base.ImmutableDict{Any,Int}(), :x, 1))) == Pair{Any,Int}
    @test convert(Pair{Any,Float64}, :x => 1) === Pair{Any,Float64}(:x, 1.0)
    p = 1 => 2
    @test convert(Pair{Int,Int}, p) === p
    @test_throws InexactError convert(Pair{Int,Int}, 1 => 2.5)
    v = Pair{String,Int}[]
    push!(v, "a" => 0x01)
    @test v == ["a" => 1] && v[1].second isa Int
    @testset "user AbstractDict and missing/nothing in literals" begin
        md = UDict(Dict("a" => 1))
        @test md["a"] == 1
        @test haskey(md, "a") && !haskey(md, "b")
        @test !isempty(md)
        @test sprint(show, md) == "UDict(\"a\" => 1)"
        @test sprint(show, MIME"text/plain"(), md) == "UDict with 1 entry:\n  \"a\" => 1"
        @test typeof([1, missing]) == Vector{Union{Missing, Int64}}
        @test typeof([1, nothing]) == Vector{Union{Nothing, Int64}}
        @test string([missing, 2.0, 1]) == "Union{Missing, Float64}[missing, 2.0, 1.0]"
        @test sprint(show, MIME"text/plain"(), [1, missing]) == "2-element Vector{Union{Missing, Int64}}:\n 1\n  missing"
        @test propertynames((a = 1, b = 2)) == (:a, :b)
        @test (a = 1, b = 2, c = 3)[(:c, :a)] == (c = 3, a = 1)
    end
end

@testset "text/plain display: padded and cut to the display only under :limit" begin
    d = Dict("a" => 1, "bbb" => 2)
    # print, repr, a program's display: one line per entry, nothing padded
    plain = join(["\n  " * repr(k) * " => " * repr(v) for (k, v) in d])
    @test sprint(show, MIME"text/plain"(), d) == "Dict{String, Int64} with 2 entries:" * plain
    @test repr("text/plain", d) == "Dict{String, Int64} with 2 entries:" * plain
    # the REPL (:limit): keys padded to the widest so the arrows line up
    lim = (:limit => true, :displaysize => (24, 80))
    padded = join(["\n  " * rpad(repr(k), 5) * " => " * repr(v) for (k, v) in d])
    @test sprint(show, MIME"text/plain"(), d; context = lim) == "Dict{String, Int64} with 2 entries:" * padded
    # at most displaysize rows (minus 4): the rest is a ⋮ line
    big = Dict(i => i for i in 1:30)
    s = sprint(show, MIME"text/plain"(), big; context = lim)
    ls = split(s, '\n')
    @test length(ls) == 21 && ls[1] == "Dict{Int64, Int64} with 30 entries:"
    @test ls[end] == "  ⋮  => ⋮"
    @test ls[2:end-1] == ["  " * rpad(string(k), 2) * " => " * string(v) for (k, v) in Iterators.take(big, 19)]
    @test length(split(sprint(show, MIME"text/plain"(), big), '\n')) == 31
    # a long value is cut to the width with …
    lv = sprint(show, MIME"text/plain"(), Dict(1 => "x"^100); context = lim)
    @test lv == "Dict{Int64, String} with 1 entry:\n  1 => \"" * "x"^71 * "…"
    @test textwidth(split(lv, '\n')[2]) == 80
    # a long key takes at most what the values leave (and a third of the width)
    lk = sprint(show, MIME"text/plain"(), Dict("k"^100 => 1); context = lim)
    @test lk == "Dict{String, Int64} with 1 entry:\n  \"" * "k"^71 * "… => 1"
    # too few rows: just the summary
    @test sprint(show, MIME"text/plain"(), d; context = (:limit => true, :displaysize => (3, 80))) ==
        "Dict{String, Int64} with 2 entries: …"
    @test sprint(show, MIME"text/plain"(), Dict{Int,Int}(); context = lim) == "Dict{Int64, Int64}()"
    # keys and values carry their declared types as :typeinfo (Bools print as 1/0, as Julia's REPL does)
    @test sprint(show, MIME"text/plain"(), Dict(true => false)) == "Dict{Bool, Bool} with 1 entry:\n  1 => 0"
    @test summary(d) == "Dict{String, Int64} with 2 entries"
    @test displaysize(IOContext(IOBuffer(), :displaysize => (10, 40))) == (10, 40)
end
