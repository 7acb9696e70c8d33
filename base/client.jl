# client.jl -- the process level: exit, atexit, ARGS, PROGRAM_FILE, ENV (read-only basics), and the
# definitions every module gets (Main's eval/include).

const ARGS = String[]
global PROGRAM_FILE = ""
const _atexit_hooks = Any[]
atexit(f::Function) = (pushfirst!(_atexit_hooks, f); nothing)
function _run_atexit()
    while !isempty(_atexit_hooks)
        f = popfirst!(_atexit_hooks)
        try
            f()
        catch e
            display_error(e, catch_backtrace())
        end
    end
end
function exit(n::Integer=0)
    _run_atexit()
    ccall(:jl_exit, Union{}, (Int32,), Int32(n))
end

struct EnvDict <: AbstractDict{String,String} end
const ENV = EnvDict()
function getindex(::EnvDict, k::AbstractString)
    v = get_env(String(k), nothing)
    v === nothing && throw(KeyError(k))
    v
end
get(::EnvDict, k::AbstractString, default) = get_env(String(k), default)
haskey(::EnvDict, k::AbstractString) = get_env(String(k), nothing) !== nothing
setindex!(::EnvDict, v, k::AbstractString) = (ccall(:setenv, Cint, (Ptr{UInt8}, Ptr{UInt8}, Cint), pointer(String(k)), pointer(string(v)), 1); v)

module Sys
const WORD_SIZE = 64
const KERNEL = :Linux
const ARCH = :x86_64
isunix() = true
islinux() = true
isapple() = false
iswindows() = false
isbsd() = false
CPU_THREADS = 1
end

module Libc
errno() = Base.Libc_errno()
strerror(n::Integer) = Base.unsafe_string(ccall(:strerror, Ptr{UInt8}, (Cint,), n))
end

module GC
gc(full::Bool=true) = (ccall(:jl_gc_collect, Cvoid, (Cint,), full); nothing)
enable(on::Bool) = (ccall(:jl_gc_enable, Cvoid, (Cint,), on); true)
macro preserve(args...)
    esc(args[end])
end
end

# Main's standard definitions (every other module gets them from the module expression)
_eval(Main, Expr(:(=), Expr(:call, :include, :x), Expr(:call, GlobalRef(Base, :include), Main, :x)))
_eval(Main, Expr(:(=), Expr(:call, :eval, :x), Expr(:call, GlobalRef(Core, :eval), Main, :x)))
