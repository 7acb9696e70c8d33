# printing.jl -- print/show/display of the basic values, as Julia 1.10 prints them
println(1, " ", -2, " ", 3.0, " ", 0.1 + 0.2, " ", 1/3, " ", 2^62, " ", typemax(Int), " ", 1e300*10)
println(1.0e-5, " ", 1e16, " ", 100000.0, " ", 1.5e6, " ", -0.0)
println(true, " ", nothing, " ", :sym, " ", 'c', " ", "str")
show(1.5f0); println()
show("a\"b"); println()
show('x'); println()
show(:sym); println()
show((1, "two", 3.0)); println()
show((a = 1, b = (2, 3))); println()
show([1, 2, 3]); println()
show(Any[1, "x", :y]); println()
show(1 => "one"); println()
println([1.5, 2.0])
println((1,))
println(UInt8(255), " ", repr(UInt8(255)))
display([1, 20, 300])
display("text")
display(3.25)
x = 42
@show x
@show 1 + 2
println(string("a", 1, 'b'), " ", repr("q"))
