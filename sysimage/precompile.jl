# precompile.jl -- run by `make` to write the default system image (build/<mode>/usr/lib/julep/sys.ji
# and its native code sys.so): julep bootstraps Base from source, runs this file, and saves the heap
# and every function compiled meanwhile (--output-ji).
# Main must stay as a fresh process leaves it: the standard libraries (Test, Printf, Random,
# Serialization, LinearAlgebra, Statistics, Dates, InteractiveUtils) are loaded into an anonymous
# module (they are cached as loaded packages, and a later `using` only imports them), and the warm-up
# code below runs inside functions of that module. Printing to stdout goes to /dev/null (the global
# `stdout` is swapped for the run), so the signatures compiled are exactly those of `println(1)` etc.
let m = Module(:__precompile__)
    Core.eval(m, :(using Core, Base, Test, Printf, Random, Serialization, LinearAlgebra, Statistics, Dates,
                         InteractiveUtils))
    Core.eval(m, quote
        function warmup_print(io)
            println(1); println(2.5); println("s"); println('c'); println(:sym); println(true)
            println(nothing); println(Int32(3)); println(UInt8(4)); println(0x05); println(1 // 2)
            println(1, " ", 2.5, " ", "s", 'c'); print(1); print("a", "b"); print(2.5); print('x')
            println([1, 2, 3]); println([1.5, 2.5]); println(["a", "b"]); println(Any[1, "a"])
            println((1, "a")); println((1, 2)); println(1:3); println(Dict("a" => 1))
            println(Dict(1 => 2.0)); println(Set([1, 2])); println(big(2)^70); println(pi)
            show(1); show("s"); show([1, 2]); display(1); display([1, 2]); display("s")
            println(io, 1, " ", 2.5, " ", "s", 'c', :sym, [1, 2, 3], (1, "a"), nothing)
            show(io, Dict("a" => 1)); show(io, MIME"text/plain"(), [1.0 2.0; 3.0 4.0])
            println(sum(rand(10)) > 0); println(sum([1, 2, 3])); println(maximum([1, 5, 2])); rand(10)
            @printf("%d %5.2f %s\n", 1, 2.0, "x")
            println(@sprintf("%d %5.2f %s", 1, 2.0, "x"))
            String(take!(io))
        end
        function warmup_values()
            a = [3, 1, 2]; push!(a, 4); sort!(a); sort(a; rev = true); reverse(a); append!(a, [5])
            b = zeros(3); b .+= 1.0; b .* 2; sum(b); a[2:3]; map(x -> x + 1, a); filter(isodd, a)
            c = collect(1:10); length(c); findfirst(==(3), c); in(3, c); cumsum(c); extrema(c)
            v = Float64[]; push!(v, 1.5); Vector{Any}(); fill(0, 3); ones(Int, 2); copy(a); similar(a)
            d = Dict{String,Int}(); d["a"] = 1; get(d, "b", 0); haskey(d, "a"); delete!(d, "a")
            d2 = Dict(1 => "x"); keys(d2); values(d2); for (k, x) in d2; end; Set{Int}(); merge(d2, d2)
            s = "hello world"; uppercase(s); split(s); replace(s, "o" => "0"); occursin("wor", s)
            string(1, "a", 2.5); repr(1); repr("s"); join(["a", "b"], ", "); strip("  x "); length(s)
            startswith(s, "he"); parse(Int, "12"); parse(Float64, "1.5"); lpad("7", 3); rpad("7", 3)
            "$(1) and $(2.5)"; s * "!"; s^2; collect(s); reverse(s); lowercase(s); string(1:3)
            1 + 2; 1.5 * 2; 2^10; 7 ÷ 2; 7 % 3; sqrt(2.0); sin(1.0); exp(1.0); log(2.0); abs(-3)
            round(2.5); floor(Int, 2.5); div(7, 2); gcd(12, 18); max(1, 2); min(1.0, 2.0); 1 / 3
            rand(Int); rand(); randn(); rand(1:10); rand(3); Random.seed!(1); shuffle([1, 2, 3])
            x = (1, 2.0, "a"); x[1]; first(x); nt = (a = 1, b = 2); nt.a; keys(nt)
            try error("boom") catch e; sprint(showerror, e); end
            try [1][2] catch e; sprint(showerror, e); end
            io = IOBuffer(); serialize(io, [1, 2]); seekstart(io); deserialize(io)
            nothing
        end
        # files: temporary names, whole-file reads and writes, formatted lines into an IOStream
        function warmup_files()
            p = tempname(); write(p, "1 2\n"); read(p, String); read(p); readlines(p); isfile(p)
            open(p, "w") do f
                print(f, 1, " ", 2, "\n"); println(f, 2.5); write(f, "s"); write(f, 'c')
            end
            rm(p); rm(p; force = true)
            nothing
        end
        # Expr printing (repr, string, @show, Test's Expression: lines) over the common forms
        function warmup_exprs(io)
            src = "function f(x::T; k = 1) where T\n  y = [i^2 for i in 1:x if i > 1]\n  if x > 0 && k != 2\n" *
                  "    for i in 1:3, j = 1:2; y .+= i; end\n  elseif x < 0\n    while false; end\n  else\n" *
                  "    try g(x...) catch e; rethrow() finally nothing end\n  end\n  let a = 1; a => :b; end\n" *
                  "  @show \"s \$x\" x[end] x.y f.(x) -x !x\n  return (a = 1,)\nend"
            ex = Meta.parse(src)
            for e in (ex, :(x + 1), :(f(x)), :(a == b), :(x -> x^2), :(struct S; a::Int; end), :(using Base: sin))
                print(io, e); show(io, e); print(stdout, e); show(stdout, e)
                Base.show_unquoted(io, e); Base.show_unquoted(stdout, e)
                string(e); repr(e); sprint(Base.show_unquoted, e)
            end
            nothing
        end
        # reflection as the REPL shows it: method lists, types (aliases, where clauses), lowered and typed code
        fib(n) = n < 2 ? n : fib(n - 1) + fib(n - 2)
        function warmup_reflection(io)
            for f in (+, println, fib, getindex)
                show(io, methods(f)); show(io, MIME"text/plain"(), methods(f)); length(methods(f))
            end
            show(io, which(+, (Int, Int))); show(io, MIME"text/plain"(), which(fib, (Int,)))
            for T in (Union{Int, Float64}, Vector{Int}, Dict{String, Int}, AbstractVector{<:Real}, Type{Int},
                      Integer, Union{Int8, Int16}, typeof(1 => "a"), Tuple{Int, String}, typeof((a = 1,)),
                      typeof(sin), Array{T, 2} where T, Union{Nothing, String}, Vararg{Int}, Ptr{Cvoid})
                show(io, T); print(io, T); string(T); repr(T); show(io, MIME"text/plain"(), T)
            end
            show(io, code_lowered(fib, (Int,))); show(io, code_typed(fib, (Int,)))
            show(io, MIME"text/plain"(), code_typed(fib, (Int,))); code_warntype(io, fib, (Int,))
            code_llvm(io, fib, (Int,)); code_native(io, fib, (Int,))
            nothing
        end
        function warmup_test()
            @testset "precompile" begin
                @test 1 + 1 == 2
                @test isapprox(0.1 + 0.2, 0.3)
                @test_throws ErrorException error("x")
                @test "a" * "b" == "ab"
            end
            nothing
        end
        # the standard libraries' common calls (LinearAlgebra, Statistics, Dates, Printf formats)
        function warmup_stdlibs(io)
            A = rand(3, 3); B = randn(3, 3); x = rand(3); y = randn(3); S = A' * A + I
            A * B; A * x; A' * B; A * B'; x' * A; x' * y; A + B; A - B; 2.0 * A; A * 2.0; A / 2.0; -A
            A .* B; A .+ 1.0; A'; transpose(A); copy(A'); Matrix(A'); A^2; A^4; B^3; A == B
            tr(A); det(A); inv(A); A \ x; A \ B; norm(x); norm(A); opnorm(A); dot(x, y); x ⋅ y; cross(x, y)
            F = lu(A); F.L; F.U; F.p; det(F); F \ x; Q = qr(A); Q.Q; Q.R; C = cholesky(S); C.L; C \ x
            E = eigen(S); E.values; E.vectors; eigvals(S); eigvecs(S); eigvals(A); svd(A).S; svdvals(A)
            rank(A); pinv(A); cond(A); logdet(S); diag(A); diagm(x); Diagonal(x) * A; Symmetric(S) * x
            I + A; A - I; Matrix{Float64}(I, 3, 3); UpperTriangular(A) \ x; kron(A, B); triu(A); tril(A)
            mul!(similar(A), A, B); mul!(similar(x), A, x); normalize(x); issymmetric(S); isposdef(S)
            hcat(A, B); vcat(A, B); [A B]; [A; B]; [A B; B A]; [x y]; [x; y]; hcat(x, y); vcat(x', y')
            M = zeros(3, 3); M[1, 2] = 1.0; M[:, 1] = x; M[2, :] = y; A[1, 2]; A[:, 1]; A[1, :]; A[1:2, 2:3]
            ones(3, 3); fill(1.0, 2, 2); rand(2, 4); randn(2, 4); rand(Int, 2, 2) * rand(Int, 2, 2); [1 2; 3 4]^2
            sum(A); sum(A, dims = 1); sum(A, dims = 2); maximum(A); minimum(A); size(A); size(A, 1); length(A)
            sum(abs2, x); extrema(A); reshape(A, 9); vec(A); permutedims(A); map(abs, A); abs.(A); sqrt.(S)
            mean(x); std(x); var(x); median(x); mean(A); std(A); var(A); mean(A, dims = 1); std(A, dims = 2)
            quantile(x, 0.5); quantile(x, [0.25, 0.75]); cor(x, y); cov(x, y); cov(A); cor(A); middle(x)
            mean([1, 2, 3]); std([1, 2, 3]); median([3, 1, 2]); mean(abs, x); var(x; corrected = false)
            show(io, MIME"text/plain"(), A); show(io, MIME"text/plain"(), x); show(io, A); print(io, x)
            show(io, MIME"text/plain"(), F); show(io, MIME"text/plain"(), I); show(io, MIME"text/plain"(), A')
            show(io, MIME"text/plain"(), [1 2; 3 4]); show(io, MIME"text/plain"(), rand(Int, 2, 2))
            d = Date(2020, 1, 31); t = DateTime(2020, 1, 31, 12, 30, 15); now(); today(); now(UTC)
            d + Day(1); d + Month(1); t + Hour(2); t - DateTime(2020); d - Date(2019, 12, 1); year(d); month(d)
            day(d); dayofweek(d); dayname(d); monthname(d); hour(t); minute(t); second(t); isleapyear(d)
            Dates.format(t, "yyyy-mm-dd HH:MM:SS"); Dates.format(d, "dd/mm/yyyy"); Date("2020-01-31")
            DateTime("2020-01-31T12:30:15"); Date("31/01/2020", dateformat"dd/mm/yyyy"); string(d); string(t)
            print(io, d); print(io, t); show(io, d); show(io, t); print(io, Day(3)); collect(d:Day(1):d + Day(3))
            Dates.value(t - DateTime(2020)); Millisecond(t - DateTime(2020)); datetime2unix(t); unix2datetime(0)
            @printf(io, "%d %i %5d %-5d %05d %+d %x %X %o %c %s %10s %-10s\n", 1, 2, 3, 4, 5, 6, 255, 255, 8,
                    'c', "s", "r", "l")
            @printf(io, "%f %.2f %8.3f %-8.3f %e %.3e %g %.4g %10.4f %.0f %5.1f%%\n", 1.5, 1.5, 1.5, 1.5, 1.5,
                    1.5, 1.5, 1.5, 1.5, 1.5, 1.5)
            @printf(io, "%d %.4f %s\n", 1, 2.0, 'c'); @printf(io, "%s\n", [1, 2]); @printf(io, "%.3f\n", 1)
            @printf("%d\n", 1); @printf("%.4f\n", 1.0); @printf("%s\n", "s"); @printf("%s %d\n", "s", 1)
            @printf("%.2f %.2f\n", 1.0, 2.0); @printf("%5.1f\n", 1.0); @printf("%e\n", 1.0); @printf("%g\n", 1.0)
            @sprintf("%d", 1); @sprintf("%.2f", 1.0); @sprintf("%s", "s"); @sprintf("%5.1f %s", 1.0, "s")
            Printf.format(io, Printf.Format("%d %s\n"), 1, "s")
            # the macros as scripts call them: on names and expressions (specialized per argument syntax)
            x = 1.5; n = 2; s = "s"
            @printf("%.9f\n", x); @printf("%d %s\n", n, s); @printf("%d\n", n + 1); @printf("%s %.2f %d\n", s, x, n)
            @printf("%.3f %.3f\n", x, x + 1); @printf(io, "%.3f\n", x); @printf(io, "%d %s\n", n, s)
            @sprintf("%.2f", x); @sprintf("%d-%d", n, n + 1); @sprintf("%s", s); @sprintf("%d %s", n, s)
            nothing
        end
        # calls as a script makes them at top level (dispatched one by one, not inlined into a caller)
        const TOPLEVEL = """
            println(1); println(2.5); println("s"); println(true); println(sum(rand(10)) > 0)
            x = rand(10); y = sum(x) / length(x); println(y > 0); println(string(1, "a", 2.5))
            println(string(2, "x")); println(sum([1.5, 2.5]) > 0); println(1 + 2, " ", 3.0 * 2)
            v = [1, 2, 3]; push!(v, 4); println(v); println(length(v)); println(v[2]); println(sum(v))
            d = Dict("a" => 1, "b" => 2); d["c"] = 3; println(d["a"]); println(length(d)); println(d)
            s = "a" * "b"; println(s); println(uppercase(s)); println(split("a b c")); println(repr(s))
            for i in 1:3; println(i); end; println([i^2 for i in 1:5]); println(map(x -> 2x, v))
            f(n) = n < 2 ? n : f(n - 1) + f(n - 2); println(f(10)); println(rand(1:6) in 1:6)
            @time sum(v); @show v; println(typeof(v)); println(round(pi, digits = 3))
            println(ccall(:jl_codegen_loaded, Cint, ()) == 0)
            A = rand(3, 3); B = randn(3, 3); x = rand(3); println(tr(A) > 0); println(tr(rand(3, 3)) > 0)
            C = A * B; y = A * x; At = A'; C = A' * B; println(det(A) != 0); println(norm(x) > 0); inv(A)
            println(size(A * B)); println(A \\ x == A \\ x); println(dot(x, x) > 0); println(A^2 == A * A)
            println(mean(x) > 0); println(std(x) >= 0); println(var(x) >= 0); println(median(x) > 0)
            println(mean(A) > 0); println(std(A) >= 0); println(round(mean([1, 2, 3]), digits = 2))
            println(mean([1.0, 2.0, 4.0])); println(std([1.0, 2.0, 4.0])); println(sum([1.0, 2.0]))
            x = randn(10); r = rand(5, 5); s = rand(100); println(mean(s) > 0, " ", std(s) > 0)
            eigen(A + A'); eigvals(A + A'); lu(A); qr(A); svd(A); println(I * 2.0); println(Diagonal([1, 2]))
            println(A isa Matrix{Float64}); show(A); println(A); display(A); display(x); display(rand(2, 2)')
            @printf("%d\\n", 1); @printf("%.4f\\n", 1.0); @printf("%s %d\\n", "s", 1); @printf("%5.2f\\n", 2.5)
            @printf("%.2f %.2f\\n", 1.0, 2.0); @printf("%s\\n", "x"); println(@sprintf("%.3f", pi))
            d = Date(2020, 1, 31); println(d); println(d + Day(1)); println(year(d)); t = now(); println(t > t)
            println(DateTime(2020, 1, 2, 3, 4, 5)); println(Dates.format(d, "yyyy-mm-dd")); println(today() > d)
            Random.seed!(42); println(rand() < 1); println(rand(3)); println(randn(2, 2) isa Matrix); shuffle(1:3)
            println(rand(1:10, 3) isa Vector); randperm(5); println(rand(Float32) < 1); randn!(zeros(3))
            args = ["10", "2"]; n = length(args) >= 1 ? parse(Int, args[1]) : 5; println("n = ", n)
            println("x = ", 2.5); @printf("%d %.9f\n", n, 2.5); @printf("%.9f %d\n", 2.5, n)
            @testset "w" begin
                @test tr(A) > 0; @test mean([1, 2]) == 1.5; @test_throws DimensionMismatch rand(2, 3) * rand(2, 3)
            end
            """
        function warmup()
            out = Base.stdout
            null = open("/dev/null", "w")
            Base.stdout = null
            try
                warmup_print(IOBuffer())
                warmup_values()
                warmup_files()
                warmup_exprs(IOBuffer())
                warmup_reflection(IOBuffer())
                warmup_test()
                warmup_stdlibs(IOBuffer())
                let w = Module(:__warmup__)
                    Core.eval(w, :(using Core, Base, Random, Printf, Test, LinearAlgebra, Statistics, Dates,
                                         InteractiveUtils))
                    Base.include_string(w, TOPLEVEL)
                end
            finally
                Base.stdout = out
                close(null)
            end
        end
        warmup()
        # the modules' __init__ functions run at every start: native code, not the interpreter
        precompile(Random.__init__, ()) && precompile(LinearAlgebra.__init__, ()) &&
            precompile(Base.PCRE.__init__, ()) || error("an __init__ was not compiled")
    end)
end
# comparisons of a ccall's Cint result with an Int literal at the top level (no longer compiled on the
# way by integer printing, which formats without `string`)
precompile(==, (Int32, Int64))
