# fannkuch.jl -- Benchmarks Game fannkuch-redux: all permutations of 0..n-1 in the benchmark's order,
# pancake flips of each, checksum and maximum flip count. args: n
function fannkuch(n)
    perm1 = collect(0:n-1)
    perm = similar(perm1)
    count = zeros(Int, n)
    maxflips = 0
    checksum = 0
    permcount = 0
    r = n
    while true
        while r != 1
            count[r] = r
            r -= 1
        end
        copyto!(perm, perm1)
        flips = 0
        k = perm[1]
        while k != 0
            reverse!(perm, 1, k + 1)
            flips += 1
            k = perm[1]
        end
        maxflips = max(maxflips, flips)
        checksum += iseven(permcount) ? flips : -flips
        # the next permutation: rotate the first r+1 elements until a counter is left
        while true
            r == n && return (checksum, maxflips)
            p0 = perm1[1]
            for i in 1:r
                perm1[i] = perm1[i+1]
            end
            perm1[r+1] = p0
            count[r+1] -= 1
            count[r+1] > 0 && break
            r += 1
        end
        permcount += 1
    end
end

function main(args)
    n = length(args) >= 1 ? parse(Int, args[1]) : 7
    checksum, maxflips = fannkuch(n)
    fannkuch(7) == (228, 16) || error("fannkuch(7) should give 228 and 16")
    println(checksum)
    println("Pfannkuchen($n) = $maxflips")
end

main(ARGS)
