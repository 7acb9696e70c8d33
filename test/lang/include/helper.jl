# helper.jl -- included by test/lang/modules.jl: defines things in the including module.
const HELPER_CONST = 7
helper_double(x) = 2x
include("helper2.jl")
