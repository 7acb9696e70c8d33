# matmul.jl -- `*` and `mul!` for matrices, vectors and their adjoints/transposes.
#
# Dense Float64/Float32 operands (a Matrix or the Adjoint/Transpose of one) go to BLAS: gemm, gemv,
# and syrk for `A'A`/`AA'` (then the upper triangle is mirrored, as Julia does). Anything else uses
# the generic loops: C[i,j] = Σ_k A[i,k] B[k,j] accumulated with muladd in k order.

# the element type of a product of arrays with element types TA and TB
matprod_type(TA, TB) = typeof(zero(TA) * zero(TB) + zero(TA) * zero(TB))

# BLAS view of an operand: the dense parent and its trans flag, or nothing
blas_operand(A::Matrix{T}) where {T<:BlasFloat} = (A, 'N')
blas_operand(A::Adjoint{T, Matrix{T}}) where {T<:BlasFloat} = (A.parent, 'T')
blas_operand(A::Transpose{T, Matrix{T}}) where {T<:BlasFloat} = (A.parent, 'T')
blas_operand(A) = nothing

function check_matmul(A, B)
    mA, nA = size(A, 1), size(A, 2)
    mB, nB = size(B, 1), size(B, 2)
    nA == mB || throw(DimensionMismatch("A has dimensions ($mA,$nA) but B has dimensions ($mB,$nB)"))
    nothing
end

function (*)(A::AbstractMatrix, B::AbstractMatrix)
    check_matmul(A, B)
    C = Matrix{matprod_type(eltype(A), eltype(B))}(undef, size(A, 1), size(B, 2))
    mul!(C, A, B)
end

function mul!(C::AbstractMatrix, A::AbstractMatrix, B::AbstractMatrix)
    check_matmul(A, B)
    (size(C, 1) == size(A, 1) && size(C, 2) == size(B, 2)) ||
        throw(DimensionMismatch("C has dimensions $(size(C)), should have ($(size(A, 1)),$(size(B, 2)))"))
    if C isa Matrix{<:BlasFloat} && eltype(A) === eltype(C) && eltype(B) === eltype(C)
        a = blas_operand(A)
        b = blas_operand(B)
        if a !== nothing && b !== nothing
            (pa, ta), (pb, tb) = a, b
            if pa === pb && ta != tb && size(C, 1) > 0
                # A'A or AA': one symmetric rank-k update, mirrored
                BLAS.syrk!('U', ta, one(eltype(C)), pa, zero(eltype(C)), C)
                return copytri_upper!(C)
            end
            return BLAS.gemm!(ta, tb, one(eltype(C)), pa, pb, zero(eltype(C)), C)
        end
    end
    generic_matmatmul!(C, A, B)
end

function copytri_upper!(C::AbstractMatrix)
    n = size(C, 1)
    for j in 1:n, i in j+1:n
        C[i, j] = C[j, i]
    end
    C
end

mul_add(x, y, z) = x * y + z
mul_add(x::T, y::T, z::T) where {T<:Union{Float32, Float64}} = muladd(x, y, z)

function generic_matmatmul!(C::AbstractMatrix, A::AbstractMatrix, B::AbstractMatrix)
    mA, nA, nB = size(A, 1), size(A, 2), size(B, 2)
    R = eltype(C)
    for j in 1:nB, i in 1:mA
        if nA == 0
            C[i, j] = zero(R)
            continue
        end
        s = convert(R, zero(A[i, 1] * B[1, j] + A[i, 1] * B[1, j]))
        for k in 1:nA
            s = mul_add(A[i, k], B[k, j], s)
        end
        C[i, j] = s
    end
    C
end

# C = α A B + β C
function mul!(C::AbstractVecOrMat, A::AbstractVecOrMat, B::AbstractVecOrMat, α::Number, β::Number)
    P = A * B
    for i in 1:length(C)
        C[i] = α * P[i] + (iszero(β) ? zero(eltype(C)) : β * C[i])
    end
    C
end

# ---- matrix × vector

function check_matvec(A, x)
    size(A, 2) == length(x) ||
        throw(DimensionMismatch("second dimension of A, $(size(A, 2)), does not match length of x, $(length(x))"))
    nothing
end

function (*)(A::AbstractMatrix, x::AbstractVector)
    check_matvec(A, x)
    y = Vector{matprod_type(eltype(A), eltype(x))}(undef, size(A, 1))
    mul!(y, A, x)
end

function mul!(y::AbstractVector, A::AbstractMatrix, x::AbstractVector)
    check_matvec(A, x)
    size(A, 1) == length(y) ||
        throw(DimensionMismatch("first dimension of A, $(size(A, 1)), does not match length of y, $(length(y))"))
    if y isa Vector{<:BlasFloat} && x isa Vector && eltype(A) === eltype(y) && eltype(x) === eltype(y)
        a = blas_operand(A)
        if a !== nothing
            return BLAS.gemv!(a[2], one(eltype(y)), a[1], x, zero(eltype(y)), y)
        end
    end
    generic_matvecmul!(y, A, x)
end

function generic_matvecmul!(y::AbstractVector, A::AbstractMatrix, x::AbstractVector)
    m, n = size(A, 1), size(A, 2)
    R = eltype(y)
    for i in 1:m
        y[i] = zero(R)
    end
    for k in 1:n
        b = x[k]
        for i in 1:m
            y[i] += A[i, k] * b
        end
    end
    y
end

# ---- row vectors (adjoint/transpose of a vector)

const AdjOrTransVec = Union{Adjoint{<:Any, <:AbstractVector}, Transpose{<:Any, <:AbstractVector}}

(*)(u::Adjoint{<:Any, <:AbstractVector}, v::AbstractVector) = dot(u.parent, v)
function (*)(u::Transpose{<:Any, <:AbstractVector}, v::AbstractVector)
    x = u.parent
    length(x) == length(v) || throw(DimensionMismatch("first array has length $(length(x)) which does not match the length of the second, $(length(v))."))
    isempty(x) && return zero(eltype(x)) * zero(eltype(v))
    s = x[1] * v[1]
    for i in 2:length(x)
        s += x[i] * v[i]
    end
    s
end
# row vector × matrix stays a row vector
(*)(u::Adjoint{<:Any, <:AbstractVector}, A::AbstractMatrix) = adjoint(adjoint(A) * u.parent)
(*)(u::Transpose{<:Any, <:AbstractVector}, A::AbstractMatrix) = transpose(transpose(A) * u.parent)
(*)(u::AdjOrTransVec, v::AdjOrTransVec) = throw(MethodError(*, (u, v)))
# column × row: the outer product
function (*)(x::AbstractVector, A::AbstractMatrix)
    size(A, 1) == 1 || throw(DimensionMismatch("A has dimensions ($(length(x)),1) but B has dimensions $(size(A))"))
    reshape(x, length(x), 1) * A
end
