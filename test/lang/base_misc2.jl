# base_misc2.jl -- WeakRef/WeakKeyDict, deepcopy, splice!/deleteat! forms, first(itr, n), BitArray from
# integers, dump, @NamedTuple, Meta.parse(raise=false) and Meta.ParseError, methods of a type,
# promotion catch-all errors, float printing corner cases (Float16, compact).
using Test

mutable struct Node
    val::Int
    next::Union{Node,Nothing}
end
struct Wrap
    items::Vector{Any}
    name::String
end
struct Pt
    x::Int
end
Pt(a, b) = Pt(a + b)
struct NoArith <: Number end

# many short-lived referents, made in a function so no stack slot of the caller keeps them
make_weakrefs(n) = [WeakRef([i]) for i in 1:n]

@testset "WeakRef" begin
    v = [1, 2]
    w = WeakRef(v)
    @test w.value === v
    @test w == v
    @test WeakRef(v) == w
    @test repr(WeakRef(nothing)) == "WeakRef(nothing)"
    @test WeakRef().value === nothing
    ws = make_weakrefs(200)
    GC.gc(); GC.gc()
    @test count(x -> x.value === nothing, ws) > 0   # collected referents read as nothing
    @test all(x -> x.value === nothing || x.value isa Vector{Int}, ws)
    @test v == [1, 2] && w.value === v              # a live referent stays
end

@testset "WeakKeyDict" begin
    k1, k2 = [1], [2]
    d = WeakKeyDict(k1 => "a")
    d[k2] = "b"
    @test d[k1] == "a" && d[[2]] == "b"              # keys compare with isequal, as in Dict
    @test length(d) == 2 && haskey(d, k2) && !haskey(d, [3])
    @test get(d, [3], "none") == "none"
    @test get!(d, k2, "c") == "b"
    @test sort!(collect(values(d))) == ["a", "b"]
    delete!(d, k1)
    @test collect(keys(d)) == [[2]]
    @test pop!(d, k2) == "b" && isempty(d)
    @test_throws KeyError d[k1]
    @test_throws ArgumentError d[1] = "not a Vector{Int}"
    @test_throws ErrorException WeakKeyDict{Any,Any}()[1] = "immutable keys cannot be finalized"
    @test sprint(show, WeakKeyDict([5] => 1)) == "WeakKeyDict([5] => 1)"
    @test sprint(show, WeakKeyDict(Ref(1) => 1)) == "WeakKeyDict{Base.RefValue{Int64}, Int64}(Base.RefValue{Int64}(1) => 1)"
end

@testset "deepcopy" begin
    a = [[1, 2], [3]]
    b = deepcopy(a)
    @test b == a && b !== a && b[1] !== a[1]
    b[1][1] = 99
    @test a[1][1] == 1
    shared = [0]
    w = Wrap(Any[shared, shared, "s"], "w")
    w2 = deepcopy(w)
    @test w2.items[1] === w2.items[2] && w2.items[1] !== shared   # sharing is preserved
    n = Node(1, nothing); n.next = n                                  # a cycle
    n2 = deepcopy(n)
    @test n2 !== n && n2.next === n2 && n2.val == 1
    d = Dict([1] => Set([2]))
    d2 = deepcopy(d)
    @test d2 == d && first(keys(d2)) !== first(keys(d)) && d2[[1]] == Set([2])
    @test deepcopy((1, "a", [2])) == (1, "a", [2])
    @test deepcopy(:sym) === :sym && deepcopy(3.5) === 3.5
end

@testset "splice! and deleteat!" begin
    a = [1, 2, 3, 4, 5]
    @test splice!(a, 2) == 2 && a == [1, 3, 4, 5]
    @test splice!(a, 2:3, [7, 8, 9]) == [3, 4] && a == [1, 7, 8, 9, 5]
    @test splice!(a, 1, [10, 11]) == 1 && a == [10, 11, 7, 8, 9, 5]
    @test splice!(a, 3:2, [0]) == Int[] && a == [10, 11, 0, 7, 8, 9, 5]   # empty range inserts
    @test deleteat!([1, 2, 3, 4], 2:3) == [1, 4]
    @test deleteat!([1, 2, 3, 4], [1, 3]) == [2, 4]
    @test deleteat!([1, 2, 3], [true, false, true]) == [2]
    @test_throws BoundsError deleteat!([1, 2], 2:3)
    @test_throws ArgumentError deleteat!([1, 2, 3], [2, 1])
    @test_throws BoundsError deleteat!([1, 2], [true])
    @test_throws BoundsError splice!([1], 2)
