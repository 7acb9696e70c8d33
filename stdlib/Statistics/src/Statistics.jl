# Statistics.jl -- Julia 1.10's Statistics stdlib: mean, median, middle, quantile, var/std (with
# `corrected=` and `mean=`), varm/stdm, cov and cor, all with `dims=` on arrays.
#
# Results follow Julia's definitions and their order of operations: the mean of an array is
# `sum(x / 1 promoted) / n`, the variance of an array sums `abs2(x - m)` after the mean, the variance
# of a general iterator uses Welford's update, ranges have closed forms, quantiles are Hyndman & Fan
# definition 7 by default (`alpha`/`beta` select 4-9), and matrix covariances go through
# LinearAlgebra's products (`X'X`). Reductions over `dims` are done here (`dimreduce`) so they need
# only `size` and linear indexing from Base.

module Statistics

using LinearAlgebra

export cor, cov, std, stdm, var, varm, mean!, mean, median!, median, middle, quantile!, quantile

# ---- reductions over dimensions

# the size of the result of reducing `A` over `dims` (each listed dimension becomes 1)
function reduced_size(A::AbstractArray, dims)
    for d in dims
        d isa Integer && d >= 1 || throw(ArgumentError(string("dimension must be ≥ 1, got ", d)))
    end
    ntuple(i -> i in dims ? 1 : size(A, i), ndims(A))
end

# R[j] = op(R[j], f(A[i])) for every i, j the position of i with the reduced dimensions dropped;
# R starts with init(first element mapped to R's slot).
function dimreduce(f, op, A::AbstractArray, dims, ::Type{T}) where {T}
    rs = reduced_size(A, dims)
    R = Array{T}(undef, rs)
    sz = size(A)
    nd = length(sz)
    filled = fill(false, length(R))
    idx = ones(Int, nd)
    for i in 1:length(A)
        # linear index into R from the multi-index of A
        j = 0
        stride = 1
        for d in 1:nd
            if rs[d] != 1
                j += (idx[d] - 1) * stride
            end
            stride *= rs[d]
        end
        j += 1
        v = f(A[i])
        if filled[j]
            R[j] = op(R[j], v)
        else
            R[j] = v
            filled[j] = true
        end
        # advance the multi-index (column-major)
        d = 1
        while d <= nd
            idx[d] += 1
            idx[d] <= sz[d] && break
            idx[d] = 1
            d += 1
        end
    end
    R
end

reduced_count(A::AbstractArray, dims) = prod(i -> size(A, i), unique(collect(dims)); init = 1)

# dims may be given as an integer, a tuple or a vector of dimensions
dimlist(d::Integer) = (Int(d),)
dimlist(d) = Tuple(Int(x) for x in d)

# ---- mean

mean(itr) = mean(identity, itr)

function mean(f, itr)
    y = iterate(itr)
    if y === nothing
        T = eltype(itr)
        T <: Number || throw(ArgumentError("reducing over an empty collection is not allowed; consider supplying `init` to the reducer"))
        return f(zero(T)) / 0
    end
    count = 1
    value, state = y
    total = f(value) / 1
    y = iterate(itr, state)
    while y !== nothing
        value, state = y
        total += mean_promote(total, f(value))
        count += 1
        y = iterate(itr, state)
    end
    total / count
end

mean(A::AbstractArray; dims = :) = _mean(identity, A, dims)
mean(f, A::AbstractArray; dims = :) = _mean(f, A, dims)

function mean(f::Number, itr::Number)
    throw(ArgumentError("mean(f, itr) requires a function and an iterable.\nPerhaps you meant mean((x, y))?"))
end

mean_promote(x::T, y::S) where {T, S} = convert(promote_type(T, S), y)

function _mean(f, A::AbstractArray, ::typeof(:))
    isempty(A) && return f(zero(eltype(A))) / 0
    x1 = f(first(A)) / 1
    s = x1
    for i in 2:length(A)
        s += mean_promote(x1, f(A[i]))
    end
    s / length(A)
end

function _mean(f, A::AbstractArray, dims)
    dl = dimlist(dims)
    n = reduced_count(A, dl)
    if isempty(A)
        T = typeof(f(zero(eltype(A))) / 1)
        return fill!(Array{T}(undef, reduced_size(A, dl)), T(NaN))
    end
    x1 = f(first(A)) / 1
    R = dimreduce(x -> mean_promote(x1, f(x)), +, A, dl, typeof(x1))
    for i in 1:length(R)
        R[i] = R[i] / n
    end
    R
end

function mean(r::AbstractRange{T}) where {T}
    isempty(r) && return zero(T) / 0
    first(r) / 2 + last(r) / 2
