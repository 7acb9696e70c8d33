# print_to_file.jl -- Julia Microbenchmarks: n formatted lines "i i+1" to /dev/null. args: n reps
function printfd(path, n)
    open(path, "w") do f
        for i = 1:n
            print(f, i, " ", i + 1, "\n")
        end
    end
end

function self_check()
    path = tempname()
    printfd(path, 3)
    text = read(path, String)
    rm(path)
    text == "1 2\n2 3\n3 4\n" || error("printfd wrote the wrong text")
end

function main(args)
    n = length(args) >= 1 ? parse(Int, args[1]) : 100000
    reps = length(args) >= 2 ? parse(Int, args[2]) : 1
    self_check()
    best = Inf
    for trial in 1:6
        t0 = time_ns()
        for _ in 1:reps
            printfd("/dev/null", n)
        end
        t = (time_ns() - t0) / 1e9 / reps
        trial > 1 && (best = min(best, t))
    end
    println("print_to_file($n): done")
    println(stderr, "BENCHTIME ", best)
end

main(ARGS)
