# undefined_vars.jl -- reading a variable before it is assigned throws UndefVarError, compiled or
# interpreted: a local assigned on one branch only, a `local` never assigned (also when the function
# is inlined into a caller that catches), and a global read as the value of a `try` body (the read
# belongs inside the try, so its catch sees the error). A maybe-undefined local of a bits type (kept
# unboxed beside a defined flag in compiled code) keeps its value, its type and `@isdefined` exact,
# including a loop body's fresh `local` that `@isdefined` asks about.
using Test

function maybe_assigned(c)
    if c
        x = 1
    end
    x
end
never_assigned() = (local z; z)
catch_call(f) = try
    f()
catch e
    e
end
function loop_fresh(n)
    s = 0
    for i in 1:n
        local t
        if isodd(i)
            t = i
        end
        s += t
    end
    s
end
global_in_try() = try
    not_a_global_anywhere
catch e
    e
end
function caught_then_defined()
    local v
    try
        error("first")
        v = 1
    catch
    end
    v
end

function last_of(n)
    local x
    for i in 1:n
        x = UInt32(i) * 0x00000003
    end
    return x
end
function pair_or_undef(c)
    local p
    c && (p = (1, 2.5))
    @isdefined(p) ? p : nothing
end
function fresh_each_iteration(n)
    while true
        local z
        if n > 2
            z = n
        end
        n -= 1
        n < 0 && return @isdefined(z)
    end
end
function defined_in_try(n)
    local y
    try
        n > 0 && (y = n + 1)
        n > 5 && error("big")
    catch
    end
    y
end

@testset "maybe-undefined bits locals" begin
    @test last_of(5) === 0x0000000f
    @test_throws UndefVarError last_of(0)
    @test catch_call(() -> last_of(0)) == UndefVarError(:x)
    @test pair_or_undef(true) === (1, 2.5)
    @test pair_or_undef(false) === nothing
    @test fresh_each_iteration(5) === false
    @test defined_in_try(2) == 3
    @test defined_in_try(7) == 8
    @test catch_call(() -> defined_in_try(0)) == UndefVarError(:y)
    # the loop's value stays a UInt32 in a register: no allocation per iteration
    allocs(n) = @allocated last_of(n)
    allocs(10)
    @test allocs(1000) == 0
end

@testset "undefined variables" begin
    @test maybe_assigned(true) == 1
    @test_throws UndefVarError maybe_assigned(false)
    @test catch_call(() -> maybe_assigned(false)) == UndefVarError(:x)
    @test catch_call(never_assigned) == UndefVarError(:z)
    @test catch_call(() -> (local w; w)) == UndefVarError(:w)
    @test loop_fresh(1) == 1
    @test_throws UndefVarError loop_fresh(2)
    @test global_in_try() == UndefVarError(:not_a_global_anywhere)
    @test_throws UndefVarError caught_then_defined()
    r = try
        not_a_global_anywhere
    catch e
        e
    end
    @test r == UndefVarError(:not_a_global_anywhere)
    @test_throws UndefVarError try
        not_a_global_anywhere
    finally
        global finally_seen = true
    end
    @test finally_seen
end

# a field of a runtime-defined object that C code left unset reads as UndefRefError in compiled
# code too (it was a NULL dereference)
field_roots(m) = m.roots
roots_of_first(f) = field_roots(first(methods(f)))
no_roots_here(x) = x + 1

@testset "unset fields of runtime objects" begin
    m = first(methods(no_roots_here))
    @test isdefined(m, :roots) == false
    @test_throws UndefRefError roots_of_first(no_roots_here)
    @test_throws UndefRefError field_roots(m)
end

