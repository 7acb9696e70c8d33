# exports.jl -- the names Base exports to every module that uses it (Julia's exports.jl, the subset
# julep defines so far).

export
    # modules
    Base, Meta, Iterators, Sys, Libc, GC,
    # types
    AbstractVector, AbstractMatrix, AbstractVecOrMat, AbstractRange, AbstractUnitRange, OrdinalRange,
    UnitRange, StepRange, StepRangeLen, DenseVector, DenseMatrix, Vector, Matrix, VecOrMat, Int, UInt,
    Cchar, Cuchar, Cshort, Cushort, Cint, Cuint, Clong, Culong, Clonglong, Culonglong, Cintmax_t,
    Cuintmax_t, Csize_t, Cssize_t, Cptrdiff_t, Cfloat, Cdouble, Cvoid, Cwchar_t, Cstring, Cwstring,
    Val, Some, Pair, NamedTuple, Dict, AbstractDict, AbstractSet, Set, IO, IOStream,
    IOBuffer, IOContext, MIME, @MIME_str, ComposedFunction, Fix1, Fix2, UndefInitializer, undef,
    KeyError, StringIndexError, EOFError, SystemError, CompositeException, CapturedException,
    DivideError, OverflowError, InexactError, DomainError, MethodError, UndefKeywordError,
    UndefRefError, InterruptException, InitError, LoadError, AssertionError, ErrorException,
    ArgumentError, BoundsError, TypeError, UndefVarError, StackOverflowError, OutOfMemoryError,
    Inf, NaN, Inf64, NaN64, Inf32, NaN32, Inf16, NaN16, pi, π, C_NULL, ENV, ARGS, PROGRAM_FILE,
    stdout, stderr, stdin, devnull, Generator, DimensionMismatch, broadcast, broadcast!,
    # functions
    getproperty, setproperty!, convert, promote, promote_type, promote_rule, oftype, typejoin,
    identity, isnothing, something, notnothing, esc, isa, typeof,
    +, -, *, /, \, ^, %, ÷, ==, !=, ≠, <, >, <=, ≤, >=, ≥, !, ~, &, |, ⊻, xor, <<, >>, >>>, !==, ===,
    =>, ∘, |>, :, ∈, ∉, ⊆,
    div, rem, mod, fld, cld, divrem, fldmod, mod1, fld1, fldmod1, abs, abs2, sign, signbit, copysign, flipsign, min, max,
    minmax, clamp, clamp!, cmp, isless, isequal, zero, one, oneunit, iszero, isone, typemin, typemax, eps,
    nextfloat, prevfloat, floatmax, floatmin, isnan, isinf, isfinite, isinteger, iseven, isodd,
    count_ones, count_zeros, leading_zeros, trailing_zeros, leading_ones, trailing_ones, widen,
    unsigned, signed, reinterpret, float, trunc, floor, ceil, round, unsafe_trunc, sqrt, exp, log,
    log2, log10, log1p, expm1, sin, cos, tan, asin, acos, atan, sinh, cosh, tanh, cbrt, hypot, muladd,
    fma, inv, isapprox, ≈, ≉, gcd, lcm, factorial, isqrt, real, imag, conj, isreal,
    length, size, ndims, axes, eltype, isempty, first, last, firstindex, lastindex, eachindex, keys,
    values, pairs, only, getindex, setindex!, iterate, checkbounds, similar, copy, vec, push!, pop!,
    pushfirst!, popfirst!, append!, prepend!, insert!, deleteat!, empty!, resize!, sizehint!, fill, fill!,
    zeros, ones, reverse, reverse!, vcat, sort, sort!, issorted, step, collect, map, map!, filter,
    filter!, foreach, reduce, foldl, foldr, mapreduce, mapfoldl, mapfoldr, sum, prod, maximum, minimum, extrema,
    findmax, findmin, argmax, argmin, any, all, count, findfirst, findlast, findnext, findall, unique,
    cumsum, accumulate, in, enumerate, zip, ntuple, isassigned, get, get!, haskey, delete!, merge,
    merge!, keytype, valtype, union, intersect, setdiff, issubset,
    codepoint, ncodeunits, codeunit, codeunits, isvalid, thisind, nextind, prevind, isascii, isdigit,
    isxdigit, islowercase, isuppercase, isletter, isspace, ispunct, iscntrl, isprint, uppercase,
    lowercase, uppercasefirst, lowercasefirst, string, repeat, join, lpad, rpad, startswith, endswith,
    occursin, contains, split, lstrip, rstrip, strip, chomp, chop, replace, tryparse, parse, ndigits,
    escape_string, repr, sprint, print, println, show, display, displaysize, summary, showerror, write, read,
    readline, readlines, eachline, flush, close, isopen, open, take!, eof, position, seekstart,
    seek, seekend, skip, peek, mark, reset, unmark, ismarked, truncate, bytesavailable, readavailable,
    readuntil, read!, readbytes!,
    unsafe_string, unsafe_load, unsafe_store!, pointer, pointer_from_objref, unsafe_convert,
    gensym, hash, objectid, error, rethrow, backtrace, catch_backtrace, current_exceptions,
    nameof, parentmodule, fullname, supertype, fieldnames, propertynames, fieldname, fieldtypes, fieldcount, isbitstype,
    isconcretetype, isabstracttype, isprimitivetype, ismutabletype, ismutable, isstructtype,
    issingletontype, isimmutable, typeintersect, sizeof, methods, hasmethod, which, names, isconst,
    code_lowered, code_typed, precompile, dump, deepcopy, WeakRef, WeakKeyDict, finalizer, splice!, @NamedTuple,
    invokelatest, @invokelatest, hex2bytes, hex2bytes!, bytes2hex, include_string, macroexpand, time_ns, time, sleep, exit, atexit, include, evalfile,
    pwd, cd, readdir, joinpath, dirname, basename, splitdir, abspath, isabspath, splitext, normpath, isfile, isdir, rm,
    mkdir, tempdir, tempname,
    # numbers (Base part 1)
    Rational, Complex, ComplexF64, ComplexF32, ComplexF16, BigInt, BigFloat, Irrational,
    AbstractIrrational, RoundingMode, RoundNearest, RoundToZero, RoundUp, RoundDown, RoundFromZero,
    RoundNearestTiesAway, RoundNearestTiesUp, MathConstants, ℯ, im, //, numerator, denominator,
    rationalize, complex, reim, angle, cis, cispi, big, precision, setprecision, gcdx, invmod,
    powermod, binomial, nextpow, prevpow, ispow2, digits, digits!, bitstring, bswap, bitrotate,
    maxintfloat, issubnormal, exponent, significand, frexp, ldexp, exp2, exp10, asinh, acosh,
    atanh, sincos, sinpi, cospi, sincospi, tanpi, fourthroot, @evalpoly, sec, csc, cot, sech, csch, coth, asec, acsc, acot, asech,
    acsch, acoth, secd, cscd, cotd, asind, acosd, atand, asecd, acscd, acotd, deg2rad, rad2deg, sind,
    cosd, tand, sincosd,
    mod2pi, rem2pi, evalpoly, widemul, @big_str, @int128_str, @uint128_str,
    # arrays (abstractarray.jl, multidimensional.jl, subarray.jl, permuteddims.jl, ...)
    hcat, hvcat, hvncat, cat, reshape, permutedims, permutedims!, transpose, adjoint, var"'", view, parent,
    parentindices, copyto!, copy!, stride, strides, CartesianIndex, CartesianIndices, LinearIndices,
    IndexStyle, IndexLinear, IndexCartesian, SubArray, PermutedDimsArray, Dims, NTuple, AbstractMatrix,
    @view, @views, sortperm, sortperm!, partialsort, partialsort!, partialsortperm, searchsorted,
    searchsortedfirst, searchsortedlast, insorted, cumprod, cumsum!, cumprod!, accumulate!, diff,
    mapslices, circshift, circshift!, unique!, allunique, findprev, BitArray, BitVector, BitMatrix,
    trues, falses, range, LinRange, eachcol, eachrow, eachslice, selectdim,
    # macros
    @ccall, @inline, @noinline, @inbounds, @boundscheck, @propagate_inbounds, @nospecialize, @specialize,
    @show, @__dot__, @assert, @time, @elapsed, @allocated, @timed, @__FILE__, @__DIR__, @__LINE__,
    @__MODULE__, @isdefined, @eval, @macroexpand, @macroexpand1, @static, @label, @goto, @gensym,
    @kwdef, @info, @warn, @error, @debug, @doc, @assume_effects, @pure, @generated
# collections (dict.jl, set.jl, missing.jl)
export IdDict, Missing, missing, ismissing, coalesce, skipmissing, nonmissingtype, MissingException,
    getkey, mergewith, mergewith!, empty, union!, intersect!, setdiff!, symdiff, symdiff!, ⊇, ⊈, ⊉, ⊊, ⊋,
    issetequal, isdisjoint, ∪, ∩
# strings (substring.jl, strings/*.jl, unicode.jl, regex.jl)
export SubString, SubstitutionString, Regex, RegexMatch, AbstractMatch, AbstractPattern, match,
    eachmatch, titlecase, textwidth, isnumeric, unescape_string, transcode, chopprefix, chopsuffix,
    eachsplit, rsplit, ascii, findprev, view, @r_str, @s_str
# enums.jl, file.jl
export Enum, @enum, instances, stat, lstat, ispath, islink, filesize, mtime, ctime, filemode, homedir, mkpath,
    touch, cp, mv, mktemp, mktempdir

# implemented in the Random standard library, as in Julia: Base owns the functions, Random adds the
# methods (and loads with the system image, so `rand(10)` works without `using Random`)
function rand end
function randn end
export rand, randn
