# nbody.jl -- Benchmarks Game n-body: 5 planets (mutable structs in a Vector), n steps of a symplectic
# integrator, energy before and after. args: n
using Printf

const SOLAR_MASS = 4 * pi * pi
const DAYS_PER_YEAR = 365.24

mutable struct Body
    x::Float64
    y::Float64
    z::Float64
    vx::Float64
    vy::Float64
    vz::Float64
    mass::Float64
end

function init_bodies()
    sun = Body(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, SOLAR_MASS)
    jupiter = Body(4.84143144246472090e+00, -1.16032004402742839e+00, -1.03622044471123109e-01,
                   1.66007664274403694e-03 * DAYS_PER_YEAR, 7.69901118419740425e-03 * DAYS_PER_YEAR,
                   -6.90460016972063023e-05 * DAYS_PER_YEAR, 9.54791938424326609e-04 * SOLAR_MASS)
    saturn = Body(8.34336671824457987e+00, 4.12479856412430479e+00, -4.03523417114321381e-01,
                  -2.76742510726862411e-03 * DAYS_PER_YEAR, 4.99852801234917238e-03 * DAYS_PER_YEAR,
                  2.30417297573763929e-05 * DAYS_PER_YEAR, 2.85885980666130812e-04 * SOLAR_MASS)
    uranus = Body(1.28943695621391310e+01, -1.51111514016986312e+01, -2.23307578892655734e-01,
                  2.96460137564761618e-03 * DAYS_PER_YEAR, 2.37847173959480950e-03 * DAYS_PER_YEAR,
                  -2.96589568540237556e-05 * DAYS_PER_YEAR, 4.36624404335156298e-05 * SOLAR_MASS)
    neptune = Body(1.53796971148509165e+01, -2.59193146099879641e+01, 1.79258772950371181e-01,
                   2.68067772490389322e-03 * DAYS_PER_YEAR, 1.62824170038242295e-03 * DAYS_PER_YEAR,
                   -9.51592254519715870e-05 * DAYS_PER_YEAR, 5.15138902046611451e-05 * SOLAR_MASS)
    return [sun, jupiter, saturn, uranus, neptune]
end

function offset_momentum!(bodies)
    px = py = pz = 0.0
    for b in bodies
        px += b.vx * b.mass
        py += b.vy * b.mass
        pz += b.vz * b.mass
    end
    sun = bodies[1]
    sun.vx = -px / SOLAR_MASS
    sun.vy = -py / SOLAR_MASS
    sun.vz = -pz / SOLAR_MASS
end

function energy(bodies)
    e = 0.0
    for i in eachindex(bodies)
        bi = bodies[i]
        e += 0.5 * bi.mass * (bi.vx * bi.vx + bi.vy * bi.vy + bi.vz * bi.vz)
        for j in i+1:length(bodies)
            bj = bodies[j]
            dx, dy, dz = bi.x - bj.x, bi.y - bj.y, bi.z - bj.z
            e -= bi.mass * bj.mass / sqrt(dx * dx + dy * dy + dz * dz)
        end
    end
    return e
end

function advance!(bodies, dt)
    for i in eachindex(bodies)
        bi = bodies[i]
        for j in i+1:length(bodies)
            bj = bodies[j]
            dx, dy, dz = bi.x - bj.x, bi.y - bj.y, bi.z - bj.z
            d2 = dx * dx + dy * dy + dz * dz
            mag = dt / (d2 * sqrt(d2))
            bi.vx -= dx * bj.mass * mag
            bi.vy -= dy * bj.mass * mag
            bi.vz -= dz * bj.mass * mag
            bj.vx += dx * bi.mass * mag
            bj.vy += dy * bi.mass * mag
            bj.vz += dz * bi.mass * mag
        end
    end
    for b in bodies
        b.x += dt * b.vx
        b.y += dt * b.vy
        b.z += dt * b.vz
    end
end

function main(args)
    n = length(args) >= 1 ? parse(Int, args[1]) : 1000
    bodies = init_bodies()
    offset_momentum!(bodies)
    e0 = energy(bodies)
    @printf("%.9f\n", e0)
    for _ in 1:n
        advance!(bodies, 0.01)
    end
    e1 = energy(bodies)
    @printf("%.9f\n", e1)
    abs(e1 - e0) <= 1e-4 || error("energy drifted")
end

main(ARGS)
