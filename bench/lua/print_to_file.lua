-- print_to_file.lua -- Julia Microbenchmarks: n formatted lines "i i+1" to /dev/null. args: n reps
package.path = arg[0]:match("(.-)[^/]*$") .. "?.lua;" .. package.path
local B = require("benchlib")

local function printfd(path, n)
  local f = assert(io.open(path, "w"))
  for i = 1, n do
    f:write(string.format("%d %d\n", i, i + 1))
  end
  f:close()
end

local function self_check()
  local path = os.tmpname()
  printfd(path, 3)
  local f = assert(io.open(path, "r"))
  local text = f:read("*a")
  f:close()
  os.remove(path)
  if text ~= "1 2\n2 3\n3 4\n" then B.fail("printfd wrote the wrong text") end
end

local n, reps = B.arg(1, 100000), B.arg(2, 1)
self_check()
local best = math.huge
for trial = 1, B.TRIALS do
  local t0 = B.now()
  for _ = 1, reps do printfd("/dev/null", n) end
  local t = (B.now() - t0) / reps
  if trial > 1 and t < best then best = t end
end
print(string.format("print_to_file(%d): done", n))
B.report(best)
