# dict.jl -- Dict{K,V}: Julia 1.10's hash table (open addressing, linear probing, a byte per slot holding
# 0x00 empty / 0x7f deleted / 0x80|top-7-hash-bits filled), so that with Julia's `hash` values
# (hashing.jl) iteration and printing order match Julia's slot order exactly. Also the generic
# AbstractDict interface (get/get!/getkey/haskey/delete!/pop!/merge/mergewith/filter/empty/keys/values),
# KeySet/ValueIterator, IdDict and Base.ImmutableDict.
#
# Invariants (as Julia's): length(slots) == length(keys) == length(vals) is a power of two >= 16;
# count + ndel <= 2/3 of the table; every filled slot is reachable from its hash index within
# maxprobe steps; idxfloor <= the index of every filled slot.

mutable struct Dict{K,V} <: AbstractDict{K,V}
    slots::Vector{UInt8}
    keys::Vector{K}
    vals::Vector{V}
    ndel::Int
    count::Int
    age::UInt
    idxfloor::Int
    maxprobe::Int
    Dict{K,V}() where {K,V} = new(zeros(UInt8, 16), Vector{K}(undef, 16), Vector{V}(undef, 16), 0, 0, UInt(0), 1, 0)
end

const _maxallowedprobe = 16
const _maxprobeshift = 6

function Dict{K,V}(kv) where {K,V}
    h = Dict{K,V}()
    _haslength(kv) && sizehint!(h, Int(length(kv)))
    for x in kv
        x isa Union{Pair,Tuple} || throw(ArgumentError("Dict(kv): kv needs to be an iterator of 2-tuples or pairs"))
        k, v = x
        h[k] = v
    end
    h
end
function Dict{K,V}(ps::Pair...) where {K,V}
    h = Dict{K,V}()
    sizehint!(h, length(ps))
    for p in ps
        h[p.first] = p.second
    end
    h
end
Dict() = Dict{Any,Any}()
Dict(ps::Pair{K,V}...) where {K,V} = Dict{K,V}(ps...)
function Dict(ps::Pair...)
    K = Union{}
    V = Union{}
    for p in ps
        K = _promote_typejoin(K, typeof(p.first))
        V = _promote_typejoin(V, typeof(p.second))
    end
    Dict{K,V}(ps...)
end
_promote_typejoin(T, S) = T === Union{} ? S : T === S ? T : typejoin(T, S)
function Dict(kv)
    T = eltype(kv)
    if T <: Pair && isconcretetype(T)
        return Dict{T.parameters[1],T.parameters[2]}(kv)
    elseif T <: Tuple && isconcretetype(T) && length(T.parameters) == 2
        return Dict{T.parameters[1],T.parameters[2]}(kv)
    end
    # element type not known: collect, then take the join of the keys' and values' types
    ps = collect(kv)
    K = Union{}
    V = Union{}
    for x in ps
        x isa Union{Pair,Tuple} || throw(ArgumentError("Dict(kv): kv needs to be an iterator of 2-tuples or pairs"))
        k, v = x
        K = _promote_typejoin(K, typeof(k))
        V = _promote_typejoin(V, typeof(v))
    end
    isempty(ps) && return Dict{Any,Any}()
    Dict{K,V}(ps)
end
_haslength(x) = (s = IteratorSize(x); s isa HasLength || s isa HasShape)

# ---- table primitives (Julia's names)
_tablesz(x::Int) = x < 16 ? 16 : 1 << (64 - leading_zeros(x - 1))
_shorthash7(hsh::UInt) = (hsh >> 57) % UInt8 | 0x80
function hashindex(key, sz::Int)
    hsh = hash(key)::UInt
    ((hsh % Int) & (sz - 1)) + 1, _shorthash7(hsh)
end
isslotempty(h::Dict, i::Int) = h.slots[i] == 0x00
isslotfilled(h::Dict, i::Int) = h.slots[i] >= 0x80
isslotmissing(h::Dict, i::Int) = h.slots[i] == 0x7f

