-- randmatstat.lua -- Julia Microbenchmarks: statistics of trace((P'P)^4) and trace((Q'Q)^4) for random
-- 5x5 blocks a b c d, P = [a b c d], Q = [a b; c d], t times. LuaJIT has no BLAS: the matrix products
-- are plain loops over column-major arrays. args: t reps
package.path = arg[0]:match("(.-)[^/]*$") .. "?.lua;" .. package.path
local B = require("benchlib")

local function randn(g)
  local u1 = (g.next() + 0.5) / 4294967296.0
  local u2 = g.float()
  return math.sqrt(-2.0 * math.log(u1)) * math.cos(2.0 * math.pi * u2)
end

-- X = M'M for an r x c column-major M
local function gram(m, r, c)
  local x = {}
  for j = 0, c - 1 do
    for i = 0, c - 1 do
      local s = 0.0
      for k = 0, r - 1 do s = s + m[i * r + k + 1] * m[j * r + k + 1] end
      x[j * c + i + 1] = s
    end
  end
  return x
end

local function square(x, c)
  local y = {}
  for j = 0, c - 1 do
    for i = 0, c - 1 do
      local s = 0.0
      for k = 0, c - 1 do s = s + x[k * c + i + 1] * x[j * c + k + 1] end
      y[j * c + i + 1] = s
    end
  end
  return y
end

local function trace_pow4(m, r, c)
  local x4 = square(square(gram(m, r, c), c), c)
  local tr = 0.0
  for i = 0, c - 1 do tr = tr + x4[i * c + i + 1] end
  return tr
end

local function stdratio(v, t)
  local mean, var = 0.0, 0.0
  for i = 1, t do mean = mean + v[i] end
  mean = mean / t
  for i = 1, t do var = var + (v[i] - mean) ^ 2 end
  return math.sqrt(var / (t - 1)) / mean
end

local function randmatstat(t, g)
  local n = 5
  local v, w = {}, {}
  for i = 1, t do
    local blocks = {}
    for k = 1, 4 do
      local m = {}
      for j = 1, n * n do m[j] = randn(g) end
      blocks[k] = m
    end
    local a, b, c, d = blocks[1], blocks[2], blocks[3], blocks[4]
    -- P = [a b c d] (5x20): the blocks' columns one after another
    local p = {}
    for k = 1, 4 do
      for j = 1, n * n do p[(k - 1) * n * n + j] = blocks[k][j] end
    end
    -- Q = [a b; c d] (10x10)
    local q = {}
    for col = 0, n - 1 do
      for row = 0, n - 1 do
        q[col * 2 * n + row + 1] = a[col * n + row + 1]
        q[col * 2 * n + row + n + 1] = c[col * n + row + 1]
        q[(col + n) * 2 * n + row + 1] = b[col * n + row + 1]
        q[(col + n) * 2 * n + row + n + 1] = d[col * n + row + 1]
      end
    end
    v[i] = trace_pow4(p, n, 4 * n)
    w[i] = trace_pow4(q, 2 * n, 2 * n)
  end
  return stdratio(v, t), stdratio(w, t)
end

local t, reps = B.arg(1, 1000), B.arg(2, 1)
local g = B.lcg(42)
local best, s1, s2 = math.huge, 0, 0
for trial = 1, B.TRIALS do
  local t0 = B.now()
  for _ = 1, reps do s1, s2 = randmatstat(t, g) end
  local el = (B.now() - t0) / reps
  if trial > 1 and el < best then best = el end
  if not (0.5 < s1 and s1 < 1.0 and 0.5 < s2 and s2 < 1.0) then
    B.fail("randmatstat statistics out of range")
  end
end
print(string.format("randmatstat(%d) = %.4f %.4f", t, s1, s2))
B.report(best)
