# Base.jl -- julep's Base module, written in the language on Core's builtins and intrinsics.
#
# jl_init_base (src/toplevel.c) evaluates this file into module `Base` at startup. Each file below
# adds one area of Julia 1.10's Base; a file may use at top level only what earlier files define
# (method bodies may refer to anything defined by the time they run). Issues 5 and 6 grow these files
# into the full Base; keep one area per file.

using Core.Intrinsics
# Core types and functions Base adds methods to (constructors included) must be imported explicitly
import Core: TypeVar, UnionAll, Expr, LineNumberNode, QuoteNode, GlobalRef, Symbol, String, Module,
    Array, Tuple, NamedTuple, Bool, Char, Int8, UInt8, Int16, UInt16, Int32, UInt32, Int64, UInt64,
    Int128, UInt128, Float16, Float32, Float64, Ptr, Ref, ErrorException, ArgumentError, BoundsError,
    TypeError, UndefVarError, Integer, Signed, Unsigned, AbstractFloat, SimpleVector, DivideError,
    UndefRefError, OutOfMemoryError, StackOverflowError, Int, AbstractChar, AbstractString

# `x.f` and `x.f = v` lower to these (docs/ir.md); they must exist before other code runs.
getproperty(x, f::Symbol) = getfield(x, f)
getproperty(x::Module, f::Symbol) = getglobal(x, f)
setproperty!(x, f::Symbol, v) = setfield!(x, f, convert(fieldtype(typeof(x), f), v))
setproperty!(x::Module, f::Symbol, v) = setglobal!(x, f, v)

# `where T` lowers to Core.TypeVar(:T) and Core.UnionAll(T, body) (Julia's boot.jl defines these)
TypeVar(n::Symbol) = Core._typevar(n, Union{}, Any)
TypeVar(n::Symbol, ub) = Core._typevar(n, Union{}, ub)
TypeVar(n::Symbol, lb, ub) = Core._typevar(n, lb, ub)
cconvert(T::Type, x) = x isa T ? x : convert(T, x)
unsafe_convert(::Type{Any}, x) = x
UnionAll(v::TypeVar, t) = ccall(:jl_type_unionall_where, Any, (Any, Any), v, t)

# ccall lowers every argument to unsafe_convert(T, cconvert(T, x)); these three methods make the
# first ccalls work (essentials.jl adds the rest of the protocol).
convert(::Type{T}, x::T) where {T} = x
unsafe_convert(::Type{T}, x::T) where {T} = x

# splatting (`f(xs...)`) lowers to Core._apply_iterate(iterate, f, xs): tuples must iterate first
iterate(t::Tuple, i::Int=1) = sle_int(i, nfields(t)) ? (getfield(t, i), add_int(i, 1)) : nothing

# Loading Base's own files: jl_load resolves a relative path against the file being loaded.
include(fname::String) =
    ccall(:jl_load, Any, (Any, Ptr{UInt8}), Base, ccall(:jl_string_ptr, Ptr{UInt8}, (Any,), fname))

include("essentials.jl")    # type aliases, convert, ccall conversions, iterate/indexing glue, Ref

# Base.Math owns the math functions Julia defines in it (sinpi, hypot, ldexp, ...): they are created
# here, before float.jl adds the first methods, and Base binds them, so `parentmodule(sinpi)` is
# Base.Math; the ones Julia's Math imports from Base (sin, log, ...) stay Base's. math.jl completes
# the module: bindings of those and the exports.
module Math
function sincos end; function sec end; function csc end; function cot end; function asec end
function acsc end; function acot end; function sech end; function csch end; function coth end
function asech end; function acsch end; function acoth end; function sinpi end; function cospi end
function sincospi end; function tanpi end; function sinc end; function cosc end; function cosd end
function cotd end; function cscd end; function secd end; function sind end; function tand end
function sincosd end; function acosd end; function acotd end; function acscd end; function asecd end
function asind end; function atand end; function rad2deg end; function deg2rad end
function exponent end; function cbrt end; function fourthroot end; function significand end
function hypot end; function ldexp end; function frexp end; function modf end; function mod2pi end
function rem2pi end; function evalpoly end
end
# (a binding of Base's own holding the function, not an import: `export` marks bindings, and Base and
# Math each export these names)
for f in (:sincos, :sec, :csc, :cot, :asec, :acsc, :acot, :sech, :csch, :coth, :asech, :acsch, :acoth,
          :sinpi, :cospi, :sincospi, :tanpi, :sinc, :cosc, :cosd, :cotd, :cscd, :secd, :sind, :tand,
          :sincosd, :acosd, :acotd, :acscd, :asecd, :asind, :atand, :rad2deg, :deg2rad, :exponent, :cbrt,
          :fourthroot, :significand, :hypot, :ldexp, :frexp, :modf, :mod2pi, :rem2pi, :evalpoly)
    Core.eval(Base, Expr(:const, Expr(:(=), f, Expr(:., :Math, QuoteNode(f)))))