end

@testset "first(itr, n), BitVector, @NamedTuple" begin
    @test first(Iterators.cycle([1, 2]), 5) == [1, 2, 1, 2, 1]
    @test first((x^2 for x in 1:10), 3) == [1, 4, 9]
    @test first("abc", 2) == "ab"
    @test BitVector([1, 0, 1]) == [true, false, true] && BitVector([1, 0]) isa BitVector
    @test_throws InexactError BitVector([2])
    @test @NamedTuple{a::Int, b::Float64} === NamedTuple{(:a, :b), Tuple{Int64, Float64}}
    @test (@NamedTuple begin
        x::Int
        y
    end) === NamedTuple{(:x, :y), Tuple{Int64, Any}}
end

@testset "dump" begin
    @test sprint(dump, 1) == "Int64 1\n"
    @test sprint(dump, :a) == "Symbol a\n"
    @test sprint(dump, "s") == "String \"s\"\n"
    @test sprint(dump, [1, 2]) == "Array{Int64}((2,)) [1, 2]\n"
    @test sprint(dump, (a = 1, b = "x")) ==
          "@NamedTuple{a::Int64, b::String}\n  a: Int64 1\n  b: String \"x\"\n"
    @test sprint(dump, :(1 + x)) ==
          "Expr\n  head: Symbol call\n  args: Array{Any}((3,))\n    1: Symbol +\n    2: Int64 1\n    3: Symbol x\n"
    @test sprint(dump, Node(1, nothing)) == "Node\n  val: Int64 1\n  next: Nothing nothing\n"
    @test sprint(dump, Complex{Int}) == "Complex{Int64} <: Number\n  re::Int64\n  im::Int64\n"
end

@testset "Meta.parse errors" begin
    @test Meta.parse("x = "; raise = false) == Expr(:incomplete, "incomplete: premature end of input")
    @test Meta.parse("x = ") == Expr(:incomplete, "incomplete: premature end of input")
    ex = Meta.parse("1 + )"; raise = false)
    @test ex isa Expr && ex.head === :error && ex.args[1] == "unexpected \")\""
    err = try Meta.parse("1 + )") catch e; e end
    @test err isa Meta.ParseError
    @test sprint(showerror, err) == "ParseError:\n# Error @ none:1:5\n1 + )\n#   ╙ ── unexpected \")\""
    @test Meta.parse("a b", 1; raise = false)[1].head === :error
    @test sprint(showerror, Meta.ParseError("oops")) == "ParseError(\"oops\")"
end

@testset "methods of a type, promotion catch-alls" begin
    ms = methods(Pt)
    @test length(ms) == 3
    @test startswith(sprint(show, ms), "# 3 methods for type constructor:\n [1] Pt(x::Int64)\n")
    @test length(methods(MethodError)) == 2
    @test occursin("tanh(z::Complex{T}) where T<:AbstractFloat\n     @ Base complex.jl:",
                   sprint(show, methods(tanh)))
    @test sprint(showerror, try NoArith() + NoArith() catch e; e end) == "+ not defined for NoArith"
    @test sprint(showerror, try NoArith() * 2 catch e; e end) ==
          "promotion of types NoArith and Int64 failed to change any arguments"
    @test 1 + 2.5 === 3.5 && (1//2) * (1//3) == 1//6 && big(2)^3 == 8
    @test repr(DomainError(1)) == "DomainError(1, \"\")"
    @test sprint(showerror, MethodError(sin, (1, 2))) |> startswith("MethodError: no method matching sin(::Int64, ::Int64)")
end

@testset "float printing corners" begin
    @test repr(floatmax(Float16)) == "Float16(6.55e4)"
    @test repr(Float16(1000)) == "Float16(1.0e3)" && repr(Float16(100)) == "Float16(100.0)"
    @test string(Float16(2048)) == "2.048e3"
    @test sprint(show, 123456.789; context = :compact => true) == "1.23457e5"
    @test sprint(show, 12345.6789; context = :compact => true) == "12345.7"
    @test string(100000.0) == "100000.0" && string(1e6) == "1.0e6"
end