end

function mean!(R::AbstractArray, A::AbstractArray)
    dims = Tuple(d for d in 1:ndims(A) if size(R, d) == 1 && size(A, d) != 1)
    M = mean(A; dims = dims)
    length(M) == length(R) || throw(DimensionMismatch("cannot reduce an array of size $(size(A)) into one of size $(size(R))"))
    for i in 1:length(R)
        R[i] = M[i]
    end
    R
end

# ---- variance and standard deviation

realXcY(x::Real, y::Real) = x * y
realXcY(x::Number, y::Number) = real(conj(x) * y)

var(itr; corrected::Bool = true, mean = nothing) = _var(itr, corrected, mean)
var(A::AbstractArray; corrected::Bool = true, mean = nothing, dims = :) = _var(A, corrected, mean, dims)

function _var(itr, corrected::Bool, mean)
    y = iterate(itr)
    if y === nothing
        T = eltype(itr)
        (T === Union{} || !(T <: Number)) &&
            throw(ArgumentError("cannot compute variance of an empty iterator with eltype $T"))
        return oftype((abs2(zero(T)) + abs2(zero(T))) / 2, NaN)
    end
    count = 1
    value, state = y
    y = iterate(itr, state)
    if mean === nothing
        # Welford's update
        M = value / 1
        S = real(zero(M))
        while y !== nothing
            value, state = y
            y = iterate(itr, state)
            count += 1
            newM = M + (value - M) / count
            S = S + realXcY(value - M, value - newM)
            M = newM
        end
        return S / (count - Int(corrected))
    elseif mean isa Number
        s = abs2(value - mean)
        while y !== nothing
            value, state = y
            y = iterate(itr, state)
            count += 1
            s += abs2(value - mean)
        end
        return s / (count - Int(corrected))
    else
        throw(ArgumentError("invalid value of mean, $(mean)::$(typeof(mean))"))
    end
end

function _var(A::AbstractArray, corrected::Bool, mean, ::typeof(:))
    m = mean === nothing ? Statistics.mean(A) : mean
    real(varm(A, m; corrected = corrected))
end

function _var(A::AbstractArray, corrected::Bool, mean, dims)
    m = mean === nothing ? Statistics.mean(A; dims = dims) : mean
    varm(A, m; corrected = corrected, dims = dims)
end

varm(A::AbstractArray, m; corrected::Bool = true) = varm_all(A, m, corrected)
function varm_all(A::AbstractArray, m, corrected::Bool)
    n = length(A)
    T = eltype(A)
    n == 0 && return oftype((abs2(zero(T)) + abs2(zero(T))) / 2, NaN)
    s = abs2(A[1] - m)
    for i in 2:n
        s += abs2(A[i] - m)
    end
    s / (n - Int(corrected))
end

function varm(A::AbstractArray, m::AbstractArray; corrected::Bool = true, dims = :)
    dims === (:) && return varm_all(A, m, corrected)
    dl = dimlist(dims)
    rs = reduced_size(A, dl)
    length(m) == prod(rs) || throw(DimensionMismatch("mean has $(length(m)) elements, expected $(prod(rs))"))
    T = typeof(abs2(zero(eltype(A)) - zero(eltype(m))) / 1)
    R = fill!(Array{T}(undef, rs), zero(T))
    if isempty(A)
        return fill!(R, T(NaN))
    end
    sz = size(A)
    nd = length(sz)
    idx = ones(Int, nd)
    for i in 1:length(A)
        j = 0
        stride = 1
        for d in 1:nd
            rs[d] != 1 && (j += (idx[d] - 1) * stride)
            stride *= rs[d]
        end
        R[j+1] += abs2(A[i] - m[j+1])
        d = 1
        while d <= nd
            idx[d] += 1
            idx[d] <= sz[d] && break
            idx[d] = 1
            d += 1
        end
    end
    rn = div(length(A), length(R)) - Int(corrected)
    for i in 1:length(R)
        R[i] = R[i] / rn
    end
    R
end

varm(itr, m; corrected::Bool = true) = _var(itr, corrected, m)

function varm(v::AbstractRange, m; corrected::Bool = true)
    l = length(v)
    l <= 1 && return _var(v, corrected, m)
    f = first(v) - m
    s = step(v)
    vv = abs2(f) * l / (l - 1) + realXcY(f, s) * l + abs2(s) * l * (2 * l - 1) / 6
    corrected ? vv : vv * (l - 1) / l
end

