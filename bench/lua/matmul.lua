-- matmul.lua -- Julia Microbenchmarks: product of two random n x n matrices. LuaJIT has no BLAS: this is
-- a plain triple loop over column-major arrays (FFI double arrays), so it is not comparable to BLAS.
-- args: n reps
package.path = arg[0]:match("(.-)[^/]*$") .. "?.lua;" .. package.path
local B = require("benchlib")
local ffi = require("ffi")

local function matmul(a, b, c, n)
  for i = 0, n * n - 1 do c[i] = 0.0 end
  for j = 0, n - 1 do
    for k = 0, n - 1 do
      local bkj = b[j * n + k]
      local ak, cj = k * n, j * n
      for i = 0, n - 1 do
        c[cj + i] = c[cj + i] + a[ak + i] * bkj
      end
    end
  end
end

local n, reps = B.arg(1, 1000), B.arg(2, 1)
local g = B.lcg(42)
local a, b, c = ffi.new("double[?]", n * n), ffi.new("double[?]", n * n), ffi.new("double[?]", n * n)
local best, total = math.huge, 0.0
for trial = 1, B.TRIALS do
  local t = 0
  for _ = 1, reps do
    for i = 0, n * n - 1 do a[i] = g.float() end
    for i = 0, n * n - 1 do b[i] = g.float() end
    local t0 = B.now()
    matmul(a, b, c, n)
    t = t + (B.now() - t0)
    local d = 0.0
    for j = 0, n - 1 do d = d + a[j * n + n - 1] * b[j] end
    if math.abs(d - c[n - 1]) > 1e-9 * n then B.fail("C[n,1] differs from the dot product") end
    total = total + c[0] + c[n * n - 1]
  end
  if trial > 1 and t / reps < best then best = t / reps end
end
print(string.format("matmul(%d): corner sum %.6e", n, total))
B.report(best)
