# sets.jl -- Set (Julia's slot order), the set algebra on sets and vectors, and missing/Some basics.
using Test

struct USet <: AbstractSet{Int}
    s::Set{Int}
end
Base.iterate(m::USet, st...) = iterate(m.s, st...)
Base.length(m::USet) = length(m.s)
Base.in(x, m::USet) = x in m.s

@testset "Set" begin
    s = Set("aaBca")
    @test repr(s) == "Set(['a', 'c', 'B'])"
    @test length(s) == 3 && 'B' in s && !('b' in s)
    push!(s, 'b')
    @test length(s) == 4 && 'b' in s
    delete!(s, 'a')
    @test !('a' in s) && length(s) == 3
    @test pop!(s, 'b') == 'b' && !('b' in s)
    @test_throws KeyError pop!(s, 'z')
    @test pop!(s, 'z', nothing) === nothing
    @test repr(Set{Int}()) == "Set{Int64}()"
    @test repr(Set(Any[1])) == "Set(Any[1])"
    @test sprint(show, MIME("text/plain"), Set([3])) == "Set{Int64} with 1 element:\n  3"
    @test Set([1, 2, 3]) == Set([3, 2, 1]) && Set([1, 2]) != Set([1, 2, 3])
    @test Set(x^2 for x in -2:2) == Set([0, 1, 4])
    @test eltype(Set(x for x in 1:3)) == Int
    @test isempty(empty!(Set([1])))
    c = copy(Set([1, 2]))
    push!(c, 3)
    @test length(c) == 3
    @test hash(Set([1, 2])) == hash(Set([2, 1]))
    @test sort(collect(filter(iseven, Set(1:6)))) == [2, 4, 6]
end

@testset "set algebra" begin
    a = Set([1, 2, 3])
    b = Set([3, 4])
    @test union(a, b) == Set(1:4) && a ∪ b == Set(1:4)
    @test intersect(a, b) == Set([3]) && a ∩ b == Set([3])
    @test setdiff(a, b) == Set([1, 2])
    @test symdiff(a, b) == Set([1, 2, 4])
    @test issubset(Set([1, 2]), a) && Set([1, 2]) ⊆ a && !(b ⊆ a)
    @test a ⊇ Set([1]) && Set([1]) ⊊ a && !(a ⊊ a)
    @test issetequal([1, 2, 2], [2, 1]) && !issetequal([1], [2])
    @test isdisjoint([1, 2], [3]) && !isdisjoint(a, b)
    u = Set([1])
    union!(u, [2, 3])
    intersect!(u, [2, 3, 4])
    setdiff!(u, [3])
    @test u == Set([2])
    symdiff!(u, [2, 5])
    @test u == Set([5])
    # vectors keep the order of first appearance
    @test union([1, 2], [2, 3]) == [1, 2, 3]
    @test union([1, 2], [3.0]) == [1.0, 2.0, 3.0] && eltype(union([1, 2], [3.0])) == Float64
    @test intersect([3, 1, 2, 1], [1, 3]) == [3, 1]
    @test setdiff([4, 1, 2, 1], [2]) == [4, 1]
    @test symdiff([1, 2, 3], [3, 4]) == [1, 2, 4]
    @test [1, 2] ⊆ [2, 1, 5]
end

@testset "missing and Some" begin
    @test ismissing(missing) && !ismissing(nothing)
    @test (missing == 1) === missing && (missing < 1) === missing && (1 + missing) === missing
    @test isequal(missing, missing) && !isequal(missing, 1)
    @test isless(1, missing) && !isless(missing, 1)
    @test (missing & false) === false && (missing & true) === missing
    @test (missing | true) === true && (missing | false) === missing
    @test !missing === missing
    @test coalesce(missing, nothing, 2) === nothing && coalesce(missing, 3) == 3 && coalesce() === missing
    @test collect(skipmissing([1, missing, 3])) == [1, 3]
    @test sum(skipmissing([1, missing, 3])) == 4
    @test nonmissingtype(Union{Int,Missing}) == Int
    @test repr(missing) == "missing" && string(missing) == "missing"
    @test something(nothing, Some(1), 2) == 1 && something(nothing, 2) == 2
    @test_throws ArgumentError something(nothing)
    @test Some(nothing).value === nothing
    @test repr(Some(1)) == "Some(1)"
    @testset "user AbstractSet gets Base's set operations" begin
        ms = USet(Set([1, 2]))
        @test eltype(ms) == Int
        @test union(ms, [3]) isa Set{Int}
        @test union(ms, [3]) == Set([1, 2, 3])
        @test issubset(ms, Set([1, 2, 3]))
        @test ms == Set([1, 2])
    end
end

@testset "text/plain display of sets under :limit" begin
    lim = (:limit => true, :displaysize => (24, 80))
    s = Set(1:30)
    full = sprint(show, MIME"text/plain"(), s)
    @test length(split(full, '\n')) == 31
    ls = split(sprint(show, MIME"text/plain"(), s; context = lim), '\n')
    @test length(ls) == 21 && ls[1] == "Set{Int64} with 30 elements:"
    @test ls[2:end-1] == ["  " * string(x) for x in Iterators.take(s, 19)]
    @test ls[end] == "  ⋮ "
    @test sprint(show, MIME"text/plain"(), Set(["y"^100]); context = lim) ==
        "Set{String} with 1 element:\n  \"" * "y"^76 * "…"
    @test sprint(show, MIME"text/plain"(), Set([1]); context = (:limit => true, :displaysize => (4, 80))) ==
        "Set{Int64} with 1 element: …"
    @test summary(Set([1, 2])) == "Set{Int64} with 2 elements"
end