function _var(v::AbstractRange, corrected::Bool, mean, ::typeof(:))
    mean === nothing || return varm(v, mean; corrected = corrected)
    l = length(v)
    l <= 1 && return _var(collect(v), corrected, nothing, :)
    vv = abs2(step(v)) * (l + 1) * l / 12
    corrected ? vv : vv * (l - 1) / l
end

std(itr; corrected::Bool = true, mean = nothing) = sqrt(var(itr; corrected = corrected, mean = mean))
function std(A::AbstractArray; corrected::Bool = true, mean = nothing, dims = :)
    v = var(A; corrected = corrected, mean = mean, dims = dims)
    dims === (:) && return sqrt(v)
    for i in 1:length(v)
        v[i] = sqrt(v[i])
    end
    v
end

stdm(itr, m; corrected::Bool = true) = sqrt(varm(itr, m; corrected = corrected))
function stdm(A::AbstractArray, m::AbstractArray; corrected::Bool = true, dims = :)
    v = varm(A, m; corrected = corrected, dims = dims)
    v isa AbstractArray || return sqrt(v)
    for i in 1:length(v)
        v[i] = sqrt(v[i])
    end
    v
end

# ---- middle, median, quantile

# `missing` support comes with Base's Missing type when it exists
is_missing(x) = isdefined(Base, :ismissing) && Base.ismissing(x)

middle(x::Union{Bool, Int8, Int16, Int32, Int64, Int128, UInt8, UInt16, UInt32, UInt64, UInt128}) = Float64(x)
middle(x::AbstractFloat) = x
middle(x::Number) = (x + zero(x)) / 1
middle(x::Number, y::Number) = x / 2 + y / 2
middle(a::AbstractArray) = ((v1, v2) = extrema(a); middle(v1, v2))
function middle(a::AbstractRange)
    isempty(a) && throw(ArgumentError("middle of an empty range is undefined."))
    middle(first(a), last(a))
end

function median!(v::AbstractVector)
    isempty(v) && throw(ArgumentError("median of an empty array is undefined, $(repr(v))"))
    for x in v
        is_missing(x) && return Base.missing
    end
    for x in v
        x isa Number && isnan(x) && return x
    end
    sort!(v)
    n = length(v)
    mid = div(1 + n, 2)
    isodd(n) ? middle(v[mid]) : middle(v[mid], v[mid+1])
end
median!(v::AbstractArray) = median!(vec(v))

median(itr) = median!(collect(itr))
median(f::Function, v) = median!([f(x) for x in v])
median(r::AbstractRange{<:Real}) = mean(r)
function median(A::AbstractArray; dims = :)
    dims === (:) && return median!(copy_to_vector(A))
    dl = dimlist(dims)
    rs = reduced_size(A, dl)
    # gather each slice into a vector, then take its median
    slices = [eltype(A)[] for _ in 1:prod(rs)]
    sz = size(A)
    nd = length(sz)
    idx = ones(Int, nd)
    for i in 1:length(A)
        j = 0
        stride = 1
        for d in 1:nd
            rs[d] != 1 && (j += (idx[d] - 1) * stride)
            stride *= rs[d]
        end
        push!(slices[j+1], A[i])
        d = 1
        while d <= nd
            idx[d] += 1
            idx[d] <= sz[d] && break
            idx[d] = 1
            d += 1
        end
    end
    meds = [median!(s) for s in slices]
    R = Array{eltype(meds)}(undef, rs)
    for i in 1:length(meds)
        R[i] = meds[i]
    end
    R
end

function copy_to_vector(A::AbstractArray)
    v = Vector{eltype(A)}(undef, length(A))
    for i in 1:length(A)
        v[i] = A[i]
    end
    v
end

# sorts v (unless sorted) and rejects NaN and missing
function quantile_sort!(v::AbstractVector, sorted::Bool)
    isempty(v) && throw(ArgumentError("empty data vector"))
    sorted || sort!(v)
    for x in v
        (is_missing(x) || (x isa Number && isnan(x))) &&
            throw(ArgumentError("quantiles are undefined in presence of NaNs or missing values"))
    end
    v
end

promoted_fma(x, y, z) = promoted_fma(promote(x, y, z)...)
promoted_fma(x::T, y::T, z::T) where {T<:Union{Float32, Float64}} = fma(x, y, z)
promoted_fma(x::T, y::T, z::T) where {T} = x * y + z

