# modules.jl -- module, using, import, export, qualified names, import ... as, include relative to
# the including file, @__FILE__/@__DIR__, __init__, const and typed globals, names, isdefined.
using Test

module Geometry
export Vec2, dot2
struct Vec2
    x::Float64
    y::Float64
end
dot2(a::Vec2, b::Vec2) = a.x * b.x + a.y * b.y
internal() = "internal"
const ORIGIN = Vec2(0.0, 0.0)
module Inner
inner_value() = 5
end
end

module Counter
const count = Ref(0)
__init__() = (count[] = 1)
end

module Ext
import ..Geometry: internal
import ..Geometry.Inner: inner_value as iv
internal(x) = "extended"
end

include("include/helper.jl")

typed_global::Int = 1

using .Geometry

@testset "modules" begin
    @test dot2(Vec2(1.0, 2.0), Vec2(3.0, 4.0)) == 11.0
    @test Geometry.internal() == "internal"
    @test Geometry.Inner.inner_value() == 5
    @test Geometry.ORIGIN.x == 0.0
    @test Ext.internal(1) == "extended"
    @test Geometry.internal(1) == "extended"
    @test Ext.iv() == 5
    @test Counter.count[] == 1
    @test :Vec2 in names(Geometry)
    @test !(:internal in names(Geometry))
    @test isdefined(Geometry, :internal)
    @test !isdefined(Geometry, :nothing_here)
    @test parentmodule(Geometry) === Main
    @test Geometry isa Module
    @test nameof(Geometry) === :Geometry
    @test HELPER_CONST == 7
    @test helper_double(4) == 8
    @test helper_nested() == "nested include"
    @test endswith(@__FILE__, "modules.jl")
    @test isfile(joinpath(@__DIR__, "include", "helper.jl"))
    global typed_global = 2
    @test typed_global === 2
    # assignment converts to the declared type (Julia >= 1.8), else convert's error
    global typed_global = 3.0
    @test typed_global === 3
    @test_throws InexactError (global typed_global = 2.5)
    @test_throws MethodError (global typed_global = "no")
    @test typed_global === 3
    @test fullname(Geometry.Inner) == (:Main, :Geometry, :Inner)
    @test fullname(Main) == (:Main,) && fullname(Base) == (:Base,)
    @test Base.sum([1, 2]) == 3
end
