# exit_status.jl -- exit(n) ends the program with status n
println("partial")
exit(3)
println("never")
