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
eltype(::Type{Filter{F,I}}) where {F,I} = eltype(I)

module Iterators
import ..Base: iterate, length, size, eltype, IteratorSize, SizeUnknown, HasLength, HasShape, IsInfinite, Filter, Generator,
    axes, ndims, reverse
using ..Base: tail, OneTo
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

# ---- product: all combinations, first iterator fastest (as Julia's Iterators.product)
struct ProductIterator{T<:Tuple}
    iterators::T
end
product(iters...) = ProductIterator(iters)
_prod_size(it) = IteratorSize(it) isa HasShape ? size(it) : (length(it),)
size(P::ProductIterator) = _prod_size_all(P.iterators)
_prod_size_all(t::Tuple{}) = ()
_prod_size_all(t::Tuple) = (_prod_size(t[1])..., _prod_size_all(tail(t))...)
length(P::ProductIterator) = prod(size(P))
IteratorSize(::Type{ProductIterator{T}}) where {T} = _prod_itsize(T.parameters)
function _prod_itsize(ps)
    n = 0
    for p in ps
        s = IteratorSize(p)
        s isa IsInfinite && return IsInfinite()
        s isa SizeUnknown && return SizeUnknown()
        n += s isa HasShape ? typeof(s).parameters[1] : 1
    end
    HasShape{n}()
end
# the same from the iterators themselves, so that it infers to a constant
IteratorSize(P::ProductIterator) = _prod_isz(P.iterators)
_prod_isz(::Tuple{}) = HasShape{0}()
_prod_isz(t::Tuple) = _prod_isz_join(IteratorSize(t[1]), _prod_isz(tail(t)))
_prod_isz_join(::HasLength, ::HasShape{N}) where {N} = HasShape{N + 1}()
_prod_isz_join(::HasShape{M}, ::HasShape{N}) where {M,N} = HasShape{M + N}()
_prod_isz_join(a, b) = a isa IsInfinite || b isa IsInfinite ? IsInfinite() : SizeUnknown()
eltype(::Type{ProductIterator{T}}) where {T} = Tuple{Base.map(eltype, (T.parameters...,))...}
# the state is (values, states), one per iterator; the first iterator moves fastest. Recursion over
# the tuple of iterators keeps values and states in tuples of known types (no boxing).
function iterate(P::ProductIterator)
    firsts = _prod_firsts(P.iterators)
    firsts === nothing && return nothing
    vals = Base.map(first, firsts)
    vals, (vals, Base.map(last, firsts))
end
function iterate(P::ProductIterator, state)
    r = _prod_next(P.iterators, state[1], state[2])
    r === nothing && return nothing
    r[1], r
end
_prod_firsts(::Tuple{}) = ()
function _prod_firsts(its::Tuple)
    y = iterate(its[1])
    y === nothing && return nothing
    rest = _prod_firsts(tail(its))
    rest === nothing && return nothing
    (y, rest...)
end
_prod_next(::Tuple{}, ::Tuple, ::Tuple) = nothing
# advance the first iterator; when it is done, restart it and advance the others
function _prod_next(its::Tuple, vals::Tuple, sts::Tuple)
    y = iterate(its[1], sts[1])
    y !== nothing && return ((y[1], tail(vals)...), (y[2], tail(sts)...))
    rest = _prod_next(tail(its), tail(vals), tail(sts))
    rest === nothing && return nothing
    y1 = iterate(its[1])
    y1 === nothing && return nothing
    ((y1[1], rest[1]...), (y1[2], rest[2]...))
end

# ---- partition: consecutive chunks of n (views of arrays, vectors otherwise)
struct PartitionIterator{T}
    c::T
    n::Int
end
function partition(c, n::Integer)
    n < 1 && throw(ArgumentError("cannot create partitions of length $n"))
    PartitionIterator(c, Int(n))
