# broadcast.jl -- dot syntax with Julia's shape rules: N-d arrays, row/column extension, tuples,
# Ref and scalars, `.=` into arrays and views, result element types and BitArrays.
using Test

disp(x) = sprint(show, MIME("text/plain"), x)
errmsg(f) = try; f(); "no error"; catch e; sprint(showerror, e); end

@testset "broadcast" begin
    A = [1 2; 3 4]
    v = [10, 20]
    @test A .+ v == [11 12; 23 24]
    @test A .+ v' == [11 22; 13 24]
    @test v .+ v' == [20 30; 30 40]
    @test size([1, 2, 3] .* [1 2]) == (3, 2)
    @test A .* 2 == [2 4; 6 8]
    @test sin.([0.0]) == [0.0]
    @test (1, 2) .+ 1 == (2, 3)
    @test (1, 2) .+ (10, 20) == (11, 22)
    @test 1 .+ 2 == 3
    @test [1, 2] .+ Ref(3) == [4, 5]
    @test [1, 2.5] .+ 1 == [2.0, 3.5]
    @test typeof([1, 2] .+ 1.0) == Vector{Float64}
    @test typeof(Int[] .+ 1) == Vector{Int64}
    @test string.(["a", "b"], "x") == ["ax", "bx"]
    @test length.(["ab", "c"]) == [2, 1]
    @test zeros(2, 2, 2) .+ [1, 2] == cat([1 1; 2 2], [1 1; 2 2]; dims=3)
    B = zeros(2, 3)
    B .= 1
    @test B == ones(2, 3)
    B[1, :] .= 5
    @test B == [5 5 5; 1 1 1]
    B[:, 2] .= [7, 8]
    @test B == [5 7 5; 1 8 1]
    B .= B .* 2
    @test B[2, 2] == 16
    x = [1, 2, 3]
    x .+= 1
    @test x == [2, 3, 4]
    b = [1, 2, 3] .> 1
    @test b isa BitVector
    @test b == [false, true, true]
    @test disp(b) == "3-element BitVector:\n 0\n 1\n 1"
    @test repr(b) == "Bool[0, 1, 1]"
    @test typeof(trues(2, 2)) == BitMatrix
    @test count(trues(70)) == 70
    @test sum(falses(3)) == 0
    @test errmsg(() -> [1, 2, 3] .+ [1, 2]) == "DimensionMismatch: arrays could not be broadcast to a common size; got a dimension with lengths 3 and 2"
    @test errmsg(() -> (zeros(2) .= [1, 2, 3])) == "DimensionMismatch: array could not be broadcast to match destination"
    @test broadcast(+, [1, 2], 1) == [2, 3]
    y = zeros(2)
    broadcast!(*, y, [1, 2], 3)
    @test y == [3.0, 6.0]
    @testset "@. (__dot__)" begin
        x = [1.0, 2.0]
        @. x = x * 2 + 1
        @test x == [3.0, 5.0]
        y = @. sin($sort([3.0, 1.0])) + 1
        @test y == [sin(1.0) + 1, sin(3.0) + 1]
        z = zeros(2)
        @. z += [1, 2]
        @test z == [1.0, 2.0]
        @test (@. [1, 2] < 2) == [true, false]
        @test macroexpand(Main, :(@. f(x) + 1)) == :((+).(f.(x), 1))
        @test occursin("disallowed in `@.`", try macroexpand(Main, :(@. a && b)); "" catch e; sprint(showerror, e) end)
    end
    @testset "dotted comparison chains" begin
        y = [1, 2, 5]
        @test (@. 0 < y < 3) == [true, true, false]
        @test macroexpand(Main, :(@. 0 < y < 3)) == Expr(:comparison, 0, :.<, :y, :.<, 3)
        @test (0 .< y .< 3) isa BitVector
        @test (0 .< y .<= 2) == [true, true, false]
        @test (1 < 2 .< y) == [false, false, true]        # (1 < 2) .& (2 .< y)
        @test (y .> 1 .> 0) == [false, true, true]
        @test (0 .< y .* 2 .< 5) == [true, true, false]
        n = Ref(0)
        g() = (n[] += 1; [1, 2, 3])
        @test (0 .< g() .< 3) == [true, true, false]
        @test n[] == 1                                     # the middle operand is evaluated once
        @test (1 < 2 < 3 .< [3, 4]) == [false, true]
    end
end

kwadd(x; k = 1) = x + k
kwmix(x, y; s = 1) = s * (x + y)
@testset "keyword arguments in dot calls" begin
    @test round.([1.234, 5.678], digits = 1) == [1.2, 5.7]
    @test round.([1.234, 5.678]; digits = 2) == [1.23, 5.68]
    @test kwadd.([1, 2]; k = 10) == [11, 12]
    @test kwadd.([1, 2]) == [2, 3]
    @test kwmix.(1:2, [10 20]; s = -1) == [-11 -21; -12 -22]          # shapes still broadcast
    @test round.(sqrt.([4.0, 2.0]), digits = 3) == [2.0, 1.414]       # nested dot calls still fuse
    args = ([1, 2],)
    @test kwadd.(args...; k = 5) == [6, 7]
    @test string.(255, base = 16) == "ff"                              # all scalars: a scalar
    y = zeros(2)
    y .= round.([1.25, 2.75], RoundDown, digits = 1)
    @test y == [1.2, 2.7]
    @test (@. round([1.234, 5.678], digits = 1)) == [1.2, 5.7]
    calls = Ref(0)
    kwcount(x; k) = (calls[] += 1; x * k)
    @test kwcount.([1, 2, 3]; k = (calls[] += 100; 2)) == [2, 4, 6]   # the keyword value is evaluated once
    @test calls[] == 103
end
