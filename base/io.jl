# io.jl -- IO: file-descriptor streams (IOStream: files and a non-terminal stdout buffered through the
# C layer src/iostream.c, which writes stdout's output ahead of later stderr output), IOBuffer, IOContext,
# devnull, and the generic print/println/write/read/readline on top of `write(io, ::UInt8)` and
# `unsafe_write`.


# An IOStream's output goes through a C jl_ios_t (src/iostream.h): files opened for writing have a
# buffer that unsafe_write appends to here (loads and stores at the struct's fixed offsets: buffer
# pointer 0, pending bytes 8, capacity 16); it is written out when full, by flush/close, by the
# finalizer of an unreachable stream, and at process exit. stdin/stdout/stderr have `ios == C_NULL`
# (a system image cannot hold process pointers) and use the process's jl_ios_std streams: stdout is
# buffered when it is not a terminal and written out before stdin is read or stderr written.
mutable struct IOStream <: IO
    name::String
    fd::Int32
    open::Bool
    peeked::Int      # a byte eof() read ahead, or -1
    ios::Ptr{UInt8}
    IOStream(name::String, fd::Integer, open::Bool) = new(name, Int32(fd), open, -1, C_NULL)
end
const _IOS_BUFSIZE = 65536
_ios_free(io::IOStream) = ccall(:jl_ios_free, Cvoid, (Ptr{UInt8},), io.ios)
# a stream owning descriptor fd, buffered for output
function _fdio(name::String, fd::Integer, writable::Bool=true)
    io = IOStream(name, fd, true)
    s = ccall(:jl_ios_fdopen, Ptr{UInt8}, (Int32, Int64, Int32), Int32(fd), writable ? _IOS_BUFSIZE : 0, Int32(1))
    s == C_NULL && throw(OutOfMemoryError())
    io.ios = s
    Core.finalizer(_ios_free, io)
    io
end
_ios(io::IOStream) = (s = io.ios; s == C_NULL ? ccall(:jl_ios_std, Ptr{UInt8}, (Int32,), io.fd) : s)
function _ios_check(io::IOStream, err::Cint, what::String)
    err == 0 && return nothing
    (err == 9 || !io.open) && throw(ArgumentError(string(what, " failed, IOStream is not writeable")))
    throw(SystemError(what, err))
end
function unsafe_write(io::IOStream, p::Ptr{UInt8}, n::UInt)
    s = _ios(io)
    size = unsafe_load(Ptr{Int}(s + 8))
    if size + n <= unsafe_load(Ptr{Int}(s + 16))
        ccall(:memcpy, Ptr{Cvoid}, (Ptr{UInt8}, Ptr{UInt8}, Csize_t), unsafe_load(Ptr{Ptr{UInt8}}(s)) + size, p, n)
        unsafe_store!(Ptr{Int}(s + 8), size + n % Int)
        return Int(n)
    end
    _ios_check(io, ccall(:jl_ios_write, Cint, (Ptr{UInt8}, Ptr{UInt8}, Int64), s, p, n % Int), "write")
    Int(n)
end
function write(io::IOStream, b::UInt8)
    s = _ios(io)
    size = unsafe_load(Ptr{Int}(s + 8))
    if size < unsafe_load(Ptr{Int}(s + 16))
        unsafe_store!(unsafe_load(Ptr{Ptr{UInt8}}(s)) + size, b)
        unsafe_store!(Ptr{Int}(s + 8), size + 1)
        return 1
    end
    r = Ref{UInt8}(b)
    unsafe_write(io, bitcast(Ptr{UInt8}, pointer_from_objref(r)), UInt(1))
end
function flush(io::IOStream)
    io.open || throw(ArgumentError("flush failed, IOStream is not writeable"))
    _ios_check(io, ccall(:jl_ios_flush, Cint, (Ptr{UInt8},), _ios(io)), "flush")
    nothing
end
function close(io::IOStream)
    io.open || return nothing
    io.open = false
    if io.ios == C_NULL
        ccall(:jl_ios_flush, Cint, (Ptr{UInt8},), _ios(io))
        ccall(:close, Cint, (Cint,), io.fd)
    else
        err = ccall(:jl_ios_close, Cint, (Ptr{UInt8},), io.ios)
        err == 0 || throw(SystemError("close", err))
    end
    nothing
