-- fasta.lua -- Benchmarks Game fasta: repeated and weighted-random DNA sequences (LCG with IM = 139968),
-- lines of 60 characters. args: n
package.path = arg[0]:match("(.-)[^/]*$") .. "?.lua;" .. package.path
local B = require("benchlib")

local IM, IA, IC, LINE = 139968, 3877, 29573, 60
local ALU = "GGCCGGGCGCGGTGGCTCACGCCTGTAATCCCAGCACTTTGG" ..
            "GAGGCCGAGGCGGGCGGATCACCTGAGGTCAGGAGTTCGAGA" ..
            "CCAGCCTGGCCAACATGGTGAAACCCCGTCTCTACTAAAAAT" ..
            "ACAAAAATTAGCCGGGCGTGGTGGCGCGCGCCTGTAATCCCA" ..
            "GCTACTCGGGAGGCTGAGGCAGGAGAATCGCTTGAACCCGGG" ..
            "AGGCGGAGGTTGCAGTGAGCCGAGATCGCGCCACTGCACTCC" ..
            "AGCCTGGGCGACAGAGCGAGACTCCGTCTCAAAAA"
local IUB = { { "a", 0.27 }, { "c", 0.12 }, { "g", 0.12 }, { "t", 0.27 }, { "B", 0.02 }, { "D", 0.02 },
              { "H", 0.02 }, { "K", 0.02 }, { "M", 0.02 }, { "N", 0.02 }, { "R", 0.02 }, { "S", 0.02 },
              { "V", 0.02 }, { "W", 0.02 }, { "Y", 0.02 } }
local HOMOSAPIENS = { { "a", 0.3029549426680 }, { "c", 0.1979883004921 }, { "g", 0.1975473066391 },
                      { "t", 0.3015094502008 } }

local seed = 42
local function gen_random(max)
  seed = (seed * IA + IC) % IM
  return max * seed / IM
end

local out = io.stdout

local function repeat_fasta(s, n)
  local len, pos = #s, 1
  local line = {}
  while n > 0 do
    local m = math.min(n, LINE)
    for i = 1, m do
      line[i] = s:sub(pos, pos)
      pos = pos == len and 1 or pos + 1
    end
    out:write(table.concat(line, "", 1, m), "\n")
    n = n - m
  end
end

local function random_fasta(genelist, n)
  local chars, cumulative, cum = {}, {}, 0.0
  for i, g in ipairs(genelist) do
    cum = cum + g[2]
    chars[i], cumulative[i] = g[1], cum
  end
  local count = #genelist
  local line = {}
  while n > 0 do
    local m = math.min(n, LINE)
    for i = 1, m do
      local r = gen_random(1.0)
      local k = 1
      while k < count and cumulative[k] < r do k = k + 1 end
      line[i] = chars[k]
    end
    out:write(table.concat(line, "", 1, m), "\n")
    n = n - m
  end
end

local n = B.arg(1, 1000)
out:write(">ONE Homo sapiens alu\n")
repeat_fasta(ALU, 2 * n)
out:write(">TWO IUB ambiguity codes\n")
random_fasta(IUB, 3 * n)
out:write(">THREE Homo sapiens frequency\n")
random_fasta(HOMOSAPIENS, 5 * n)
