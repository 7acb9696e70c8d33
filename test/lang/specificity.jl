# specificity.jl -- method specificity as Julia's test/specificity.jl states it (the cases julep's
# types can express), and the dispatch decisions that follow from it.
using Test

ms(a, b) = ccall(:jl_type_morespecific, Cint, (Any, Any), a, b) != 0
# a more specific than b, and never both ways
more(a, b) = ms(a, b) && !ms(b, a)

@testset "type specificity" begin
    @test more(Tuple{Type{T1}, T1} where T1<:Integer, Tuple{Type{T2}, Integer} where T2<:Integer)
    @test more(Tuple{Array, Int}, Tuple{Array, Vararg{Int, N}} where N)
    @test !ms(Tuple{Array, Vararg{Int, N}} where N, Tuple{Array, Int})
    @test more(Tuple{1, T} where T, Tuple{Any})
    @test !ms(Type{T} where T<:Integer, Type{Any})
    @test more(Tuple{IO, Core.TypeofBottom}, Tuple{IO, Type{T}} where T<:Number)
    @test more(Tuple{Array}, Tuple{AbstractVector})
    @test more(Tuple{Matrix}, Tuple{AbstractVector})
    @test more(Tuple{Vector{Int}}, Tuple{AbstractVector})
    @test !ms(Tuple{AbstractVector}, Tuple{Array})
    let A = Tuple{Type{D}, D} where D<:Pair, B = Tuple{Type{Any}, Any}, C = Tuple{Type{Pair}, Pair}
        @test more(C, A)
        @test !ms(A, B)
        @test !ms(C, B)
    end
    let A = Tuple{Ref, Tuple{T}} where T, B = Tuple{Ref{T}, Tuple{Vararg{T}}} where T,
        C = Tuple{Ref{T}, Tuple{T}} where T
        @test more(C, A)
        @test more(C, B)
        @test !ms(A, B) && !ms(B, A)
    end
end

sz(x, y) = 1
sz(::Int, ::Int, ::Vector) = 2
sz(::Int, c...) = 3
c9(::Type{T}, x::T) where {T} = 0
c9(::Type{UnitRange{T}}, x::UnitRange{T}) where {T} = 2
u22908(::Union) = 2
u22908(::Type{Union{Int, Float32}}) = 1
bv(::Type{Array{T, N}}, d::Vararg{Int, N}) where {T, N} = 0
bv(::Type{Array{T, 1}}, d::Int) where {T} = 1
arr(::Array) = "Array"
arr(::AbstractVector) = "AbstractVector"
bot(::Type{T}) where {T<:Number} = "Type{T}"
bot(::Core.TypeofBottom) = "TypeofBottom"

@testset "dispatch by specificity" begin
    @test sz(1, 1, []) == 2
    @test sz(1, "a", "b") == 3
    @test c9(UnitRange{Int}, 1:2) == 2
    @test c9(Int, 1) == 0
    @test u22908(Union{Int, Float32}) == 1
    @test u22908(Union{Int, String}) == 2
    @test bv(Array{Int, 1}, 1) == 1
    @test bv(Array{Int, 2}, 1, 1) == 0
    @test arr([1, 2]) == "Array"
    @test bot(Union{}) == "TypeofBottom"
    @test bot(Int) == "Type{T}"
end
@testset "Julia's specificity cases" begin
    let a = Tuple{Array{T,N}, Vararg{Int,N}} where T where N, b = Tuple{Array,Int}
        @test more(a, b)
        @test more(b, Tuple{Array, Vararg{Int,N}} where N)
    end
    @test more(Tuple{T,Vararg{T}} where T<:Number, Tuple{Number,Number,Vararg{Number}})
    @test more(Tuple{Array{T} where T<:Union{Float32,Float64,ComplexF32,ComplexF64}, Any}, Tuple{Array{T} where T<:Real, Any})
    @test more(Tuple{T} where T, Tuple{T,T} where T)
    @test more(Tuple{Type{Pair{A,B} where B}} where A, Tuple{DataType})
    @test more(Tuple{Union{Int,String},Type{Pair{A,B} where B}} where A, Tuple{Integer,UnionAll})
    let A = Tuple{Any, Tuple{Vararg{Integer,N} where N}}, B = Tuple{Any, Tuple{Any}}, C = Tuple{Any, Tuple{}}
        @test more(A, B)
        @test more(C, A)
        @test more(C, B)
    end
    @test more(Tuple{Any, Tuple{}, Tuple{}}, Tuple{Any, Tuple{Any}})
    @test more(Tuple{Any, Tuple{Any}, Tuple{Any}}, Tuple{Any, Tuple{Any, Any}})
    @test more(Tuple{Any, Vararg{Tuple{}, N} where N}, Tuple{Any, Tuple{Any}})
    @test more(Tuple{T, T} where T<:AbstractFloat, Tuple{T, T, T} where T<:AbstractFloat)
    @test more(Tuple{T, Real, T} where T<:AbstractFloat, Tuple{T, T} where T<:Real)
    @test more(Tuple{Real, Real}, Tuple{T, T, T} where T <: Real)
    @test !ms(Tuple{Real, Real, Real}, Tuple{T, T, T} where T <: Real)
    @test !ms(Tuple{Real, Real, Vararg{Real}}, Tuple{T, T, T} where T <: Real)
    @test more(Tuple{Real, Real, Vararg{Int}}, Tuple{T, T, T} where T <: Real)
    @test more(Tuple{Type{Tuple}, Any, Any}, Tuple{Type{Tuple{Vararg{E, N} where N}}, Any, Any} where E)
    let A = Tuple{T, Array{T, 1}} where T, B = Tuple{T} where T, C = Tuple{T} where T<:AbstractFloat
        @test more(B, A)
        @test more(C, B)
        @test more(C, A)
    end
    let A = Tuple{Array{T,N}, Vararg{Int,N}} where {T,N}, B = Tuple{Array, Int}, C = Tuple{AbstractArray, Int, Array}
        @test more(A, B)
        @test more(B, C)
        @test more(A, C)
    end
    @test more(Union{AbstractFloat, Complex}, Real)
    @test more(Union{Float64, ComplexF64}, AbstractFloat)
    @test !ms(Tuple{Int, Any}, Tuple{Any, Int}) && !ms(Tuple{Any, Int}, Tuple{Int, Any})