end
isopen(io::IOStream) = io.open
fd(io::IOStream) = io.fd
# one byte from the descriptor (after a byte eof() read ahead), or -1 at end of file
# pending output is written before reading (a file opened "r+" reads what was written; a prompt
# printed to stdout shows before stdin is read)
function _flush_pending(io::IOStream)
    if io.ios == C_NULL
        io.fd == 0 && ccall(:jl_ios_flush_stdout, Cvoid, ())
    elseif unsafe_load(Ptr{Int}(io.ios + 8)) > 0
        flush(io)
    end
    nothing
end
function _read1(io::IOStream)
    _flush_pending(io)
    if io.peeked >= 0
        b = io.peeked
        io.peeked = -1
        return b
    end
    r = Ref{UInt8}(0x00)
    n = ccall(:read, Int, (Cint, Ptr{UInt8}, Csize_t), io.fd, bitcast(Ptr{UInt8}, pointer_from_objref(r)), 1)
    n <= 0 ? -1 : Int(r[])
end
function eof(io::IOStream)
    io.peeked >= 0 && return false
    b = _read1(io)
    b < 0 && return true
    io.peeked = b
    false
end
function readbytes_all(io::IOStream)
    _flush_pending(io)
    out = UInt8[]
    io.peeked >= 0 && push!(out, UInt8(_read1(io)))
    buf = Vector{UInt8}(undef, 65536)
    while true
        r = ccall(:read, Int, (Cint, Ptr{UInt8}, Csize_t), io.fd, pointer(buf), length(buf))
        r <= 0 && break
        append!(out, buf[1:r])
    end
    out
end
function read(io::IOStream, ::Type{UInt8})
    b = _read1(io)
    b < 0 && throw(EOFError())
    UInt8(b)
end
read(io::IOStream) = readbytes_all(io)
read(io::IOStream, ::Type{String}) = String(readbytes_all(io))
function readline(io::IOStream; keep::Bool=false)
    buf = UInt8[]
    while true
        b = _read1(io)
        b < 0 && break
        if b == 0x0a
            keep ? push!(buf, 0x0a) : (!isempty(buf) && buf[end] == 0x0d && pop!(buf))
            break
        end
        push!(buf, UInt8(b))
    end
    String(buf)
end
readline(; keep::Bool=false) = readline(stdin; keep = keep)
readline(fname::AbstractString; keep::Bool=false) = open(io -> readline(io; keep = keep), String(fname))

global stdin = IOStream("<stdin>", Int32(0), true)
global stdout = IOStream("<stdout>", Int32(1), true)
global stderr = IOStream("<stderr>", Int32(2), true)

struct DevNull <: IO end
const devnull = DevNull()
write(::DevNull, ::UInt8) = 1
unsafe_write(::DevNull, p::Ptr{UInt8}, n::UInt) = Int(n)

# ---- files
function open(fname::String, mode::String="r")
    flags = mode == "r" ? 0 : mode == "w" ? 0o1101 : mode == "a" ? 0o2101 : mode == "r+" ? 2 : 0o1102
    fd = ccall(:open, Cint, (Ptr{UInt8}, Cint, Cint), pointer(fname), flags, 0o644)
    fd < 0 && throw(SystemError(string("opening file ", repr(fname)), Libc_errno()))
    _fdio(string("<file ", fname, ">"), fd, mode != "r")
end
function open(f::Function, fname::String, mode::String="r")
    io = open(fname, mode)
    try
        f(io)
    finally
        close(io)
    end
end
read(fname::String, ::Type{String}) = open(io -> read(io, String), fname)
read(fname::String) = open(io -> read(io), fname)
function write(fname::String, data)
    open(io -> write(io, data), fname, "w")
end

# ---- IOBuffer
# Julia's IOBuffer: one position `ptr` for reading and writing (a write at the position overwrites and
# extends the contents and moves past them; with `append` writes go to the end and leave the position),
# `data` holds exactly the contents (its length is Julia's `size`). IOBuffer(bytes) reads (and with
# write=true writes) the given vector itself; IOBuffer(string) reads a copy of the string's bytes.
mutable struct IOBuffer <: IO
    data::Vector{UInt8}
    readable::Bool
    writable::Bool
    append::Bool
    ptr::Int          # 1 + the position
    mark::Int         # the marked position, or -1
end
function IOBuffer(data::Vector{UInt8}; read::Bool=true, write::Bool=false, append::Bool=false,
                  truncate::Bool=false, sizehint=nothing)
    truncate && empty!(data)
    IOBuffer(data, read, write, append, 1, -1)
end
IOBuffer(; read::Bool=true, write::Bool=true, append::Bool=false, truncate::Bool=true, sizehint=nothing) =
    IOBuffer(UInt8[], read, write, append, 1, -1)
