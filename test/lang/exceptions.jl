# exceptions.jl -- throw, try/catch/else/finally, rethrow, error, the standard exception types and
# their showerror messages (Julia 1.10's text), catch_backtrace, current_exceptions, and deep
# recursion raising StackOverflowError.
using Test

struct MyError <: Exception
    code::Int
end
Base.showerror(io::IO, e::MyError) = print(io, "MyError: code ", e.code)

msg(f) = try
    f()
    "no error"
catch e
    sprint(showerror, e)
end
recurse(n) = recurse(n + 1) + 1

@testset "exceptions" begin
    @testset "try/catch/finally" begin
        log = String[]
        r = try
            push!(log, "try")
            error("boom")
        catch e
            push!(log, "catch")
            e.msg
        finally
            push!(log, "finally")
        end
        @test r == "boom"
        @test log == ["try", "catch", "finally"]
        x = try
            1
        catch
            2
        else
            3
        end
        @test x == 3
        function early()
            try
                return "from try"
            finally
                global finally_ran = true
            end
        end
        @test early() == "from try"
        @test finally_ran
        caught = try
            try
                throw(MyError(1))
            catch e
                rethrow()
            end
        catch e
            e
        end
        @test caught == MyError(1)
        @test_throws MyError throw(MyError(2))
        @test_throws ErrorException error("x")
        @test_throws ArgumentError throw(ArgumentError("bad"))
    end
    @testset "messages" begin
        @test msg(() -> error("boom")) == "boom"
        @test msg(() -> throw(MyError(3))) == "MyError: code 3"
        @test msg(() -> [1, 2, 3][4]) == "BoundsError: attempt to access 3-element Vector{Int64} at index [4]"
        @test msg(() -> (1, 2)[3]) == "BoundsError: attempt to access Tuple{Int64, Int64} at index [3]"
        @test msg(() -> div(1, 0)) == "DivideError: integer division error"
        @test msg(() -> undefined_thing + 1) == "UndefVarError: `undefined_thing` not defined"
        @test msg(() -> Int64(2.5)) == "InexactError: Int64(2.5)"
        @test msg(() -> sqrt(-1.0)) == "DomainError with -1.0:\nsqrt was called with a negative real argument but will only return a complex result if called with a complex argument. Try sqrt(Complex(x))."
        @test msg(() -> Dict("a" => 1)["b"]) == "KeyError: key \"b\" not found"
        @test msg(() -> throw(ArgumentError("bad arg"))) == "ArgumentError: bad arg"
        @test msg(() -> (@assert 1 == 2)) == "AssertionError: 1 == 2"
        @test msg(() -> "abc" + 1) == "MethodError: no method matching +(::String, ::Int64)" ||
              startswith(msg(() -> "abc" + 1), "MethodError: no method matching +(::String, ::Int64)")
        @test msg(() -> convert(Int, "x")) == "MethodError: Cannot `convert` an object of type String to an object of type Int64"
        @test msg(() -> (1)::String) == "TypeError: in typeassert, expected String, got a value of type Int64"
        @test msg(() -> (if 1; end)) == "TypeError: non-boolean (Int64) used in boolean context"
    end
    @testset "backtraces" begin
        bt = try
            error("with trace")
        catch
            catch_backtrace()
        end
        @test !isempty(bt)
        excs = try
            error("inner")
        catch
            current_exceptions()
        end
        @test length(excs) == 1
        @test excs[1].exception.msg == "inner"
    end
    @testset "stack overflow" begin
        @test_throws StackOverflowError recurse(1)
    end
end
