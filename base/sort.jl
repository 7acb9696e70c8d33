# sort.jl -- sorting and searching sorted data: sort/sort!/sortperm/sortperm!/issorted/partialsort/
# partialsortperm with `lt`, `by`, `rev` (and `order`), sort(A; dims), searchsorted/searchsortedfirst/
# searchsortedlast/insorted. Every sort is stable, as Julia 1.10's default algorithm is: equal elements
# keep their order, so results match Julia's for any `by`/`lt`. The algorithm is insertion sort for
# short runs merged bottom-up (a merge sort); `alg=` is accepted and ignored.

module Order
import ..Base: isless
abstract type Ordering end
struct ForwardOrdering <: Ordering end
struct ReverseOrdering{Fwd<:Ordering} <: Ordering
    fwd::Fwd
end
struct By{T,O} <: Ordering
    by::T
    order::O
end
struct Lt{T} <: Ordering
    lt::T
end
const Forward = ForwardOrdering()
const Reverse = ReverseOrdering(Forward)
ReverseOrdering() = Reverse
By(by) = By(by, Forward)
lt(o::ForwardOrdering, a, b) = isless(a, b)
lt(o::ReverseOrdering, a, b) = lt(o.fwd, b, a)
lt(o::By, a, b) = lt(o.order, o.by(a), o.by(b))
lt(o::Lt, a, b) = o.lt(a, b)
function ord(lt_fn, by, rev::Union{Bool,Nothing}, order::Ordering=Forward)
    o = (lt_fn === isless && by === identity) ? order :
        lt_fn === isless ? By(by, order) :
        by === identity ? _lt_order(Lt(lt_fn), order) : By(by, _lt_order(Lt(lt_fn), order))
    rev === true ? ReverseOrdering(o) : o
end
_lt_order(l, order::ForwardOrdering) = l
_lt_order(l, order::ReverseOrdering) = ReverseOrdering(l)
_lt_order(l, order) = l
end # module Order

using .Order: Ordering, ForwardOrdering, ReverseOrdering, Forward, Reverse, ord
const _lt = Order.lt

# algorithm names (accepted for compatibility; every sort here is the same stable merge sort)
abstract type Algorithm end
struct InsertionSortAlg <: Algorithm end
struct MergeSortAlg <: Algorithm end
struct QuickSortAlg <: Algorithm end
const InsertionSort = InsertionSortAlg()
const MergeSort = MergeSortAlg()
const QuickSort = QuickSortAlg()
const DEFAULT_STABLE = MergeSort
const DEFAULT_UNSTABLE = MergeSort

# ---- the sort kernel on v[lo:hi] with scratch space t
function _insertion_sort!(v, lo, hi, o)
    for i in lo+1:hi
        x = v[i]
        j = i - 1
        while j >= lo && _lt(o, x, v[j])
            v[j + 1] = v[j]
            j -= 1
        end
        v[j + 1] = x
    end
    v
end
function _merge_sort!(v, lo, hi, o, t)
    if hi - lo < 16
        return _insertion_sort!(v, lo, hi, o)
    end
    m = (lo + hi) >>> 1
    _merge_sort!(v, lo, m, o, t)
    _merge_sort!(v, m + 1, hi, o, t)
    # already in order: nothing to merge
    _lt(o, v[m + 1], v[m]) || return v
    n = m - lo + 1
    for k in 1:n
        t[k] = v[lo + k - 1]
    end
    i, j, k = 1, m + 1, lo
    while i <= n && j <= hi
        if _lt(o, v[j], t[i])
            v[k] = v[j]
            j += 1
        else
            v[k] = t[i]
            i += 1
        end
        k += 1
    end
    while i <= n
        v[k] = t[i]
        i += 1
        k += 1
    end
    v
end
function _sort!(v::AbstractVector, o::Ordering)
    n = length(v)
    n < 2 && return v
    t = similar(v, eltype(v), (n + 1) >>> 1)
    _merge_sort!(v, 1, n, o, t)
end

function sort!(v::AbstractVector; alg::Algorithm=DEFAULT_STABLE, lt=isless, by=identity,
               rev::Union{Bool,Nothing}=nothing, order::Ordering=Forward)
    _sort!(v, ord(lt, by, rev, order))
end
sort(v::AbstractVector; kws...) = sort!(copymutable(v); kws...)
sort(r::AbstractUnitRange; kws...) = sort!(collect(r); kws...)
function sort(t::Tuple; kws...)
    (sort!(collect(t); kws...)...,)
end
sort(x; kws...) = throw(MethodError(sort, (x,)))

# sorting slices of an array along a dimension
function sort(A::AbstractArray; dims::Integer, alg::Algorithm=DEFAULT_STABLE, lt=isless, by=identity,
              rev::Union{Bool,Nothing}=nothing, order::Ordering=Forward)
    B = copy(A)
    sort!(B; dims=dims, lt=lt, by=by, rev=rev, order=order)