end
length(P::PartitionIterator) = cld(length(P.c), P.n)
IteratorSize(::Type{PartitionIterator{T}}) where {T} = IteratorSize(T) isa IsInfinite ? IsInfinite() :
    IteratorSize(T) isa SizeUnknown ? SizeUnknown() : HasLength()
function iterate(P::PartitionIterator{T}, i::Int=1) where {T<:AbstractArray}
    i > length(P.c) && return nothing
    j = min(i + P.n - 1, length(P.c))
    Base.view(P.c, i:j), j + 1
end
function iterate(P::PartitionIterator, state=())
    y = state === () ? iterate(P.c) : (state === nothing ? nothing : iterate(P.c, state))
    y === nothing && return nothing
    chunk = Base.Vector{eltype(P.c)}(undef, 0)
    while y !== nothing
        push!(chunk, y[1])
        st = y[2]
        length(chunk) == P.n && return chunk, st
        y = iterate(P.c, st)
    end
    chunk, nothing
end

# ---- cycle: the iterator repeated forever
struct Cycle{I}
    xs::I
end
cycle(xs) = Cycle(xs)
eltype(::Type{Cycle{I}}) where {I} = eltype(I)
IteratorSize(::Type{Cycle{I}}) where {I} = IsInfinite()
function iterate(it::Cycle, state=nothing)
    y = state === nothing ? iterate(it.xs) : iterate(it.xs, state)
    y === nothing && (y = iterate(it.xs))   # restart (an empty iterator ends the cycle)
    y
end

# ---- reverse: iterate an array or range backwards
struct Reverse{T}
    itr::T
end
reverse(itr) = Reverse(itr)
eltype(::Type{Reverse{T}}) where {T} = eltype(T)
length(r::Reverse) = length(r.itr)
size(r::Reverse) = size(r.itr)
IteratorSize(::Type{Reverse{T}}) where {T} = IteratorSize(T)
function iterate(r::Reverse{<:AbstractArray}, i=lastindex(r.itr))
    i < firstindex(r.itr) && return nothing
    r.itr[i], i - 1
end
function iterate(r::Reverse, state=nothing)
    if state === nothing
        state = (Base.collect(r.itr), length(r.itr))
        state = (state[1], length(state[1]))
    end
    v, i = state
    i < 1 && return nothing
    v[i], (v, i - 1)
end

# ---- takewhile/dropwhile: the elements while (after) a predicate holds
struct TakeWhile{I,P}
    pred::P
    xs::I
end
takewhile(pred, xs) = TakeWhile(pred, xs)
IteratorSize(::Type{_S1}) where {_S1<:TakeWhile} = SizeUnknown()
eltype(::Type{TakeWhile{I,P}}) where {I,P} = eltype(I)
function iterate(it::TakeWhile, state...)
    y = iterate(it.xs, state...)
    (y === nothing || !it.pred(y[1])) && return nothing
    y
end
struct DropWhile{I,P}
    pred::P
    xs::I
end
dropwhile(pred, xs) = DropWhile(pred, xs)
IteratorSize(::Type{_S1}) where {_S1<:DropWhile} = SizeUnknown()
eltype(::Type{DropWhile{I,P}}) where {I,P} = eltype(I)
function iterate(it::DropWhile)
    y = iterate(it.xs)
    while y !== nothing && it.pred(y[1])
        y = iterate(it.xs, y[2])
    end
    y
end
iterate(it::DropWhile, state) = iterate(it.xs, state)

flatmap(f, c...) = flatten(map(f, c...))
map(f, itr, itrs...) = Base.Generator(t -> f(t...), zip(itr, itrs...))

# ---- accumulate: the running reductions of an iterator, lazily
struct Accumulate{F,I,T}
    f::F
    itr::I
    init::T
