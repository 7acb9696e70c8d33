# error.jl -- exceptions: the standard exception types (those Julia defines in Core are created in Core
# when the runtime has not made them already), error/rethrow/backtraces, and the retry-free helpers.

isdefined(Core, :DivideError) || _eval(Core, :(struct DivideError <: Exception end))
isdefined(Core, :UndefRefError) || _eval(Core, :(struct UndefRefError <: Exception end))
isdefined(Core, :OverflowError) || _eval(Core, :(struct OverflowError <: Exception
    msg::AbstractString
end))
isdefined(Core, :InexactError) || _eval(Core, :(struct InexactError <: Exception
    func::Symbol
    T
    val
    InexactError(f::Symbol, T, val) = new(f, T, val)
end))
isdefined(Core, :DomainError) || _eval(Core, :(struct DomainError <: Exception
    val
    msg::AbstractString
    DomainError(val) = new(val, "")
    DomainError(val, msg) = new(val, msg)
end))
isdefined(Core, :UndefKeywordError) || _eval(Core, :(struct UndefKeywordError <: Exception
    var::Symbol
end))
isdefined(Core, :InterruptException) || _eval(Core, :(struct InterruptException <: Exception end))
isdefined(Core, :InitError) || _eval(Core, :(struct InitError <: Exception
    mod::Symbol
    error
end))
isdefined(Core, :AssertionError) || _eval(Core, :(struct AssertionError <: Exception
    msg::AbstractString
end))
# the runtime creates MethodError and LoadError (it throws them before Base exists), so their
# constructors are defined here, as Julia's boot.jl does for Core's types
_eval(Core, quote
    MethodError(f, args, world::UInt64) = $(Expr(:new, :MethodError, :f, :args, :world))
    LoadError(file::AbstractString, line::Int64, error) = $(Expr(:new, :LoadError, :file, :line, :error))
end)
Core.MethodError(f, args) = Core.MethodError(f, args, typemax(UInt))
Core.AssertionError() = Core.AssertionError("")

struct KeyError <: Exception
    key
end
struct StringIndexError <: Exception
    string::AbstractString
    index::Integer
end
struct EOFError <: Exception end
struct SystemError <: Exception
    prefix::String
    errnum::Int32
    extrainfo
end
SystemError(p::String, e::Integer) = SystemError(p, Int32(e), nothing)
SystemError(p::String) = SystemError(p, Libc_errno())
Libc_errno() = ccall(:__errno_location, Ptr{Cint}, ()) |> unsafe_load
struct CompositeException <: Exception
    exceptions::Vector{Any}
end
struct CapturedException <: Exception
    ex
    processed_bt::Vector{Any}
end

error(s::AbstractString) = throw(ErrorException(s))
error(s...) = throw(ErrorException(string(s...)))
rethrow() = ccall(:jl_rethrow, Union{}, ())
rethrow(e) = ccall(:jl_rethrow_other, Union{}, (Any,), e)
backtrace() = ccall(:jl_backtrace_from_here, Any, ())
catch_backtrace() = ccall(:jl_catch_backtrace, Any, ())
function current_exceptions()
    s = ccall(:jl_get_excstack, Any, ())::Vector{Any}
    r = Any[]
    i = 1
    while i + 1 <= length(s)
        push!(r, (exception = s[i], backtrace = s[i + 1]))
        i += 2
    end
    r
end
