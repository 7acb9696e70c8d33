# structs_show.jl -- default show of structs, parametric types, user show methods used everywhere
struct Point
    x::Float64
    y::Float64
end
struct Pair2{A,B}
    a::A
    b::B
end
mutable struct Node
    val::Int
    next::Union{Node,Nothing}
end
abstract type Animal end
struct Dog <: Animal
    name::String
end
Base.show(io::IO, d::Dog) = print(io, "Dog named ", d.name)
p = Point(1.0, 2.0)
println(p)
show(p); println()
println(Pair2(1, "x"))
println(Node(1, Node(2, nothing)))
println(Dog("Rex"))
println([Dog("A"), Dog("B")])
println("Interpolated: $(Dog("C"))")
println(typeof(p), " ", typeof(Pair2(1, 2.0)), " ", Point <: Any, " ", Dog <: Animal)
println(fieldnames(Point))
println(isbitstype(Point), " ", isbitstype(Node))
