-- pi_sum.lua -- Julia Microbenchmarks: sum of 1/k^2 for k = 1..n, repeated 500 times. args: n reps
package.path = arg[0]:match("(.-)[^/]*$") .. "?.lua;" .. package.path
local B = require("benchlib")

local function pisum(n)
  local sum = 0.0
  for _ = 1, 500 do
    sum = 0.0
    for k = 1, n do
      sum = sum + 1.0 / (k * k)
    end
  end
  return sum
end

local n, reps = B.arg(1, 10000), B.arg(2, 1)
local s = pisum(n)
local ns = B.inputs(n, reps)
local best = math.huge
for trial = 1, B.TRIALS do
  local t0 = B.now()
  local acc = 0.0
  for k = 1, reps do acc = acc + pisum(ns[k]) end
  local t = (B.now() - t0) / reps
  if trial > 1 and t < best then best = t end
  if math.abs(acc - reps * s) > 1e-9 * reps then B.fail("pisum gave different sums for the same n") end
end
if math.abs(s - math.pi ^ 2 / 6) > 1 / n + 1e-9 then B.fail("pi_sum is not close to pi^2/6") end
if n == 10000 and math.abs(s - 1.644834071848065) > 1e-12 then
  B.fail("pisum(10000) differs from 1.644834071848065")
end
print(string.format("pi_sum(%d) = %.12f", n, s))
B.report(best)
