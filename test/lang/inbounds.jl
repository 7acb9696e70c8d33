# inbounds.jl -- @inbounds, @boundscheck, @propagate_inbounds and --check-bounds: the value of an
# @inbounds expression, which bounds checks compiled code keeps (Julia's rules: a check of a callee
# inlined at an @inbounds call site goes, a check deeper down only through @propagate_inbounds), and
# that checks outside @inbounds still throw BoundsError.
using Test
using InteractiveUtils
include(joinpath(@__DIR__, "include", "child.jl"))

has_check(f, types) = occursin("jl_bounds_error", sprint(code_llvm, f, types))
has_throw(f, types) = occursin("@jl_throw(", sprint(code_llvm, f, types))

get_inb(v, i) = @inbounds v[i]
get_chk(v, i) = v[i]
set_inb!(v, i, x) = (@inbounds v[i] = x; v)
function sum_inb(v)
    s = zero(eltype(v))
    @inbounds for i in 1:length(v)
        s += v[i]
    end
    s
end
function swap_inb!(m, i, j)
    @inbounds m[i, 1], m[j, 1] = m[j, 1], m[i, 1]
    m
end

struct Checked
    n::Int
end
Base.getindex(c::Checked, i::Int) = (@boundscheck (1 <= i <= c.n || throw(BoundsError(c, i))); 2i)
checked_get(c, i) = c[i]
unchecked_get(c, i) = @inbounds c[i]

Base.@propagate_inbounds fwd(v, i) = v[i]
nofwd(v, i) = v[i]
via_fwd(v, i) = @inbounds fwd(v, i)
via_nofwd(v, i) = @inbounds nofwd(v, i)

@testset "@inbounds has the value of its expression" begin
    @test get_inb([10, 20, 30], 2) === 20
    @test set_inb!([1, 2, 3], 3, 9) == [1, 2, 9]
    @test sum_inb([1.5, 2.5, 3.0]) === 7.0
    @test swap_inb!([1 2; 3 4], 1, 2) == [3 2; 1 4]
    @test (@inbounds begin
        x = 1
        x + 1
    end) === 2
    val = 5                       # the macro's own variable does not capture the caller's
    @test (@inbounds [1, 2, 3][val - 3]) === 2
    @test val === 5
    @test (@inbounds nothing) === nothing
end

@testset "checks outside @inbounds throw" begin
    @test_throws BoundsError get_chk([1, 2], 3)
    @test_throws BoundsError get_chk([1, 2], 0)
    @test_throws BoundsError checked_get(Checked(3), 4)
    @test checked_get(Checked(3), 3) === 6
    @test_throws BoundsError via_nofwd([1], 2)
    e = try get_chk([1, 2], 3) catch err; err end
    @test sprint(showerror, e) == "BoundsError: attempt to access 2-element Vector{Int64} at index [3]"
end

@testset "compiled code keeps the checks Julia keeps" begin
    @test has_check(get_chk, (Vector{Int}, Int))
    @test !has_check(get_inb, (Vector{Int}, Int))
    @test !has_check(set_inb!, (Vector{Float64}, Int, Float64))
    @test !has_check(sum_inb, (Vector{Float64},))
    @test !has_check(swap_inb!, (Matrix{Int}, Int, Int))
    # a @boundscheck block of an inlined callee goes at an @inbounds call site, stays elsewhere
    @test has_throw(checked_get, (Checked, Int))
    @test !has_throw(unchecked_get, (Checked, Int))
    # a callee's own calls inherit the call site's @inbounds only through @propagate_inbounds
    @test !has_check(via_fwd, (Vector{Int}, Int))
    @test has_check(via_nofwd, (Vector{Int}, Int))
    @test via_fwd([4, 5], 2) === 5
end

@testset "--check-bounds" begin
    prog = """
        using InteractiveUtils
        f(v, i) = @inbounds v[i]
        g(v, i) = v[i]
        println(occursin("jl_bounds_error", sprint(code_llvm, f, (Vector{Int}, Int))))
        println(occursin("jl_bounds_error", sprint(code_llvm, g, (Vector{Int}, Int))))
        println(try g([1], 2) catch e; typeof(e) end)
        """
    out, err, st = run_julep(prog; flags = "--check-bounds=yes")
    @test (out, err, st) == ("true\ntrue\nBoundsError\n", "", 0)
    out, err, st = run_julep(replace(prog, "println(try g([1], 2) catch e; typeof(e) end)\n" => "");
                             flags = "--check-bounds=no")
    @test (out, err, st) == ("false\nfalse\n", "", 0)
end
