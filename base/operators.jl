# operators.jl -- the generic operators Base builds on: !=, >, >=, isequal, isless fallbacks, ===
# helpers, |>, ∘ (ComposedFunction), Fix1/Fix2, in, and the comparison fallbacks for non-numbers.

(==)(x, y) = x === y
# types are equal when each is a subtype of the other (Tuple{Vararg{Int, N}} where N == Tuple{Vararg{Int}});
# DataTypes are unique, so for two of them (what compiled code mostly compares, and folds) that is ===
(==)(T::Type, S::Type) =
    T === S || (!(T isa DataType && S isa DataType) && ccall(:jl_types_equal, Cint, (Any, Any), T, S) != Cint(0))
(!=)(x, y) = !(x == y)
(!==)(x, y) = !(x === y)
(>)(x, y) = y < x
(>=)(x, y) = y <= x
(<=)(x, y) = (x < y) | (x == y)
const ≠ = !=
const ≤ = <=
const ≥ = >=
isequal(x, y) = x == y
isless(x::AbstractFloat, y::Real) = isless(promote(x, y)...)
isless(x::Real, y::AbstractFloat) = isless(promote(x, y)...)
(<)(x, y) = isless(x, y)
const ⊻ = xor

(|>)(x, f) = f(x)

struct ComposedFunction{O,I} <: Function
    outer::O
    inner::I
end
(c::ComposedFunction)(x...) = c.outer(c.inner(x...))
(∘)(f, g) = ComposedFunction(f, g)
(∘)(f) = f

struct Fix1{F,T} <: Function
    f::F
    x::T
end
(f::Fix1)(y) = f.f(f.x, y)
struct Fix2{F,T} <: Function
    f::F
    x::T
end
(f::Fix2)(y) = f.f(y, f.x)
isequal(x) = Fix2(isequal, x)
(==)(x) = Fix2(==, x)
(!=)(x) = Fix2(!=, x)
(<)(x) = Fix2(<, x)
(>)(x) = Fix2(>, x)
in(x) = Fix2(in, x)

!(f::Function) = (x...) -> !f(x...)

function in(x, itr)
    for y in itr
        y == x && return true
    end
    return false
end
const ∈ = in
(∉)(x, itr) = !in(x, itr)
(>:)(a, b) = b <: a
afoldl(op, a) = a
afoldl(op, a, b, cs...) = afoldl(op, op(a, b), cs...)
(+)(a, b, c, xs...) = afoldl(+, a + b, c, xs...)
(*)(a, b, c, xs...) = afoldl(*, a * b, c, xs...)
(&)(a, b, c, xs...) = afoldl(&, a & b, c, xs...)
(|)(a, b, c, xs...) = afoldl(|, a | b, c, xs...)
xor(a, b, c, xs...) = afoldl(xor, xor(a, b), c, xs...)
