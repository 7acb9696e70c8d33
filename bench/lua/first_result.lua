-- first_result.lua -- time to first result: a small script (recursive fib(20)).
local function fib(n)
  if n < 2 then return n end
  return fib(n - 1) + fib(n - 2)
end
print(fib(20))