# the quantile of sorted v at p: Q(p) = (1-γ) x[j] + γ x[j+1]
function quantile_sorted(v::AbstractVector, p::Real; alpha::Real = 1.0, beta::Real = alpha)
    0 <= p <= 1 || throw(ArgumentError("input probability out of [0,1] range"))
    0 <= alpha <= 1 || throw(ArgumentError("alpha parameter out of [0,1] range"))
    0 <= beta <= 1 || throw(ArgumentError("beta parameter out of [0,1] range"))
    n = length(v)
    m = alpha + p * (one(alpha) - alpha - beta)
    aleph = promoted_fma(n, p, oftype(p, m))
    j = clamp(trunc(Int, aleph), 1, n - 1)
    γ = clamp(aleph - j, 0, 1)
    if n == 1
        a = v[1]
        b = v[1]
    else
        a = v[j]
        b = v[j+1]
    end
    if isfinite(a) && isfinite(b) && a ≈ b
        return a + γ * (b - a)
    else
        return (1 - γ) * a + γ * b
    end
end

quantile!(v::AbstractVector, p::Real; sorted::Bool = false, alpha::Real = 1.0, beta::Real = alpha) =
    quantile_sorted(quantile_sort!(v, sorted), p; alpha = alpha, beta = beta)
function quantile!(v::AbstractVector, p::Union{AbstractArray, Tuple{Vararg{Real}}};
                   sorted::Bool = false, alpha::Real = 1.0, beta::Real = alpha)
    isempty(p) || quantile_sort!(v, sorted)
    map(x -> quantile_sorted(v, x; alpha = alpha, beta = beta), p)
end
function quantile!(q::AbstractArray, v::AbstractVector, p::AbstractArray;
                   sorted::Bool = false, alpha::Real = 1.0, beta::Real = alpha)
    size(p) == size(q) || throw(DimensionMismatch("size of p, $(size(p)), must equal size of q, $(size(q))"))
    isempty(q) && return q
    quantile_sort!(v, sorted)
    for i in 1:length(p)
        q[i] = quantile_sorted(v, p[i]; alpha = alpha, beta = beta)
    end
    q
end
quantile!(a::AbstractArray, p; kws...) = quantile!(vec(a), p; kws...)

quantile(itr, p; sorted::Bool = false, alpha::Real = 1.0, beta::Real = alpha) =
    quantile!(collect(itr), p; sorted = sorted, alpha = alpha, beta = beta)
quantile(v::AbstractVector, p; sorted::Bool = false, alpha::Real = 1.0, beta::Real = alpha) =
    quantile!(sorted ? v : copy_to_vector(v), p; sorted = sorted, alpha = alpha, beta = beta)
quantile(f::Function, v, p; sorted::Bool = false, alpha::Real = 1.0, beta::Real = alpha) =
    quantile!([f(x) for x in v], p; sorted = sorted, alpha = alpha, beta = beta)

# ---- covariance and correlation

nobs(x::AbstractVector, vardim::Int) = length(x)
nobs(x::AbstractMatrix, vardim::Int) = size(x, vardim)
function nobs(x::AbstractVecOrMat, y::AbstractVecOrMat, vardim::Int)
    n = nobs(x, vardim)
    nobs(y, vardim) == n || throw(DimensionMismatch("dimensions of x and y mismatch"))
    n
end

colmean(x::AbstractVector, vardim::Int) = mean(x)
colmean(x::AbstractMatrix, vardim::Int) = mean(x; dims = vardim)

# x .- m where m is a scalar or a row/column of means
centered(x::AbstractVector, m::Number) = [t - m for t in x]
function centered(x::AbstractMatrix, m)
    T = typeof(zero(eltype(x)) - zero(eltype(m)))
    r, c = size(x)
    C = Matrix{T}(undef, r, c)
    for j in 1:c, i in 1:r
        mi = m isa Number ? m : (size(m, 1) == 1 ? m[1, j] : m[i, 1])
        C[i, j] = x[i, j] - mi
    end
    C
end

unscaled_covzm(x::AbstractVector{<:Number}) = sum(abs2, x)
unscaled_covzm(x::AbstractMatrix, vardim::Int) = vardim == 1 ? conj_if_complex(LinearAlgebra.adjoint(x) * x) : x * LinearAlgebra.adjoint(x)
function unscaled_covzm(x::AbstractVector, y::AbstractVector)
    (isempty(x) || isempty(y)) && throw(ArgumentError("covariance only defined for non-empty vectors"))
    dot(y, x)
end
unscaled_covzm(x::AbstractVecOrMat, y::AbstractVecOrMat, vardim::Int) =
    vardim == 1 ? LinearAlgebra.transpose(as_matrix(x)) * conj_if_complex(as_matrix(y)) : as_matrix(x) * LinearAlgebra.adjoint(as_matrix(y))

