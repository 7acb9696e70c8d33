# file.jl -- the file system (Julia's filesystem.jl/stat.jl/file.jl basics) on libc: stat/lstat into a
# StatStruct (x86-64 Linux `struct stat` layout), isfile/isdir/ispath/islink/filesize/mtime/filemode,
# mkdir/mkpath/rm (recursive, force)/cp/mv/touch/readdir, tempdir/tempname/mktemp/mktempdir (also the
# do-block forms that clean up), cd(f, dir), homedir. Errors are SystemError/IOError as Julia's.

# IOError(msg, errno): shown as libuv names the error, as Julia's (`... no such file or directory (ENOENT)`)
struct IOError <: Exception
    msg::String
    code::Int
end
function showerror(io::IO, e::IOError)
    c = -Int32(e.code)
    print(io, "IOError: ", e.msg, ": ", unsafe_string(ccall(:uv_strerror, Ptr{UInt8}, (Cint,), c)),
          " (", unsafe_string(ccall(:uv_err_name, Ptr{UInt8}, (Cint,), c)), ")")
end

struct StatStruct
    desc::String
    device::UInt64
    inode::UInt64
    mode::UInt32
    nlink::Int64
    uid::UInt32
    gid::UInt32
    rdev::UInt64
    size::Int64
    blksize::Int64
    blocks::Int64
    mtime::Float64
    ctime::Float64
end
const _S_IFMT = 0o170000
const _S_IFDIR = 0o040000
const _S_IFREG = 0o100000
const _S_IFLNK = 0o120000

_load_u64(b::Vector{UInt8}, off::Int) = (v = UInt64(0); for k in 8:-1:1; v = (v << 8) | b[off+k]; end; v)
_load_u32(b::Vector{UInt8}, off::Int) = (v = UInt32(0); for k in 4:-1:1; v = (v << 8) | b[off+k]; end; v)
# struct stat on x86-64 Linux: dev 0, ino 8, nlink 16, mode 24, uid 28, gid 32, rdev 40, size 48,
# blksize 56, blocks 64, atim 72, mtim 88, ctim 104 (timespec: seconds then nanoseconds)
function _stat(fn::Symbol, path::AbstractString)
    buf = zeros(UInt8, 144)
    p = String(path)
    r = fn === :lstat ? ccall(:lstat, Cint, (Ptr{UInt8}, Ptr{UInt8}), p, buf) :
                        ccall(:stat, Cint, (Ptr{UInt8}, Ptr{UInt8}), p, buf)
    r != 0 && return StatStruct(p, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.0, 0.0)   # missing: all zeros, as Julia
    ts(off) = Float64(_load_u64(buf, off) % Int64) + Float64(_load_u64(buf, off + 8) % Int64) / 1e9
    StatStruct(p, _load_u64(buf, 0), _load_u64(buf, 8), _load_u32(buf, 24), _load_u64(buf, 16) % Int64,
               _load_u32(buf, 28), _load_u32(buf, 32), _load_u64(buf, 40), _load_u64(buf, 48) % Int64,
               _load_u64(buf, 56) % Int64, _load_u64(buf, 64) % Int64, ts(88), ts(104))
end
stat(path::AbstractString) = _stat(:stat, path)
lstat(path::AbstractString) = _stat(:lstat, path)
function show(io::IO, st::StatStruct)
    print(io, "StatStruct(", repr(st.desc), " size: ", st.size, " bytes)")
end

ispath(st::StatStruct) = st.mode & _S_IFMT != 0
isfile(st::StatStruct) = st.mode & _S_IFMT == _S_IFREG
isdir(st::StatStruct) = st.mode & _S_IFMT == _S_IFDIR
islink(st::StatStruct) = st.mode & _S_IFMT == _S_IFLNK
filesize(st::StatStruct) = st.size
mtime(st::StatStruct) = st.mtime
ctime(st::StatStruct) = st.ctime
filemode(st::StatStruct) = st.mode
ispath(path::AbstractString) = ispath(stat(path))
isfile(path::AbstractString) = isfile(stat(path))
isdir(path::AbstractString) = isdir(stat(path))
islink(path::AbstractString) = islink(lstat(path))
filesize(path::AbstractString) = filesize(stat(path))
mtime(path::AbstractString) = mtime(stat(path))
ctime(path::AbstractString) = ctime(stat(path))
filemode(path::AbstractString) = filemode(stat(path))

homedir() = get_env("HOME", "/")
function mkdir(path::AbstractString; mode::Integer = 0o777)
    r = ccall(:mkdir, Cint, (Ptr{UInt8}, UInt32), String(path), UInt32(mode))
    r == 0 || throw(IOError(string("mkdir(", repr(String(path)), "; mode=0o", string(mode, base = 8), ")"), Libc_errno()))
    String(path)
