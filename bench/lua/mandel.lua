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
local best, s = math.huge, 0
for trial = 1, B.TRIALS do
  local t0 = B.now()
  for _ = 1, reps do s = mandelperf(n) end
  local t = (B.now() - t0) / reps
  if trial > 1 and t < best then best = t end
end
print(string.format("mandel(%d) = %d", n, s))
B.report(best)
