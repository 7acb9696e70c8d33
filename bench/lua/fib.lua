-- fib.lua -- Julia Microbenchmarks: recursive Fibonacci. args: n reps
package.path = arg[0]:match("(.-)[^/]*$") .. "?.lua;" .. package.path
local B = require("benchlib")

local function fib(n)
  if n < 2 then return n end
  return fib(n - 1) + fib(n - 2)
end

local function fib_iter(n)
  local a, b = 0, 1
  for _ = 1, n do a, b = b, a + b end
  return a
end

local n, reps = B.arg(1, 30), B.arg(2, 1)
local ns = B.inputs(n, reps)
local best = math.huge
for trial = 1, B.TRIALS do
  local t0 = B.now()
  local acc = 0
  for k = 1, reps do acc = acc + fib(ns[k]) end
  local t = (B.now() - t0) / reps
  if trial > 1 and t < best then best = t end
  if acc ~= reps * fib_iter(n) then B.fail("fib result differs from the iterative value") end
end
print(string.format("fib(%d) = %d", n, fib_iter(n)))
B.report(best)
