# reflection.jl -- InteractiveUtils and Base's code reflection: code_lowered / code_typed in Julia's
# IR format, code_warntype flagging unstable types, code_llvm / code_native of compiled code
# (an Int fib calls nothing in the runtime), the @code_* macros, @which, precompile, subtypes,
# supertypes, methodswith, names.
using Test
using InteractiveUtils

rfib(n) = n < 2 ? n : rfib(n - 1) + rfib(n - 2)
rpos(x) = x > 0 ? x : "neg"
function rloc(x)
    y = x + 1
    return y * 2
end
radd(a, b) = a + b
struct RPoint
    x::Int
end
rnorm(p::RPoint) = p.x
rsame(p::RPoint, q::RPoint) = p.x == q.x

# the lines of `s` that call a function whose name starts with @jl_ (the runtime)
runtime_calls(s) = [l for l in split(s, '\n') if occursin("call", l) && occursin("@jl_", l)]

@testset "code_lowered" begin
    cis = code_lowered(rfib, (Int,))
    @test length(cis) == 1
    @test cis[1] isa Core.CodeInfo
    s = sprint(show, cis[1])
    @test startswith(s, "CodeInfo(\n1 ─ %1 = n < 2\n└──      goto #3 if not %1\n2 ─      return n\n")
    @test occursin("%5 = Main.rfib(%4)", s)
    @test endswith(s, "└──      return %8\n)")
    @test (@code_lowered rfib(3)) isa Core.CodeInfo
    @test code_lowered(rfib, (String,)) == Core.CodeInfo[] || length(code_lowered(rfib, (String,))) == 1
end

@testset "code_typed" begin
    r = code_typed(rfib, (Int,))
    @test length(r) == 1
    ci, rt = r[1]
    @test rt === Int64
    @test ci isa Core.CodeInfo
    s = sprint(show, r[1])
    @test startswith(s, "CodeInfo(\n1 ─ %1 = Base.slt_int(n, 2)::Bool\n")
    @test occursin("invoke Main.rfib(", s)
    @test endswith(s, ") => Int64")
    @test (@code_typed rpos(1)).second == Union{Int64, String}
    @test (@code_typed radd(1, 2.0)).second === Float64
    @test (@code_typed rnorm(RPoint(1))).second === Int64
    @test code_typed(rloc, (Float64,))[1].second === Float64
    @test (@code_typed optimize=false rloc(1)).second === Int64
    @test_throws ArgumentError code_typed(+, 1)
end

@testset "code_warntype" begin
    s = sprint(io -> code_warntype(io, rpos, (Int,)))
    @test startswith(s, "MethodInstance for rpos(::Int64)\n  from rpos(x) @ Main ")
    @test occursin("Arguments\n  #self#::Core.Const(rpos)\n  x::Int64\n", s)
    # without color, unstable types are emphasized in upper case, as Julia does
    @test occursin("Body::UNION{INT64, STRING}\n", s)
    @test occursin("%1 = (x > 0)::Bool", s)
    @test endswith(s, "return \"neg\"\n\n")
    s = sprint(io -> code_warntype(io, rloc, (Int,)))
    @test occursin("Locals\n  y::Int64\n", s)
    @test occursin("Body::Int64\n", s)
    @test !occursin("UNION", s) && !occursin("ANY", s)
    # with color: small unions yellow, Any red, good types cyan
    sc = sprint(io -> code_warntype(IOContext(io, :color => true), rpos, (Int,)))
    @test occursin("Body\e[33m\e[1m::Union{Int64, String}\e[22m\e[39m", sc)
    @test occursin("\e[36m::Int64\e[39m", sc)
    getany(v) = v[1]
    sa = sprint(io -> code_warntype(IOContext(io, :color => true), getany, (Vector{Any},)))
    @test occursin("Body\e[91m\e[1m::Any\e[22m\e[39m", sa)
end

