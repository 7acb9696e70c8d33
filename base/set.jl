# set.jl -- Set{T} (a Dict{T,Nothing}, so its order is Julia's slot order too) and the set algebra on
# AbstractSet and on vectors/iterables: union/intersect/setdiff/symdiff (+ the `!` forms),
# issubset/⊆/⊊/⊇, issetequal, isdisjoint, unique, and Set printing (`Set([1, 2])`).

struct Set{T} <: AbstractSet{T}
    dict::Dict{T,Nothing}
    Set{T}() where {T} = new(Dict{T,Nothing}())
end
Set{T}(itr) where {T} = union!(Set{T}(), itr)
Set() = Set{Any}()
function Set(itr)
    T = eltype(itr)
    if T === Any && !(itr isa AbstractArray) && !(itr isa AbstractSet)
        # unknown element type (generators): collect first, as Julia's @default_eltype would infer
        c = collect(itr)
        return Set{eltype(c)}(c)
    end
    Set{T}(itr)
end

push!(s::Set, x) = (s.dict[x] = nothing; s)
delete!(s::Set, x) = (delete!(s.dict, x); s)
in(x, s::Set) = ht_keyindex(s.dict, x) >= 0
length(s::Set) = length(s.dict)
isempty(s::Set) = isempty(s.dict)
empty!(s::Set) = (empty!(s.dict); s)
sizehint!(s::Set, n::Integer) = (sizehint!(s.dict, n); s)
eltype(::Type{<:AbstractSet{T}}) where {T} = T
copy(s::Set{T}) where {T} = (r = Set{T}(); r.dict.slots = copy(s.dict.slots); _copyset!(r, s); r)
function _copyset!(r::Set, s::Set)
    d, e = r.dict, s.dict
    d.keys = _copy_slots(e.keys, e.slots)
    d.vals = Vector{Nothing}(undef, length(e.slots))
    d.ndel, d.count, d.age, d.idxfloor, d.maxprobe = e.ndel, e.count, e.age, e.idxfloor, e.maxprobe
end
function iterate(s::Set, i...)
    y = iterate(s.dict, i...)
    y === nothing ? nothing : (y[1].first, y[2])
end
function pop!(s::Set)
    isempty(s) && throw(ArgumentError("set must be non-empty"))
    pop!(s.dict).first
end
function pop!(s::Set, x)
    index = ht_keyindex(s.dict, x)
    index > 0 || throw(KeyError(x))
    k = s.dict.keys[index]
    _delete!(s.dict, index)
    k
end
pop!(s::Set, x, default) = x in s ? pop!(s, x) : default
filter!(f, s::Set) = (filter!(p -> f(p.first), s.dict); s)
filter(f, s::Set{T}) where {T} = (r = Set{T}(); for x in s; f(x) && push!(r, x); end; r)

emptymutable(s::AbstractSet{T}, ::Type{U}=T) where {T,U} = Set{U}()
empty(s::AbstractSet{T}, ::Type{U}=T) where {T,U} = Set{U}()
_promote_eltypes(x) = eltype(x)
_promote_eltypes(x, ys...) = promote_type(eltype(x), _promote_eltypes(ys...))

# ---- union
function union!(s::AbstractSet, itr)
    _haslength(itr) && s isa Set && sizehint!(s, length(s) + Int(length(itr)))
    for x in itr
        push!(s, x)
    end
    s
end
union!(s::AbstractSet, sets...) = (for x in sets; union!(s, x); end; s)
union(s::AbstractSet) = copy(s)
union(s::AbstractSet, sets...) = union!(emptymutable(s, _promote_eltypes(s, sets...)), s, sets...)
function union(v::AbstractVector, itrs...)
    T = _promote_eltypes(v, itrs...)
    seen = Set{T}()
    out = Vector{T}(undef, 0)
    for itr in (v, itrs...)
        for x in itr
            if !(x in seen)
                push!(seen, x)
                push!(out, x)
            end
        end
    end
    out
end
union(itr, itrs...) = union(collect(itr), itrs...)
const ∪ = union

# ---- intersect
function intersect!(s::AbstractSet, itr)
    if itr isa AbstractSet || itr isa AbstractDict || itr isa KeySet
        filter!(x -> x in itr, s)
    else
        t = Set(itr)
        filter!(x -> x in t, s)
    end
    s
