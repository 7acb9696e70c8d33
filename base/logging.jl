# logging.jl -- Julia's CoreLogging basics: log levels, AbstractLogger with ConsoleLogger (the default,
# writing Julia 1.10's boxed format to stderr), SimpleLogger, NullLogger, global_logger/with_logger,
# and the @debug/@info/@warn/@error/@logmsg macros. The Logging stdlib re-exports these names.
#
# ConsoleLogger format: `[ Info: msg` for a one-line record without location; otherwise `┌`/`│`/`└`
# boxed lines, `key = value` lines indented by 2 (values shown as text/plain), and, for levels other
# than Info, a last line `└ @ Module file:line`.

module CoreLogging
import Base: show, isless, convert, print, ==
# (Base's exports are marked only at the end of Base.jl, so name what this module uses)
using Base: IO, stderr, split, chomp, string, sprint, MIME, push!, pop!, length, isempty, IOBuffer, take!,
    write, something, esc, hash, first, +, *, ^, %, <, <=, >=, !, GlobalRef, QuoteNode, show_unquoted, iterate, indexed_iterate, getindex, setindex!, ===, !==, getproperty

struct LogLevel
    level::Int32
end
LogLevel(level::Integer) = LogLevel(Int32(level))
isless(a::LogLevel, b::LogLevel) = isless(a.level, b.level)
==(a::LogLevel, b::LogLevel) = a.level == b.level
const BelowMinLevel = LogLevel(-1000001)
const Debug = LogLevel(-1000)
const Info = LogLevel(0)
const Warn = LogLevel(1000)
const Error = LogLevel(2000)
const AboveMaxLevel = LogLevel(1000001)
function _level_name(level::LogLevel)
    level == Debug ? "Debug" : level == Info ? "Info" : level == Warn ? "Warn" : level == Error ? "Error" :
    level == BelowMinLevel ? "BelowMinLevel" : level == AboveMaxLevel ? "AboveMaxLevel" : string("LogLevel(", level.level, ")")
end
show(io::IO, level::LogLevel) = print(io, _level_name(level))
print(io::IO, level::LogLevel) = print(io, _level_name(level))

abstract type AbstractLogger end

struct NullLogger <: AbstractLogger end
min_enabled_level(::NullLogger) = AboveMaxLevel
shouldlog(::NullLogger, args...) = false
handle_message(::NullLogger, args...; kwargs...) = nothing

struct SimpleLogger <: AbstractLogger
    stream::IO
    min_level::LogLevel
end
SimpleLogger(stream::IO = stderr) = SimpleLogger(stream, Info)
min_enabled_level(l::SimpleLogger) = l.min_level
shouldlog(::SimpleLogger, args...) = true
function handle_message(logger::SimpleLogger, level::LogLevel, message, _module, group, id, filepath, line; kwargs...)
    buf = IOBuffer()
    lines = split(chomp(string(message)), '\n')
    print(buf, "┌ ", level == Warn ? "Warning" : string(level), ": ", lines[1], "\n")
    for i in 2:length(lines)
        print(buf, "│ ", lines[i], "\n")
    end
    for (k, v) in kwargs
        print(buf, "│   ", k, " = ", v, "\n")
    end
    print(buf, "└ @ ", something(_module, "nothing"), " ", something(filepath, "nothing"), ":", something(line, "nothing"), "\n")
    write(logger.stream, take!(buf))
    nothing
end

struct ConsoleLogger <: AbstractLogger
    stream::IO
    min_level::LogLevel
end
ConsoleLogger(stream::IO = stderr) = ConsoleLogger(stream, Info)
ConsoleLogger(level::LogLevel) = ConsoleLogger(stderr, level)
min_enabled_level(l::ConsoleLogger) = l.min_level
shouldlog(::ConsoleLogger, args...) = true

function _meta_suffix(level::LogLevel, _module, filepath, line)
    Info <= level < Warn && return ""
    s = _module === nothing ? "" : string(_module)
    if filepath !== nothing
        _module === nothing || (s *= " ")
        s *= string(filepath)
        line === nothing || (s *= string(":", line))
    end
    isempty(s) ? s : "@ " * s