@testset "code_llvm" begin
    s = sprint(io -> code_llvm(io, rfib, (Int,)))
    @test occursin("define i64 @julia_rfib_", s) && occursin("(i64 signext %0)", s)
    @test occursin(";  @ ", s) && occursin("within `rfib`", s)
    # no runtime calls but the entry stack check's cold StackOverflowError path
    @test all(l -> occursin("@jl_throw_stack_overflow", l), runtime_calls(s))
    @test !occursin("jl_apply_generic", s) && !occursin("jl_box", s)
    @test !occursin("!prof", s)     # metadata is stripped, as Julia prints it
    n = sprint(io -> code_llvm(io, rfib, (Int,); debuginfo=:none))
    @test !occursin(";  @", n)
    @test startswith(n, "define i64 @julia_rfib_")
    m = sprint(io -> code_llvm(io, rfib, (Int,); dump_module=true))
    @test occursin("declare", m) || occursin("@julep_roots_", m)
    u = sprint(io -> code_llvm(io, rpos, (Int,)))
    @test occursin("define", u)
    @test_throws ArgumentError code_llvm(devnull, rfib, (Int,); debuginfo=:all)
    @test_throws ErrorException code_llvm(devnull, rnorm, (String,))
end

@testset "code_native" begin
    intel = sprint(io -> code_native(io, radd, (Int, Int)))
    @test occursin("\njulia_radd_", intel)
    @test occursin("\tret", intel)
    @test occursin("lea\trax, [rdi + rsi]", intel) || occursin("add\t", intel)
    @test occursin("; ┌ @ ", intel) && occursin("; └", intel)
    att = sprint(io -> code_native(io, radd, (Int, Int); syntax=:att, debuginfo=:none))
    @test occursin("%rdi", att) && !occursin("; ┌", att)
    @test occursin("\tretq", att)
    @test !occursin(".intel_syntax", intel)
    @test_throws ArgumentError code_native(devnull, radd, (Int, Int); syntax=:arm)
    # self-recursion is a direct call (small code model), not a register-indirect one
    fn = sprint(io -> code_native(io, rfib, (Int,); debuginfo=:none))
    name = match(r"\n(julia_rfib_\d+):", fn)
    @test name !== nothing && occursin("\tcall\t" * name[1], fn)
    @test !occursin(r"\tcall\tr\w+\n", fn) && !occursin(r"movabs\t\w+, [A-Za-z_]", fn)  # no address loads
end

@testset "which, precompile, functionloc" begin
    m = @which rfib(3)
    @test m isa Method && m.name === :rfib
    @test which(radd, (Int, Int)) === m.module.radd |> methods |> first
    @test (@which 1 + 2) === which(+, (Int, Int))
    @test precompile(rloc, (Int32,)) === true
    @test precompile(rnorm, (String,)) === false
    file, line = @functionloc rfib(1)
    @test endswith(file, "reflection.jl") && line == 8
end

@testset "type graph" begin
    @test supertypes(Int64) == (Int64, Signed, Integer, Real, Number, Any)
    @test supertypes(Any) == (Any,)
    st = subtypes(Signed)
    @test Int64 in st && Int8 in st && !(UInt8 in st)
    @test issorted(st; by=string)
    abstract type RShape end
    struct RCircle <: RShape end
    struct RSquare <: RShape end
    @test subtypes(RShape) == [RCircle, RSquare]
    @test subtypes(Int64) == []
    ms = methodswith(RPoint)
    @test length(ms) == 2 && all(m -> m.name in (:rnorm, :rsame), ms)
end

module RNames
export visible
visible() = 1
hidden() = 2
end
using .RNames

@testset "names" begin
    @test names(RNames) == [:RNames, :visible]
    @test :hidden in names(RNames; all=true)
    @test !(:visible in names(@__MODULE__)) || parentmodule(visible) === @__MODULE__
    @test !(:println in names(@__MODULE__))   # found through `using Base`, not Main's own
end

struct IlHolder
    v::Vector{Int}
    n::Int
