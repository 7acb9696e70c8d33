# arraymath.jl -- arithmetic on whole arrays as Julia's arraymath.jl: A ± B (same shape, else
# DimensionMismatch with Julia's promote_shape message), -A, number * array, array * number,
# array / number, number \ array, and conj/real/imag of arrays. Results keep A's shape (`similar`).

function _check_same_shape(A::AbstractArray, B::AbstractArray)
    size(A) == size(B) && return nothing
    a, b = axes(A), axes(B)
    for i in 1:max(length(a), length(b))
        ai = i <= length(a) ? a[i] : OneTo(1)
        bi = i <= length(b) ? b[i] : OneTo(1)
        ai == bi || throw(DimensionMismatch(string("dimensions must match: a has dims ", a,
                                                   ", b has dims ", b, ", mismatch at ", i)))
    end
    nothing
end

# the element type for f over numbers of types TA, TB, else the join of the computed values
_elementwise_type(f, TA, TB) =
    (isconcretetype(TA) && isconcretetype(TB) && TA <: Number && TB <: Number) ? typeof(f(zero(TA), zero(TB))) : nothing

function _elementwise(f, A::AbstractArray, B::AbstractArray)
    _check_same_shape(A, B)
    n = length(A)
    T = _elementwise_type(f, eltype(A), eltype(B))
    if T === nothing
        vals = Any[f(A[i], B[i]) for i in 1:n]
        T = n == 0 ? Any : mapreduce(typeof, typejoin, vals)
        R = similar(A, T)
        for i in 1:n
            R[i] = vals[i]
        end
        return R
    end
    R = similar(A, T)
    for i in 1:n
        R[i] = f(A[i], B[i])
    end
    R
end
function _elementwise1(f, A::AbstractArray)
    n = length(A)
    T = _elementwise_type((x, y) -> f(x), eltype(A), eltype(A))
    T === nothing && (T = n == 0 ? Any : mapreduce(x -> typeof(f(x)), typejoin, A))
    R = similar(A, T)
    for i in 1:n
        R[i] = f(A[i])
    end
    R
end

(+)(A::AbstractArray, B::AbstractArray) = _elementwise(+, A, B)
(-)(A::AbstractArray, B::AbstractArray) = _elementwise(-, A, B)
(-)(A::AbstractArray) = _elementwise1(-, A)
(+)(A::AbstractArray) = A
(*)(x::Number, A::AbstractArray) = _elementwise1(a -> x * a, A)
(*)(A::AbstractArray, x::Number) = _elementwise1(a -> a * x, A)
(/)(A::AbstractArray, x::Number) = _elementwise1(a -> a / x, A)
(\)(x::Number, A::AbstractArray) = _elementwise1(a -> x \ a, A)
conj(A::AbstractArray{<:Real}) = A
conj(A::AbstractArray) = _elementwise1(conj, A)
real(A::AbstractArray{<:Real}) = A
real(A::AbstractArray) = _elementwise1(real, A)
imag(A::AbstractArray) = _elementwise1(imag, A)

# The element type of a concatenation of arrays, from their types alone (abstractarray.jl's recursive
# promote_eltype loses the constant types through inference's recursion limit, and `[a b; c d]` would
# not infer a concrete Matrix): computed once per signature.
@generated promote_eltype(xs::AbstractArray...) = promote_type(map(eltype, xs)...)
