# macros.jl -- macro definitions, quoting and interpolation, hygiene (locals of a macro do not clash
# with the caller's, esc lets the caller's names through), __source__/__module__, macroexpand.
using Test

macro twice(ex)
    quote
        $(esc(ex))
        $(esc(ex))
    end
end
macro hygienic_tmp(ex)
    quote
        tmp = 100
        $(esc(ex)) + tmp
    end
end
macro setvar(name, val)
    :($(esc(name)) = $(esc(val)))
end
macro line_of_call()
    __source__.line
end
macro module_of_call()
    __module__
end
macro timeit(ex, name)
    quote
        local t = Inf
        for _ in 1:3
            t = min(t, @elapsed $(esc(ex)))
        end
        ($(esc(name)), t)
    end
end
macro unless(cond, body)
    :(if !$(esc(cond)); $(esc(body)); end)
end

@testset "macros" begin
    n = 0
    @twice n += 1
    @test n == 2
    tmp = 1
    @test @hygienic_tmp(tmp) == 101
    @test tmp == 1
    @setvar newvar 42
    @test newvar == 42
    @test @line_of_call() == @__LINE__
    @test @module_of_call() === @__MODULE__
    name, t = @timeit sum(1:1000) "sum"
    @test name == "sum"
    @test t >= 0.0
    r = 0
    @unless false r = 5
    @test r == 5
    x = 3
    ex = :(x + $x)
    @test ex == Expr(:call, :+, :x, 3)
    @test string(ex) == "x + 3"
    q = quote
        a = 1
    end
    @test q.head === :block
    @test Meta.isexpr(:(f(1)), :call)
    e = @macroexpand @unless c f()
    @test e.head === :if
    @test eval(:(1 + 2)) == 3
    y = [1, 2]
    @test :($(y...),) == :((1, 2))
    @test @isdefined(x)
    @test !@isdefined(never_defined_name)
end