end
@testset "invokelatest and @invokelatest" begin
    @test Base.invokelatest(+, 1, 2) == 3
    @test invokelatest(sum, [1, 2, 3]) == 6
    @test invokelatest(sort, [3, 1, 2]; rev = true) == [3, 2, 1]
    @test @invokelatest(+(1, 2)) == 3
    @test @invokelatest(sort([3, 1, 2]; rev = true)) == [3, 2, 1]
    h = IlHolder([10, 20], 5)
    @test @invokelatest(h.n) == 5
    @test @invokelatest(h.v[2]) == 20
    kw(; a = 1) = a
    splat_kw(f, args...; kws...) = f(args...; kws...)
    @test splat_kw(+, 1, 2) == 3
    @test splat_kw(kw; a = 4) == 4
    @test splat_kw(kw) == 1
end

@testset "SimpleVector show" begin
    @test sprint(show, Core.svec(1, "a")) == "svec(1, \"a\")"
    @test sprint(show, Core.svec()) == "svec()"
    @test string(Tuple{Int, String}.parameters) == "svec(Int64, String)"
end

fm(x::Int) = 1
fm(x::String) = 2
fm(x, y) = 3
@testset "methods with argument types" begin
    @test length(methods(fm)) == 3
    @test length(methods(fm, (Int,))) == 1
    @test length(methods(fm, Tuple{Any})) == 2
    @test length(methods(fm, (Int, Int))) == 1
end

module WhichMod
export wm_f
wm_f() = 1
wm_hidden() = 2
end
using .WhichMod
@testset "which(module, name), isexported" begin
    @test which(Main, :wm_f) === WhichMod
    @test which(WhichMod, :wm_hidden) === WhichMod
    @test which(Main, :println) === Base
    @test_throws ErrorException which(Main, :no_such_name_here)
    @test Base.isexported(WhichMod, :wm_f) && !Base.isexported(WhichMod, :wm_hidden)
end

module PMod
pm_f(x::Int) = 1
module Inner
import ..PMod: pm_f
pm_f(x::String) = 2
end
end
@testset "parentmodule of a method and of a call signature" begin
    @test parentmodule(PMod.pm_f, Tuple{Int}) === PMod
    @test parentmodule(PMod.pm_f, (String,)) === PMod.Inner
    @test parentmodule(which(PMod.pm_f, (String,))) === PMod.Inner
    @test_throws ErrorException parentmodule(PMod.pm_f, Tuple{Float64})
end

# a constructor's reflection goes through the constructor table, which holds every type's constructors
struct RPair2{T}
    a::T
    b::Float64
end
RPair2(a::T, b::Int) where {T} = RPair2{T}(a, Float64(b))

@testset "reflection on constructors" begin
    @test Base.return_types(RPoint, (Int,)) == Any[RPoint]
    @test Base.return_types(RPair2, (String, Int)) == Any[RPair2{String}]
    @test Base.return_types(RPair2{Int}, (Int, Float64)) == Any[RPair2{Int}]
    @test which(RPair2, (Int, Int)).sig <: Tuple{Type{RPair2}, Any, Int}
    @test which(Vector{Int}, (UndefInitializer, Int)) isa Method
    @test length(code_lowered(RPair2, (Symbol, Int))) == 1
    @test code_typed(RPoint, (Int,))[1].second === RPoint
    @test length(methods(RPair2)) == 2
    @test_throws ErrorException which(RPair2, (Int, Int, Int))
end

@testset "isdispatchtuple" begin
    @test Base.isdispatchtuple(Tuple{typeof(+), Int, Float64})
    @test Base.isdispatchtuple(Tuple{Type{Int}, Int})
    @test Base.isdispatchtuple(Tuple{Type{Vector}, Int})
    @test Base.isdispatchtuple(Tuple{})
    @test !Base.isdispatchtuple(Tuple{Int, Any})
    @test !Base.isdispatchtuple(Tuple{Type{Vector{T}} where T, Int})
    @test !Base.isdispatchtuple(Tuple{DataType})
    @test !Base.isdispatchtuple(Tuple{Vararg{Int}})
    @test !Base.isdispatchtuple(Tuple{Integer})
    @test !Base.isdispatchtuple(Int)
end
