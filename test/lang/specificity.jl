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