function rehash!(h::Dict{K,V}, newsz::Int = length(h.keys)) where {K,V}
    olds = h.slots
    oldk = h.keys
    oldv = h.vals
    sz = length(olds)
    newsz = _tablesz(newsz)
    h.age += 1
    h.idxfloor = 1
    if h.count == 0
        h.slots = zeros(UInt8, newsz)
        h.keys = Vector{K}(undef, newsz)
        h.vals = Vector{V}(undef, newsz)
        h.ndel = 0
        h.maxprobe = 0
        return h
    end
    slots = zeros(UInt8, newsz)
    keys = Vector{K}(undef, newsz)
    vals = Vector{V}(undef, newsz)
    count = 0
    maxprobe = 0
    mask = newsz - 1
    for i in 1:sz
        if olds[i] >= 0x80
            k = oldk[i]
            index0, _ = hashindex(k, newsz)
            index = index0
            while slots[index] != 0x00
                index = (index & mask) + 1
            end
            probe = (index - index0) & mask
            probe > maxprobe && (maxprobe = probe)
            slots[index] = olds[i]
            keys[index] = k
            vals[index] = oldv[i]
            count += 1
        end
    end
    h.slots = slots
    h.keys = keys
    h.vals = vals
    h.count = count
    h.ndel = 0
    h.maxprobe = maxprobe
    h
end
# the deserializer calls this after filling a Dict's fields from a stream
_rehash!(h::Dict) = rehash!(h, length(h.slots))

# the number of distinct values a key type can take (a Dict{Bool} never needs more than 16 slots)
max_values(::Type) = typemax(Int)
max_values(T::Union) = max(max_values(T.a), max_values(T.b))
max_values(::Type{Bool}) = 2
max_values(::Type{Nothing}) = 1
max_values(T::Type{<:Union{Int8,UInt8,Int16,UInt16,Int32,UInt32}}) = 1 << (8 * sizeof(T))

function sizehint!(d::Dict{T}, newsz::Integer) where {T}
    oldsz = length(d.slots)
    newsz = min(max(Int(newsz), length(d)), max_values(T)::Int)
    newsz = _tablesz(cld(3 * newsz, 2))
    newsz == oldsz ? d : rehash!(d, newsz)
end

# the index holding `key`, or -1
function ht_keyindex(h::Dict, key)
    h.count == 0 && return -1
    sz = length(h.keys)
    iter = 0
    maxprobe = h.maxprobe
    index, sh = hashindex(key, sz)
    keys = h.keys
    slots = h.slots
    while true
        s = slots[index]
        s == 0x00 && return -1
        if s == sh
            k = keys[index]
            (key === k || isequal(key, k)) && return index
        end
        index = (index & (sz - 1)) + 1
        (iter += 1) > maxprobe && return -1
    end
end

# (index, shorthash): index > 0 where `key` is stored, or -index where it would be inserted
function ht_keyindex2_shorthash!(h::Dict, key)
    sz = length(h.keys)
    iter = 0
    maxprobe = h.maxprobe
    index, sh = hashindex(key, sz)
    avail = 0
    keys = h.keys
    slots = h.slots
    while true
        s = slots[index]
        if s == 0x00
            return (avail < 0 ? avail : -index), sh
        end
        if s == 0x7f
            avail == 0 && (avail = -index)   # keep scanning: the key may sit further on
        elseif s == sh
            k = keys[index]
            (key === k || isequal(key, k)) && return index, sh
        end
        index = (index & (sz - 1)) + 1
        iter += 1
        iter > maxprobe && break
    end
    avail < 0 && return avail, sh
    maxallowed = max(_maxallowedprobe, sz >> _maxprobeshift)
    while iter < maxallowed
        if slots[index] < 0x80
            h.maxprobe = iter
            return -index, sh
        end
        index = (index & (sz - 1)) + 1
        iter += 1
    end
    rehash!(h, h.count > 64000 ? sz * 2 : sz * 4)
    ht_keyindex2_shorthash!(h, key)
end

function _setindex!(h::Dict, v, key, index::Int, sh::UInt8)
    h.slots[index] = sh
    h.keys[index] = key
    h.vals[index] = v
    h.count += 1
    h.age += 1
    index < h.idxfloor && (h.idxfloor = index)
    sz = length(h.keys)
    if (h.count + h.ndel) * 3 > sz * 2   # more than 2/3 full (tombstones included)
        rehash!(h, h.count > 64000 ? h.count * 2 : h.count * 4)
    end
    nothing
end

