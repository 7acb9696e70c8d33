# error_operator.jl -- an error thrown inside an operator method: the stack trace names the frame
# `+(a::Money, b::Money)` as Julia does (operators are not quoted as var"+")
struct Money
    cents::Int
end
Base.:+(a::Money, b::Money) = a.cents < 0 ? throw(DomainError(a.cents, "negative amount")) : Money(a.cents + b.cents)
println(Money(1) + Money(2))
total(xs) = reduce(+, xs)
total([Money(-1), Money(2)])
