# triangular.jl -- UpperTriangular / LowerTriangular: views of one triangle of a square matrix (the
# other triangle reads as zero whatever the parent holds). Cholesky factors come back as these.
# Products are LinearAlgebra's generic ones (the zeros read as zeros); solves go through the
# triangular solver of dense.jl; the REPL shows the structural zeros as `⋅`, as Julia does.

for (Tri, upper) in ((:UpperTriangular, true), (:LowerTriangular, false))
    @eval begin
        struct $Tri{T, S<:AbstractMatrix{T}} <: AbstractMatrix{T}
            data::S
            function $Tri{T, S}(data::S) where {T, S<:AbstractMatrix{T}}
                checksquare(data)
                new{T, S}(data)
            end
        end
        $Tri(A::AbstractMatrix{T}) where {T} = $Tri{T, typeof(A)}(A)
        $Tri(A::$Tri) = A
        size(A::$Tri) = size(A.data)
        parent(A::$Tri) = A.data
        in_triangle(::$Tri, i::Integer, j::Integer) = $upper ? i <= j : i >= j
        function getindex(A::$Tri{T}, i::Int, j::Int) where {T}
            n = size(A.data, 1)
            (1 <= i <= n && 1 <= j <= n) || throw(BoundsError(A, (i, j)))
            in_triangle(A, i, j) ? A.data[i, j] : zero(T)
        end
        function setindex!(A::$Tri, v, i::Int, j::Int)
            if in_triangle(A, i, j)
                A.data[i, j] = v
            elseif !iszero(v)
                throw(ArgumentError(string("cannot set index in the ", $upper ? "lower" : "upper",
                    " triangular part ($i, $j) of an ", $(string(Tri)), " matrix to a nonzero value ($v)")))
            end
            A
        end
        Matrix(A::$Tri{T}) where {T} = copy_matrix(T, A)
        Array(A::$Tri) = Matrix(A)
        copy(A::$Tri) = $Tri(copy_matrix(A.data))
        $(upper ? :istriu : :istril)(A::$Tri, k::Integer = 0) =
            $(upper ? :(k <= 0) : :(k >= 0)) || $(upper ? :istriu : :istril)(copy_matrix(A), k)
        Base.replace_in_print_matrix(A::$Tri, i::Integer, j::Integer, s::AbstractString) =
            in_triangle(A, i, j) ? s : Base.replace_with_centered_mark(s)
        (\)(A::$Tri, B::AbstractVecOrMat) = triangular_solve(copy_matrix(A),
            copy_vecormat(typeof(one(eltype(B)) / one(eltype(A))), B), $upper)
        det(A::$Tri) = prod(diag(A.data))
        inv(A::$Tri) = $Tri(inv(copy_matrix(A)))
        (==)(A::$Tri, B::$Tri) = copy_matrix(A) == copy_matrix(B)
    end
end

const AnyTriangular = Union{UpperTriangular, LowerTriangular}
diag(A::AnyTriangular) = diag(A.data)
istril(A::UpperTriangular, k::Integer = 0) = istril(copy_matrix(A), k)
istriu(A::LowerTriangular, k::Integer = 0) = istriu(copy_matrix(A), k)
adjoint(A::UpperTriangular) = LowerTriangular(adjoint(A.data))
adjoint(A::LowerTriangular) = UpperTriangular(adjoint(A.data))
transpose(A::UpperTriangular) = LowerTriangular(transpose(A.data))
transpose(A::LowerTriangular) = UpperTriangular(transpose(A.data))
