# iterators.jl -- generic iteration: collect, Generator (comprehensions), Filter, enumerate, zip,
# map/filter/foreach, reductions (sum, prod, maximum, minimum, reduce, foldl, mapreduce), any/all/
# count, findfirst/findall, and the Iterators module basics.

abstract type IteratorSize end
struct HasLength <: IteratorSize end
struct HasShape{N} <: IteratorSize end
struct SizeUnknown <: IteratorSize end
struct IsInfinite <: IteratorSize end
IteratorSize(x) = IteratorSize(typeof(x))
IteratorSize(::Type) = HasLength()

# comprehensions: [f(x) for x in itr] lowers to collect(Generator(f, itr))
struct Generator{I,F}
    f::F
    iter::I
end
Generator(f, iter) = Generator{typeof(iter),typeof(f)}(f, iter)
Generator(f, I1, I2, Is...) = Generator(t -> f(t...), zip(I1, I2, Is...))
function iterate(g::Generator, s...)
    y = iterate(g.iter, s...)
    y === nothing && return nothing
    (g.f(y[1]), y[2])
end
length(g::Generator) = length(g.iter)
size(g::Generator) = size(g.iter)

struct Filter{F,I}
    flt::F
    itr::I
end
Filter(flt, itr) = Filter{typeof(flt),typeof(itr)}(flt, itr)
function iterate(f::Filter, state...)
    y = iterate(f.itr, state...)
    while y !== nothing
        f.flt(y[1]) && return y
        y = iterate(f.itr, y[2])
    end
    nothing
end
IteratorSize(::Type{_S1}) where {_S1<:Filter} = SizeUnknown()

module Iterators
import ..Base: iterate, length, size, eltype, IteratorSize, SizeUnknown, HasLength, IsInfinite, Filter, Generator
struct Enumerate{I}
    itr::I
end
enumerate(itr) = Enumerate(itr)
function iterate(e::Enumerate, state=(1,))
    i, rest = state[1], Base.tail(state)
    n = iterate(e.itr, rest...)
    n === nothing && return nothing
    (i, n[1]), (i + 1, n[2])
end
length(e::Enumerate) = length(e.itr)
struct Zip{Is<:Tuple}
    is::Is
end
zip(its...) = Zip(its)
function iterate(z::Zip, st=nothing)
    vals = Any[]
    states = Any[]
    for k in 1:length(z.is)
        y = st === nothing ? iterate(z.is[k]) : iterate(z.is[k], st[k])
        y === nothing && return nothing
        push!(vals, y[1])
        push!(states, y[2])
    end
    ((vals...,), (states...,))
end
length(z::Zip) = minimum(map(length, z.is))
struct Take{I}
    xs::I
    n::Int
end
take(xs, n::Integer) = Take(xs, Int(n))
function iterate(it::Take, state=(it.n,))
    n, rest = state[1], Base.tail(state)
    n <= 0 && return nothing
    y = iterate(it.xs, rest...)
    y === nothing && return nothing
    y[1], (n - 1, y[2])
end
IteratorSize(::Type{_S1}) where {_S1<:Take} = SizeUnknown()
struct Drop{I}
    xs::I
    n::Int
end
drop(xs, n::Integer) = Drop(xs, Int(n))
function iterate(it::Drop)
    y = iterate(it.xs)
    for _ in 1:it.n
        y === nothing && return nothing
        y = iterate(it.xs, y[2])
    end
    y
end
iterate(it::Drop, state) = iterate(it.xs, state)
IteratorSize(::Type{_S1}) where {_S1<:Drop} = SizeUnknown()
struct Count{T}
    start::T
    step::T
end
countfrom(start=1, step=one(start)) = Count(start, step)
iterate(it::Count, state=it.start) = (state, state + it.step)
IteratorSize(::Type{_S1}) where {_S1<:Count} = IsInfinite()
struct Repeated{O}
    x::O
end
repeated(x) = Repeated(x)
repeated(x, n::Integer) = take(Repeated(x), n)
iterate(it::Repeated, state=nothing) = (it.x, nothing)
IteratorSize(::Type{_S1}) where {_S1<:Repeated} = IsInfinite()
struct Rest{I,S}
    itr::I
    st::S