function setindex!(h::Dict{K,V}, v0, key0) where {K,V}
    key = key0 isa K ? key0 : convert(K, key0)
    if !(key0 isa K) && !isequal(key, key0)
        throw(ArgumentError(string(repr(key0), " is not a valid key for type ", K)))
    end
    v = v0 isa V ? v0 : convert(V, v0)
    index, sh = ht_keyindex2_shorthash!(h, key)
    if index > 0
        h.age += 1
        h.keys[index] = key
        h.vals[index] = v
    else
        _setindex!(h, v, key, -index, sh)
    end
    h
end

function get!(default::Union{Function,Type}, h::Dict{K,V}, key0) where {K,V}
    key = key0 isa K ? key0 : convert(K, key0)
    index, sh = ht_keyindex2_shorthash!(h, key)
    index > 0 && return h.vals[index]
    age0 = h.age
    v = default()
    v = v isa V ? v : convert(V, v)
    if h.age != age0   # `default` changed the Dict: find the slot again
        index, sh = ht_keyindex2_shorthash!(h, key)
    end
    if index > 0
        h.age += 1
        h.keys[index] = key
        h.vals[index] = v
    else
        _setindex!(h, v, key, -index, sh)
    end
    v
end
get!(h::Dict, key, default) = get!(() -> default, h, key)

function getindex(h::Dict, key)
    index = ht_keyindex(h, key)
    index < 0 && throw(KeyError(key))
    h.vals[index]
end
function get(h::Dict, key, default)
    index = ht_keyindex(h, key)
    index < 0 ? default : h.vals[index]
end
function get(default::Union{Function,Type}, h::Dict, key)
    index = ht_keyindex(h, key)
    index < 0 ? default() : h.vals[index]
end
haskey(h::Dict, key) = ht_keyindex(h, key) >= 0
function getkey(h::Dict, key, default)
    index = ht_keyindex(h, key)
    index < 0 ? default : h.keys[index]
end

function _delete!(h::Dict, index::Int)
    slots = h.slots
    sz = length(slots)
    # no tombstone is needed when the next slot is empty; then earlier tombstones go as well
    ndel = 1
    nextind = (index & (sz - 1)) + 1
    if slots[nextind] == 0x00
        while true
            ndel -= 1
            slots[index] = 0x00
            index = ((index - 2) & (sz - 1)) + 1
            slots[index] == 0x7f || break
        end
    else
        slots[index] = 0x7f
    end
    h.ndel += ndel
    h.count -= 1
    h.age += 1
    h
end
function delete!(h::Dict, key)
    index = ht_keyindex(h, key)
    index > 0 && _delete!(h, index)
    h
end
function pop!(h::Dict, key)
    index = ht_keyindex(h, key)
    index > 0 || throw(KeyError(key))
    v = h.vals[index]
    _delete!(h, index)
    v
end
function pop!(h::Dict, key, default)
    index = ht_keyindex(h, key)
    index > 0 || return default
    v = h.vals[index]
    _delete!(h, index)
    v
end
function pop!(h::Dict{K,V}) where {K,V}
    isempty(h) && throw(ArgumentError("dict must be non-empty"))
    i = skip_deleted(h, h.idxfloor)
    h.idxfloor = i
    p = Pair{K,V}(h.keys[i], h.vals[i])
    _delete!(h, i)
    p
end

function empty!(h::Dict{K,V}) where {K,V}
    sz = length(h.slots)
    fill!(h.slots, 0x00)
    h.keys = Vector{K}(undef, sz)
    h.vals = Vector{V}(undef, sz)
    h.ndel = 0
    h.count = 0
    h.maxprobe = 0
    h.age += 1
    h.idxfloor = sz
    h
end

length(h::Dict) = h.count
isempty(h::Dict) = h.count == 0

function skip_deleted(h::Dict, i::Int)
    L = length(h.slots)
    slots = h.slots
    while i <= L && slots[i] < 0x80
        i += 1
    end
    i
end
# pairs come out as Pair{K,V}, whatever the types of the values stored
function iterate(h::Dict{K,V}) where {K,V}
    i = skip_deleted(h, h.idxfloor)
    h.idxfloor = i   # lazily advance the floor, as Julia does
    i > length(h.vals) ? nothing : (Pair{K,V}(h.keys[i], h.vals[i]), i + 1)
end
function iterate(h::Dict{K,V}, i::Int) where {K,V}
    i = skip_deleted(h, i)
    i > length(h.vals) ? nothing : (Pair{K,V}(h.keys[i], h.vals[i]), i + 1)
