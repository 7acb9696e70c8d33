# reducedim.jl -- reductions and scans along dimensions: sum/prod/maximum/minimum/extrema/any/all/count/
# reduce/mapreduce with `dims=` (the reduced dimensions become length 1, as in Julia), cumsum/cumprod/
# accumulate with `dims`, diff, mapslices, findmax/findmin/argmax/argmin with `dims`. Each output element
# folds its slice left to right with the reduction's first-element rule (`sum` of Int8 gives Int).

# the dims argument as a sorted tuple of dimensions (validated)
function _reduce_dims(A, dims)
    ds = dims isa Integer ? (Int(dims),) : Tuple(map(Int, dims))
    for d in ds
        d >= 1 || throw(ArgumentError(string("region dimension(s) must be ≥ 1, got ", d)))
    end
    ds
end
# the shape of the result of reducing A over dims
_reduced_shape(A, ds) = ntuple(k -> k in ds ? 1 : size(A, k), ndims(A))

# fold f over the slice of A at output index J (reduced dimensions run over their whole axis)
function _fold_slice(f, op, A, ds, J, init)
    N = ndims(A)
    slice = ntuple(k -> k in ds ? size(A, k) : 1, N)
    acc = init
    first = init isa _InitialValue
    for K in CartesianIndices(slice)
        x = f(A[ntuple(k -> k in ds ? K.I[k] : J[k], N)...])
        if first
            acc = _reduce_first(op, x)
            first = false
        else
            acc = op(acc, x)
        end
    end
    first && return _reduce_empty(op, f, eltype(A))
    acc
end
_reduce_first(op, x) = x
_reduce_first(::typeof(add_sum), x) = _widen_sum(x)
_reduce_first(::typeof(mul_prod), x) = _widen_sum(x)
_reduce_empty(::typeof(add_sum), f, T) = _widen_sum(zero(T))
_reduce_empty(::typeof(+), f, T) = zero(T)
_reduce_empty(::typeof(mul_prod), f, T) = _widen_sum(one(T))
_reduce_empty(::typeof(*), f, T) = one(T)
_reduce_empty(::typeof(|), f, T) = false
_reduce_empty(::typeof(&), f, T) = true
_reduce_empty(op, f, T) = throw(ArgumentError("reducing over an empty collection is not allowed; consider supplying `init` to the reducer"))

function _mapreducedim(f, op, A::AbstractArray, dims, init)
    ds = _reduce_dims(A, dims)
    shape = _reduced_shape(A, ds)
    if any(k -> k in ds && size(A, k) == 0, 1:ndims(A)) && init isa _InitialValue
        # every slice is empty: the reduction's identity, or an error when it has none
        v = _reduce_empty(op, f, eltype(A))
        return fill(v, shape)
    end
    vals = Any[]
    for J in CartesianIndices(shape)
        push!(vals, _fold_slice(f, op, A, ds, J.I, init))
    end
    _array_of_values(vals, shape)
end
# an Array of the given shape holding vals, typed by the values (like collect)
function _array_of_values(vals, shape)
    T = isempty(vals) ? Any : typeof(vals[1])
    for v in vals
        T = promote_typejoin(T, typeof(v))
    end
    dest = Array{T}(undef, shape)
    for i in 1:length(vals)
        dest[i] = vals[i]
    end
    dest
end

mapreduce(f, op, A::AbstractArray; dims=:, init=_InitialValue()) =
    dims === (:) ? mapfoldl(f, op, A; init=init) : _mapreducedim(f, op, A, dims, init)
reduce(op, A::AbstractArray; dims=:, init=_InitialValue()) = mapreduce(identity, op, A; dims=dims, init=init)
sum(A::AbstractArray; dims=:, init=_InitialValue()) =
    dims === (:) ? _sum(identity, A, init) : _mapreducedim(identity, add_sum, A, dims, init)
sum(f, A::AbstractArray; dims=:, init=_InitialValue()) =
    dims === (:) ? _sum(f, A, init) : _mapreducedim(f, add_sum, A, dims, init)
prod(A::AbstractArray; dims=:, init=_InitialValue()) =
    dims === (:) ? _prod(identity, A, init) : _mapreducedim(identity, mul_prod, A, dims, init)
prod(f, A::AbstractArray; dims=:, init=_InitialValue()) =
    dims === (:) ? _prod(f, A, init) : _mapreducedim(f, mul_prod, A, dims, init)
maximum(A::AbstractArray; dims=:, init=_InitialValue()) =
    dims === (:) ? _maximum(identity, A, init) : _mapreducedim(identity, _max_nan, A, dims, init)
maximum(f, A::AbstractArray; dims=:, init=_InitialValue()) =
    dims === (:) ? _maximum(f, A, init) : _mapreducedim(f, _max_nan, A, dims, init)
minimum(A::AbstractArray; dims=:, init=_InitialValue()) =
    dims === (:) ? _minimum(identity, A, init) : _mapreducedim(identity, _min_nan, A, dims, init)
minimum(f, A::AbstractArray; dims=:, init=_InitialValue()) =
    dims === (:) ? _minimum(f, A, init) : _mapreducedim(f, _min_nan, A, dims, init)
