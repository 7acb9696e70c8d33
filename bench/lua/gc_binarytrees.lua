-- gc_binarytrees.lua -- GC costs on the binary-trees workload: the pause of one full collection
-- (collectgarbage("collect")) with a long-lived tree of depth n live, after short-lived trees were built
-- and dropped. LuaJIT's incremental collector exposes neither its allocation total nor its time (n/a).
-- args: n
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

local function churn(max_depth)
  local c = 0
  for d = 4, max_depth, 2 do
    for _ = 1, 2 ^ (max_depth - d + 4) do c = c + check(make(d)) end
  end
  return c
end

local n = B.arg(1, 12)
local long_lived = make(n)
churn(6)
local c = churn(n)
local t0 = B.now()
collectgarbage("collect")
local pause = B.now() - t0
io.write(string.format("gc_binarytrees(%d): short-lived nodes %d, long-lived nodes %d\n", n, c, check(long_lived)))
io.stderr:write(string.format("BENCHSTAT full_gc_ms %.6g\n", 1000 * pause))