end

function copy(d::Dict{K,V}) where {K,V}
    r = Dict{K,V}()
    r.slots = copy(d.slots)
    r.keys = _copy_slots(d.keys, d.slots)
    r.vals = _copy_slots(d.vals, d.slots)
    r.ndel = d.ndel
    r.count = d.count
    r.age = d.age
    r.idxfloor = d.idxfloor
    r.maxprobe = d.maxprobe
    r
end
function _copy_slots(a::Vector{T}, slots::Vector{UInt8}) where {T}
    r = Vector{T}(undef, length(a))
    for i in 1:length(a)
        slots[i] >= 0x80 && (r[i] = a[i])
    end
    r
end

function filter!(pred, h::Dict{K,V}) where {K,V}
    h.count == 0 && return h
    for i in 1:length(h.slots)
        if h.slots[i] >= 0x80 && !pred(Pair{K,V}(h.keys[i], h.vals[i]))
            _delete!(h, i)
        end
    end
    h
end

# ---- generic AbstractDict interface
struct KeySet{K,T<:AbstractDict{K}} <: AbstractSet{K}
    dict::T
end
struct ValueIterator{T<:AbstractDict}
    dict::T
end
KeySet(d::AbstractDict) = KeySet{keytype(d),typeof(d)}(d)
keys(d::AbstractDict) = KeySet(d)
values(d::AbstractDict) = ValueIterator(d)
pairs(d::AbstractDict) = d
length(v::Union{KeySet,ValueIterator}) = length(v.dict)
isempty(v::Union{KeySet,ValueIterator}) = isempty(v.dict)
eltype(::Type{KeySet{K,T}}) where {K,T} = K
eltype(::Type{ValueIterator{T}}) where {T} = valtype(T)
function iterate(v::KeySet, state...)
    y = iterate(v.dict, state...)
    y === nothing ? nothing : (y[1].first, y[2])
end
function iterate(v::ValueIterator, state...)
    y = iterate(v.dict, state...)
    y === nothing ? nothing : (y[1].second, y[2])
end
in(k, v::KeySet) = get(v.dict, k, _secret_token) !== _secret_token
in(x, v::ValueIterator) = any(y -> y == x, v)
collect(v::KeySet) = (r = Vector{eltype(v)}(undef, 0); for k in v; push!(r, k); end; r)
collect(v::ValueIterator) = (r = Vector{eltype(v)}(undef, 0); for x in v; push!(r, x); end; r)
show(io::IO, v::KeySet) = _show_typed_elements(io, v)
show(io::IO, v::ValueIterator) = _show_typed_elements(io, v)
# `T[x, y]` with the eltype omitted when show would imply it (KeySet, ValueIterator, Set's contents)
function _show_typed_elements(io::IO, v)
    T = eltype(v)
    _typeinfo_implicit(T) || show(io, T)
    print(io, '[')
    first = true
    for x in v
        first || print(io, ", ")
        first = false
        show(IOContext(io, :typeinfo => T), x)
    end
    print(io, ']')
end
# (show.jl routes show(io, MIME"text/plain", v) here: MIME is defined after this file)
function _show_keyset_plain(io::IO, v::Union{KeySet,ValueIterator})
    n = length(v)
    print(io, v isa KeySet ? "KeySet" : "ValueIterator", " for a ")
    show(io, typeof(v.dict))
    print(io, " with ", n, n == 1 ? " entry" : " entries", ". ", v isa KeySet ? "Keys" : "Values", ":")
    for x in v
        print(io, "\n  ")
        show(io, x)
    end
end

eltype(::Type{_S1}) where {K,V,_S1<:AbstractDict{K,V}} = Pair{K,V}
keytype(::Type{_S1}) where {K,_S1<:AbstractDict{K}} = K
keytype(d::AbstractDict) = keytype(typeof(d))
valtype(::Type{_S1}) where {K,V,_S1<:AbstractDict{K,V}} = V
valtype(d::AbstractDict) = valtype(typeof(d))
in(p::Pair, d::AbstractDict) = (v = get(d, p.first, _secret_token); v !== _secret_token && isequal(v, p.second))
in(x, d::AbstractDict) = throw(ArgumentError("AbstractDict collections only contain Pairs;\nEither look for e.g. A=>B instead, or use the `keys` or `values` function if you are looking for a key or value respectively."))
struct _SecretToken end
const _secret_token = _SecretToken()
haskey(d::AbstractDict, k) = in(k, keys(d))
get(d::AbstractDict, k, default) = (for (kk, v) in d; isequal(kk, k) && return v; end; default)
function getindex(d::AbstractDict, k)
    v = get(d, k, _secret_token)
    v === _secret_token && throw(KeyError(k))
    v
