# uniformscaling.jl -- `I`, the UniformScaling λI of any size: arithmetic with numbers and square
# matrices (A + I adds to the diagonal, I * v scales), I(n) as a Diagonal, Matrix(I, m, n).

struct UniformScaling{T<:Number}
    λ::T
end
const I = UniformScaling(true)

Base.eltype(::Type{UniformScaling{T}}) where {T} = T
getindex(J::UniformScaling, i::Integer, j::Integer) = ifelse(i == j, J.λ, zero(J.λ))
(J::UniformScaling)(n::Integer) = Diagonal(fill(J.λ, n))

function show(io::IO, ::MIME"text/plain", J::UniformScaling)
    s = sprint(show, J.λ)
    # parenthesize sums such as 1 + 2im
    if occursin(" + ", s) || occursin(" - ", s)
        s = string("(", s, ")")
    end
    print(io, typeof(J), "\n", s, "*I")
end

copy(J::UniformScaling) = UniformScaling(J.λ)
conj(J::UniformScaling) = UniformScaling(conj(J.λ))
real(J::UniformScaling) = UniformScaling(real(J.λ))
adjoint(J::UniformScaling) = UniformScaling(adjoint(J.λ))
transpose(J::UniformScaling) = J
one(::Type{UniformScaling{T}}) where {T} = UniformScaling(one(T))
one(J::UniformScaling) = one(typeof(J))
zero(::Type{UniformScaling{T}}) where {T} = UniformScaling(zero(T))
zero(J::UniformScaling) = zero(typeof(J))
isone(J::UniformScaling) = isone(J.λ)
iszero(J::UniformScaling) = iszero(J.λ)
(==)(J1::UniformScaling, J2::UniformScaling) = J1.λ == J2.λ
isapprox(J1::UniformScaling, J2::UniformScaling; kws...) = isapprox(J1.λ, J2.λ; kws...)

(+)(J::UniformScaling) = J
(-)(J::UniformScaling) = UniformScaling(-J.λ)
(+)(J1::UniformScaling, J2::UniformScaling) = UniformScaling(J1.λ + J2.λ)
(-)(J1::UniformScaling, J2::UniformScaling) = UniformScaling(J1.λ - J2.λ)
(*)(J1::UniformScaling, J2::UniformScaling) = UniformScaling(J1.λ * J2.λ)
(*)(J::UniformScaling, x::Number) = UniformScaling(J.λ * x)
(*)(x::Number, J::UniformScaling) = UniformScaling(x * J.λ)
(/)(J::UniformScaling, x::Number) = UniformScaling(J.λ / x)
(\)(x::Number, J::UniformScaling) = UniformScaling(J.λ / x)
(/)(J1::UniformScaling, J2::UniformScaling) = UniformScaling(J1.λ / J2.λ)
inv(J::UniformScaling) = UniformScaling(inv(J.λ))
(^)(J::UniformScaling, p::Integer) = UniformScaling(J.λ^p)

(*)(J::UniformScaling, A::AbstractVecOrMat) = J.λ * A
(*)(A::AbstractVecOrMat, J::UniformScaling) = A * J.λ
(\)(J::UniformScaling, A::AbstractVecOrMat) = J.λ \ A
(/)(A::AbstractMatrix, J::UniformScaling) = A / J.λ

# A ± λI: a copy of A (element type widened to hold λ) with λ added on the diagonal
function add_diagonal(A::AbstractMatrix, λ, sA)
    n = checksquare(A)
    T = typeof(sA * zero(eltype(A)) + λ)
    B = Matrix{T}(undef, n, n)
    for j in 1:n, i in 1:n
        B[i, j] = sA * A[i, j]
    end
    for i in 1:n
        B[i, i] += λ
    end
    B
end
(+)(A::AbstractMatrix, J::UniformScaling) = add_diagonal(A, J.λ, true)
(+)(J::UniformScaling, A::AbstractMatrix) = add_diagonal(A, J.λ, true)
(-)(A::AbstractMatrix, J::UniformScaling) = add_diagonal(A, -J.λ, true)
(-)(J::UniformScaling, A::AbstractMatrix) = add_diagonal(A, J.λ, -1)

function (==)(A::AbstractMatrix, J::UniformScaling)
    size(A, 1) == size(A, 2) || return false
    for j in 1:size(A, 2), i in 1:size(A, 1)
        A[i, j] == (i == j ? J.λ : zero(J.λ)) || return false
    end
    true
end
(==)(J::UniformScaling, A::AbstractMatrix) = A == J

# Matrix(λI, m, n), Matrix{T}(I, m, n) and friends
function Array{T, 2}(J::UniformScaling, m::Integer, n::Integer) where {T}
    A = zeros_matrix(T, m, n)
    for i in 1:min(m, n)
        A[i, i] = J.λ
    end
    A
end
Array{T, 2}(J::UniformScaling, dims::Tuple{Integer, Integer}) where {T} = Array{T, 2}(J, dims[1], dims[2])
Array{T}(J::UniformScaling, m::Integer, n::Integer) where {T} = Array{T, 2}(J, m, n)
Matrix(J::UniformScaling{T}, m::Integer, n::Integer) where {T} = Array{T, 2}(J, m, n)
Matrix(J::UniformScaling, dims::Tuple{Integer, Integer}) = Matrix(J, dims[1], dims[2])