IOBuffer(s::String) = IOBuffer(Vector{UInt8}(s))
IOBuffer(s::SubString{String}) = IOBuffer(String(s))
@noinline _iob_notreadable() = throw(ArgumentError("read failed, IOBuffer is not readable"))
@noinline _iob_notwritable() = throw(ArgumentError("ensureroom failed, IOBuffer is not writeable"))
# the index where n bytes are written (the position, or the end when appending), after growing the
# contents to hold them; the position moves past them
function _iob_reserve(io::IOBuffer, n::Int)
    io.writable || _iob_notwritable()
    d = io.data
    p = io.append ? length(d) + 1 : io.ptr
    extra = p + n - 1 - length(d)
    extra > 0 && _growend!(d, extra)
    io.append || (io.ptr = p + n)
    p
end
function write(io::IOBuffer, b::UInt8)
    p = _iob_reserve(io, 1)
    @inbounds io.data[p] = b
    1
end
function unsafe_write(io::IOBuffer, p::Ptr{UInt8}, n::UInt)
    q = _iob_reserve(io, Int(n))
    ccall(:memcpy, Ptr{Cvoid}, (Ptr{UInt8}, Ptr{UInt8}, Csize_t), pointer(io.data, q), p, n)
    Int(n)
end
# all the contents (from the start, whatever the position); a writable buffer is emptied
function take!(io::IOBuffer)
    d = io.data
    io.writable || return copy(d)
    io.data = UInt8[]
    io.ptr = 1
    io.mark = -1
    d
end
bytesavailable(io::IOBuffer) = length(io.data) - io.ptr + 1
eof(io::IOBuffer) = io.ptr > length(io.data)
isopen(io::IOBuffer) = io.readable | io.writable
function close(io::IOBuffer)
    io.readable = io.writable = false
    io.data = UInt8[]
    io.ptr = 1
    io.mark = -1
    nothing
end
function read(io::IOBuffer, ::Type{UInt8})
    io.readable || _iob_notreadable()
    p = io.ptr
    p > length(io.data) && throw(EOFError())
    io.ptr = p + 1
    @inbounds io.data[p]
end
function peek(io::IOBuffer, ::Type{UInt8}=UInt8)
    io.readable || _iob_notreadable()
    eof(io) && throw(EOFError())
    @inbounds io.data[io.ptr]
end
function read(io::IOBuffer, nb::Integer)
    io.readable || _iob_notreadable()
    n = min(Int(nb), bytesavailable(io))
    v = io.data[io.ptr:io.ptr+n-1]
    io.ptr += n
    v
end
read(io::IOBuffer) = read(io, bytesavailable(io))
readavailable(io::IOBuffer) = read(io)
# the bytes up to delim (included when keep), from the position; the position moves past delim
function readuntil(io::IOBuffer, delim::UInt8; keep::Bool=false)
    io.readable || _iob_notreadable()
    d = io.data
    p = io.ptr
    i = findnext(==(delim), d, p)
    last = i === nothing ? length(d) : i
    v = d[p:(i === nothing || keep ? last : last - 1)]
    io.ptr = last + 1
    v
end
position(io::IOBuffer) = io.ptr - 1
seek(io::IOBuffer, n::Integer) = (io.ptr = max(min(Int(n) + 1, length(io.data) + 1), 1); io)
seekend(io::IOBuffer) = (io.ptr = length(io.data) + 1; io)
skip(io::IOBuffer, n::Integer) = seek(io, position(io) + n)
function truncate(io::IOBuffer, n::Integer)
    io.writable || throw(ArgumentError("truncate failed, IOBuffer is not writeable"))
    n < 0 && throw(ArgumentError("truncate failed, n bytes must be ≥ 0, got $n"))
    d = io.data
    l = length(d)
    n <= l ? resize!(d, n) : append!(d, zeros(UInt8, n - l))
    io.ptr = min(io.ptr, n + 1)
    io.mark > n && (io.mark = -1)
    io
end

# ---- reading, for any IO with read(io, UInt8) and eof (IOStream, IOBuffer, ...)
seekstart(io::IO) = seek(io, 0)
function peek(io::IOStream, ::Type{UInt8}=UInt8)
    eof(io) && throw(EOFError())
    UInt8(io.peeked)
end
function read(io::IO, nb::Integer)
    v = UInt8[]
    while length(v) < nb && !eof(io)
        push!(v, read(io, UInt8))
    end
    v
end
read(io::IO) = read(io, typemax(Int))
read(io::IO, ::Type{String}) = String(read(io))
readavailable(io::IO) = read(io)
function read!(io::IO, a::Vector{UInt8})
    for i in 1:length(a)
        a[i] = read(io, UInt8)
    end
    a
