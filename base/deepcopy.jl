# deepcopy.jl -- deepcopy(x): a copy of x and, recursively, of everything it refers to, with shared
# and cyclic references preserved (an IdDict maps each copied object to its copy). Types, symbols,
# functions, modules and strings are returned as they are; Dicts and IdDicts are rebuilt so that
# keys hash again.

deepcopy(x) = deepcopy_internal(x, IdDict())::typeof(x)

deepcopy_internal(x::Union{Symbol,String,Module,Function,Type,Core.TypeName,Method,GlobalRef,TypeVar}, ::IdDict) = x

function deepcopy_internal(x, stackdict::IdDict)
    T = typeof(x)
    isbitstype(T) && return x
    haskey(stackdict, x) && return stackdict[x]
    nf = nfields(x)
    if ismutable(x)
        y = ccall(:jl_new_struct_uninit, Any, (Any,), T)
        stackdict[x] = y
        for i in 1:nf
            isdefined(x, i) && setfield!(y, i, deepcopy_internal(getfield(x, i), stackdict))
        end
        return y
    end
    nf == 0 && return x
    fields = Any[deepcopy_internal(getfield(x, i), stackdict) for i in 1:nf if isdefined(x, i)]
    y = ccall(:jl_new_structv, Any, (Any, Ptr{Any}, UInt32), T, fields, length(fields))
    stackdict[x] = y
    return y
end

function deepcopy_internal(x::Array{T,N}, stackdict::IdDict) where {T,N}
    haskey(stackdict, x) && return stackdict[x]
    y = Array{T,N}(undef, size(x))
    stackdict[x] = y
    if isbitstype(T)
        copyto!(y, x)
    else
        for i in eachindex(x)
            isassigned(x, i) && (y[i] = deepcopy_internal(x[i], stackdict))
        end
    end
    return y
end

function deepcopy_internal(x::Union{Dict,IdDict}, stackdict::IdDict)
    haskey(stackdict, x) && return stackdict[x]
    y = empty(x)
    stackdict[x] = y
    for (k, v) in x
        y[deepcopy_internal(k, stackdict)] = deepcopy_internal(v, stackdict)
    end
    return y
end
