-- nbody.lua -- Benchmarks Game n-body: 5 planets, n steps of a symplectic integrator, energy before and
-- after. args: n
package.path = arg[0]:match("(.-)[^/]*$") .. "?.lua;" .. package.path
local B = require("benchlib")

local PI = 3.141592653589793
local SOLAR_MASS = 4 * PI * PI
local DAYS_PER_YEAR = 365.24

local function body(x, y, z, vx, vy, vz, mass)
  return { x = x, y = y, z = z, vx = vx, vy = vy, vz = vz, mass = mass }
end

local bodies = {
  body(0, 0, 0, 0, 0, 0, SOLAR_MASS),
  body(4.84143144246472090e+00, -1.16032004402742839e+00, -1.03622044471123109e-01,
       1.66007664274403694e-03 * DAYS_PER_YEAR, 7.69901118419740425e-03 * DAYS_PER_YEAR,
       -6.90460016972063023e-05 * DAYS_PER_YEAR, 9.54791938424326609e-04 * SOLAR_MASS),
  body(8.34336671824457987e+00, 4.12479856412430479e+00, -4.03523417114321381e-01,
       -2.76742510726862411e-03 * DAYS_PER_YEAR, 4.99852801234917238e-03 * DAYS_PER_YEAR,
       2.30417297573763929e-05 * DAYS_PER_YEAR, 2.85885980666130812e-04 * SOLAR_MASS),
  body(1.28943695621391310e+01, -1.51111514016986312e+01, -2.23307578892655734e-01,
       2.96460137564761618e-03 * DAYS_PER_YEAR, 2.37847173959480950e-03 * DAYS_PER_YEAR,
       -2.96589568540237556e-05 * DAYS_PER_YEAR, 4.36624404335156298e-05 * SOLAR_MASS),
  body(1.53796971148509165e+01, -2.59193146099879641e+01, 1.79258772950371181e-01,
       2.68067772490389322e-03 * DAYS_PER_YEAR, 1.62824170038242295e-03 * DAYS_PER_YEAR,
       -9.51592254519715870e-05 * DAYS_PER_YEAR, 5.15138902046611451e-05 * SOLAR_MASS),
}

local function offset_momentum(b)
  local px, py, pz = 0.0, 0.0, 0.0
  for i = 1, #b do
    px = px + b[i].vx * b[i].mass
    py = py + b[i].vy * b[i].mass
    pz = pz + b[i].vz * b[i].mass
  end
  b[1].vx = -px / SOLAR_MASS
  b[1].vy = -py / SOLAR_MASS
  b[1].vz = -pz / SOLAR_MASS
end

local function energy(b)
  local e = 0.0
  for i = 1, #b do
    local bi = b[i]
    e = e + 0.5 * bi.mass * (bi.vx * bi.vx + bi.vy * bi.vy + bi.vz * bi.vz)
    for j = i + 1, #b do
      local bj = b[j]
      local dx, dy, dz = bi.x - bj.x, bi.y - bj.y, bi.z - bj.z
      e = e - bi.mass * bj.mass / math.sqrt(dx * dx + dy * dy + dz * dz)
    end
  end
  return e
end

local function advance(b, nb, dt)
  for i = 1, nb do
    local bi = b[i]
    for j = i + 1, nb do
      local bj = b[j]
      local dx, dy, dz = bi.x - bj.x, bi.y - bj.y, bi.z - bj.z
      local d2 = dx * dx + dy * dy + dz * dz
      local mag = dt / (d2 * math.sqrt(d2))
      bi.vx = bi.vx - dx * bj.mass * mag
      bi.vy = bi.vy - dy * bj.mass * mag
      bi.vz = bi.vz - dz * bj.mass * mag
      bj.vx = bj.vx + dx * bi.mass * mag
      bj.vy = bj.vy + dy * bi.mass * mag
      bj.vz = bj.vz + dz * bi.mass * mag
    end
  end
  for i = 1, nb do
    local bi = b[i]
    bi.x = bi.x + dt * bi.vx
    bi.y = bi.y + dt * bi.vy
    bi.z = bi.z + dt * bi.vz
  end
end

local n = B.arg(1, 1000)
offset_momentum(bodies)
local e0 = energy(bodies)
io.write(string.format("%.9f\n", e0))
for _ = 1, n do advance(bodies, #bodies, 0.01) end
local e1 = energy(bodies)
io.write(string.format("%.9f\n", e1))
if math.abs(e1 - e0) > 1e-4 then B.fail("energy drifted") end
