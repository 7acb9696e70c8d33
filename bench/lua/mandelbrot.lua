-- mandelbrot.lua -- Benchmarks Game mandelbrot: n x n bitmap of the Mandelbrot set as a binary PBM (P4)
-- on stdout, 50 iterations, escape at |z|^2 > 4. args: n
package.path = arg[0]:match("(.-)[^/]*$") .. "?.lua;" .. package.path
local B = require("benchlib")
local bit = require("bit")

local n = B.arg(1, 200)
local rowbytes = math.floor((n + 7) / 8)
local center_inside = true -- c = -1 + 0im; checked when n is a multiple of 4
local out = io.stdout
out:write(string.format("P4\n%d %d\n", n, n))
local row, last_first = {}, 0
for y = 0, n - 1 do
  local ci = 2.0 * y / n - 1.0
  for xb = 0, rowbytes - 1 do
    local bits = 0
    for x = xb * 8, xb * 8 + 7 do
      local cr = 2.0 * x / n - 1.5
      local zr, zi, tr, ti = 0.0, 0.0, 0.0, 0.0
      local inside = true
      for _ = 1, 50 do
        zi = 2.0 * zr * zi + ci
        zr = tr - ti + cr
        tr = zr * zr
        ti = zi * zi
        if tr + ti > 4.0 then
          inside = false
          break
        end
      end
      bits = bit.lshift(bits, 1)
      if inside and x < n then bits = bits + 1 end
      if n % 4 == 0 and y == n / 2 and x == n / 4 then center_inside = inside end
    end
    row[xb + 1] = string.char(bits)
    if xb == 0 then last_first = bits end
  end
  out:write(table.concat(row, "", 1, rowbytes))
end
if not center_inside or bit.band(last_first, 0x80) ~= 0 then
  B.fail("-1+0im must be inside, the last row's first pixel outside")
end