end
struct _NoInit end
accumulate(f, itr; init = _NoInit()) = Accumulate(f, itr, init)
IteratorSize(::Type{Accumulate{F,I,T}}) where {F,I,T} = IteratorSize(I)
length(a::Accumulate) = length(a.itr)
size(a::Accumulate) = size(a.itr)
function iterate(a::Accumulate, state = (a.init,))
    y = iterate(a.itr, Base.tail(state)...)
    y === nothing && return nothing
    acc = state[1] isa _NoInit ? y[1] : a.f(state[1], y[1])
    acc, (acc, y[2])
end

# ---- Stateful: an iterator that remembers its position (each `iterate` consumes an element)
mutable struct Stateful{T,V}
    itr::T
    next::V
    taken::Int
end
function Stateful(itr)
    y = iterate(itr)
    Stateful{typeof(itr),Any}(itr, y, 0)
end
IteratorSize(::Type{Stateful{T,V}}) where {T,V} = IteratorSize(T) isa IsInfinite ? IsInfinite() : SizeUnknown()
eltype(::Type{Stateful{T,V}}) where {T,V} = eltype(T)
Base.isempty(s::Stateful) = s.next === nothing
function Base.popfirst!(s::Stateful)
    y = s.next
    y === nothing && throw(Base.EOFError())
    s.next = iterate(s.itr, y[2])
    s.taken += 1
    y[1]
end
peek(s::Stateful, sentinel = nothing) = s.next === nothing ? sentinel : s.next[1]
iterate(s::Stateful, state = nothing) = s.next === nothing ? nothing : (popfirst!(s), nothing)

# the first element and an iterator over the rest (nothing when empty)
function peel(itr)
    y = iterate(itr)
    y === nothing && return nothing
    y[1], rest(itr, y[2])
end

# the single element of a collection
function only(x)
    y = iterate(x)
    y === nothing && throw(ArgumentError("Collection is empty, must contain exactly 1 element"))
    iterate(x, y[2]) === nothing || throw(ArgumentError("Collection has multiple elements, must contain exactly 1 element"))
    y[1]
end
only(x::Tuple{Any}) = x[1]
only(x::Ref) = x[]

# lengths of take/drop when the underlying iterator has one
IteratorSize(::Type{Take{I}}) where {I} = _take_size(IteratorSize(I))
_take_size(::IsInfinite) = HasLength()
_take_size(::Union{HasLength,HasShape}) = HasLength()
_take_size(s) = SizeUnknown()
length(t::Take) = IteratorSize(t.xs) isa IsInfinite ? max(0, t.n) : max(0, min(t.n, length(t.xs)))
eltype(::Type{Take{I}}) where {I} = eltype(I)
IteratorSize(::Type{Drop{I}}) where {I} = _drop_size(IteratorSize(I))
_drop_size(s::IsInfinite) = s
_drop_size(::Union{HasLength,HasShape}) = HasLength()
_drop_size(s) = SizeUnknown()
length(d::Drop) = max(0, length(d.xs) - d.n)
eltype(::Type{Drop{I}}) where {I} = eltype(I)
eltype(::Type{Repeated{O}}) where {O} = O
eltype(::Type{Count{T}}) where {T} = T
eltype(::Type{Enumerate{I}}) where {I} = Tuple{Int,eltype(I)}
IteratorSize(::Type{Enumerate{I}}) where {I} = IteratorSize(I)
size(e::Enumerate) = size(e.itr)

export enumerate, zip, rest, countfrom, take, drop, takewhile, dropwhile, cycle, repeated, product,
    flatten, flatmap, partition
end # module Iterators

using .Iterators: enumerate, zip, product, only

isempty(itr) = iterate(itr) === nothing

# ---- shapes of iterators: arrays, generators and products keep their shape through collect
IteratorSize(::Type{<:AbstractArray{T,N}}) where {T,N} = HasShape{N}()
IteratorSize(::Type{Generator{I,F}}) where {I,F} = IteratorSize(I)
IteratorSize(g::Generator) = IteratorSize(g.iter)
axes(g::Generator) = axes(g.iter)
ndims(g::Generator) = length(size(g))
eltype(::Type{Generator{I,F}}) where {I,F} = Any
# the collected values laid out in itr's shape when it has one of 2 or more dimensions
function _shape_like(itr, v::Vector)
    IteratorSize(itr) isa HasShape || return v
    sz = size(itr)
    length(sz) == 1 ? v : reshape(v, sz)