end
function handle_message(logger::ConsoleLogger, level::LogLevel, message, _module, group, id, filepath, line; kwargs...)
    lines = Tuple{Int,String}[(0, String(l)) for l in split(chomp(string(message)), '\n')]
    for (key, val) in kwargs
        key === :maxlog && continue
        vallines = split(sprint(show, MIME("text/plain"), val), '\n')
        if length(vallines) == 1
            push!(lines, (2, string(key, " = ", vallines[1])))
        else
            push!(lines, (2, string(key, " =")))
            for l in vallines
                push!(lines, (3, String(l)))
            end
        end
    end
    prefix = string(level == Warn ? "Warning" : string(level), ':')
    suffix = _meta_suffix(level, _module, filepath, line)
    isempty(suffix) || push!(lines, (0, ""))   # the location goes on its own last line
    buf = IOBuffer()
    n = length(lines)
    for i in 1:n
        indent, msg = lines[i]
        print(buf, n == 1 ? "[ " : i == 1 ? "┌ " : i < n ? "│ " : "└ ")
        i == 1 && print(buf, prefix, " ")
        print(buf, " "^indent, msg)
        i == n && !isempty(suffix) && print(buf, suffix)
        print(buf, '\n')
    end
    write(logger.stream, take!(buf))
    nothing
end

# the current logger: with_logger pushes, the global one is the fallback
const _global_logger = Any[nothing]
const _logger_stack = Any[]
global_logger() = (l = _global_logger[1]; l === nothing ? (_global_logger[1] = ConsoleLogger(Base.stderr)) : l)
global_logger(l::AbstractLogger) = (old = global_logger(); _global_logger[1] = l; old)
current_logger() = isempty(_logger_stack) ? global_logger() : _logger_stack[end]
function with_logger(f::Function, logger::AbstractLogger)
    push!(_logger_stack, logger)
    try
        f()
    finally
        pop!(_logger_stack)
    end
end
disable_logging(level::LogLevel) = (_min_level[1] = LogLevel(level.level + 1); nothing)
const _min_level = LogLevel[Debug]   # disable_logging raises it; loggers filter the rest

function _debug_enabled(_module)
    e = Base.get_env("JULIA_DEBUG", nothing)
    e === nothing && return false
    for p in split(e, ',')
        (p == "all" || p == string(_module)) && return true
    end
    false
end
function logmsg_impl(level::LogLevel, message, _module, group, id, filepath, line; kwargs...)
    logger = current_logger()
    level < _min_level[1] && return nothing
    # JULIA_DEBUG=Main (or "all") shows @debug records even below the logger's level
    level < min_enabled_level(logger) && !(level >= Debug && _debug_enabled(_module)) && return nothing
    shouldlog(logger, level, _module, group, id) || return nothing
    handle_message(logger, level, message, _module, group, id, filepath, line; kwargs...)
    nothing
end

function _logmsg_expr(level, source, mod, msg, exs)
    kws = Any[]
    for ex in exs
        if ex isa Expr && ex.head === :(=)
            push!(kws, Expr(:kw, ex.args[1], esc(ex.args[2])))
        elseif ex isa Expr && ex.head === :...
            push!(kws, esc(ex))
        else
            push!(kws, Expr(:kw, Symbol(sprint(Base.show_unquoted, ex)), esc(ex)))
        end
    end
    file = source.file === nothing ? nothing : String(source.file)
    group = file === nothing ? nothing : QuoteNode(Symbol(first(Base.splitext(Base.basename(file)))))
    id = QuoteNode(Symbol(string(mod, "_", hash((file, source.line)) % UInt32)))
    Expr(:call, GlobalRef(CoreLogging, :logmsg_impl), Expr(:parameters, kws...), esc(level), esc(msg),
         mod, group, id, file, source.line)
end
macro debug(msg, exs...)
    _logmsg_expr(Debug, __source__, __module__, msg, exs)
end
macro info(msg, exs...)
    _logmsg_expr(Info, __source__, __module__, msg, exs)
end
macro warn(msg, exs...)
    _logmsg_expr(Warn, __source__, __module__, msg, exs)
end
macro error(msg, exs...)
    _logmsg_expr(Error, __source__, __module__, msg, exs)
end
macro logmsg(level, msg, exs...)
    _logmsg_expr(level, __source__, __module__, msg, exs)
end
end # module CoreLogging

import .CoreLogging: @debug, @info, @warn, @error, @logmsg
