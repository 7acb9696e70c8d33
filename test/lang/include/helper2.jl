# helper2.jl -- included by helper.jl with a path relative to helper.jl's own directory.
helper_nested() = "nested include"