end
# the element type of an empty generator, from inference
function _empty_generator_eltype(g::Generator)
    T = ccall(:jl_infer_return_type, Any, (Any, Any), g.f, Tuple{eltype(g.iter)})
    T isa Type ? T : Any
end

const Flatten = Iterators.Flatten

# pairs of an array or tuple: index => value (Base.Pairs, as for keyword arguments)
pairs(A::AbstractArray) = Pairs{eltype(keys(A)),eltype(A),typeof(keys(A)),typeof(A)}(A, keys(A))
pairs(t::Tuple) = Pairs{Int,eltype(t),typeof(OneTo(length(t))),typeof(t)}(t, OneTo(length(t)))
pairs(s::String) = [(i => s[i]) for i in eachindex(s)]

# ---- collect
_length_known(itr) = !(IteratorSize(itr) isa SizeUnknown) && !(IteratorSize(itr) isa IsInfinite)
function collect(itr)
    T = _eltype_of(itr)
    T === Any && return _shape_like(itr, _collect_by_values(itr))
    v = Vector{T}(undef, 0)
    for x in itr
        push!(v, x)
    end
    _shape_like(itr, v)
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
# Julia's way: the destination is typed after the first value and shaped as the iterator; a later
# value of another type widens it (typejoin) and collection goes on in the wider array, so a
# type-stable generator fills an Array{T} directly
function collect(g::Generator)
    y = iterate(g)
    y === nothing && return _shape_like(g, Vector{_empty_generator_eltype(g)}(undef, 0))
    v1, st = y
    isz = IteratorSize(g)
    if isz isa HasShape
        dest = Array{typeof(v1)}(undef, size(g))
    elseif isz isa HasLength
        dest = Vector{typeof(v1)}(undef, length(g))
    else
        return _grow_to!(Vector{typeof(v1)}(undef, 1), v1, g, st)
    end
    dest[1] = v1
    _collect_to!(dest, g, 2, st)
end
function _collect_to!(dest::AbstractArray{T}, itr, i, st) where {T}
    while true
        y = iterate(itr, st)
        y === nothing && return dest
        el, st = y
        if el isa T
            dest[i] = el
            i += 1
        else
            wider = similar(dest, _promote_eltype(T, typeof(el)))
            copyto!(wider, 1, dest, 1, i - 1)
            wider[i] = el
            return _collect_to!(wider, itr, i + 1, st)
        end
    end
end
function _grow_to!(dest::Vector{T}, v1, itr, st) where {T}
    dest[1] = v1
    while true
        y = iterate(itr, st)
        y === nothing && return dest
        el, st = y
        if el isa T
            push!(dest, el)
        else
            wider = Vector{_promote_eltype(T, typeof(el))}(undef, 0)
            append!(wider, dest)
            push!(wider, el)
            return _grow_rest!(wider, itr, st)
        end
    end
end
function _grow_rest!(dest::Vector, itr, st)
    while true
        y = iterate(itr, st)
        y === nothing && return dest
        el, st = y
        T = eltype(dest)
        if !(el isa T)
            wider = Vector{_promote_eltype(T, typeof(el))}(undef, 0)
            append!(wider, dest)
            dest = wider
        end
        push!(dest, el)
    end
