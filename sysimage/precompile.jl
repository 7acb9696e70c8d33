# precompile.jl -- run by `make` to write the default system image (build/<mode>/usr/lib/julep/sys.ji):
# julep bootstraps Base from source, runs this file, and saves the heap with --output-ji.
# Main must stay as a fresh process leaves it: the standard libraries are loaded into an anonymous
# module (they are cached as loaded packages, and a later `using` only imports them), and the warm-up
# code below runs inside functions of that module.
let m = Module(:__precompile__)
    Core.eval(m, :(using Core, Base, Test, Printf, Random, Serialization))
    Core.eval(m, quote
        function warmup()
            io = IOBuffer()
            println(io, 1, " ", 2.5, " ", "s", 'c', :sym, [1, 2, 3], (1, "a"), nothing)
            show(io, Dict("a" => 1))
            @sprintf("%d %5.2f %s", 1, 2.0, "x")
            rand(Int); rand(); randn()
            sort([3, 1, 2]); string(1:3); join(["a", "b"], ", ")
            String(take!(io))
        end
        warmup()
    end)
end
