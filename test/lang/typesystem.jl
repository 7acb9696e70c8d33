# typesystem.jl -- the type-system queries users call: subtyping, typeintersect (exact answers where
# julep derives them; UnionAlls fixed by the other side, disjoint names, conflicting invariant
# parameters), supertype, fieldnames/fieldtypes, isbitstype/isconcretetype, parametric bounds.
using Test

abstract type TShape end
struct TPt{T<:Real} <: TShape
    x::T
    y::T
end
primitive type TBits64 64 end

@testset "type system" begin
    @testset "subtyping" begin
        @test TPt{Int} <: TShape && TPt <: TShape
        @test Vector{Int} <: AbstractVector{<:Real}
        @test !(Vector{Int} <: Vector{Real})
        @test Tuple{Int, Vararg{Int}} <: Tuple{Vararg{Real}}
        @test Int isa Type{Int} && !(Int isa Type{Real})
        @test_throws TypeError TPt{String}
    end
    @testset "typeintersect" begin
        @test typeintersect(Int, Real) === Int
        @test typeintersect(Int, String) === Union{}
        @test typeintersect(Union{Int, String}, Real) === Int
        @test typeintersect(Tuple{Int, Any}, Tuple{Any, String}) === Tuple{Int, String}
        @test typeintersect(Vector{T} where T, AbstractVector{Int}) === Vector{Int}
        @test typeintersect(Tuple{T, T} where T, Tuple{Int, Any}) === Tuple{Int, Int}
        @test typeintersect(Tuple{T, Vector{T}} where T, Tuple{Int, Any}) === Tuple{Int, Vector{Int}}
        @test typeintersect(Tuple{T, Vector{T}} where T, Tuple{Int, Vector{Real}}) === Tuple{Int, Vector{Real}}
        @test typeintersect(Tuple{Type{T}, T} where T, Tuple{Type{Int}, Any}) === Tuple{Type{Int}, Int}
        @test typeintersect(Pair{T, T} where T, Pair{Int, Any}) === Union{}
        @test typeintersect(Vector{Vector{T}} where T, Vector{Set{Int}}) === Union{}
        @test typeintersect(AbstractArray{T, 1} where T, Array{Int}) === Vector{Int}
        @test typeintersect(Array{T, N} where {T, N}, AbstractVector{Float64}) === Vector{Float64}
        @test typeintersect(Union{Vector{Int}, Set{Int}}, AbstractVector) === Vector{Int}
        @test typeintersect(AbstractDict{K, V} where {K, V}, Dict{String, Int}) === Dict{String, Int}
        @test typeintersect(Dict{K, V} where {K, V}, AbstractDict{String}) == (Dict{String, V} where V)
        @test typeintersect(Ref{T} where T<:AbstractString, Ref{Int}) === Union{}
        @test typeintersect(TPt, TPt{Int}) === TPt{Int}
    end
    @testset "diagonal rule" begin
        # a variable used twice in covariant position only (never invariantly) is a concrete type
        @test Tuple{Int, Int} <: (Tuple{T, T} where T)
        @test !(Tuple{Int, Float64} <: (Tuple{T, T} where T))
        @test !(Tuple{Int, Any} <: (Tuple{T, T} where T))
        @test !(Tuple{Real, Real} <: (Tuple{T, T} where T))
        @test !(Tuple{Int, Float64} <: (Tuple{Vararg{T}} where T))
        @test Tuple{Int, Float64} <: (Tuple{T, S} where {T, S})
        @test typeintersect(Tuple{T, T} where T, Tuple{Int, Float64}) === Union{}
        @test typeintersect(Tuple{Int, Float64}, Tuple{T, T} where T) === Union{}
        @test typeintersect(Tuple{T, T} where T<:Real, Tuple{Int, String}) === Union{}
        @test typeintersect(Tuple{Vararg{T}} where T, Tuple{Int, Float64}) === Union{}
        @test typeintersect(NTuple{N, T} where {N, T}, Tuple{Int, Int}) === Tuple{Int, Int}
        @test typeintersect(Tuple{T, T} where T, Tuple{Integer, Int}) === Tuple{Int, Int}
        # with an invariant occurrence the variable may be abstract: the covariant ones are instances
        @test typeintersect(Tuple{T, Vector{T}} where T, Tuple{Int, Vector{Float64}}) === Union{}
        @test typeintersect(Tuple{T, T, Vector{T}} where T, Tuple{Int, Float64, Vector{Real}}) ===
              Tuple{Int, Float64, Vector{Real}}
        @test typeintersect(Tuple{T, T, Ref{Tuple{T}}} where T, Tuple{Int, Float64, Ref{Tuple{Real}}}) ===
              Tuple{Int, Float64, Ref{Tuple{Real}}}
        @test Tuple{Int, Float64, Ref{Tuple{Real}}} <: (Tuple{T, T, Ref{Tuple{T}}} where T)
    end
    @testset "typejoin" begin
        @test typejoin(Vector{Int}, Vector{Float64}) == (Vector{T} where T)
        @test string(typejoin(Vector{Int}, Vector{Float64})) == "Vector"
        @test typejoin(Vector{Int}, Matrix{Int}) == (Array{Int, N} where N)
        @test string(typejoin(Vector{Int}, Matrix{Float64})) == "Array"
        @test typejoin(Vector{Int}, UnitRange{Int}) === AbstractVector{Int}
        @test typejoin(Dict{Int, Int}, Dict{Int, String}) == (Dict{Int, V} where V)
        @test typejoin(Pair{Int, String}, Pair{Int, Int}) == (Pair{Int, B} where B)
        @test typejoin(Type{Int}, Type{Float64}) == Type
        @test typejoin(Int, Float64, Int8) === Real
        @test typejoin(Tuple{Int, Float64}, Tuple{Int, Int}) === Tuple{Int, Real}
        @test typejoin(Tuple{Int}, Tuple{Int, Int}) === Tuple{Int, Vararg{Int}}
        @test typejoin(Tuple{}, Tuple{Int, Int}) === Tuple{Vararg{Int}}
        @test typejoin(Tuple{Int, Vararg{Int}}, Tuple{Float64}) === Tuple{Real, Vararg{Int}}
        @test typejoin(NTuple{3, Int}, NTuple{2, Float64}) === Tuple{Real, Real, Vararg{Int}}
        @test typejoin(Tuple{Int}, Int) === Any
        @test typeof([(1, 2), (1, 2.0)]) === Vector{Tuple{Int, Real}}
    end
    @testset "queries" begin
        @test supertype(TPt{Int}) === TShape && supertype(Int) === Signed && supertype(Any) === Any
        @test fieldnames(TPt) == (:x, :y)
        @test fieldtypes(TPt{Float64}) == (Float64, Float64)
        @test isbitstype(TPt{Int}) && !isbitstype(Vector{Int})
        @test !isconcretetype(TPt) && isconcretetype(TPt{Int}) && !isconcretetype(TShape)
        @test isbitstype(TBits64) && sizeof(TBits64) == 8 && isprimitivetype(TBits64)
        @test sizeof(TPt{Float32}) == 8
        @test fieldcount(TPt{Int}) == 2 && fieldtype(TPt{Int}, :x) === Int
        @test isabstracttype(TShape) && !ismutabletype(TPt{Int})
        @test typeof(Union{Int, String}) === Union && typeof(Vector) === UnionAll && typeof(Union{}) === Core.TypeofBottom
        @test (Int8, Int16, Int32, Int64, Int128) == (typeof(Int8(1)), typeof(Int16(1)), typeof(Int32(1)), typeof(1), typeof(Int128(1)))
        @test typeof((a = 1, b = "x")) === NamedTuple{(:a, :b), Tuple{Int, String}}
    end
    @testset "Type{} of UnionAlls is one type per UnionAll" begin
        # the instantiation cache keys a UnionAll by its shape: renamed variables give the same type
        @test Type{Vector} === Type{Array{T, 1} where T}
        @test Type{Tuple{T, Int} where T} === Type{Tuple{S, Int} where S}
        @test Type{Pair{A, B} where B where A} === Type{Pair}
        @test Type{Vector} !== Type{Matrix} && Type{Vector} !== Type{Vector{Int}}
        @test Type{Tuple{T, T} where T} !== Type{Tuple{T, S} where S where T}
        @test Type{Tuple{Type{Vector{T}}, T} where T} === Type{Tuple{Type{Vector{S}}, S} where S}
        @test Type{Tuple{Type{Vector{T}}, T} where T} !== Type{Tuple{Type{Vector{T}}, Int} where T}
        # many same-shaped keys (every method signature's Type{} is one)
        ts = [eval(:(Type{Tuple{Type{Vector{T}}, Val{$k}} where T})) for k in 1:300]
        @test all(k -> ts[k] === eval(:(Type{Tuple{Type{Vector{S}}, Val{$k}} where S})), 1:300)
        @test length(unique(objectid, ts)) == 300
    end
    @testset "Vararg of known length is spelled out" begin
        @test Tuple{Vararg{Int, 2}} === Tuple{Int, Int}
        @test Tuple{String, Vararg{Int, 0}} === Tuple{String}
        @test Tuple{Vararg{Int, 0}} === Tuple{}
        ntf(N) = Tuple{Vararg{Float64, N}}
        @test ntf(3) === NTuple{3, Float64} === Tuple{Float64, Float64, Float64}
        @test typeof((1, 2)) === NTuple{2, Int}
        @test (Tuple{Vararg{Int, N}} where N) == Tuple{Vararg{Int}}
        @test string(NTuple{4, Int}) == "NTuple{4, Int64}" && string(NTuple{3, Int}) == "Tuple{Int64, Int64, Int64}"
    end
    @testset "where in a function body with run-time parameters" begin
        # the TypeVar the program makes is the one inference folded into the types built from it
        fw(i) = Tuple{Vector{S}, Val{i}} where S
        gw(i) = Type{Tuple{Type{Vector{S}}, Val{i}} where S}
        @test fw(2) isa UnionAll && fw(2) == (Tuple{Vector{T}, Val{2}} where T)
        @test fw(2).body.parameters[1] === Vector{fw(2).var}
        @test gw(3) === Type{Tuple{Type{Vector{S}}, Val{3}} where S}
        @test [Type{Tuple{Type{Vector{T}}, Val{k}} where T} for k in 1:3][2] === gw(2)
    end
    @testset "element types (promote_typejoin)" begin
        @test eltype((1, 2.0)) === Real
        @test eltype((1, "a")) === Any
        @test eltype((1, nothing)) === Union{Nothing, Int}
        @test eltype((1, missing)) === Union{Missing, Int}
        @test eltype(()) === Union{}
        @test eltype((a = 1, b = 2.0)) === Real
        @test Base.promote_typejoin(Int, Float64) === Real
        @test Base.promote_typejoin(Nothing, String) === Union{Nothing, String}
        @test typejoin(Union{Int, Float64}, Int8) === Real
    end
    @testset "printing" begin
        @test string(Vector{T} where T) == "Vector"
        @test string(Array{T, 2} where T<:Real) == "Matrix{T} where T<:Real"
        @test string(Tuple{Vararg{Int, 3}}) == "Tuple{Int64, Int64, Int64}"
        @test string(typeof((a = 1, b = "x"))) == "@NamedTuple{a::Int64, b::String}"
        @test string(Union{Nothing, Int}) == "Union{Nothing, Int64}"
    end
end
