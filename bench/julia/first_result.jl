# first_result.jl -- time to first result: parse, compile and run a small script (recursive fib(20)).
fib(n) = n < 2 ? n : fib(n - 1) + fib(n - 2)
println(fib(20))
