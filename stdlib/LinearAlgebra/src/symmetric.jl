# symmetric.jl -- Symmetric{T,S} and Hermitian{T,S}: views of one triangle of a square matrix (`uplo`
# 'U' or 'L') as a symmetric (mirror = transpose) or Hermitian (mirror = adjoint, real diagonal)
# matrix; indexing mirrors the stored triangle, the other one is never read.

for (Sym, mirror) in ((:Symmetric, :transpose), (:Hermitian, :adjoint))
    @eval begin
        struct $Sym{T, S<:AbstractMatrix{T}} <: AbstractMatrix{T}
            data::S
            uplo::Char
        end
        function $Sym(A::AbstractMatrix{T}, uplo::Symbol = :U) where {T}
            checksquare(A)
            (uplo === :U || uplo === :L) || throw(ArgumentError("uplo argument must be either :U (upper) or :L (lower)"))
            $Sym{T, typeof(A)}(A, uplo === :U ? 'U' : 'L')
        end
        size(S::$Sym) = size(S.data)
        function getindex(S::$Sym, i::Int, j::Int)
            i == j && return $(Sym === :Hermitian ? :(real(S.data[i, i])) : :(S.data[i, i]))
            (S.uplo == 'U') == (i < j) && return S.data[i, j]
            $mirror(S.data[j, i])
        end
        function getindex(S::$Sym, k::Int)
            n = size(S.data, 1)
            S[rem(k - 1, n) + 1, div(k - 1, n) + 1]
        end
        parent(S::$Sym) = S.data
        Matrix(S::$Sym{T}) where {T} = copy_matrix(T, S)
        Array(S::$Sym) = Matrix(S)
        copy(S::$Sym) = $Sym{eltype(S), typeof(S.data)}(copy_matrix(S.data), S.uplo)
        sym_uplo(S::$Sym) = S.uplo == 'U' ? :U : :L
        $mirror(S::$Sym) = S
    end
end
issymmetric(S::Symmetric) = true
ishermitian(S::Hermitian) = true
ishermitian(S::Symmetric{<:Real}) = true
issymmetric(S::Hermitian{<:Real}) = true
transpose(S::Hermitian{<:Real}) = S
adjoint(S::Symmetric{<:Real}) = S
