# perf_style.jl -- a program in the style of Julia's Microbenchmarks (perf.jl): recursive fib, integer
# parsing, a mandelbrot comprehension over float ranges, quicksort, the pi series, random-matrix
# statistics with [a b c d]/[a b; c d] and tr((P'P)^4), a matrix product, and printf to /dev/null,
# each checked with @test and timed by a user macro wrapping @elapsed (sizes scaled down from
# perf.jl so that the interpreter alone finishes in seconds). Only the fact that a timing was
# taken is printed, so the output is deterministic. The golden
# output is checked both in the default mode and under --compile=min (test/unit/test_programs.c).
using LinearAlgebra: tr
using Printf: @printf
using Random: seed!, rand, randn
using Statistics: std, mean
using Test: @test

const mintrials = 2

macro timeit(ex, name)
    quote
        t = Float64[]
        for i in 0:mintrials
            e = 1000 * (@elapsed $(esc(ex)))
            i > 0 && push!(t, e)      # the first run warms up
        end
        @printf("julep,%s,%s\n", $(esc(name)), minimum(t) >= 0 && length(t) == mintrials ? "timed" : "bad timing")
        GC.gc()
    end
end

seed!(1776)

## recursive fib ##

fib(n) = n < 2 ? n : fib(n - 1) + fib(n - 2)

@test fib(20) == 6765
@timeit fib(20) "recursion_fibonacci"

## parse integer ##

function parseintperf(t)
    local n, m
    for i = 1:t
        n = rand(UInt32)
        s = string(n, base = 16)
        m = parse(UInt32, s, base = 16)
        @assert m == n
    end
    return n
end

@test parseintperf(10) isa UInt32
@timeit parseintperf(100) "parse_integers"

## array constructors, matmul and transpose ##

@test all(fill(1.0, 200, 200) .== 1)
A = fill(1.0, 200, 200)
@test all(A * A' .== 200)

## mandelbrot set: comprehensions over float ranges ##

myabs2(re, im) = re * re + im * im

function mandel(cre, cim)
    zre, zim = cre, cim
    maxiter = 80
    for n = 1:maxiter
        if myabs2(zre, zim) > 4
            return n - 1
        end
        zre, zim = zre * zre - zim * zim + cre, 2 * zre * zim + cim
    end
    return maxiter
end

mandelperf() = [mandel(r, i) for i = -1.0:0.1:1.0, r = -2.0:0.1:0.5]
M = mandelperf()
@test size(M) == (21, 26)
@test sum(M) == 14791
@timeit mandelperf() "userfunc_mandelbrot"

## numeric vector sort ##

function qsort!(a, lo, hi)
    i, j = lo, hi
    while i < hi
        pivot = a[(lo + hi) >>> 1]
        while i <= j
            while a[i] < pivot; i += 1; end
            while a[j] > pivot; j -= 1; end
            if i <= j
                a[i], a[j] = a[j], a[i]
                i, j = i + 1, j - 1
            end
        end
        if lo < j; qsort!(a, lo, j); end
        lo, j = i, hi
    end
    return a
end

sortperf(n) = qsort!(rand(n), 1, n)
@test issorted(sortperf(2000))
@timeit sortperf(2000) "recursion_quicksort"

## slow pi series ##

function pisum()
    sum = 0.0
    for j = 1:5
        sum = 0.0
        for k = 1:10000
            sum += 1.0 / (k * k)
        end
    end
    sum
end

@test abs(pisum() - 1.644834071848065) < 1e-12
@timeit pisum() "iteration_pi_sum"

## random matrix statistics ##

function randmatstat(t)
    n = 5
    v = zeros(t)
    w = zeros(t)
    for i = 1:t
        a = randn(n, n)
        b = randn(n, n)
        c = randn(n, n)
        d = randn(n, n)
        P = [a b c d]
        Q = [a b; c d]
        v[i] = tr((P'P)^4)
        w[i] = tr((Q'*Q)^4)
    end
    return (std(v) / mean(v), std(w) / mean(w))
end

(s1, s2) = randmatstat(100)
@test 0.5 < s1 < 1.0 && 0.5 < s2 < 1.0
@timeit randmatstat(20) "matrix_statistics"

## largish random number gen & matmul ##

R = rand(100, 100) * rand(100, 100)
@test size(R) == (100, 100)
@test 20 < mean(R) < 30
@timeit rand(100, 100) * rand(100, 100) "matrix_multiply"

## printfd ##

if Sys.isunix()
    function printfd(n)
        open("/dev/null", "w") do io
            for i = 1:n
                @printf(io, "%d %d\n", i, i + 1)
            end
        end
    end

    printfd(1)
    @timeit printfd(200) "print_to_file"
end

println("done")