end
intersect!(s::AbstractSet, itrs...) = (for x in itrs; intersect!(s, x); end; s)
intersect(s::AbstractSet) = copy(s)
function intersect(s::AbstractSet, itr, itrs...)
    T = _promote_eltypes(s, itr, itrs...)
    r = emptymutable(s, T)
    for x in s
        x in itr && push!(r, x)
    end
    isempty(itrs) ? r : intersect!(r, itrs...)
end
function intersect(v::AbstractVector, itrs...)
    T = _promote_eltypes(v, itrs...)
    sets = [x isa AbstractSet ? x : Set(x) for x in itrs]
    seen = Set{T}()
    out = Vector{T}(undef, 0)
    for x in v
        if !(x in seen) && all(t -> x in t, sets)
            push!(seen, x)
            push!(out, x)
        end
    end
    out
end
intersect(itr, itrs...) = intersect(collect(itr), itrs...)
const ∩ = intersect

# ---- setdiff / symdiff
setdiff!(s::AbstractSet, itr) = (for x in itr; delete!(s, x); end; s)
setdiff!(s::AbstractSet, itrs...) = (for x in itrs; setdiff!(s, x); end; s)
setdiff(s::AbstractSet, itrs...) = setdiff!(copy(s), itrs...)
function setdiff(v::AbstractVector, itrs...)
    T = eltype(v)
    excluded = Set{Any}()
    for itr in itrs
        union!(excluded, itr)
    end
    seen = Set{T}()
    out = Vector{T}(undef, 0)
    for x in v
        if !(x in seen) && !(x in excluded)
            push!(seen, x)
            push!(out, x)
        end
    end
    out
end
setdiff(itr, itrs...) = setdiff(collect(itr), itrs...)
function symdiff!(s::AbstractSet, itr)
    for x in (itr isa AbstractSet ? itr : Set(itr))
        x in s ? delete!(s, x) : push!(s, x)
    end
    s
end
symdiff!(s::AbstractSet, itrs...) = (for x in itrs; symdiff!(s, x); end; s)
symdiff(s::AbstractSet, itrs...) = symdiff!(emptymutable(s, _promote_eltypes(s, itrs...)) |> (r -> union!(r, s)), itrs...)
function symdiff(v::AbstractVector, itrs...)
    T = _promote_eltypes(v, itrs...)
    counts = Dict{T,Int}()
    order = Vector{T}(undef, 0)
    for itr in (v, itrs...)
        for x in Set(itr)
            haskey(counts, x) || push!(order, x)
            counts[x] = get(counts, x, 0) + 1
        end
    end
    # keep the order of first appearance, as Julia's vector symdiff does
    out = Vector{T}(undef, 0)
    seen = Set{T}()
    for itr in (v, itrs...)
        for x in itr
            if !(x in seen) && isodd(counts[x])
                push!(seen, x)
                push!(out, x)
            end
        end
    end
    out
end

# ---- comparisons
function issubset(a, b)
    if !(b isa AbstractSet || b isa AbstractDict || b isa KeySet) && _haslength(b) && length(b) > 8
        b = Set(b)
    end
    for x in a
        x in b || return false
    end
    true
end
const ⊆ = issubset
⊇(a, b) = issubset(b, a)
⊈(a, b) = !issubset(a, b)
⊉(a, b) = !issubset(b, a)
⊊(a, b) = _length_set(a) < _length_set(b) && issubset(a, b)
⊋(a, b) = ⊊(b, a)
_length_set(a::AbstractSet) = length(a)
_length_set(a) = length(Set(a))
issetequal(a::AbstractSet, b::AbstractSet) = length(a) == length(b) && issubset(a, b)
issetequal(a, b) = issetequal(Set(a), Set(b))
isdisjoint(a, b) = (t = b isa AbstractSet ? b : Set(b); !any(x -> x in t, a))
(==)(a::AbstractSet, b::AbstractSet) = length(a) == length(b) && issubset(a, b)
isequal(a::AbstractSet, b::AbstractSet) = a == b
(<=)(a::AbstractSet, b::AbstractSet) = issubset(a, b)
(<)(a::AbstractSet, b::AbstractSet) = ⊊(a, b)
function hash(s::AbstractSet, h::UInt)
    hv = 0x852ada37cfe8e0ce % UInt   # Julia's hashs_seed
    for x in s
        hv = xor(hv, hash(x))
    end
    hash(hv, h)
end

function show(io::IO, s::Set)
    if isempty(s)
        if get(io, :typeinfo, Any) == typeof(s)
            print(io, "Set()")
        else
            show(io, typeof(s))
            print(io, "()")
        end
    else
        print(io, "Set(")
        _show_typed_elements(io, s)
        print(io, ')')
    end
end
