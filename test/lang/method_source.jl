# method_source.jl -- methods keep their lowered code compressed (Method.source is a Vector{UInt8},
# as Julia's): reflection decompresses a fresh CodeInfo, and everything that needs the code (the
# interpreter, inference and codegen, backtraces, method display, redefinition, @generated,
# Serialization) still works, with constants in the code keeping their identity.
using Test
using Serialization

msq(x) = x * x
function mloop(n)
    s = 0
    for i in 1:n
        s += i
    end
    return s
end
mthrow(x) = x > 0 ? error("boom ", x) : x   # line 16: backtraces below name it
const MREF = Ref(0)
@eval mbump() = ($MREF)[] += 1
@eval mget() = $MREF
const MVEC = [1, 2, 3]
@eval mvec() = $MVEC
mredef(x) = x + 1
mcaller(x) = mredef(x) * 2
@generated mgen(x) = x <: Integer ? :(x + 1) : :(x * 2)

@testset "Method.source is compressed" begin
    m = which(msq, (Int,))
    @test m.source isa Vector{UInt8}
    @test which(println, (String,)).source isa Vector{UInt8}    # Base, from the system image
    ci = Base.uncompressed_ir(m)
    @test ci isa Core.CodeInfo
    @test ci.slotnames == [Symbol("#self#"), :x]
    @test Base.uncompressed_ir(m) !== ci                         # a fresh copy each call
    @test Base.uncompressed_ast === Base.uncompressed_ir
    # changing the copy leaves the method alone
    empty!(ci.code)
    @test msq(7) == 49
    @test length(code_lowered(msq, (Int,))[1].code) > 0
    @test sprint(show, code_lowered(msq, (Int,))[1]) == "CodeInfo(\n1 ─ %1 = x * x\n└──      return %1\n)"
end

@testset "code runs from compressed source" begin
    @test msq(3) == 9
    @test msq(1.5) == 2.25
    @test mloop(10) == 55
    @test mbump() == 1 && mbump() == 2 && MREF[] == 2            # the same Ref, not a copy
    @test mget() === MREF
    @test mvec() === MVEC
    @test code_typed(msq, (Int,))[1][2] == Int
end

@testset "backtraces and method display" begin
    bt = try
        mthrow(1)
    catch
        sprint(Base.show_backtrace, catch_backtrace())
    end
    @test occursin(r"\[\d+\] mthrow\(x::Int64\)\n +@ Main \S*method_source.jl:16\n", bt)
    s = sprint(show, methods(msq))
    @test occursin("method_source.jl:8", s)
end

@testset "redefinition and @generated" begin
    @test mcaller(1) == 4
    @eval mredef(x) = x + 10
    @test mcaller(1) == 22
    @test which(mredef, (Int,)).source isa Vector{UInt8}
    @test mgen(1) == 2
    @test mgen(1.5) == 3.0
    @test code_lowered(mgen, (Int,))[1] isa Core.CodeInfo
end

@testset "Serialization of a method" begin
    m = which(mget, ())
    io = IOBuffer()
    serialize(io, m)
    seekstart(io)
    m2 = deserialize(io)
    @test m2 isa Method
    @test m2.sig == m.sig
    @test m2.source isa Vector{UInt8}
    @test length(Base.uncompressed_ir(m2).code) == length(Base.uncompressed_ir(m).code)
end

# the interpreter alone (--compile=min) runs methods whose code it decompresses
function run_julep(flags, code)
    exe = ccall(:jl_exe_path, Any, ())::String
    cmd = string("'", exe, "' ", flags, " -e '", code, "' 2>&1")
    p = ccall(:popen, Ptr{Cvoid}, (Ptr{UInt8}, Ptr{UInt8}), pointer(cmd), pointer("r"))
    io = IOBuffer()
    buf = Vector{UInt8}(undef, 4096)
    while true
        n = ccall(:fread, Csize_t, (Ptr{UInt8}, Csize_t, Csize_t, Ptr{Cvoid}), pointer(buf), 1, length(buf), p)
        n == 0 && break
        write(io, view(buf, 1:Int(n)))
    end
    ccall(:pclose, Cint, (Ptr{Cvoid},), p)
    String(take!(io))
end

@testset "interpreter (--compile=min)" begin
    out = run_julep("--compile=min",
        "f(n) = n < 2 ? n : f(n-1) + f(n-2); const R = Ref(5); @eval g() = \$R; " *
        "println(f(15), \" \", g() === R, \" \", sum([1, 2, 3]), \" \", " *
        "which(f, (Int,)).source isa Vector{UInt8})")
    @test out == "610 true 6 true\n"
end
