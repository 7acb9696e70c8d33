-- binarytrees.lua -- Benchmarks Game binary-trees: allocate and walk perfect binary trees (GC heavy).
-- A node is a table { left, right }; a leaf is an empty table. args: n (maximum depth)
package.path = arg[0]:match("(.-)[^/]*$") .. "?.lua;" .. package.path
local B = require("benchlib")

local function make(d)
  if d == 0 then return {} end
  return { make(d - 1), make(d - 1) }
end

local function check(t)
  if t[1] == nil then return 1 end
  return 1 + check(t[1]) + check(t[2])
end

local n = B.arg(1, 10)
local min_depth = 4
local max_depth = math.max(min_depth + 2, n)
local stretch = max_depth + 1
io.write(string.format("stretch tree of depth %d\t check: %d\n", stretch, check(make(stretch))))
local long_lived = make(max_depth)
for d = min_depth, max_depth, 2 do
  local iters = 2 ^ (max_depth - d + min_depth)
  local c = 0
  for _ = 1, iters do c = c + check(make(d)) end
  if c ~= iters * (2 ^ (d + 1) - 1) then B.fail("wrong node count") end
  io.write(string.format("%d\t trees of depth %d\t check: %d\n", iters, d, c))
end
io.write(string.format("long lived tree of depth %d\t check: %d\n", max_depth, check(long_lived)))
