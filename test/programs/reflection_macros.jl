# The @code_* macros print as Julia 1.10 does (no color when output is not a terminal).
using InteractiveUtils
pos(x) = x > 0 ? x : "neg"
lin(x) = x * 2 + 1
@code_warntype pos(1)
display(@code_lowered lin(1))
println()
display(@code_typed lin(1))
println()
display(@code_typed pos(1))
println()
println(@which lin(1))
println(precompile(lin, (Float64,)))
