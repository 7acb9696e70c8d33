# dict.jl -- Dict{K,V} (hash table with open addressing; iteration in insertion order, which is not
# Julia's slot order: printing order can differ from Julia for several keys), Set{T}, and the
# AbstractDict interface: get/get!/haskey/delete!/pop!/keys/values/pairs/merge.

mutable struct Dict{K,V} <: AbstractDict{K,V}
    keys::Vector{K}
    vals::Vector{V}
    alive::Vector{Bool}
    slots::Vector{Int}      # 0 empty, -1 deleted, else index into keys/vals
    count::Int
    Dict{K,V}() where {K,V} = new(Vector{K}(undef, 0), Vector{V}(undef, 0), Bool[], zeros(Int, 16), 0)
end
function Dict{K,V}(kvs) where {K,V}
    d = Dict{K,V}()
    for (k, v) in kvs
        d[k] = v
    end
    d
end
Dict{K,V}(ps::Pair...) where {K,V} = Dict{K,V}(ps)
Dict() = Dict{Any,Any}()
Dict(ps::Pair{K,V}...) where {K,V} = Dict{K,V}(ps)
function Dict(ps::Pair...)
    K = Union{}
    V = Union{}
    for p in ps
        K = _promote_eltype2(K, typeof(p.first))
        V = _promote_eltype2(V, typeof(p.second))
    end
    Dict{K,V}(ps)
end
_promote_eltype2(T, S) = T === Union{} ? S : _promote_eltype(T, S)
function Dict(kvs)
    ps = collect(kvs)
    isempty(ps) && return Dict{Any,Any}()
    Dict(ps...)
end

length(d::Dict) = d.count
isempty(d::Dict) = d.count == 0
function _slot(d::Dict, key)
    slots = d.slots
    mask = length(slots) - 1
    i = Int(hash(key) & UInt(mask)) + 1
    firstdel = 0
    while true
        s = slots[i]
        if s == 0
            return firstdel == 0 ? -i : -firstdel
        elseif s == -1
            firstdel == 0 && (firstdel = i)
        elseif isequal(d.keys[s], key)
            return i
        end
        i = (i & mask) + 1
    end
end
function _rehash!(d::Dict)
    n = length(d.slots)
    while n < 4 * (d.count + 1)
        n *= 2
    end
    ks, vs = d.keys, d.vals
    live = [i for i in 1:length(ks) if d.alive[i]]
    d.keys = ks[live]
    d.vals = vs[live]
    d.alive = fill(true, length(live))
    d.slots = zeros(Int, n)
    for j in 1:length(d.keys)
        s = _slot(d, d.keys[j])
        d.slots[-s] = j
    end
    d
end
function setindex!(d::Dict{K,V}, v, key) where {K,V}
    k = convert(K, key)
    s = _slot(d, k)
    if s > 0
        d.vals[d.slots[s]] = convert(V, v)
    else
        push!(d.keys, k)
        push!(d.vals, convert(V, v))
        push!(d.alive, true)
        d.slots[-s] = length(d.keys)
        d.count += 1
        (length(d.keys) + 1) * 2 > length(d.slots) && _rehash!(d)
    end
    d
end
function getindex(d::Dict, key)
    s = _slot(d, key)
    s > 0 || throw(KeyError(key))
    d.vals[d.slots[s]]
end
function get(d::Dict, key, default)
    s = _slot(d, key)
    s > 0 ? d.vals[d.slots[s]] : default
end
function get(f::Function, d::Dict, key)
    s = _slot(d, key)
    s > 0 ? d.vals[d.slots[s]] : f()
end
function get!(d::Dict, key, default)
    s = _slot(d, key)
    s > 0 && return d.vals[d.slots[s]]
    d[key] = default
    d[key]
end
function get!(f::Function, d::Dict, key)
    s = _slot(d, key)
    s > 0 && return d.vals[d.slots[s]]
    d[key] = f()
    d[key]
