-- mandel.lua -- Julia Microbenchmarks: escape counts over a complex grid (step 1/n), summed.
-- args: n reps. Complex numbers as pairs of doubles; |z| through the C library's hypot, as in Julia.
package.path = arg[0]:match("(.-)[^/]*$") .. "?.lua;" .. package.path
local B = require("benchlib")
local ffi = require("ffi")
ffi.cdef "double hypot(double x, double y);"
local hypot = ffi.C.hypot

local function mandel(cr, ci)
  local zr, zi = cr, ci
  local maxiter = 80
  for n = 1, maxiter do
    if hypot(zr, zi) > 2 then return n - 1 end
    zr, zi = zr * zr - zi * zi + cr, zr * zi + zi * zr + ci
  end
  return maxiter
end

local function mandelperf(n)
  local sum = 0
  for r = -2 * n, math.floor(n / 2) do
    for i = -n, n do
      sum = sum + mandel(r / n, i / n)
    end
  end
  return sum
end

local n, reps = B.arg(1, 10), B.arg(2, 1)
if mandelperf(10) ~= 14791 then B.fail("mandelperf(10) ~= 14791") end
local s = mandelperf(n)
local ns = B.inputs(n, reps)
local best = math.huge
for trial = 1, B.TRIALS do
  local t0 = B.now()
  local acc = 0
  for k = 1, reps do acc = acc + mandelperf(ns[k]) end
  local t = (B.now() - t0) / reps
  if trial > 1 and t < best then best = t end
  if acc ~= reps * s then B.fail("mandelperf gave different sums for the same grid") end
end
print(string.format("mandel(%d) = %d", n, s))
B.report(best)