end
collect(A::AbstractArray) = copyto!(Array{eltype(A)}(undef, size(A)), A)
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
filter(f, t::Tuple) = _filter_tuple(f, t)
_filter_tuple(f, ::Tuple{}) = ()
_filter_tuple(f, t::Tuple) = f(t[1]) ? (t[1], _filter_tuple(f, tail(t))...) : _filter_tuple(f, tail(t))
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
# the value of reducing an empty collection with op, where Julia defines one (reduce_empty)
_empty_reduce_error() = throw(ArgumentError("reducing over an empty collection is not allowed; consider supplying `init` to the reducer"))
_reduce_empty(op, T) = _empty_reduce_error()
_reduce_empty(::typeof(+), ::Type{T}) where {T<:Number} = zero(T)
_reduce_empty(::typeof(*), ::Type{T}) where {T<:Number} = one(T)
_reduce_empty(::typeof(&), ::Type{Bool}) = true
_reduce_empty(::typeof(|), ::Type{Bool}) = false
function mapfoldl(f, op, itr; init=_InitialValue())
    y = iterate(itr)
    if y === nothing
        init isa _InitialValue || return init
        return f === identity ? _reduce_empty(op, eltype(itr)) : _empty_reduce_error()
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
foldr(op, itr; kw...) = mapfoldr(identity, op, itr; kw...)
mapfoldr(f, op, itr; kw...) = mapfoldl(f, (a, b) -> op(b, a), reverse(collect(itr)); kw...)
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
_reduce_empty(::typeof(add_sum), ::Type{T}) where {T<:Number} = _widen_sum(zero(T))
_reduce_empty(::typeof(mul_prod), ::Type{T}) where {T<:Number} = _widen_sum(one(T))
sum(itr; init=_InitialValue()) = _sum(identity, itr, init)
sum(f, itr; init=_InitialValue()) = _sum(f, itr, init)
function _sum(f, itr, init)
    y = iterate(itr)
    if y === nothing
        init isa _InitialValue || return init
        T = eltype(itr)
        T === Any && throw(ArgumentError("reducing over an empty collection is not allowed; consider supplying `init` to the reducer"))
        return _widen_sum(zero(T))
    end
    init isa _InitialValue || return mapfoldl(f, add_sum, itr; init=init)
    acc = _widen_sum(f(y[1]))   # no zero needed: a user number type may have none
    y = iterate(itr, y[2])
    while y !== nothing
        acc = add_sum(acc, f(y[1]))
        y = iterate(itr, y[2])
    end
    acc
end
prod(itr; init=_InitialValue()) = _prod(identity, itr, init)
prod(f, itr; init=_InitialValue()) = _prod(f, itr, init)
function _prod(f, itr, init)
    y = iterate(itr)
    y === nothing && return init isa _InitialValue ? _widen_sum(one(eltype(itr))) : init
    mapfoldl(f, mul_prod, itr; init=init isa _InitialValue ? _widen_sum(one(typeof(f(y[1])))) : init)
end
prod(t::Tuple{}) = 1
maximum(itr; kw...) = mapfoldl(identity, _max_nan, itr; kw...)
minimum(itr; kw...) = mapfoldl(identity, _min_nan, itr; kw...)
maximum(f, itr; kw...) = mapfoldl(f, _max_nan, itr; kw...)
minimum(f, itr; kw...) = mapfoldl(f, _min_nan, itr; kw...)
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
any(f, itr) = _any(f, itr)
function _any(f, itr)
    for x in itr
        f(x) && return true
    end
    false
end
all(f, itr) = _all(f, itr)
function _all(f, itr)
    for x in itr
        f(x) || return false
    end
    true
end
any(itr) = any(identity, itr)
all(itr) = all(identity, itr)
count(f, itr) = _count(f, itr)
function _count(f, itr)
    n = 0
    for x in itr
        f(x) && (n += 1)
    end
    n
end
count(itr) = count(identity, itr)
function unique(itr)
    out = Vector{eltype(itr)}(undef, 0)
    for x in itr
        in(x, out) || push!(out, x)
    end
    out
end
first(itr) = (y = iterate(itr); y === nothing ? throw(ArgumentError("collection must be non-empty")) : y[1])
first(itr, n::Integer) = collect(Iterators.take(itr, n))