_maximum(f, A, init) = isempty(A) && init isa _InitialValue ?
    throw(ArgumentError("reducing over an empty collection is not allowed; consider supplying `init` to the reducer")) :
    mapfoldl(f, _max_nan, A; init=init)
_minimum(f, A, init) = isempty(A) && init isa _InitialValue ?
    throw(ArgumentError("reducing over an empty collection is not allowed; consider supplying `init` to the reducer")) :
    mapfoldl(f, _min_nan, A; init=init)
function extrema(A::AbstractArray; dims=:)
    dims === (:) && return (minimum(A), maximum(A))
    mins = minimum(A; dims=dims)
    maxs = maximum(A; dims=dims)
    _array_of_values(Any[(mins[i], maxs[i]) for i in 1:length(mins)], size(mins))
end
any(A::AbstractArray; dims=:) = dims === (:) ? any(identity, A) : _mapreducedim(identity, |, A, dims, _InitialValue())
all(A::AbstractArray; dims=:) = dims === (:) ? all(identity, A) : _mapreducedim(identity, &, A, dims, _InitialValue())
any(f, A::AbstractArray; dims=:) = dims === (:) ? _any(f, A) : _mapreducedim(f, |, A, dims, _InitialValue())
all(f, A::AbstractArray; dims=:) = dims === (:) ? _all(f, A) : _mapreducedim(f, &, A, dims, _InitialValue())
count(A::AbstractArray; dims=:) = count(identity, A; dims=dims)
count(f, A::AbstractArray; dims=:) =
    dims === (:) ? _count(f, A) : _mapreducedim(x -> Int(f(x)::Bool), +, A, dims, 0)

# ---- findmax/findmin/argmax/argmin over dims: (values, CartesianIndex positions)
function _findext_dims(better, A, dims)
    ds = _reduce_dims(A, dims)
    shape = _reduced_shape(A, ds)
    N = ndims(A)
    vals = Any[]
    idxs = CartesianIndex{N}[]
    for J in CartesianIndices(shape)
        slice = ntuple(k -> k in ds ? size(A, k) : 1, N)
        best = nothing
        bi = CartesianIndex(J.I)
        for K in CartesianIndices(slice)
            I = ntuple(k -> k in ds ? K.I[k] : J.I[k], N)
            x = A[I...]
            if best === nothing || better(x, something(best))
                best = Some(x)
                bi = CartesianIndex(I)
            end
        end
        best === nothing && throw(ArgumentError("collection must be non-empty"))
        push!(vals, something(best))
        push!(idxs, bi)
    end
    (_array_of_values(vals, shape), reshape(idxs, shape))
end
_isgreater_nan(x, y) = _isnan_any(x) ? !_isnan_any(y) : (!_isnan_any(y) && isless(y, x))
_isless_nan(x, y) = _isnan_any(x) ? !_isnan_any(y) : (!_isnan_any(y) && isless(x, y))
_isnan_any(x) = x isa AbstractFloat && isnan(x)
findmax(A::AbstractArray; dims=:) = dims === (:) ? _findmax_all(A) : _findext_dims(_isgreater_nan, A, dims)
findmin(A::AbstractArray; dims=:) = dims === (:) ? _findmin_all(A) : _findext_dims(_isless_nan, A, dims)
argmax(A::AbstractArray; dims=:) = findmax(A; dims=dims)[2]
argmin(A::AbstractArray; dims=:) = findmin(A; dims=dims)[2]
function _findmax_all(A)
    isempty(A) && throw(ArgumentError("collection must be non-empty"))
    ks = keys(A)
    best, bi = nothing, first(ks)
    for k in ks
        x = A[k]
        if best === nothing || _isgreater_nan(x, something(best))
            best, bi = Some(x), k
        end
    end
    (something(best), bi)
end
function _findmin_all(A)
    isempty(A) && throw(ArgumentError("collection must be non-empty"))
    ks = keys(A)
    best, bi = nothing, first(ks)
    for k in ks
        x = A[k]
        if best === nothing || _isless_nan(x, something(best))
            best, bi = Some(x), k
        end
    end
    (something(best), bi)
end

# ---- scans
function accumulate(op, A::AbstractArray; dims::Union{Nothing,Integer}=nothing, init=_InitialValue())
    if dims === nothing
        ndims(A) > 1 && throw(ArgumentError("accumulate does not support arrays with more than one dimension; use dims"))
        return _accumulate_vec(op, A, init)
    end
    out = Array{Any}(undef, size(A))
    vals_ok = true
    _foreach_slice(A, dims) do idx
        acc = init
        firstel = init isa _InitialValue
        for (k, I) in enumerate(_slice_indices(A, idx))
            x = A[I...]
            acc = firstel ? _reduce_first(op, x) : op(acc, x)
            firstel = false
            out[I...] = acc
        end
    end
    _array_of_values(vec(out), size(A))
