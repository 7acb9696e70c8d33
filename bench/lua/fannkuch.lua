-- fannkuch.lua -- Benchmarks Game fannkuch-redux: all permutations of 0..n-1 in the benchmark's order,
-- pancake flips of each, checksum and maximum flip count. args: n
package.path = arg[0]:match("(.-)[^/]*$") .. "?.lua;" .. package.path
local B = require("benchlib")

local function fannkuch(n)
  local perm, perm1, count = {}, {}, {}
  for i = 1, n do perm1[i] = i - 1 end
  local maxflips, checksum, permcount, r = 0, 0, 0, n
  while true do
    while r ~= 1 do
      count[r] = r
      r = r - 1
    end
    for i = 1, n do perm[i] = perm1[i] end
    local flips = 0
    local k = perm[1]
    while k ~= 0 do
      local i, j = 1, k + 1
      while i < j do
        perm[i], perm[j] = perm[j], perm[i]
        i, j = i + 1, j - 1
      end
      flips = flips + 1
      k = perm[1]
    end
    if flips > maxflips then maxflips = flips end
    if permcount % 2 == 0 then checksum = checksum + flips else checksum = checksum - flips end
    while true do
      if r == n then return checksum, maxflips end
      local p0 = perm1[1]
      for i = 1, r do perm1[i] = perm1[i + 1] end
      perm1[r + 1] = p0
      count[r + 1] = count[r + 1] - 1
      if count[r + 1] > 0 then break end
      r = r + 1
    end
    permcount = permcount + 1
  end
end

local n = B.arg(1, 7)
local checksum, maxflips = fannkuch(n)
local c7, m7 = fannkuch(7)
if c7 ~= 228 or m7 ~= 16 then B.fail("fannkuch(7) should give 228 and 16") end
io.write(string.format("%d\nPfannkuchen(%d) = %d\n", checksum, n, maxflips))