end
include("bool.jl")
include("promotion.jl")     # promote_rule, promote_type, promote
include("int.jl")           # Int8..UInt128 arithmetic, comparison, conversion, checked errors
include("float.jl")         # Float16/32/64 arithmetic, conversion, rounding
include("number.jl")        # generic Number/Real methods, ^, abs, min/max
include("operators.jl")     # !=, <=, >, isequal, isless, |>, ∘, identity
include("pair.jl")
include("tuple.jl")
include("pointer.jl")
include("array.jl")         # Vector/Array basics: getindex, setindex!, push!, length, iterate
include("range.jl")         # UnitRange, OneTo, StepRange, `:`
include("abstractarray.jl") # generic AbstractArray: shapes, to_indices, bounds, cat
include("multidimensional.jl") # CartesianIndex, CartesianIndices, LinearIndices
include("char.jl")
include("substring.jl")      # SubString (string.jl specializes on SubString{String})
include("string.jl")
include("symbol.jl")
include("error.jl")         # error, exception types, AssertionError
include("namedtuple.jl")
include("iterators.jl")     # enumerate, zip, Generator, collect, map, filter, reductions
include("dict.jl")
include("set.jl")          # Set, union/intersect/setdiff/symdiff, issubset
include("missing.jl")      # missing, three-valued logic, skipmissing
include("strings/basic.jl")  # AbstractString interface, then search and utilities (Set needed)
include("strings/search.jl")
include("strings/util.jl")
include("subarray.jl")      # view, @view, @views
include("permuteddims.jl")  # transpose/adjoint wrappers, permutedims, PermutedDimsArray
include("reducedim.jl")     # reductions and scans with dims, mapslices
include("sort.jl")          # stable sorting, sortperm, partialsort, searchsorted
include("bitarray.jl")      # BitArray, trues/falses
include("broadcast.jl")     # dot syntax
include("arraymath.jl")     # A + B, -A, x * A, A / x (whole-array arithmetic)
include("io.jl")            # IO, IOStream on file descriptors, IOBuffer, print/println/write
include("show.jl")          # show, repr, string, sprint, display
include("show_expr.jl")
include("strings/io.jl")     # string show/escape/repr, transcode
include("unicode.jl")        # utf8proc: categories, case mapping, Unicode module
include("regex.jl")          # PCRE2 regular expressions
include("arrayshow.jl")     # summary, REPL display and show of arrays
include("errorshow.jl")     # showerror and backtraces
include("hashing.jl")
include("weakkeydict.jl")   # WeakRef (a disappearing link in the GC), WeakKeyDict
include("deepcopy.jl")
include("reflection.jl")    # fieldnames, methods, names, isdefined helpers
include("code_reflection.jl") # which, code_lowered, code_typed, CodeInfo display, precompile
include("macros.jl")        # @show, @assert, @time, @elapsed, @__DIR__, @isdefined, @eval ...
include("logging.jl")       # CoreLogging: ConsoleLogger, with_logger, @info/@warn/@error/@debug
include("checked.jl")       # checked_add & co (OverflowError), *_with_overflow
include("intfuncs.jl")      # gcd, powermod, ^, literal_pow, factorial, binomial, digits, string(n; base)
include("parse.jl")         # parse/tryparse for integers, Bool, floats
include("math.jl")          # libm functions with DomainErrors, hypot, sinpi, mod2pi
include("irrationals.jl")   # π, ℯ, Base.MathConstants
include("rational.jl")      # Rational{T}, //
include("complex.jl")       # Complex{T}, im
include("gmp.jl")           # BigInt on GMP, big"..."
include("mpfr.jl")          # BigFloat on MPFR
include("enums.jl")         # @enum
include("file.jl")          # stat, isfile/isdir, mkdir/mkpath/rm/cp/mv, tempname/mktemp/mktempdir
include("loading.jl")       # include(mod, path), evalfile, include_string
include("client.jl")        # exit, atexit, ARGS, PROGRAM_FILE, the top-level error printer
include("exports.jl")     # last: exporting a name must not resolve it before Base defines it
