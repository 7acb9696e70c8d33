-- parse_integers.lua -- Julia Microbenchmarks: UInt32 -> hex string -> parse -> compare, t times.
-- args: t reps
package.path = arg[0]:match("(.-)[^/]*$") .. "?.lua;" .. package.path
local B = require("benchlib")

local function parseintperf(t, g)
  local n
  for _ = 1, t do
    n = g.next()
    local s = string.format("%x", n)
    local m = tonumber(s, 16)
    if m ~= n then B.fail("parsed value differs") end
  end
  return n
end

local t, reps = B.arg(1, 1000), B.arg(2, 1)
local g = B.lcg(42)
local best, last = math.huge, 0
for trial = 1, B.TRIALS do
  local t0 = B.now()
  for _ = 1, reps do last = parseintperf(t, g) end
  local el = (B.now() - t0) / reps
  if trial > 1 and el < best then best = el end
end
print(string.format("parse_integers(%d): last = %x", t, last))
B.report(best)
