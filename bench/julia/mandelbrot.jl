# mandelbrot.jl -- Benchmarks Game mandelbrot: n x n bitmap of the Mandelbrot set as a binary PBM (P4) on
# stdout, 50 iterations, escape at |z|^2 > 4. args: n
function mandelbrot(io, n)
    rowbytes = (n + 7) ÷ 8
    row = zeros(UInt8, rowbytes)
    center_inside = true  # c = -1 + 0im is in the set; checked when n is a multiple of 4
    write(io, "P4\n$n $n\n")
    for y in 0:n-1
        ci = 2.0 * y / n - 1.0
        for xb in 0:rowbytes-1
            bits = 0x00
            for x in 8xb:8xb+7
                cr = 2.0 * x / n - 1.5
                zr = zi = tr = ti = 0.0
                inside = true
                for _ in 1:50
                    zi = 2.0 * zr * zi + ci
                    zr = tr - ti + cr
                    tr = zr * zr
                    ti = zi * zi
                    if tr + ti > 4.0
                        inside = false
                        break
                    end
                end
                bits = (bits << 1) | UInt8(inside && x < n)
                if n % 4 == 0 && y == n ÷ 2 && x == n ÷ 4
                    center_inside = inside
                end
            end
            row[xb+1] = bits
        end
        write(io, row)
    end
    (center_inside && row[1] & 0x80 == 0) || error("-1+0im must be inside, the last row's first pixel outside")
end

mandelbrot(stdout, length(ARGS) >= 1 ? parse(Int, ARGS[1]) : 200)
