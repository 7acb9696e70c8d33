-- benchlib.lua -- shared helpers for the LuaJIT implementations of the benchmark suite (bench/run.py).
-- Conventions (see bench/c/bench.h): arg[1] = n, arg[2] = reps for micro-benchmarks; stdout = checked
-- result; stderr = "BENCHTIME <seconds>" (best of trials 2..6 of one kernel call), "BENCHSTAT ...".
-- Load with: package.path = arg[0]:match("(.-)[^/]*$") .. "?.lua;" .. package.path
local ffi = require("ffi")
ffi.cdef [[
typedef struct { long tv_sec; long tv_nsec; } bench_timespec;
int clock_gettime(int clk, bench_timespec *tp);
]]

local M = {}
local ts = ffi.new("bench_timespec")

function M.now()
  ffi.C.clock_gettime(1, ts) -- CLOCK_MONOTONIC
  return tonumber(ts.tv_sec) + tonumber(ts.tv_nsec) * 1e-9
end

function M.arg(i, default)
  return tonumber(arg[i]) or default
end

M.TRIALS = 6

-- one input per kernel call (all equal to n), as in the other languages (see bench/c/bench.h)
function M.inputs(n, reps)
  local ns = {}
  for k = 1, reps do ns[k] = n end
  return ns
end

function M.report(best)
  io.stderr:write(string.format("BENCHTIME %.9g\n", best))
end

function M.fail(what)
  io.stderr:write("ERROR: " .. what .. "\n")
  os.exit(1)
end

-- the suite's 32-bit LCG (Numerical Recipes constants), exact in doubles: state * 1664525 < 2^53
function M.lcg(seed)
  local state = seed
  local g = {}
  function g.next()
    state = (state * 1664525 + 1013904223) % 4294967296
    return state
  end
  function g.float()
    return g.next() / 4294967296.0
  end
  return g
end

return M
