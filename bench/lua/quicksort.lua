-- quicksort.lua -- Julia Microbenchmarks: quicksort of n random floats (only the sort is timed).
-- args: n reps
package.path = arg[0]:match("(.-)[^/]*$") .. "?.lua;" .. package.path
local B = require("benchlib")

local function qsort(a, lo, hi)
  local i, j = lo, hi
  while i < hi do
    local pivot = a[math.floor((lo + hi) / 2)]
    while i <= j do
      while a[i] < pivot do i = i + 1 end
      while a[j] > pivot do j = j - 1 end
      if i <= j then
        a[i], a[j] = a[j], a[i]
        i, j = i + 1, j - 1
      end
    end
    if lo < j then qsort(a, lo, j) end
    lo, j = i, hi
  end
  return a
end

local n, reps = B.arg(1, 5000), B.arg(2, 1)
local g = B.lcg(42)
local a = {}
local best, total = math.huge, 0.0
for trial = 1, B.TRIALS do
  local t = 0
  for _ = 1, reps do
    for i = 1, n do a[i] = g.float() end
    local t0 = B.now()
    qsort(a, 1, n)
    t = t + (B.now() - t0)
    for i = 2, n do
      if a[i - 1] > a[i] then B.fail("array not sorted") end
    end
    total = total + a[math.floor(n / 2) + 1]
  end
  if trial > 1 and t / reps < best then best = t / reps end
end
print(string.format("quicksort(%d): sorted, median sum %.6f", n, total))
B.report(best)
