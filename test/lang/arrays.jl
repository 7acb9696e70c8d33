# arrays.jl -- Array{T,N}: construction, shape queries, multi-dimensional indexing and assignment,
# BoundsError messages, concatenation syntax, reshape/vec/permutedims/transpose/adjoint, views, and the
# REPL/show/print forms (expected strings are Julia 1.10's output).
using Test

disp(x) = sprint(show, MIME("text/plain"), x)
errmsg(f) = try; f(); "no error"; catch e; sprint(showerror, e); end

@testset "arrays" begin
    @testset "construction and shape" begin
        A = Array{Float64,2}(undef, 2, 3)
        @test size(A) == (2, 3)
        @test ndims(A) == 2
        @test length(A) == 6
        @test typeof(A) == Matrix{Float64}
        @test size(Matrix{Int}(undef, 4, 1)) == (4, 1)
        @test typeof(Array{Int}(undef, 2, 2, 2)) == Array{Int64,3}
        @test size(Array{Int}(undef, (3, 2))) == (3, 2)
        @test zeros(2, 3) == [0.0 0.0 0.0; 0.0 0.0 0.0]
        @test typeof(zeros(Int, 2, 2)) == Matrix{Int64}
        @test ones(2, 2) == [1.0 1.0; 1.0 1.0]
        @test fill(7, 2, 3) == [7 7 7; 7 7 7]
        @test fill(1.5, (2,)) == [1.5, 1.5]
        B = similar(A, Int, 3)
        @test typeof(B) == Vector{Int64} && length(B) == 3
        @test size(similar(A)) == (2, 3)
        @test size(A, 1) == 2 && size(A, 3) == 1
        @test axes(A) == (Base.OneTo(2), Base.OneTo(3))
        @test axes(A, 2) == 1:3
        @test eachindex(A) == Base.OneTo(6)
        @test size(zeros(2, 2, 2)) == (2, 2, 2)
        @test ndims(fill(3)) == 0 && fill(3)[] == 3
        @test_throws ArgumentError Vector{Int}(undef, -1)
        @test Matrix([1 2; 3 4]') == [1 3; 2 4]
        @test convert(Array{Float64}, [1 2]) == [1.0 2.0]
    end

    @testset "indexing" begin
        A = [1 2 3; 4 5 6]
        @test A[2, 1] == 4
        @test A[1, 3] == 3
        @test A[4] == 5
        @test A[1, end] == 3
        @test A[end, end] == 6
        @test A[end] == 6
        @test A[begin, 2] == 2
        @test A[:, 1] == [1, 4]
        @test A[2, :] == [4, 5, 6]
        @test A[:] == [1, 4, 2, 5, 3, 6]
        @test A[1:2, 2:3] == [2 3; 5 6]
        @test A[2:end, :] == [4 5 6]
        @test A[[2, 1], 1] == [4, 1]
        @test A[A .> 3] == [4, 5, 6]
        @test A[[true, false], :] == [1 2 3]
        @test A[CartesianIndex(2, 3)] == 6
        @test A[2, 3, 1] == 6
        @test size(A[:, [1 3]]) == (2, 1, 2)
        C = zeros(3, 4)
        C[2, :] = [1, 2, 3, 4]
        C[:, 1] = 7:9
        C[3, 4] = -1
        @test C == [7.0 0.0 0.0 0.0; 8.0 2.0 3.0 4.0; 9.0 0.0 0.0 -1.0]
        C[1:2, 2:3] = [10 20; 30 40]
        @test C[1:2, 2:3] == [10 20; 30 40]
        C[C .< 0] = [5]
        @test C[3, 4] == 5.0
        @test_throws BoundsError A[3, 1]
        @test_throws BoundsError A[7]
        @test_throws DimensionMismatch (C[1, :] = [1, 2])
        @test_throws ArgumentError (C[1, :] = 1)
        @test_throws ArgumentError A[1.5]
        v = [1, 2, 3]
        v[[true, false, true]] = [10, 30]
        @test v == [10, 2, 30]
        @test errmsg(() -> (v[1:2] = [1, 2, 3])) == "DimensionMismatch: tried to assign 3 elements to 2 destinations"
    end

    @testset "BoundsError messages" begin
        A = [1 2; 3 4]
        @test errmsg(() -> A[3, 1]) == "BoundsError: attempt to access 2×2 Matrix{Int64} at index [3, 1]"
        @test errmsg(() -> A[5]) == "BoundsError: attempt to access 2×2 Matrix{Int64} at index [5]"
        @test errmsg(() -> A[1:3, 1]) == "BoundsError: attempt to access 2×2 Matrix{Int64} at index [1:3, 1]"
        @test errmsg(() -> A[3, :]) == "BoundsError: attempt to access 2×2 Matrix{Int64} at index [3, 1:2]"
        @test errmsg(() -> [1, 2, 3][4]) == "BoundsError: attempt to access 3-element Vector{Int64} at index [4]"
        @test errmsg(() -> zeros(2, 2, 2)[1, 1, 3]) == "BoundsError: attempt to access 2×2×2 Array{Float64, 3} at index [1, 1, 3]"
        @test errmsg(() -> A[1.5]) == "ArgumentError: invalid index: 1.5 of type Float64"
        @test errmsg(() -> (A[1, :] = [1, 2, 3])) == "DimensionMismatch: tried to assign 3-element array to 1×2 destination"
    end

    @testset "CartesianIndices and LinearIndices" begin
        C = CartesianIndices((2, 3))
        @test size(C) == (2, 3)
        @test C[2, 3] == CartesianIndex(2, 3)
        @test C[3] == CartesianIndex(1, 2)
        @test first(C) == CartesianIndex(1, 1) && last(C) == CartesianIndex(2, 3)
        @test [I[1] + 10I[2] for I in C][:] == [11, 12, 21, 22, 31, 32]
        L = LinearIndices((2, 3))
        @test L[2, 3] == 6
        @test L[CartesianIndex(1, 2)] == 3
        @test repr(CartesianIndex(1, 2)) == "CartesianIndex(1, 2)"
        @test repr(CartesianIndices((2, 3))) == "CartesianIndices((2, 3))"
        @test CartesianIndex(1, 2) + CartesianIndex(1, 1) == CartesianIndex(2, 3)
        @test collect(keys([1 2; 3 4]))[2] == CartesianIndex(2, 1)
    end

    @testset "concatenation" begin
        @test [1 2 3] == hcat(1, 2, 3)
        @test size([1 2 3]) == (1, 3)
        @test [1 2; 3 4] == hvcat((2, 2), 1, 2, 3, 4)
        @test [[1, 2] [3, 4]] == [1 3; 2 4]
        @test [[1, 2]; [3, 4]] == [1, 2, 3, 4]
        @test [[1 2]; [3 4]] == [1 2; 3 4]
        @test [[1, 2] [3, 4]; 5 6] == [1 3; 2 4; 5 6]
        @test typeof([1 2.5]) == Matrix{Float64}
        @test vcat([1 2], [3 4]) == [1 2; 3 4]
        @test hcat([1, 2], [3, 4]) == [1 3; 2 4]
        @test vcat(1, [2, 3]) == [1, 2, 3]
        @test size(cat([1 2], [3 4]; dims=3)) == (1, 2, 2)
        @test Int8[1 2; 3 4] isa Matrix{Int8}
        @test errmsg(() -> vcat([1 2], [1 2 3])) == "DimensionMismatch: number of columns of each array must match (got (2, 3))"
        @test errmsg(() -> hcat([1, 2], [1, 2, 3])) == "DimensionMismatch: number of rows of each array must match (got (2, 3))"
        @test errmsg(() -> [1 2; 3 4 5]) == "DimensionMismatch: row 2 has mismatched number of columns (expected 2, got 3)"
    end

    @testset "reshape, transpose, adjoint, permutedims" begin
        a = collect(1:6)
        R = reshape(a, 2, 3)
        @test R == [1 3 5; 2 4 6]
        R[1, 1] = 100
        @test a[1] == 100   # reshape shares memory
        @test reshape(a, 3, :) == [100 4; 2 5; 3 6]
        @test vec([1 3; 2 4]) == [1, 2, 3, 4]
        @test reshape(1:6, 2, 3) == [1 3 5; 2 4 6]
        @test_throws DimensionMismatch reshape(a, 4, 2)
        A = [1 2 3; 4 5 6]
        @test A' == [1 4; 2 5; 3 6]
        @test size(A') == (3, 2)
        @test transpose(A)[3, 1] == 3
        @test [1, 2]' == [1 2]
        @test size([1, 2, 3]') == (1, 3)
        @test permutedims(A) == [1 4; 2 5; 3 6]
        @test permutedims([1, 2]) == [1 2]
        @test size(permutedims(zeros(2, 3, 4), (3, 1, 2))) == (4, 2, 3)
        P = PermutedDimsArray(A, (2, 1))
        @test P[3, 2] == 6
        @test (A')' === A
    end

    @testset "views" begin
        A = [1 2 3; 4 5 6]
        v = view(A, :, 2)
        @test v == [2, 5]
        v[1] = 20
        @test A[1, 2] == 20
        w = @view A[2, 2:end]
        @test w == [5, 6]
        @test size(w) == (2,)
        @views x = A[1, :]
        @test x isa SubArray
        x[3] = 30
        @test A[1, 3] == 30
        @test parent(v) === A
        @test sum(view(A, 2, :)) == 15
    end

    @testset "display" begin
        @test disp([1 2; 3 4]) == "2×2 Matrix{Int64}:\n 1  2\n 3  4"
        @test disp([1.5 2.25; -3.0 4.0]) == "2×2 Matrix{Float64}:\n  1.5  2.25\n -3.0  4.0"
        @test disp([1, 20, 300]) == "3-element Vector{Int64}:\n   1\n  20\n 300"
        @test disp(zeros(2, 2, 2)) == "2×2×2 Array{Float64, 3}:\n[:, :, 1] =\n 0.0  0.0\n 0.0  0.0\n\n[:, :, 2] =\n 0.0  0.0\n 0.0  0.0"
        @test disp(zeros(0, 3)) == "0×3 Matrix{Float64}"
        @test disp(Int[]) == "Int64[]"
        @test disp([1 2; 3 4]') == "2×2 adjoint(::Matrix{Int64}) with eltype Int64:\n 1  3\n 2  4"
        @test disp(transpose([1, 2])) == "1×2 transpose(::Vector{Int64}) with eltype Int64:\n 1  2"
        @test disp(view([1 2; 3 4], :, 1)) == "2-element view(::Matrix{Int64}, :, 1) with eltype Int64:\n 1\n 3"
        @test disp(fill(1)) == "0-dimensional Array{Int64, 0}:\n1"
        @test disp(Vector{Any}(undef, 2)) == "2-element Vector{Any}:\n #undef\n #undef"
        @test disp([1.0 Inf; NaN -2.5e-10]) == "2×2 Matrix{Float64}:\n   1.0  Inf\n NaN    -2.5e-10"
        @test disp([1.0 2.123456789]) == "1×2 Matrix{Float64}:\n 1.0  2.12346"
        @test disp(["a" "bb"; "ccc" "d"]) == "2×2 Matrix{String}:\n \"a\"    \"bb\"\n \"ccc\"  \"d\""
        @test disp([true false]) == "1×2 Matrix{Bool}:\n 1  0"
        @test repr([1 2; 3 4]) == "[1 2; 3 4]"
        @test repr([1.0 2.0]) == "[1.0 2.0]"
        @test repr(Int8[1 2; 3 4]) == "Int8[1 2; 3 4]"
        @test repr(reshape([1, 2], 2, 1)) == "[1; 2;;]"
        @test repr(zeros(0, 3)) == "Matrix{Float64}(undef, 0, 3)"
        @test repr(reshape(collect(1:8), 2, 2, 2)) == "[1 3; 2 4;;; 5 7; 6 8]"
        @test repr([1 2; 3 4]') == "[1 3; 2 4]"
        @test string([1 2; 3 4]) == "[1 2; 3 4]"
        @test sprint(print, [1.5 2.0]) == "[1.5 2.0]"
        @test repr(Any[1 "a"]) == "Any[1 \"a\"]"
        @test summary([1 2; 3 4]) == "2×2 Matrix{Int64}"
        @test summary(1:3) == "3-element UnitRange{Int64}"
    end
end
