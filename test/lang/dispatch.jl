# dispatch.jl -- multiple dispatch: specificity, parametric methods with where, Type{T} dispatch,
# varargs methods, abstract type hierarchies, MethodError messages, applicable/hasmethod.
using Test

abstract type Shape end
struct Circle <: Shape
    r::Float64
end
struct Rect <: Shape
    w::Float64
    h::Float64
end
area(c::Circle) = 3.0 * c.r^2
area(r::Rect) = r.w * r.h
describe(::Shape) = "shape"
describe(::Circle) = "circle"

struct Point{T<:Real}
    x::T
    y::T
end
norm1(p::Point{T}) where {T} = abs(p.x) + abs(p.y)
kind(::Point{T}) where {T<:Integer} = "int point"
kind(::Point{T}) where {T<:AbstractFloat} = "float point"
same(x::T, y::T) where {T} = true
same(x, y) = false
zero_of(::Type{T}) where {T<:Number} = zero(T)
typename_of(::Type{Int64}) = "Int64"
typename_of(::Type{Float64}) = "Float64"
nargs(xs...) = length(xs)
nargs(x::Int) = "one int"
combine(a::Number, b::Number) = "numbers"
combine(a::Int, b::Number) = "int first"
combine(a::Number, b::Int) = "int second"
combine(a::Int, b::Int) = "both ints"

@testset "dispatch" begin
    @test area(Circle(1.0)) == 3.0
    @test area(Rect(2.0, 3.0)) == 6.0
    @test describe(Rect(1.0, 1.0)) == "shape"
    @test describe(Circle(1.0)) == "circle"
    @test sum(area, Shape[Circle(1.0), Rect(1.0, 2.0)]) == 5.0
    p = Point(1, -2)
    @test p isa Point{Int64}
    @test norm1(p) == 3
    @test kind(p) == "int point"
    @test kind(Point(1.5, 2.0)) == "float point"
    @test same(1, 2)
    @test !same(1, 2.0)
    @test zero_of(Float64) === 0.0
    @test typename_of(Int64) == "Int64"
    @test typename_of(Float64) == "Float64"
    @test nargs(1) == "one int"
    @test nargs(1, 2) == 2
    @test nargs("a") == 1
    @test combine(1.0, 2.0) == "numbers"
    @test combine(1, 2.0) == "int first"
    @test combine(1.0, 2) == "int second"
    @test combine(1, 2) == "both ints"
    @test_throws MethodError area(1)
    @test_throws MethodError Point(1, 2.5)
    err = try
        area("x")
    catch e
        e
    end
    @test err isa MethodError
    @test startswith(sprint(showerror, err), "MethodError: no method matching area(::String)")
    @test applicable(area, Circle(1.0))
    @test !applicable(area, 1)
    @test hasmethod(area, Tuple{Rect})
    @test Int <: Integer
    @test !(Int <: AbstractFloat)
    @test Point{Int} <: Point
    @test supertype(Circle) === Shape
    @test fieldnames(Rect) == (:w, :h)
    @test isconcretetype(Circle) && !isconcretetype(Shape)
end

# Type{} arguments tied to a value argument: the method whose signature is a subtype of the others wins
# (no false ambiguity), whichever order the methods are defined in
tyval(::Type{T}, x::T) where {T} = 1
tyval(::Type{Ptr{T}}, p::Ptr{T}) where {T} = 2
tyval(::Type{P}, p::Ptr) where {P<:Ptr} = 3
tyval_rev(::Type{P}, p::Ptr) where {P<:Ptr} = 3
tyval_rev(::Type{Ptr{T}}, p::Ptr{T}) where {T} = 2
tyval_rev(::Type{T}, x::T) where {T} = 1
tyamb(::Type{T}, x::T) where {T} = 1
tyamb(::Type{P}, p::Ptr) where {P<:Ptr} = 3

@testset "Type{T} with a tied value argument" begin
    p = Ptr{UInt8}(16)
    @test tyval(Ptr{UInt8}, p) == 2
    @test tyval_rev(Ptr{UInt8}, p) == 2
    @test tyval(Ptr{Cvoid}, C_NULL) == 2
    @test tyval(Ptr{Cvoid}, p) == 3        # T differs: only the third method applies
    @test tyval(Int64, 5) == 1
    @test tyval_rev(Int64, 5) == 1
    @test_throws MethodError tyval(Int64, "no")
    @test tyamb(Ptr{Cvoid}, p) == 3
    g() = tyval(Ptr{UInt16}, Ptr{UInt16}(0))
    @test g() == 2
end

# invoke of a promoting catch-all (+(::Number, ::Number)) with a type that has its own method calls
# it, as Julia's promote(x, y) then + does; a type with no method still gets Julia's error
struct NoArith <: Number end
@testset "invoke of the promoting catch-alls" begin
    @test invoke(+, Tuple{Number, Number}, 1, 2) === 3
    @test invoke(*, Tuple{Number, Number}, 2.0, 3.0) === 6.0
    @test invoke(<, Tuple{Real, Real}, 1, 2) === true
    @test invoke(==, Tuple{Number, Number}, 1, 1) === true
    @test invoke(+, Tuple{Number, Number}, 1, 2.5) === 3.5
    @test sprint(showerror, try NoArith() + NoArith() catch e; e end) == "+ not defined for NoArith"
end
