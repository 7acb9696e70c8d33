# pair.jl -- Pair (`a => b`), first/last on pairs.

struct Pair{A,B}
    first::A
    second::B
    Pair{A,B}(a, b) where {A,B} = new(a, b)
end
Pair(a::A, b::B) where {A,B} = Pair{A,B}(a, b)
const => = Pair
first(p::Pair) = p.first
last(p::Pair) = p.second
length(p::Pair) = 2
iterate(p::Pair, i::Int=1) = i > 2 ? nothing : (getfield(p, i), i + 1)
indexed_iterate(p::Pair, i::Int, state=1) = (getfield(p, i), i + 1)
getindex(p::Pair, i::Int) = getfield(p, i)
(==)(p::Pair, q::Pair) = (p.first == q.first) & (p.second == q.second)
isequal(p::Pair, q::Pair) = isequal(p.first, q.first) & isequal(p.second, q.second)
isless(p::Pair, q::Pair) = ifelse(!isequal(p.first, q.first), isless(p.first, q.first), isless(p.second, q.second))
reverse(p::Pair) = Pair(p.second, p.first)
convert(::Type{T}, p::T) where {T<:Pair} = p
convert(::Type{Pair{A,B}}, p::Pair{A,B}) where {A,B} = p
convert(::Type{Pair{A,B}}, p::Pair) where {A,B} = Pair{A,B}(convert(A, p.first), convert(B, p.second))