end
rest(itr, state) = Rest(itr, state)
iterate(i::Rest, st=i.st) = iterate(i.itr, st)
IteratorSize(::Type{_S1}) where {_S1<:Rest} = SizeUnknown()
struct Flatten{I}
    it::I
end
flatten(itr) = Flatten(itr)
function iterate(f::Flatten, state=())
    if state !== ()
        y = iterate(state[1], state[2])
        y !== nothing && return (y[1], (state[1], y[2], state[3]))
    end
    x = state === () ? iterate(f.it) : iterate(f.it, state[3])
    while x !== nothing
        inner = x[1]
        y = iterate(inner)
        y !== nothing && return (y[1], (inner, y[2], x[2]))
        x = iterate(f.it, x[2])
    end
    nothing
end
IteratorSize(::Type{_S1}) where {_S1<:Flatten} = SizeUnknown()
filter(f, itr) = Base.Filter(f, itr)
map(f, itr) = Base.Generator(f, itr)
reverse(itr) = Base.reverse(collect(itr))
end # module Iterators

using .Iterators: enumerate, zip
const Flatten = Iterators.Flatten

pairs(A::AbstractArray) = Iterators.zip(eachindex(A), A)
pairs(s::String) = [(i => s[i]) for i in eachindex(s)]
pairs(t::Tuple) = Iterators.zip(1:length(t), t)

# ---- collect
_length_known(itr) = !(IteratorSize(itr) isa SizeUnknown) && !(IteratorSize(itr) isa IsInfinite)
function collect(itr)
    T = _eltype_of(itr)
    T === Any && return _collect_by_values(itr)
    v = Vector{T}(undef, 0)
    for x in itr
        push!(v, x)
    end
    v
end
# element type from the values, as Julia's collect does when eltype is unknown
function _collect_by_values(itr)
    vals = Any[]
    for x in itr
        push!(vals, x)
    end
    isempty(vals) && return vals
    T = typeof(vals[1])
    for x in vals
        T = _promote_eltype(T, typeof(x))
    end
    v = Vector{T}(undef, length(vals))
    for i in 1:length(vals)
        v[i] = vals[i]
    end
    v
end
_eltype_of(itr) = eltype(itr)
collect(g::Generator) = _collect_by_values(g)
_gen_eltype(g) = Any
_promote_eltype(T, S) = T === S ? T : typejoin(T, S)
collect(::Type{T}, itr) where {T} = _collect_as(T, itr)
collect(s::String) = _collect_as(Char, s)
collect(a::Vector) = copy(a)
eltype(::Type{_S1}) where {_S1<:Generator} = Any

# ---- higher-order functions
map(f, A::AbstractArray) = collect(Generator(f, A))
map(f, A, B) = collect(Generator(t -> f(t...), zip(A, B)))
map(f, A, B, C) = collect(Generator(t -> f(t...), zip(A, B, C)))
map(f, itr) = collect(Generator(f, itr))
function map!(f, dest::AbstractArray, A::AbstractArray)
    for i in 1:length(A)
        dest[i] = f(A[i])
    end
    dest
end
function filter(f, a::AbstractArray)
    v = similar(a, eltype(a), 0)
    for x in a
        f(x) && push!(v, x)
    end
    v
end
function filter!(f, a::Vector)
    j = 0
    for i in 1:length(a)
        if f(a[i])
            j += 1
            a[j] = a[i]
        end
    end
    resize!(a, j)
end
function foreach(f, itr)
    for x in itr
        f(x)
    end
    nothing
end
foreach(f, a, b) = (for (x, y) in zip(a, b); f(x, y); end; nothing)

struct _InitialValue end
function mapfoldl(f, op, itr; init=_InitialValue())
    y = iterate(itr)
    if y === nothing
        init isa _InitialValue && throw(ArgumentError("reducing over an empty collection is not allowed; consider supplying `init` to the reducer"))
        return init
    end
    acc = init isa _InitialValue ? f(y[1]) : op(init, f(y[1]))
    y = iterate(itr, y[2])
    while y !== nothing
        acc = op(acc, f(y[1]))
        y = iterate(itr, y[2])
    end
    acc
end
mapreduce(f, op, itr; kw...) = mapfoldl(f, op, itr; kw...)
foldl(op, itr; kw...) = mapfoldl(identity, op, itr; kw...)
reduce(op, itr; kw...) = mapfoldl(identity, op, itr; kw...)
function foldr(op, itr; kw...)
    mapfoldl(identity, (a, b) -> op(b, a), reverse(collect(itr)); kw...)
