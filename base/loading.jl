# loading.jl -- include(mod, path) (what each module's `include` calls), include_string, evalfile, and
# the path helpers they need: pwd, joinpath, dirname, basename, abspath, isabspath, splitext.

include(mod::Module, path::AbstractString) =
    ccall(:jl_load, Any, (Any, Ptr{UInt8}), mod, pointer(String(path)))
include(mapexpr::Function, mod::Module, path::AbstractString) = include(mod, path)
evalfile(path::AbstractString) = include(Module(:__anon__), path)
source_path() = (p = ccall(:jl_current_load_path, Ptr{UInt8}, ()); p == C_NULL ? nothing : unsafe_string(p))
Module(name::Symbol=:anonymous) = ccall(:jl_new_module, Any, (Any, Ptr{Cvoid}), name, C_NULL)::Module

function pwd()
    buf = Vector{UInt8}(undef, 4096)
    p = ccall(:getcwd, Ptr{UInt8}, (Ptr{UInt8}, Csize_t), pointer(buf), length(buf))
    p == C_NULL && throw(SystemError("getcwd", Libc_errno()))
    unsafe_string(p)
end
cd(dir::AbstractString) = (ccall(:chdir, Cint, (Ptr{UInt8},), pointer(String(dir))) == 0 || throw(SystemError("cd", Libc_errno())); nothing)
isabspath(p::AbstractString) = startswith(p, '/')
function joinpath(a::AbstractString, parts::AbstractString...)
    r = String(a)
    for p in parts
        p = String(p)
        if isabspath(p)
            r = p
        elseif isempty(r) || endswith(r, '/')
            r = r * p
        else
            r = r * "/" * p
        end
    end
    r
end
# (directory, last component) as Julia's splitdir: the run of slashes before the last component goes;
# a path that is only "/..." keeps "/"
function splitdir(p::AbstractString)
    p = String(p)
    cu = codeunits(p)
    k = findlast(==(UInt8('/')), cu)
    k === nothing && return ("", p)
    j = k
    while j > 1 && cu[j - 1] == UInt8('/')
        j -= 1
    end
    (j == 1 ? "/" : p[1:j-1], p[k+1:end])
end
dirname(p::AbstractString) = splitdir(p)[1]
basename(p::AbstractString) = splitdir(p)[2]
function splitext(p::AbstractString)
    p = String(p)
    b = basename(p)
    i = findlast(==('.'), collect(b))
    (i === nothing || i == 1) && return (p, "")
    k = length(p) - length(b) + i
    (p[1:k-1], p[k:end])
end
function normpath(p::String)
    abs = isabspath(p)
    parts = String[]
    for s in split(p, '/')
        if s == "" || s == "."
            continue
        elseif s == ".." && !isempty(parts) && parts[end] != ".."
            pop!(parts)
        else
            push!(parts, s)
        end
    end
    r = join(parts, "/")
    abs ? "/" * r : (isempty(r) ? "." : r)
end
abspath(p::AbstractString) = normpath(isabspath(p) ? String(p) : joinpath(pwd(), p))
function get_env(k::String, default)
    p = ccall(:getenv, Ptr{UInt8}, (Ptr{UInt8},), pointer(k))
    p == C_NULL ? default : unsafe_string(p)
end
function readdir(dir::AbstractString=".")
    r = ccall(:jl_readdir, Any, (Ptr{UInt8},), pointer(String(dir)))
    r === nothing && throw(SystemError(string("unable to read directory ", dir), Libc_errno()))
    String[x for x in r]
end