end
haskey(d::Dict, key) = _slot(d, key) > 0
in(p::Pair, d::AbstractDict) = haskey(d, p.first) && isequal(d[p.first], p.second)
function delete!(d::Dict, key)
    s = _slot(d, key)
    if s > 0
        d.alive[d.slots[s]] = false
        d.slots[s] = -1
        d.count -= 1
    end
    d
end
function pop!(d::Dict, key)
    v = d[key]
    delete!(d, key)
    v
end
function pop!(d::Dict, key, default)
    haskey(d, key) ? pop!(d, key) : default
end
function empty!(d::Dict{K,V}) where {K,V}
    d.keys = Vector{K}(undef, 0)
    d.vals = Vector{V}(undef, 0)
    d.alive = Bool[]
    d.slots = zeros(Int, 16)
    d.count = 0
    d
end
function iterate(d::Dict, i::Int=1)
    while i <= length(d.keys)
        d.alive[i] && return (Pair(d.keys[i], d.vals[i]), i + 1)
        i += 1
    end
    nothing
end
keys(d::AbstractDict) = [p.first for p in d]
values(d::AbstractDict) = [p.second for p in d]
pairs(d::AbstractDict) = d
eltype(::Type{_S1}) where {K,V, _S1<:AbstractDict{K,V}} = Pair{K,V}
keytype(::AbstractDict{K}) where {K} = K
valtype(::AbstractDict{K,V}) where {K,V} = V
function merge(d::AbstractDict, others::AbstractDict...)
    r = Dict{keytype(d),valtype(d)}()
    for (k, v) in d
        r[k] = v
    end
    for o in others
        for (k, v) in o
            r[k] = v
        end
    end
    r
end
function merge!(d::AbstractDict, others::AbstractDict...)
    for o in others
        for (k, v) in o
            d[k] = v
        end
    end
    d
end
copy(d::Dict{K,V}) where {K,V} = merge!(Dict{K,V}(), d)
function (==)(a::AbstractDict, b::AbstractDict)
    length(a) == length(b) || return false
    for (k, v) in a
        haskey(b, k) || return false
        b[k] == v || return false
    end
    true
end
function filter(f, d::Dict{K,V}) where {K,V}
    r = Dict{K,V}()
    for p in d
        f(p) && (r[p.first] = p.second)
    end
    r
end

struct Set{T} <: AbstractSet{T}
    dict::Dict{T,Nothing}
    Set{T}() where {T} = new(Dict{T,Nothing}())
end
function Set{T}(itr) where {T}
    s = Set{T}()
    for x in itr
        push!(s, x)
    end
    s
end
Set() = Set{Any}()
Set(itr) = Set{eltype(itr)}(itr)
push!(s::Set, x) = (s.dict[x] = nothing; s)
delete!(s::Set, x) = (delete!(s.dict, x); s)
in(x, s::Set) = haskey(s.dict, x)
length(s::Set) = length(s.dict)
isempty(s::Set) = isempty(s.dict)
function iterate(s::Set, i::Int=1)
    y = iterate(s.dict, i)
    y === nothing ? nothing : (y[1].first, y[2])
end
eltype(::Type{Set{T}}) where {T} = T
union(a::AbstractSet, b) = (s = Set{eltype(a)}(a); for x in b; push!(s, x); end; s)
intersect(a::AbstractSet, b) = Set{eltype(a)}([x for x in a if x in b])
setdiff(a::AbstractSet, b) = Set{eltype(a)}([x for x in a if !(x in b)])
union(a::AbstractVector, b) = unique(vcat(a, collect(b)))
intersect(a::AbstractVector, b) = unique([x for x in a if x in b])
setdiff(a::AbstractVector, b) = unique([x for x in a if !(x in b)])
issubset(a, b) = all(x -> x in b, a)
(==)(a::AbstractSet, b::AbstractSet) = length(a) == length(b) && issubset(a, b)
const ⊆ = issubset
