# undefined_vars.jl -- reading a variable before it is assigned throws UndefVarError, compiled or
# interpreted: a local assigned on one branch only, a `local` never assigned (also when the function
# is inlined into a caller that catches), and a global read as the value of a `try` body (the read
# belongs inside the try, so its catch sees the error).
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