end
function mkpath(path::AbstractString; mode::Integer = 0o777)
    isdir(path) && return String(path)
    parent = dirname(rstrip(String(path), '/'))
    !isempty(parent) && parent != path && mkpath(parent; mode = mode)
    isdir(path) || mkdir(path; mode = mode)
    String(path)
end
function rm(path::AbstractString; force::Bool = false, recursive::Bool = false)
    p = String(path)
    st = lstat(p)
    if !ispath(st)
        force && return nothing
        throw(IOError(string("unlink(", repr(p), ")"), 2))
    end
    if isdir(st)
        if recursive
            for f in readdir(p)
                rm(joinpath(p, f); force = force, recursive = true)
            end
        end
        ccall(:rmdir, Cint, (Ptr{UInt8},), p) == 0 || throw(IOError(string("rmdir(", repr(p), ")"), Libc_errno()))
    else
        ccall(:unlink, Cint, (Ptr{UInt8},), p) == 0 || throw(IOError(string("unlink(", repr(p), ")"), Libc_errno()))
    end
    nothing
end
function touch(path::AbstractString)
    if ispath(path)
        ccall(:utimes, Cint, (Ptr{UInt8}, Ptr{Cvoid}), String(path), C_NULL)
    else
        close(open(String(path), "a"))
    end
    String(path)
end
function _copyfile(src::String, dst::String)
    data = read(src)
    open(io -> write(io, data), dst, "w")
    ccall(:chmod, Cint, (Ptr{UInt8}, UInt32), dst, filemode(src) & 0o7777)
end
function _check_dst(dst::String, force::Bool, what::String)
    if ispath(dst)
        force || throw(ArgumentError(string("'", dst, "' exists. `force=true` is required to remove '", dst, "' before ", what, ".")))
        rm(dst; force = true, recursive = true)
    end
end
function cp(src::AbstractString, dst::AbstractString; force::Bool = false, follow_symlinks::Bool = false)
    s, d = String(src), String(dst)
    _check_dst(d, force, "copying")
    if isdir(s)
        mkdir(d)
        for f in readdir(s)
            cp(joinpath(s, f), joinpath(d, f); force = force)
        end
    else
        ispath(s) || throw(IOError(string("stat(", repr(s), ")"), 2))
        _copyfile(s, d)
    end
    d
end
function mv(src::AbstractString, dst::AbstractString; force::Bool = false)
    s, d = String(src), String(dst)
    _check_dst(d, force, "moving")
    ccall(:rename, Cint, (Ptr{UInt8}, Ptr{UInt8}), s, d) == 0 ||
        throw(IOError(string("rename(", repr(s), ", ", repr(d), ")"), Libc_errno()))
    d
end

tempdir() = (t = get_env("TMPDIR", "/tmp"); length(t) > 1 && endswith(t, '/') ? t[1:end-1] : t)
const _temp_counter = Int[0]
function _random_name()
    _temp_counter[1] += 1
    x = xor(time_ns(), UInt64(ccall(:getpid, Cint, ())) << 32, UInt64(_temp_counter[1]) * 0x9e3779b97f4a7c15)
    cs = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
    io = IOBuffer()
    for _ in 1:6
        print(io, cs[Int(x % 62) + 1])
        x = x ÷ 62
    end
    String(take!(io))
end
function tempname(parent::AbstractString = tempdir(); cleanup::Bool = true)
    while true
        p = joinpath(String(parent), string("jl_", _random_name()))
        ispath(p) || return p
    end
end
function mktemp(parent::AbstractString = tempdir(); cleanup::Bool = true)
    while true
        p = joinpath(String(parent), string("jl_", _random_name()))
        fd = ccall(:open, Cint, (Ptr{UInt8}, Cint, Cint), p, 0o302, 0o600)   # O_RDWR|O_CREAT|O_EXCL
        fd >= 0 && return (p, _fdio(string("<file ", p, ">"), fd))
        Libc_errno() == 17 || throw(SystemError(string("mktemp: ", p), Libc_errno()))
    end
end
function mktempdir(parent::AbstractString = tempdir(); prefix::AbstractString = "jl_", cleanup::Bool = true)
    while true
        p = joinpath(String(parent), string(prefix, _random_name()))
        ccall(:mkdir, Cint, (Ptr{UInt8}, UInt32), p, 0o700) == 0 && return p
        Libc_errno() == 17 || throw(IOError(string("mktempdir(", repr(String(parent)), ")"), Libc_errno()))
    end
end
function mktemp(f::Function, parent::AbstractString = tempdir())
    p, io = mktemp(parent)
    try
        f(p, io)
    finally
        close(io)
        rm(p; force = true)
    end
end
function mktempdir(f::Function, parent::AbstractString = tempdir(); prefix::AbstractString = "jl_")
    p = mktempdir(parent; prefix = prefix)
    try
        f(p)
    finally
        rm(p; force = true, recursive = true)
    end
end
function cd(f::Function, dir::AbstractString)
    old = pwd()
    cd(dir)
    try
        f()
    finally
        cd(old)
    end
end
