# fib.jl -- recursive Fibonacci
fib(n) = n < 2 ? n : fib(n - 1) + fib(n - 2)
for n in (1, 2, 10, 20, 25)
    println("fib(", n, ") = ", fib(n))
end
println([fib(i) for i in 0:10])
