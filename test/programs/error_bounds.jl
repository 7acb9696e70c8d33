# error_bounds.jl -- BoundsError message for a vector
v = [1, 2, 3]
println(v[3])
v[4]
