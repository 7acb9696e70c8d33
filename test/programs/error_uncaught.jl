# error_uncaught.jl -- an uncaught error in a script: ERROR: LoadError + backtrace with file:line
function inner(x)
    error("boom: ", x)
end
outer(x) = inner(x + 1)
println("before")
outer(1)
println("after")
