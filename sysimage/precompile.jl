# precompile.jl -- run by `make` to write the default system image (build/<mode>/usr/lib/julep/sys.ji
# and its native code sys.so): julep bootstraps Base from source, runs this file, and saves the heap
# and every function compiled meanwhile (--output-ji).
# Main must stay as a fresh process leaves it: the standard libraries are loaded into an anonymous
# module (they are cached as loaded packages, and a later `using` only imports them), and the warm-up
# code below runs inside functions of that module. Printing to stdout goes to /dev/null (the global
# `stdout` is swapped for the run), so the signatures compiled are exactly those of `println(1)` etc.
let m = Module(:__precompile__)
    Core.eval(m, :(using Core, Base, Test, Printf, Random, Serialization))
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
        function warmup_test()
            @testset "precompile" begin
                @test 1 + 1 == 2
                @test isapprox(0.1 + 0.2, 0.3)
                @test_throws ErrorException error("x")
                @test "a" * "b" == "ab"
            end
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
                warmup_test()
                let w = Module(:__warmup__)
                    Core.eval(w, :(using Core, Base, Random, Printf, Test))
                    Base.include_string(w, TOPLEVEL)
                end
            finally
                Base.stdout = out
                close(null)
            end
        end
        warmup()
    end)
end
# comparisons of a ccall's Cint result with an Int literal at the top level (no longer compiled on the
# way by integer printing, which formats without `string`)
precompile(==, (Int32, Int64))
