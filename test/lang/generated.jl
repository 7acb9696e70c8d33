# generated.jl -- @generated functions: the generator sees argument types (and static parameters),
# runs once per specialization, and its code runs with the real arguments; `if @generated`.
using Test

const GEN_RUNS = Ref(0)

@generated function gtwice(x)
    GEN_RUNS[] += 1
    if x <: Integer
        return :(2x)
    else
        return :(string(x, x))
    end
end

@generated function gtypename(x)
    s = string(x)
    :($s)
end

@generated function gsum(t::Tuple)
    n = length(t.parameters)
    n == 0 && return :(0)
    ex = :(t[1])
    for i in 2:n
        ex = :($ex + t[$i])
    end
    ex
end

@generated function gsparam(v::Vector{T}) where {T}
    z = zero(T)
    :(isempty(v) ? $z : v[1] + $z)
end

@generated gshort(x) = :(x isa $x)

@generated function gvar(xs...)
    :($(length(xs)))
end

function gopt(x)
    if @generated
        :(x + 1)
    else
        x + 1
    end
end

struct GPoint
    x::Int
    y::Float64
end
@generated function gfields(p)
    names = fieldnames(p)
    Expr(:tuple, [:(getfield(p, $(QuoteNode(n)))) for n in names]...)
end

@testset "@generated" begin
    @test gtwice(21) == 42
    @test gtwice("ab") == "abab"
    runs = GEN_RUNS[]
    @test gtwice(5) == 10          # same specialization: the generator does not run again
    @test gtwice(Int32(3)) == 6    # a new one: it runs once more
    @test GEN_RUNS[] == runs + 1
    @test gtwice(Int32(4)) == 8
    @test GEN_RUNS[] == runs + 1
    @test gtypename(1.5) == "Float64"
    @test gtypename("s") == "String"
    @test gsum((1, 2, 3)) == 6
    @test gsum((1.5, 2)) == 3.5
    @test gsum(()) == 0
    @test gsparam([3, 4]) === 3
    @test gsparam(Float64[]) === 0.0
    @test gshort(1) === true
    @test gvar(1, 2, 3) == 3
    @test gvar() == 0
    @test gopt(1) == 2
    @test gfields(GPoint(1, 2.5)) == (1, 2.5)
    @test length(methods(gtwice)) == 1
end

@testset "@generated errors" begin
    e1 = try
        @eval @generated 1 + 2
        nothing
    catch e
        e isa LoadError ? e.error : e
    end
    @test e1 isa ErrorException && occursin("@generated must be used with a function definition", e1.msg)
    @generated gbad(x) = error("generator failed for $x")
    local err = try
        gbad(1)
        nothing
    catch e
        e
    end
    @test err isa ErrorException && occursin("generator failed for Int64", err.msg)
end