end
function sort!(A::AbstractArray; dims::Integer, alg::Algorithm=DEFAULT_STABLE, lt=isless, by=identity,
               rev::Union{Bool,Nothing}=nothing, order::Ordering=Forward)
    o = ord(lt, by, rev, order)
    _foreach_slice(A, dims) do idx
        v = A[idx...]
        _sort!(v, o)
        A[idx...] = v
    end
    A
end
# call f with the index tuple (Colon at dim d) of every 1-d slice of A along d
function _foreach_slice(f, A, d::Integer)
    N = ndims(A)
    1 <= d <= N || throw(ArgumentError(string("dimension out of range")))
    other = ntuple(k -> k == d ? 1 : size(A, k), N)
    for J in CartesianIndices(other)
        f(ntuple(k -> k == d ? Colon() : J.I[k], N))
    end
end

# ---- permutations
function sortperm(v::AbstractVector; alg::Algorithm=DEFAULT_STABLE, lt=isless, by=identity,
                  rev::Union{Bool,Nothing}=nothing, order::Ordering=Forward)
    p = collect(1:length(v))
    _sort!(p, Order.By(i -> v[i], ord(lt, by, rev, order)))
end
function sortperm!(p::AbstractVector, v::AbstractVector; lt=isless, by=identity,
                   rev::Union{Bool,Nothing}=nothing, order::Ordering=Forward, initialized::Bool=false)
    length(p) == length(v) || throw(ArgumentError("index vector must have the same length/indices as the source vector, $(axes(p, 1)) != $(axes(v, 1))"))
    initialized || copyto!(p, 1:length(v))
    _sort!(p, Order.By(i -> v[i], ord(lt, by, rev, order)))
end

function issorted(itr; lt=isless, by=identity, rev::Union{Bool,Nothing}=nothing, order::Ordering=Forward)
    o = ord(lt, by, rev, order)
    y = iterate(itr)
    y === nothing && return true
    prev, s = y
    while (y = iterate(itr, s)) !== nothing
        x, s = y
        _lt(o, x, prev) && return false
        prev = x
    end
    true
end

# ---- partial sorts: the k-th element (or a range of them) of the sorted order
function partialsort!(v::AbstractVector, k::Union{Integer,OrdinalRange}; lt=isless, by=identity,
                      rev::Union{Bool,Nothing}=nothing, order::Ordering=Forward)
    _check_partial(v, k)
    _sort!(v, ord(lt, by, rev, order))
    k isa Integer ? v[k] : view(v, k)
end
partialsort(v::AbstractVector, k::Union{Integer,OrdinalRange}; kws...) = _partial_result(partialsort!(copymutable(v), k; kws...))
_partial_result(x) = x
_partial_result(x::SubArray) = copy(x)
function partialsortperm(v::AbstractVector, k::Union{Integer,OrdinalRange}; kws...)
    _check_partial(v, k)
    p = sortperm(v; kws...)
    k isa Integer ? p[k] : p[k]
end
function _check_partial(v, k)
    n = length(v)
    if k isa Integer
        1 <= k <= n || throw(ArgumentError(string("range of k must be in 1:", n, ", got k = ", k)))
    else
        isempty(k) || (1 <= first(k) && last(k) <= n) || throw(ArgumentError(string("range of k must be in 1:", n, ", got k = ", k)))
    end
end

# ---- binary search in sorted data
function searchsortedfirst(v::AbstractVector, x; lt=isless, by=identity, rev::Union{Bool,Nothing}=nothing, order::Ordering=Forward)
    _searchsortedfirst(v, x, 1, length(v), ord(lt, by, rev, order))
end
function searchsortedlast(v::AbstractVector, x; lt=isless, by=identity, rev::Union{Bool,Nothing}=nothing, order::Ordering=Forward)
    _searchsortedlast(v, x, 1, length(v), ord(lt, by, rev, order))
end
function searchsorted(v::AbstractVector, x; lt=isless, by=identity, rev::Union{Bool,Nothing}=nothing, order::Ordering=Forward)
    o = ord(lt, by, rev, order)
    lo = _searchsortedfirst(v, x, 1, length(v), o)
    hi = _searchsortedlast(v, x, lo, length(v), o)
    lo:max(hi, lo - 1)
end
insorted(x, v::AbstractVector; kws...) = !isempty(searchsorted(v, x; kws...))
# the first index whose element is not less than x (length+1 when none)
function _searchsortedfirst(v, x, lo, hi, o)
    lo = lo - 1
    hi = hi + 1
    while lo < hi - 1
        m = (lo + hi) >>> 1
        if _lt(o, v[m], x)
            lo = m
        else
            hi = m
        end
    end
    hi
end
# the last index whose element is not greater than x (lo-1 when none)
function _searchsortedlast(v, x, lo, hi, o)
    lo = lo - 1
    hi = hi + 1
    while lo < hi - 1
        m = (lo + hi) >>> 1
        if _lt(o, x, v[m])
            hi = m
        else
            lo = m
        end
    end
    lo
end
