# spectralnorm.jl -- Benchmarks Game spectral-norm: power method on the infinite matrix
# A[i,j] = 1/((i+j-2)(i+j-1)/2 + i) (1-based), 10 iterations. args: n
using Printf

A(i, j) = 1.0 / ((i + j - 2) * (i + j - 1) ÷ 2 + i)

function mul_Av!(Av, v)
    n = length(v)
    for i in 1:n
        s = 0.0
        for j in 1:n
            s += A(i, j) * v[j]
        end
        Av[i] = s
    end
    return Av
end

function mul_Atv!(Atv, v)
    n = length(v)
    for i in 1:n
        s = 0.0
        for j in 1:n
            s += A(j, i) * v[j]
        end
        Atv[i] = s
    end
    return Atv
end

mul_AtAv!(out, v, tmp) = mul_Atv!(out, mul_Av!(tmp, v))

function main(args)
    n = length(args) >= 1 ? parse(Int, args[1]) : 100
    u = ones(n)
    v = zeros(n)
    tmp = zeros(n)
    for _ in 1:10
        mul_AtAv!(v, u, tmp)
        mul_AtAv!(u, v, tmp)
    end
    vBv = 0.0
    vv = 0.0
    for i in 1:n
        vBv += u[i] * v[i]
        vv += v[i] * v[i]
    end
    r = sqrt(vBv / vv)
    1.2 < r < 1.275 || error("spectral norm out of range")
    @printf("%.9f\n", r)
end

main(ARGS)
