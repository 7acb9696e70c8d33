# enums.jl -- @enum: `@enum Fruit apple orange=3` makes a 32-bit primitive type `Fruit <: Enum{Int32}`,
# one constant per instance, conversions to and from integers (ArgumentError for values without an
# instance), `instances`, ordering by value, and Julia 1.10's printing: `apple` (show/print),
# `apple::Fruit = 0` (text/plain), `Enum Fruit:` with one `name = value` line per instance for the type.

abstract type Enum{T<:Integer} end
function namemap end
function instances end

basetype(::Type{<:Enum{T}}) where {T<:Integer} = T
Integer(x::Enum{T}) where {T<:Integer} = bitcast(T, x)
(::Type{T})(x::Enum{T2}) where {T<:Integer,T2<:Integer} = T(bitcast(T2, x))::T
isless(x::T, y::T) where {T<:Enum} = isless(Integer(x), Integer(y))
hash(x::Enum, h::UInt) = hash(Integer(x), hash(_enum_hash_seed, h))
const _enum_hash_seed = 0x7f2dc0c1ac1a3d2b % UInt
print(io::IO, x::Enum) = print(io, _symbol(x))
show(io::IO, x::Enum) = print(io, _symbol(x))
function show(io::IO, ::MIME"text/plain", x::Enum)
    print(io, _symbol(x), "::")
    print(io, nameof(typeof(x)))
    print(io, " = ")
    show(io, Integer(x))
end
function show(io::IO, ::MIME"text/plain", T::Type{<:Enum})
    isconcretetype(T) || return show(io, T)
    print(io, "Enum ")
    show(io, T)
    print(io, ":")
    for x in instances(T)
        print(io, "\n", _symbol(x), " = ")
        show(io, Integer(x))
    end
end
Symbol(x::Enum) = _symbol(x)
function _symbol(x::Enum)
    names = namemap(typeof(x))
    v = Integer(x)
    for (k, s) in names
        k == v && return s
    end
    Symbol("<invalid #", v, ">")
end
enum_argument_error(typename, x) =
    throw(ArgumentError(string("invalid value for Enum ", typename, ": ", x)))

function _enum_parse_name(s, typename)
    s isa Symbol && return s
    throw(ArgumentError(string("invalid argument for Enum ", typename, ": ", s)))
end

macro enum(T, syms...)
    isempty(syms) && throw(ArgumentError("no arguments given for Enum $T"))
    basetype = Int32
    typename = T
    if isexpr(T, :(::)) && length(T.args) == 2 && T.args[1] isa Symbol
        typename = T.args[1]
        basetype = Core.eval(__module__, T.args[2])
        (basetype isa DataType && basetype <: Integer && isbitstype(basetype)) ||
            throw(ArgumentError(string("invalid base type for Enum ", typename, ", ", T, "=::", basetype, "; base type must be an integer primitive type")))
    elseif !(T isa Symbol)
        throw(ArgumentError(string("invalid type expression for enum ", T)))
    end
    if length(syms) == 1 && isexpr(syms[1], :block)
        syms = Tuple(a for a in syms[1].args if !(a isa LineNumberNode))
    end
    names = Symbol[]
    vals = Any[]
    i = zero(basetype)
    first = true
    for s in syms
        if s isa Symbol
            first || i == typemax(basetype) && throw(ArgumentError(string("overflow in value \"", s, "\" of Enum ", typename)))
            first || (i += oneunit(i))
        elseif isexpr(s, :(=)) && length(s.args) == 2 && s.args[1] isa Symbol
            v = Core.eval(__module__, s.args[2])
            v isa Integer || throw(ArgumentError(string("invalid value for Enum ", typename, ", ", s, "; values must be integers")))
            i = convert(basetype, v)
            s = s.args[1]
        else
            throw(ArgumentError(string("invalid argument for Enum ", typename, ": ", s)))
        end
        s in names && throw(ArgumentError(string("name \"", s, "\" in Enum ", typename, " is not unique")))
        i in vals && throw(ArgumentError(string("value for Enum ", typename, " is not unique")))
        push!(names, s)
        push!(vals, i)
        first = false
    end
    nbits = 8 * sizeof(basetype)
    pairs_ex = Expr(:tuple, [Expr(:tuple, vals[k], QuoteNode(names[k])) for k in 1:length(names)]...)
    blk = quote
        primitive type $(esc(typename)) <: Base.Enum{$basetype} $nbits end
        function $(esc(typename))(x::Integer)
            v = convert($basetype, x)
            for k in $(Expr(:tuple, vals...))
                k == v && return Core.Intrinsics.bitcast($(esc(typename)), v)
            end
            Base.enum_argument_error($(QuoteNode(typename)), x)
        end
        Base.namemap(::Type{$(esc(typename))}) = $pairs_ex
        Base.typemin(x::Type{$(esc(typename))}) = $(esc(typename))($(minimum(vals)))
        Base.typemax(x::Type{$(esc(typename))}) = $(esc(typename))($(maximum(vals)))
        Base.instances(::Type{$(esc(typename))}) = $(Expr(:tuple, [:(Core.Intrinsics.bitcast($(esc(typename)), $(vals[k]))) for k in 1:length(vals)]...))
    end
    for k in 1:length(names)
        push!(blk.args, :(const $(esc(names[k])) = Core.Intrinsics.bitcast($(esc(typename)), $(vals[k]))))
    end
    push!(blk.args, nothing)
    blk.head = :toplevel
    blk
end