end
_slice_indices(A, idx) = [ntuple(k -> idx[k] isa Colon ? i : idx[k], length(idx)) for i in 1:size(A, findfirst(x -> x isa Colon, idx))]
# The result is typed by its values (like collect): it starts as an Array of the first value's type and
# is widened (promote_typejoin) only when a later value does not fit, so a type-stable `op` gives a
# concretely typed scan without going through an Array{Any}.
function _accumulate_vec(op, v, init)
    y = iterate(v)
    y === nothing && return similar(v, _scan_eltype(op, eltype(v)), size(v))
    x, st = y
    acc = init isa _InitialValue ? _reduce_first(op, x) : op(init, x)
    dest = Array{typeof(acc)}(undef, size(v))
    dest[1] = acc
    _accumulate_rest!(dest, op, v, acc, st, 2)
end
function _accumulate_rest!(dest, op, v, acc, st, i)
    while (y = iterate(v, st)) !== nothing
        x, st = y
        acc = op(acc, x)
        if !(acc isa eltype(dest))
            wider = Array{promote_typejoin(eltype(dest), typeof(acc))}(undef, size(dest))
            copyto!(wider, 1, dest, 1, i - 1)
            wider[i] = acc
            return _accumulate_rest!(wider, op, v, acc, st, i + 1)
        end
        dest[i] = acc
        i += 1
    end
    dest
end
_scan_eltype(op, T) = T
_scan_eltype(::typeof(add_sum), T) = typeof(_widen_sum(zero(T)))
_scan_eltype(::typeof(mul_prod), T) = typeof(_widen_sum(one(T)))
accumulate(op, t::Tuple; init=_InitialValue()) = (accumulate(op, collect(t); init=init)...,)
accumulate(op, itr; init=_InitialValue()) = accumulate(op, collect(itr); init=init)
function accumulate!(op, dest::AbstractArray, A::AbstractArray; kws...)
    copyto!(dest, accumulate(op, A; kws...))
end
cumsum(A::AbstractArray; dims::Union{Nothing,Integer}=nothing) = accumulate(add_sum, A; dims=dims)
cumsum(itr) = accumulate(add_sum, itr)
cumprod(A::AbstractArray; dims::Union{Nothing,Integer}=nothing) = accumulate(mul_prod, A; dims=dims)
cumprod(itr) = accumulate(mul_prod, itr)
cumsum!(dest::AbstractArray, A::AbstractArray; kws...) = accumulate!(add_sum, dest, A; kws...)
cumprod!(dest::AbstractArray, A::AbstractArray; kws...) = accumulate!(mul_prod, dest, A; kws...)

function diff(a::AbstractVector; dims::Integer=1)
    dims == 1 || throw(ArgumentError(string("dimension ", dims, " out of range (1:1)")))
    n = length(a)
    [a[i + 1] - a[i] for i in 1:n-1]
end
function diff(A::AbstractArray; dims::Integer)
    1 <= dims <= ndims(A) || throw(ArgumentError(string("dimension ", dims, " out of range (1:", ndims(A), ")")))
    r = ntuple(k -> k == dims ? (2:size(A, k)) : (1:size(A, k)), ndims(A))
    l = ntuple(k -> k == dims ? (1:size(A, k)-1) : (1:size(A, k)), ndims(A))
    A[r...] .- A[l...]
end

# ---- mapslices: f applied to each slice spanning `dims`, results assembled in place of the slices
function mapslices(f, A::AbstractArray; dims)
    ds = _reduce_dims(A, dims)
    N = ndims(A)
    other = ntuple(k -> k in ds ? 1 : size(A, k), N)
    results = Any[]
    for J in CartesianIndices(other)
        idx = ntuple(k -> k in ds ? Colon() : J.I[k], N)
        push!(results, f(A[idx...]))
    end
    r1 = results[1]
    rsz = r1 isa AbstractArray ? size(r1) : ()
    # the result's shape: the slice dims take the result's dims (in order), others stay
    outsz = Vector{Int}(undef, N)
    q = 0
    for k in 1:N
        if k in ds
            q += 1
            outsz[k] = q <= length(rsz) ? rsz[q] : 1
        else
            outsz[k] = size(A, k)
        end
    end
    T = Union{}
    for r in results
        T = promote_typejoin(T, r isa AbstractArray ? eltype(r) : typeof(r))
    end
    dest = Array{T}(undef, (outsz...,))
    i = 0
    for J in CartesianIndices(other)
        i += 1
        r = results[i]
        idx = ntuple(k -> k in ds ? Colon() : J.I[k], N)
        if r isa AbstractArray
            dest[idx...] = reshape(r, map(k -> outsz[k], Tuple(ds)))
        else
            dest[idx...] = fill(r, map(k -> outsz[k], Tuple(ds)))
        end
    end
    dest
end

# ---- slices as iterators of views
eachcol(A::AbstractVecOrMat) = Generator(j -> view(A, :, j), axes(A, 2))
eachrow(A::AbstractVecOrMat) = Generator(i -> view(A, i, :), axes(A, 1))
function eachslice(A::AbstractArray; dims)
    d = dims isa Integer ? Int(dims) : Int(dims[1])
    Generator(i -> selectdim(A, d, i), axes(A, d))
end
selectdim(A::AbstractArray, d::Integer, i) = view(A, ntuple(k -> k == d ? i : Colon(), ndims(A))...)
