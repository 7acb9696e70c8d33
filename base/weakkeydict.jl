# weakkeydict.jl -- WeakRef and WeakKeyDict. A WeakRef lives in pointer-free memory, so the collector
# never sees its referent through it, and Boehm clears the field (a disappearing link, jl_gc_new_weakref)
# once the referent is otherwise unreachable: `w.value` is then `nothing`, as in Julia.
# WeakKeyDict keeps WeakRef => value pairs; a finalizer on each key marks the dict dirty, and the next
# operation drops the pairs whose key is gone.

# Julia's Base.finalizer: only mutable objects can be finalized; returns the object
function finalizer(f, o)
    ismutable(o) || error("objects of type ", typeof(o), " cannot be finalized")
    Core.finalizer(f, o)
    o
end

mutable struct WeakRef
    value
    WeakRef(v) = ccall(:jl_gc_new_weakref, Any, (Any, Any), WeakRef, v)::WeakRef
end
WeakRef() = WeakRef(nothing)
getproperty(w::WeakRef, s::Symbol) =
    s === :value ? (isdefined(w, :value) ? getfield(w, :value) : nothing) : getfield(w, s)
==(w::WeakRef, v::WeakRef) = isequal(w.value, v.value)
==(w::WeakRef, v) = isequal(w.value, v)
==(w, v::WeakRef) = isequal(w, v.value)
isequal(w::WeakRef, v::WeakRef) = isequal(w.value, v.value)
hash(w::WeakRef, h::UInt) = hash(w.value, h)
show(io::IO, w::WeakRef) = (print(io, "WeakRef("); show(io, w.value); print(io, ")"))

mutable struct WeakKeyDict{K,V} <: AbstractDict{K,V}
    ht::Dict{WeakRef,V}
    dirty::Bool
    WeakKeyDict{K,V}() where {K,V} = new{K,V}(Dict{WeakRef,V}(), false)
end
WeakKeyDict() = WeakKeyDict{Any,Any}()
function WeakKeyDict{K,V}(kvs) where {K,V}
    d = WeakKeyDict{K,V}()
    for (k, v) in kvs
        d[k] = v
    end
    d
end
WeakKeyDict(ps::Pair{K,V}...) where {K,V} = WeakKeyDict{K,V}(ps)
WeakKeyDict(ps::Pair...) = WeakKeyDict{Any,Any}(ps)

# drop the pairs whose key was collected (their hash no longer matches, so rebuild the table)
function _cleanup!(d::WeakKeyDict)
    d.dirty || return d
    d.dirty = false
    live = Dict{WeakRef,valtype(d)}()
    for (w, v) in d.ht
        w.value === nothing || (live[w] = v)
    end
    d.ht = live
    d
end
function setindex!(d::WeakKeyDict{K}, v, key) where {K}
    key isa K || throw(ArgumentError(string(repr(key), " is not a valid key for type ", K)))
    key === nothing && throw(ArgumentError("`nothing` is not a valid WeakKeyDict key"))
    _cleanup!(d)
    haskey(d.ht, WeakRef(key)) || finalizer(_ -> (d.dirty = true; nothing), key)
    d.ht[WeakRef(key)] = v
    d
end
get(d::WeakKeyDict, key, default) = get(_cleanup!(d).ht, WeakRef(key), default)
get(f::Function, d::WeakKeyDict, key) = get(f, _cleanup!(d).ht, WeakRef(key))
get!(d::WeakKeyDict, key, default) = haskey(d, key) ? d[key] : (d[key] = default)
get!(f::Function, d::WeakKeyDict, key) = haskey(d, key) ? d[key] : (d[key] = f())
function getindex(d::WeakKeyDict, key)
    v = get(d, key, _secret_token)
    v === _secret_token && throw(KeyError(key))
    v
end
haskey(d::WeakKeyDict, key) = haskey(_cleanup!(d).ht, WeakRef(key))
in(key, ks::KeySet{<:Any,<:WeakKeyDict}) = haskey(ks.dict, key)
delete!(d::WeakKeyDict, key) = (delete!(_cleanup!(d).ht, WeakRef(key)); d)
function pop!(d::WeakKeyDict, key)
    v = d[key]
    delete!(d, key)
    v
end
pop!(d::WeakKeyDict, key, default) = haskey(d, key) ? pop!(d, key) : default
empty!(d::WeakKeyDict) = (empty!(d.ht); d.dirty = false; d)
length(d::WeakKeyDict) = length(_cleanup!(d).ht)
isempty(d::WeakKeyDict) = length(d) == 0
empty(d::WeakKeyDict, ::Type{K}, ::Type{V}) where {K,V} = WeakKeyDict{K,V}()
function iterate(d::WeakKeyDict{K,V}, state...) where {K,V}
    y = iterate(state === () ? _cleanup!(d).ht : d.ht, state...)
    while y !== nothing
        (w, v), s = y
        k = w.value
        k === nothing || return (Pair{K,V}(k, v), s)
        y = iterate(d.ht, s)
    end
    nothing
end
