"""first_result.py -- time to first result: a small script (recursive fib(20))."""


def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


print(fib(20))