end
# fixed-size numbers as their bytes (little-endian, as written by write)
function read(io::IO, ::Type{T}) where {T<:Union{Int8,Int16,Int32,Int64,Int128,UInt16,UInt32,UInt64,UInt128,Float16,Float32,Float64}}
    r = Ref{T}()
    p = bitcast(Ptr{UInt8}, pointer_from_objref(r))
    for i in 1:sizeof(T)
        unsafe_store!(p, read(io, UInt8), i)
    end
    r[]
end
read(io::IO, ::Type{Bool}) = read(io, UInt8) != 0x00
function readbytes!(io::IO, b::Vector{UInt8}, nb::Integer=length(b))
    v = read(io, nb)
    n = length(v)
    n > length(b) && resize!(b, n)
    copyto!(b, 1, v, 1, n)
    n
end
# a Char as Julia reads one: the lead byte says how many continuation bytes may follow; only bytes
# that are continuation bytes (10xxxxxx) are taken, so malformed data gives the same Chars as iteration
function read(io::IO, ::Type{Char})
    b0 = read(io, UInt8)
    n = leading_ones(b0)
    u = UInt32(b0) << 24
    if 2 <= n <= 4
        shift = 16
        while shift >= 8 * (4 - n) && !eof(io)
            peek(io, UInt8) & 0xc0 == 0x80 || break
            u |= UInt32(read(io, UInt8)) << shift
            shift -= 8
        end
    end
    bitcast(Char, u)
end
function readuntil(io::IO, delim::UInt8; keep::Bool=false)
    v = UInt8[]
    while !eof(io)
        b = read(io, UInt8)
        (b != delim || keep) && push!(v, b)
        b == delim && break
    end
    v
end
function readuntil(io::IO, delim::AbstractChar; keep::Bool=false)
    isascii(delim) && return String(readuntil(io, UInt8(delim); keep = keep))
    readuntil(io, string(delim); keep = keep)
end
function readuntil(io::IO, delim::AbstractString; keep::Bool=false)
    d = codeunits(String(delim))
    v = UInt8[]
    n = length(d)
    while !eof(io)
        push!(v, read(io, UInt8))
        if length(v) >= n && view(v, length(v)-n+1:length(v)) == d
            keep || resize!(v, length(v) - n)
            break
        end
    end
    String(v)
end
# one line without its "\n" or "\r\n" (kept when keep)
function readline(io::IO; keep::Bool=false)
    line = readuntil(io, 0x0a; keep = true)
    i = length(line)
    if !keep && i > 0 && line[i] == 0x0a
        resize!(line, i >= 2 && line[i-1] == 0x0d ? i - 2 : i - 1)
    end
    String(line)
end
mark(io::IOBuffer) = (io.mark = position(io))
ismarked(io::IOBuffer) = io.mark >= 0
unmark(io::IOBuffer) = (m = io.mark >= 0; io.mark = -1; m)
function reset(io::IOBuffer)
    io.mark >= 0 || throw(ArgumentError("IOBuffer not marked"))
    m = io.mark
    seek(io, m)
    io.mark = -1
    m
end

# eachline(io): an iterator of the lines as Strings; eachline(filename) closes the file at the end
struct EachLine{IOT<:IO}
    stream::IOT
    ondone::Any
    keep::Bool
end
eachline(io::IO=stdin; keep::Bool=false) = EachLine(io, nothing, keep)
function eachline(fname::AbstractString; keep::Bool=false)
    io = open(String(fname))
    EachLine(io, io, keep)
end
function iterate(itr::EachLine, state=nothing)
    if eof(itr.stream)
        itr.ondone === nothing || close(itr.ondone)
        return nothing
    end
    (readline(itr.stream; keep = itr.keep), nothing)
end
eltype(::Type{<:EachLine}) = String
IteratorSize(::Type{<:EachLine}) = SizeUnknown()
readlines(io::IO=stdin; keep::Bool=false) = collect(eachline(io; keep = keep))
readlines(fname::AbstractString; keep::Bool=false) = open(io -> readlines(io; keep = keep), String(fname))
# a file's lines from one read of the whole file (IOStream reads are unbuffered)
function readlines(io::IOStream; keep::Bool=false)
    s = read(io, String)
    lines = String[]
    i = 1
    n = ncodeunits(s)
    while i <= n
        j = findnext('\n', s, i)
        j === nothing && (push!(lines, s[i:n]); break)
        k = keep ? j : (j > i && codeunit(s, j - 1) == 0x0d ? j - 2 : j - 1)
        push!(lines, s[i:k])
        i = j + 1
    end
    lines