end
f3(dims::Tuple{}, A::AbstractArray{T,0}) where {T} = 1
f3(dims::NTuple{N,Int}, A::AbstractArray{T,N}) where {T,N} = 2
f3(dims::NTuple{M,Int}, A::AbstractArray{T,N}) where {T,M,N} = 3
f17016(f, t::Tuple{Any,Any,Vararg{Any,N}}) where {N} = 0
f17016(f, t1::Tuple) = 1
c99991(::Type{T}, x::T) where {T} = 0
c99991(::Type{UnitRange{T}}, x::StepRangeLen{T}) where {T} = 1
c99991(::Type{UnitRange{T}}, x::AbstractRange{T}) where {T} = 2
@testset "Julia's dispatch cases" begin
    @test f3((1,2,3), [1 2; 3 4]) == 3
    @test f3((1,2), [1 2; 3 4]) == 2
    @test f17016(0, (1,2,3)) == 0
    @test c99991(UnitRange{Float64}, 1.0:2.0) == 1
    @test c99991(UnitRange{Int}, 1:2) == 2
end

# a type used twice (the same `Complex` UnionAll in two places) keeps its occurrences apart
@testset "subtyping with a shared UnionAll" begin
    @test !(Tuple{Complex, Complex} <: (Tuple{Complex{T}, Complex{T}} where T))
    @test !(Tuple{Vector, Vector} <: (Tuple{Vector{T}, Vector{T}} where T))
    @test !(Tuple{Ref{S} where S, Ref{S} where S} <: (Tuple{Ref{T}, Ref{T}} where T))
    @test (Tuple{Ref{S}, Ref{S}} where S) <: (Tuple{Ref{T}, Ref{T}} where T)
    @test (Tuple{Complex{T}, Complex{T}} where T<:Real) <: Tuple{Complex, Complex}
    @test (Int where T) === Int
    @test (T where T<:Real) === Real
    @test (Tuple{Vararg{Int, N} where N}) == Tuple{Vararg{Int}}
end

cc(::Complex{T}, ::Complex{T}) where {T<:Real} = 1
cc(::Complex, ::Complex) = 2
ks(::Base.KeySet) = 1
ks(::Base.KeySet{<:Any, <:Dict}) = 2
am(x::Float64, y) = 2x + y
am(x, y::Float64) = x + 2y
am(x, y) = 0
@testset "dispatch after the fixes" begin
    @test cc(1 + 2im, 3 + 4im) == 1
    @test cc(1 + 2im, 3.0 + 4im) == 2
    @test ks(keys(Dict(1 => 2))) == 2
    @test am(2.0, 3) == 7.0
    @test am(2, 3.0) == 8.0
    err = try
        am(2.0, 3.0)
        nothing
    catch e
        e
    end
    @test err isa MethodError
    msg = sprint(showerror, err)
    @test startswith(msg, """
        MethodError: am(::Float64, ::Float64) is ambiguous.

        Candidates:
          am(x, y::Float64)
            @ Main """)
    @test occursin("\n  am(x::Float64, y)\n    @ Main ", msg)
    @test endswith(msg, "\n\nPossible fix, define\n  am(::Float64, ::Float64)\n")
    @test !occursin("am(x, y)\n", msg)
end

# a method naming its argument types beats a diagonal variable bounded above them (Julia's
# `*(::Rational, ::Rational)` against `*(::T, ::T) where T<:Number`), for user types as well
struct SpQ{T} <: Real
    v::T
end
sp(x::Number, y::Number) = :promote
sp(x::T, y::T) where {T<:Number} = :same
sp(x::Rational, y::Rational) = :rational
sp(x::SpQ, y::SpQ) = :spq
sp(x::Int, y::Real) = :intreal
same(x::T, y::T) where {T} = 1
@testset "specificity against a diagonal variable" begin
    @test sp(1//2, 1//3) === :rational
    @test sp(SpQ(1), SpQ(2.0)) === :spq
    @test sp(SpQ(1), SpQ(2)) === :spq
    @test sp(2.0, 3.0) === :same
    @test sp(2.0, 3) === :promote
    @test sp(1, 2) === :intreal
    @test Base.morespecific(Tuple{Rational, Rational}, Tuple{T, T} where T<:Number)
    @test !Base.morespecific(Tuple{T, T} where T<:Number, Tuple{Rational, Rational})
    @test Base.morespecific(Tuple{Int, Real}, Tuple{T, T} where T<:Real)
    @test (1//2) * (1//3) == 1//6 && (1//2) + (1//3) == 5//6
    @test same(1, 2) == 1
    err = try same(1, 2.0); nothing catch e; e end
    @test err isa MethodError
    @test startswith(sprint(showerror, err), """
        MethodError: no method matching same(::Int64, ::Float64)

        Closest candidates are:
          same(::T, ::T) where T
           @ Main """)
end