as_matrix(x::AbstractMatrix) = x
as_matrix(x::AbstractVector) = reshape(x, length(x), 1)
conj_if_complex(x::AbstractArray{<:Real}) = x
conj_if_complex(x::AbstractArray) = conj(x)

function scale_matrix(C::AbstractMatrix, d)
    T = typeof(first(C) / 1)
    A = Matrix{T}(undef, size(C, 1), size(C, 2))
    for i in 1:length(C)
        A[i] = C[i] / d
    end
    A
end

cov(x::AbstractVector; corrected::Bool = true) =
    unscaled_covzm(centered(x, mean(x))) / (length(x) - Int(corrected))
cov(X::AbstractMatrix; dims::Int = 1, corrected::Bool = true) =
    scale_matrix(unscaled_covzm(centered(X, colmean(X, dims)), dims), size(X, dims) - Int(corrected))
function cov(x::AbstractVector, y::AbstractVector; corrected::Bool = true)
    x === y && return cov(x; corrected = corrected)
    length(x) == length(y) || throw(DimensionMismatch("dimensions of x and y mismatch"))
    unscaled_covzm(centered(x, mean(x)), centered(y, mean(y))) / (length(x) - Int(corrected))
end
function cov(X::AbstractVecOrMat, Y::AbstractVecOrMat; dims::Int = 1, corrected::Bool = true)
    X === Y && return cov(X; dims = dims, corrected = corrected)
    n = nobs(X, Y, dims)
    xc = X isa AbstractVector ? centered(X, mean(X)) : centered(X, colmean(X, dims))
    yc = Y isa AbstractVector ? centered(Y, mean(Y)) : centered(Y, colmean(Y, dims))
    scale_matrix(unscaled_covzm(xc, yc, dims), n - Int(corrected))
end

clampcor(x::Real) = clamp(x, -1, 1)
clampcor(x) = x

cor(x::AbstractVector{T}) where {T} = one(float(T))

function cor(x::AbstractVector, y::AbstractVector)
    x === y && return cor(x)
    n = length(x)
    length(y) == n || throw(DimensionMismatch("inconsistent lengths"))
    n > 0 || throw(ArgumentError("correlation only defined for non-empty vectors"))
    mx = mean(x)
    my = mean(y)
    xx = zero(sqrt(abs2(one(x[1]))))
    yy = zero(sqrt(abs2(one(y[1]))))
    xy = zero(x[1] * LinearAlgebra.adjoint(y[1]))
    for i in 1:n
        xi = x[i] - mx
        yi = y[i] - my
        xx += abs2(xi)
        yy += abs2(yi)
        xy += xi * LinearAlgebra.adjoint(yi)
    end
    clampcor(xy / max(xx, yy) / sqrt(min(xx, yy) / max(xx, yy)))
end

# correlation matrix from a covariance-like matrix C and the standard deviations of its rows/columns
function cov2cor!(C::AbstractMatrix, xsd, ysd)
    nx, ny = size(C)
    for j in 1:ny, i in 1:nx
        C[i, j] = clampcor(C[i, j] / (xsd[i] * ysd[j]))
    end
    C
end

function cor(X::AbstractMatrix; dims::Int = 1)
    C = scale_matrix(unscaled_covzm(centered(X, colmean(X, dims)), dims), 1)
    n = size(C, 1)
    sd = [sqrt(C[i, i]) for i in 1:n]
    for j in 1:n
        for i in 1:j-1
            C[i, j] = LinearAlgebra.adjoint(C[j, i])
        end
        C[j, j] = oneunit(eltype(C))
        for i in j+1:n
            C[i, j] = clampcor(C[i, j] / (sd[i] * sd[j]))
        end
    end
    C
end

function cor(X::AbstractVecOrMat, Y::AbstractVecOrMat; dims::Int = 1)
    X === Y && return cor(X; dims = dims)
    nobs(X, Y, dims)
    xc = X isa AbstractVector ? centered(X, mean(X)) : centered(X, colmean(X, dims))
    yc = Y isa AbstractVector ? centered(Y, mean(Y)) : centered(Y, colmean(Y, dims))
    C = scale_matrix(unscaled_covzm(xc, yc, dims), 1)
    cov2cor!(C, colnorms(xc, dims), colnorms(yc, dims))
end

colnorms(x::AbstractVector, dims) = [sqrt(sum(abs2, x))]
function colnorms(x::AbstractMatrix, dims)
    dims == 1 ? [sqrt(sum(abs2, x[:, j])) for j in 1:size(x, 2)] :
                [sqrt(sum(abs2, x[i, :])) for i in 1:size(x, 1)]
end

end # module