end
add_sum(x, y) = x + y
add_sum(x::BitSigned64, y::BitSigned64) = Int(x) + Int(y)
add_sum(x::BitUnsigned64, y::BitUnsigned64) = UInt(x) + UInt(y)
add_sum(x::Bool, y::Bool) = Int(x) + Int(y)
mul_prod(x, y) = x * y
mul_prod(x::BitSigned64, y::BitSigned64) = Int(x) * Int(y)
_widen_sum(x) = x
_widen_sum(x::BitSigned64) = Int(x)
_widen_sum(x::BitUnsigned64) = UInt(x)
_widen_sum(x::Bool) = Int(x)
function sum(itr; init=_InitialValue())
    y = iterate(itr)
    if y === nothing
        init isa _InitialValue || return init
        T = eltype(itr)
        T === Any && throw(ArgumentError("reducing over an empty collection is not allowed; consider supplying `init` to the reducer"))
        return _widen_sum(zero(T))
    end
    mapfoldl(identity, add_sum, itr; init=init isa _InitialValue ? _widen_sum(zero(typeof(y[1]))) : init)
end
sum(f, itr; kw...) = sum(Generator(f, itr); kw...)
function prod(itr; init=_InitialValue())
    y = iterate(itr)
    y === nothing && return init isa _InitialValue ? _widen_sum(one(eltype(itr))) : init
    mapfoldl(identity, mul_prod, itr; init=init isa _InitialValue ? _widen_sum(one(typeof(y[1]))) : init)
end
prod(f, itr; kw...) = prod(Generator(f, itr); kw...)
prod(t::Tuple{}) = 1
maximum(itr) = mapfoldl(identity, _max_nan, itr)
minimum(itr) = mapfoldl(identity, _min_nan, itr)
maximum(f, itr) = mapfoldl(f, _max_nan, itr)
minimum(f, itr) = mapfoldl(f, _min_nan, itr)
_max_nan(a, b) = max(a, b)
_min_nan(a, b) = min(a, b)
extrema(itr) = (minimum(itr), maximum(itr))
function findmax(itr)
    best = nothing
    bi = 0
    for (i, x) in pairs(itr)
        if best === nothing || isless(something(best), x)
            best = Some(x)
            bi = i
        end
    end
    (something(best), bi)
end
function findmin(itr)
    best = nothing
    bi = 0
    for (i, x) in pairs(itr)
        if best === nothing || isless(x, something(best))
            best = Some(x)
            bi = i
        end
    end
    (something(best), bi)
end
argmax(itr) = findmax(itr)[2]
argmin(itr) = findmin(itr)[2]
function any(f, itr)
    for x in itr
        f(x) && return true
    end
    false
end
function all(f, itr)
    for x in itr
        f(x) || return false
    end
    true
end
any(itr) = any(identity, itr)
all(itr) = all(identity, itr)
function count(f, itr)
    n = 0
    for x in itr
        f(x) && (n += 1)
    end
    n
end
count(itr) = count(identity, itr)
function findfirst(f::Function, A::AbstractArray)
    for i in 1:length(A)
        f(A[i]) && return i
    end
    nothing
end
function findlast(f::Function, A::AbstractArray)
    for i in length(A):-1:1
        f(A[i]) && return i
    end
    nothing
end
findfirst(A::AbstractArray{Bool}) = findfirst(identity, A)
findall(f::Function, A::AbstractArray) = [i for i in 1:length(A) if f(A[i])]
findall(A::AbstractArray{Bool}) = findall(identity, A)
function unique(itr)
    out = Vector{eltype(itr)}(undef, 0)
    for x in itr
        in(x, out) || push!(out, x)
    end
    out
end
first(itr) = (y = iterate(itr); y === nothing ? throw(ArgumentError("collection must be non-empty")) : y[1])
cumsum(v::AbstractVector) = accumulate(+, v)
function accumulate(op, v::AbstractVector)
    out = similar(v, eltype(v), 0)
    acc = nothing
    for x in v
        acc = acc === nothing ? x : op(something(acc), x)
        push!(out, acc)
        acc = Some(acc)
    end
    out
end