end
function getkey(d::AbstractDict, k, default)
    for kk in keys(d)
        isequal(kk, k) && return kk
    end
    default
end
function get!(d::AbstractDict, key, default)
    haskey(d, key) && return d[key]
    d[key] = default
end
function get!(f::Union{Function,Type}, d::AbstractDict, key)
    haskey(d, key) && return d[key]
    d[key] = f()
end

empty(d::AbstractDict) = empty(d, keytype(d), valtype(d))
empty(d::AbstractDict, ::Type{V}) where {V} = empty(d, keytype(d), V)
empty(d::Dict, ::Type{K}, ::Type{V}) where {K,V} = Dict{K,V}()
empty(d::AbstractDict, ::Type{K}, ::Type{V}) where {K,V} = Dict{K,V}()
copy(d::AbstractDict) = merge!(empty(d), d)

_merge_type(d, others) = (K = keytype(d); V = valtype(d); for o in others; K = promote_type(K, keytype(o)); V = promote_type(V, valtype(o)); end; (K, V))
function merge(d::AbstractDict, others::AbstractDict...)
    K, V = _merge_type(d, others)
    merge!(empty(d, K, V), d, others...)
end
merge(d::AbstractDict) = copy(d)
function merge!(d::AbstractDict, others::AbstractDict...)
    for o in others
        o isa Dict && d isa Dict && sizehint!(d, length(d) + length(o))
        for (k, v) in o
            d[k] = v
        end
    end
    d
end
function mergewith!(combine, d::AbstractDict, others::AbstractDict...)
    for o in others
        for (k, v) in o
            d[k] = haskey(d, k) ? combine(d[k], v) : v
        end
    end
    d
end
function mergewith(combine, d::AbstractDict, others::AbstractDict...)
    K, V = _merge_type(d, others)
    mergewith!(combine, merge!(empty(d, K, V), d), others...)
end
merge(combine::Function, d::AbstractDict, others::AbstractDict...) = mergewith(combine, d, others...)
merge!(combine::Function, d::AbstractDict, others::AbstractDict...) = mergewith!(combine, d, others...)

function filter(f, d::AbstractDict)
    r = empty(d)
    for p in d
        f(p) && (r[p.first] = p.second)
    end
    r
end
function (==)(a::AbstractDict, b::AbstractDict)
    a === b && return true
    length(a) == length(b) || return false
    anymissing = false
    for (k, v) in a
        nv = get(b, k, _secret_token)
        nv === _secret_token && return false
        eq = v == nv
        eq === missing ? (anymissing = true) : (eq || return false)
    end
    anymissing ? missing : true
end
function isequal(a::AbstractDict, b::AbstractDict)
    a === b && return true
    length(a) == length(b) || return false
    for (k, v) in a
        nv = get(b, k, _secret_token)
        (nv !== _secret_token && isequal(v, nv)) || return false
    end
    true
end
function hash(a::AbstractDict, h::UInt)
    hv = 0x6d35bb51952d5539 % UInt   # Julia's hasha_seed
    for (k, v) in a
        hv = xor(hv, hash(k, hash(v)))
    end
    hash(hv, h)
end
function map!(f, iter::ValueIterator{<:Dict})
    d = iter.dict
    for i in 1:length(d.slots)
        d.slots[i] >= 0x80 && (d.vals[i] = f(d.vals[i]))
    end
    iter
end

# ---- IdDict: keys compared with === and hashed by objectid (iteration order is therefore
# unspecified, as in Julia, where it follows object addresses)
struct _IdKey
    x::Any
end
hash(k::_IdKey, h::UInt) = hash(objectid(k.x), h)
isequal(a::_IdKey, b::_IdKey) = a.x === b.x
struct IdDict{K,V} <: AbstractDict{K,V}
    d::Dict{_IdKey,V}
    IdDict{K,V}() where {K,V} = new(Dict{_IdKey,V}())
