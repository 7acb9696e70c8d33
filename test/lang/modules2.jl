# modules2.jl -- `export` only marks a name: it does not resolve the name through `using`, so a module
# may export a name before defining it (even one Base exports), and reads before the definition still
# see the used module's binding.
using Test

module ExportFirst
export sin, only_here, cos
const cos_before = cos          # not defined here yet: resolves through `using Base`
sin(x::String) = "own sin: " * x
only_here() = :here
end

module Reexport
module Inner
export inner_f
inner_f() = 7
end
using .Inner
export inner_f                  # re-exports Inner's binding
end

module UsesBoth
using ..Reexport
r = inner_f()
end

@testset "export before definition" begin
    @test ExportFirst.sin("a") == "own sin: a"
    @test ExportFirst.sin !== Base.sin
    @test parentmodule(ExportFirst.sin) === ExportFirst
    @test ExportFirst.cos_before === Base.cos
    @test ExportFirst.cos === Base.cos
    @test Base.sin(0.0) == 0.0   # Base's sin is untouched
    @test_throws MethodError ExportFirst.sin(0.0)
    @test ExportFirst.only_here() === :here
    @test :only_here in names(ExportFirst)
end

@testset "re-export through using" begin
    @test UsesBoth.r == 7
    @test Reexport.inner_f === Reexport.Inner.inner_f
end