end

# ---- IOContext: an IO with properties (:compact, :typeinfo, :limit, ...)
struct IOContext{IO_t<:IO} <: IO
    io::IO_t
    props::Vector{Pair{Symbol,Any}}
end
_props(ps) = Pair{Symbol,Any}[Pair{Symbol,Any}(p.first, p.second) for p in ps]
IOContext(io::IO, p::Pair...) = IOContext(io, _props(p))
IOContext(io::IOContext, p::Pair...) = IOContext(io.io, vcat(_props(p), io.props))
IOContext(io::IO) = IOContext(io, Pair{Symbol,Any}[])
IOContext(io::IO, context::IOContext) = IOContext(io, context.props)
function get(io::IOContext, key::Symbol, default)
    for p in io.props
        p.first === key && return p.second
    end
    default
end
get(io::IO, key::Symbol, default) = default
haskey(io::IOContext, key::Symbol) = any(p -> p.first === key, io.props)
haskey(io::IO, key::Symbol) = false
write(io::IOContext, b::UInt8) = write(io.io, b)
unsafe_write(io::IOContext, p::Ptr{UInt8}, n::UInt) = unsafe_write(io.io, p, n)
flush(io::IOContext) = flush(io.io)

# ---- generic writing
write(io::IO, s::String) = unsafe_write(io, pointer(s), UInt(sizeof(s)))
write(io::IO, s::Symbol) = write(io, String(s))
function write(io::IO, c::Char)
    u = bitcast(UInt32, c)
    n = ncodeunits(c)
    write(io, UInt8(u >> 0x18))
    for k in 2:n
        write(io, UInt8((u >> UInt32(32 - 8k)) & 0xff))
    end
    n
end
unsafe_write(io::IO, p::Ptr, n::Integer) = unsafe_write(io, convert(Ptr{UInt8}, p), convert(UInt, n))
function unsafe_write(io::IO, p::Ptr{UInt8}, n::UInt)
    for i in 1:Int(n)
        write(io, unsafe_load(p, i))
    end
    Int(n)
end
write(io::IO, v::Vector{UInt8}) = unsafe_write(io, pointer(v), UInt(length(v)))
# arrays of isbits elements are written as their bytes; a contiguous view of a Vector as one block
function write(io::IO, A::Array{T}) where {T}
    isbitstype(T) || error("`write` is not supported on non-isbits arrays")
    unsafe_write(io, pointer(A), UInt(length(A) * sizeof(T)))
end
function write(io::IO, V::SubArray{T,1,Vector{T},Tuple{UnitRange{Int}}}) where {T}
    isbitstype(T) || error("`write` is not supported on non-isbits arrays")
    r = V.indices[1]
    isempty(r) ? 0 : Int(unsafe_write(io, pointer(V.parent, first(r)), UInt(length(r) * sizeof(T))))
end
function write(io::IO, A::AbstractArray)
    isbitstype(eltype(A)) || error("`write` is not supported on non-isbits arrays")
    n = 0
    for x in A
        n += write(io, x)
    end
    n
end
write(io::IO, x::Union{Int8,Int16,Int32,Int64,UInt16,UInt32,UInt64,Float32,Float64}) =
    unsafe_write(io, bitcast(Ptr{UInt8}, pointer_from_objref(Ref(x))), UInt(sizeof(x)))
write(io::IO, a, b, cs...) = write(io, a) + write(io, b, cs...)
flush(io::IO) = nothing

print(io::IO, x) = show(io, x)
print(io::IO, s::String) = (write(io, s); nothing)
print(io::IO, s::AbstractString) = (for c in s; write(io, c); end; nothing)
print(io::IO, c::Char) = (write(io, c); nothing)
print(io::IO, s::Symbol) = (write(io, s); nothing)
# up to 8 arguments: one static call per argument (no loop over a heterogeneous tuple, no packed varargs)
for n in 2:8
    args = [(:x1, :x2, :x3, :x4, :x5, :x6, :x7, :x8)[k] for k in 1:n]
    _eval(Base, :(print(io::IO, $(args...)) = ($([:(print(io, $a)) for a in args]...); nothing)))
end
function print(io::IO, xs...)
    for x in xs
        print(io, x)
    end
    nothing
end
println(io::IO, xs...) = print(io, xs..., '\n')
print(xs...) = print(stdout, xs...)
println(xs...) = println(stdout, xs...)
print(io::IO) = nothing
