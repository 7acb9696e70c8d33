-- spectralnorm.lua -- Benchmarks Game spectral-norm: power method on the infinite matrix
-- A[i,j] = 1/((i+j-2)(i+j-1)/2 + i) (1-based), 10 iterations. args: n
package.path = arg[0]:match("(.-)[^/]*$") .. "?.lua;" .. package.path
local B = require("benchlib")

local function A(i, j)
  local ij = i + j - 2
  return 1.0 / (ij * (ij + 1) / 2 + i)
end

local function mul_Av(v, av, n)
  for i = 1, n do
    local s = 0.0
    for j = 1, n do s = s + A(i, j) * v[j] end
    av[i] = s
  end
end

local function mul_Atv(v, atv, n)
  for i = 1, n do
    local s = 0.0
    for j = 1, n do s = s + A(j, i) * v[j] end
    atv[i] = s
  end
end

local function mul_AtAv(v, out, tmp, n)
  mul_Av(v, tmp, n)
  mul_Atv(tmp, out, n)
end

local n = B.arg(1, 100)
local u, v, tmp = {}, {}, {}
for i = 1, n do u[i] = 1.0; v[i] = 0.0; tmp[i] = 0.0 end
for _ = 1, 10 do
  mul_AtAv(u, v, tmp, n)
  mul_AtAv(v, u, tmp, n)
end
local vBv, vv = 0.0, 0.0
for i = 1, n do
  vBv = vBv + u[i] * v[i]
  vv = vv + v[i] * v[i]
end
local r = math.sqrt(vBv / vv)
if not (r > 1.2 and r < 1.275) then B.fail("spectral norm out of range") end
io.write(string.format("%.9f\n", r))
