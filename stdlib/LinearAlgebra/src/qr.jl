# qr.jl -- QR factorization, compact WY form (LAPACK geqrt with block size min(36, m, n) as Julia's
# `qr`), its Q as an operator (Q*x, Q'*x, Matrix(Q) = the thin Q), R, and least-squares solves.
# Non-float element types are factored as floats (Int -> Float64), as Julia's qr does.

abstract type AbstractQ{T} end
Base.eltype(::Type{<:AbstractQ{T}}) where {T} = T
Base.eltype(Q::AbstractQ) = eltype(typeof(Q))

struct QRCompactWY{S, M<:AbstractMatrix{S}, C<:AbstractMatrix{S}} <: Factorization{S}
    factors::M
    T::C
end
QRCompactWY(factors::AbstractMatrix{S}, T::AbstractMatrix{S}) where {S} =
    QRCompactWY{S, typeof(factors), typeof(T)}(factors, T)

struct QRCompactWYQ{S, M<:AbstractMatrix{S}, C<:AbstractMatrix{S}} <: AbstractQ{S}
    factors::M
    T::C
end
QRCompactWYQ(factors::AbstractMatrix{S}, T::AbstractMatrix{S}) where {S} =
    QRCompactWYQ{S, typeof(factors), typeof(T)}(factors, T)

struct AdjointQ{S, P<:AbstractQ{S}}
    Q::P
end

qrtype(::Type{T}) where {T} = T <: BlasFloat ? T : typeof(float(one(T)))

qr(A::AbstractMatrix) = qr!(copy_matrix(qrtype(eltype(A)), A))
function qr!(A::Matrix{T}) where {T<:BlasFloat}
    nb = min(size(A, 1), size(A, 2), 36)
    factors, Tm = LAPACK.geqrt!(A, max(nb, 1))
    QRCompactWY(factors, Tm)
end
qr!(A::AbstractMatrix) = throw(ArgumentError("qr is only implemented for real floating-point matrices"))

size(F::QRCompactWY) = size(getfield(F, :factors))
size(F::QRCompactWY, d::Integer) = size(getfield(F, :factors), d)
size(Q::QRCompactWYQ) = (size(Q.factors, 1), size(Q.factors, 1))
size(Q::QRCompactWYQ, d::Integer) = d <= 2 ? size(Q.factors, 1) : 1
adjoint(Q::AbstractQ) = AdjointQ{eltype(Q), typeof(Q)}(Q)
adjoint(Q::AdjointQ) = Q.Q
size(Q::AdjointQ) = reverse(size(Q.Q))

function getproperty(F::QRCompactWY, d::Symbol)
    A = getfield(F, :factors)
    if d === :R
        m, n = size(A, 1), size(A, 2)
        k = min(m, n)
        R = zeros_matrix(eltype(A), k, n)
        for j in 1:n, i in 1:min(j, k)
            R[i, j] = A[i, j]
        end
        return R
    elseif d === :Q
        return QRCompactWYQ(A, getfield(F, :T))
    end
    getfield(F, d)
end
propertynames(F::QRCompactWY, private::Bool = false) = (:R, :Q, (private ? fieldnames(typeof(F)) : ())...)
iterate(F::QRCompactWY, state::Int = 1) = state == 1 ? (F.Q, 2) : state == 2 ? (F.R, 3) : nothing

# apply Q or Q' from the left to a copy of B
function qmul(Q::QRCompactWYQ{S}, B::AbstractVecOrMat, trans::Char) where {S}
    m = size(Q.factors, 1)
    Bm = B isa AbstractVector ? reshape(B, length(B), 1) : B
    if trans == 'N' && size(B, 1) == min(m, size(Q.factors, 2)) && size(B, 1) < m
        # Q times a short B: B is padded with zero rows, as Julia does
        C = zeros_matrix(S, m, size(Bm, 2))
        for j in 1:size(Bm, 2), i in 1:size(Bm, 1)
            C[i, j] = Bm[i, j]
        end
    else
        size(B, 1) == m || throw(DimensionMismatch("first dimension of B, $(size(B, 1)), must equal the size of Q, $m"))
        C = copy_matrix(S, Bm)
    end
    LAPACK.gemqrt!('L', trans, Q.factors, Q.T, C)
    B isa AbstractVector ? reshape(C, m) : C
end
(*)(Q::QRCompactWYQ, B::AbstractVecOrMat) = qmul(Q, B, 'N')
(*)(Q::AdjointQ{<:Any, <:QRCompactWYQ}, B::AbstractVecOrMat) = qmul(Q.Q, B, 'T')
(*)(A::AbstractMatrix, Q::QRCompactWYQ) = copy_matrix(transpose(qmul(Q, copy_matrix(transpose(A)), 'T')))
(*)(A::AbstractMatrix, Q::AdjointQ{<:Any, <:QRCompactWYQ}) = copy_matrix(transpose(qmul(Q.Q, copy_matrix(transpose(A)), 'N')))

# the thin Q: the first min(m, n) columns
function Matrix(Q::QRCompactWYQ{S}) where {S}
    m, n = size(Q.factors, 1), size(Q.factors, 2)
    k = min(m, n)
    E = zeros_matrix(S, m, k)
    for i in 1:k
        E[i, i] = one(S)
    end
    LAPACK.gemqrt!('L', 'N', Q.factors, Q.T, E)
end
Array(Q::QRCompactWYQ) = Matrix(Q)

# least squares (m >= n): R \ (Q'B)[1:n]
function (\)(F::QRCompactWY{T}, B::AbstractVecOrMat) where {T}
    A = getfield(F, :factors)
    m, n = size(A, 1), size(A, 2)
    size(B, 1) == m || throw(DimensionMismatch("arguments must have the same number of rows"))
    m >= n || throw(ArgumentError("least squares solve of an underdetermined system (m < n) is not supported"))
    C = qmul(F.Q, B, 'T')
    R = F.R
    Y = B isa AbstractVector ? T[C[i] for i in 1:n] : copy_matrix(T, C[1:n, :])
    triangular_solve(R, Y, true)
end

function show(io::IO, mime::MIME"text/plain", F::QRCompactWY)
    summary(io, F)
    println(io)
    print(io, "Q factor: ")
    show(io, mime, F.Q)
    println(io, "\nR factor:")
    show(io, mime, F.R)
end
function show(io::IO, ::MIME"text/plain", Q::AbstractQ)
    m, n = size(Q)
    print(io, m, "×", n, " ")
    show(io, typeof(Q))
end