end
IdDict() = IdDict{Any,Any}()
function IdDict{K,V}(kv) where {K,V}
    d = IdDict{K,V}()
    for (k, v) in kv
        d[k] = v
    end
    d
end
IdDict{K,V}(ps::Pair...) where {K,V} = IdDict{K,V}(ps)
IdDict(ps::Pair{K,V}...) where {K,V} = IdDict{K,V}(ps)
IdDict(ps::Pair...) = IdDict{Any,Any}(ps)
IdDict(kv) = (d = Dict(kv); IdDict{keytype(d),valtype(d)}(kv))
function setindex!(d::IdDict{K,V}, v, k) where {K,V}
    k isa K || throw(ArgumentError(string(repr(k), " is not a valid key for type ", K)))
    d.d[_IdKey(k)] = v
    d
end
getindex(d::IdDict, k) = (i = ht_keyindex(d.d, _IdKey(k)); i < 0 && throw(KeyError(k)); d.d.vals[i])
get(d::IdDict, k, default) = get(d.d, _IdKey(k), default)
get(f::Union{Function,Type}, d::IdDict, k) = get(f, d.d, _IdKey(k))
get!(f::Union{Function,Type}, d::IdDict{K,V}, k) where {K,V} = get!(f, d.d, _IdKey(k))
get!(d::IdDict, k, default) = get!(d.d, _IdKey(k), default)
haskey(d::IdDict, k) = haskey(d.d, _IdKey(k))
getkey(d::IdDict, k, default) = haskey(d, k) ? k : default
delete!(d::IdDict, k) = (delete!(d.d, _IdKey(k)); d)
pop!(d::IdDict, k) = (i = ht_keyindex(d.d, _IdKey(k)); i < 0 && throw(KeyError(k)); pop!(d.d, _IdKey(k)))
pop!(d::IdDict, k, default) = pop!(d.d, _IdKey(k), default)
empty!(d::IdDict) = (empty!(d.d); d)
length(d::IdDict) = length(d.d)
isempty(d::IdDict) = isempty(d.d)
empty(d::IdDict, ::Type{K}, ::Type{V}) where {K,V} = IdDict{K,V}()
copy(d::IdDict{K,V}) where {K,V} = (r = IdDict{K,V}(); merge!(r.d, d.d); r)
function iterate(d::IdDict{K,V}, state...) where {K,V}
    y = iterate(d.d, state...)
    y === nothing ? nothing : (Pair{K,V}(y[1].first.x, y[1].second), y[2])
end

# ---- Base.ImmutableDict: a persistent linked list of pairs; later entries shadow earlier ones
struct ImmutableDict{K,V} <: AbstractDict{K,V}
    parent::ImmutableDict{K,V}
    key::K
    value::V
    ImmutableDict{K,V}() where {K,V} = new()
    ImmutableDict{K,V}(parent::ImmutableDict, key, value) where {K,V} = new(parent, key, value)
end
ImmutableDict(p::Pair{K,V}) where {K,V} = ImmutableDict(ImmutableDict{K,V}(), p)
ImmutableDict(d::ImmutableDict{K,V}, p::Pair) where {K,V} = ImmutableDict{K,V}(d, p.first, p.second)
ImmutableDict(d::ImmutableDict, k, v) = ImmutableDict(d, k => v)
ImmutableDict(p::Pair, ps::Pair...) = (d = ImmutableDict(p); for q in ps; d = ImmutableDict(d, q); end; d)
function get(d::ImmutableDict, key, default)
    while isdefined(d, :parent)
        isequal(d.key, key) && return d.value
        d = d.parent
    end
    default
end
function get(f::Union{Function,Type}, d::ImmutableDict, key)
    v = get(d, key, _secret_token)
    v === _secret_token ? f() : v
end
haskey(d::ImmutableDict, key) = get(d, key, _secret_token) !== _secret_token
function length(d::ImmutableDict)
    n = 0
    while isdefined(d, :parent)
        n += 1
        d = d.parent
    end
    n
end
isempty(d::ImmutableDict) = !isdefined(d, :parent)
iterate(d::ImmutableDict{K,V}, t = d) where {K,V} = isdefined(t, :parent) ? (Pair{K,V}(t.key, t.value), t.parent) : nothing
empty(d::ImmutableDict, ::Type{K}, ::Type{V}) where {K,V} = ImmutableDict{K,V}()
