# particles.jl -- a small struct-based simulation: particles falling and bouncing (values chosen to be
# exact in binary floating point)
mutable struct Particle
    x::Float64
    v::Float64
end
struct World
    g::Float64
    dt::Float64
end
function step!(w::World, ps::Vector{Particle})
    for p in ps
        p.v -= w.g * w.dt
        p.x += p.v * w.dt
        if p.x < 0
            p.x = -p.x
            p.v = -p.v / 2
        end
    end
end
w = World(2.0, 0.5)
ps = [Particle(4.0, 0.0), Particle(1.0, 1.0)]
for t in 1:4
    step!(w, ps)
    println("t=", t, " ", join([string(p.x, "@", p.v) for p in ps], " "))
end
println(ps[1])
show(stdout, w)
println()
println(sum(p -> p.x, ps))
