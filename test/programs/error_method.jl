# error_method.jl -- MethodError with Julia's message and closest candidates
f(x::String) = x
f(1)
