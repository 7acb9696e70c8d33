# child.jl -- run a Julia program in a fresh julep process and capture what a user sees:
# run_julep(code) -> (stdout, stderr, exit status, path of the program file).
const CHILD_JULEP = ccall(:jl_exe_path, Any, ())::String
child_quote(s::String) = "'" * replace(s, "'" => "'\\''") * "'"
function child_capture(cmd::String)
    p = ccall(:popen, Ptr{Cvoid}, (Ptr{UInt8}, Ptr{UInt8}), pointer(cmd), pointer("r"))
    p == C_NULL && error("popen failed: ", cmd)
    io = IOBuffer()
    buf = Vector{UInt8}(undef, 4096)
    while true
        n = ccall(:fread, Csize_t, (Ptr{UInt8}, Csize_t, Csize_t, Ptr{Cvoid}), pointer(buf), 1, length(buf), p)
        n == 0 && break
        write(io, buf[1:Int(n)])
    end
    st = ccall(:pclose, Cint, (Ptr{Cvoid},), p)
    (String(take!(io)), Int(st) >> 8)
end
function run_julep(code::String; flags::String = "")
    src = tempname() * ".jl"
    errf = tempname()
    write(src, code)
    out, st = child_capture(string(child_quote(CHILD_JULEP), " ", flags, " ", child_quote(src), " 2> ", child_quote(errf)))
    err = read(errf, String)
    rm(errf)
    rm(src)
    (out, err, st, src)
end
