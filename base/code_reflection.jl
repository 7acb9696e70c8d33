# code_reflection.jl -- looking at the code of methods: `code_lowered`, `code_typed`, the display of
# `CodeInfo` (Julia's IR format, printed by codegen/infer_print.c), `precompile`, `typesof`,
# `signature_type`, and `which` by dispatch. InteractiveUtils builds its macros on these.

typesof(@nospecialize(args...)) = Tuple{Any[Core.Typeof(a) for a in args]...}

to_tuple_type(t::Type) = t <: Tuple ? t : throw(ArgumentError("argument is not a tuple type"))
to_tuple_type(t::Tuple) = Tuple{t...}
to_tuple_type(t) = throw(ArgumentError("argument is not a tuple type"))

# Tuple{typeof(f), argument types...}: the signature a call f(args::types...) dispatches on
function signature_type(@nospecialize(f), @nospecialize(types))
    tt = to_tuple_type(types)
    Tuple{Core.Typeof(f), unwrap_unionall(tt).parameters...}
end

# which(f, types): the method a call with these argument types runs (the most specific one)
function which(@nospecialize(f), @nospecialize(types))
    f isa Core.Builtin && throw(ArgumentError("argument is not a generic function"))
    m = ccall(:jl_gf_invoke_lookup, Any, (Any,), signature_type(f, types))
    m === nothing && error("no unique matching method found for the specified argument types")
    m::Method
end

# which(m, s): the module a global name seen from m is defined in
binding_module(m::Module, s::Symbol) = ccall(:jl_get_module_of_binding, Any, (Any, Any), m, s)
function which(m::Module, s::Symbol)
    isdefined(m, s) || error(string("\"", s, "\" is not defined in module ", m))
    binding_module(m, s)::Module
end

# the malloc'ed C string `p` as a String (freed); `nothing` for NULL
function _take_cstring(p::Ptr{UInt8})
    p == C_NULL && return nothing
    s = unsafe_string(p)
    ccall(:free, Cvoid, (Ptr{UInt8},), p)
    s
end

# a method's lowered code: Method.source holds it compressed (a Vector{UInt8} whose type, module and
# constant references are indices into m.roots); each call decompresses a fresh CodeInfo, which the
# caller may change without affecting the method
function uncompressed_ir(m::Method)
    src = m.source
    src isa Vector{UInt8} && return ccall(:jl_uncompress_ir, Any, (Any, Any), m, src)::Core.CodeInfo
    src isa Core.CodeInfo && return src
    m.generator !== nothing && error("Method is @generated; try `code_lowered` instead.")
    error("Code for this Method is not available.")
end
const uncompressed_ast = uncompressed_ir

# the methods a call with argument types `tt` may run: the one dispatch picks for concrete types,
# else every method whose signature intersects
function _matching_methods(@nospecialize(f), @nospecialize(types))
    tt = to_tuple_type(types)
    sig = signature_type(f, tt)
    if isdispatchtuple(sig)
        m = ccall(:jl_gf_invoke_lookup, Any, (Any,), sig)
        return m === nothing ? Method[] : Method[m]
    end
    Method[m for m in methods(f).ms if typeintersect(unwrap_unionall(m.sig), sig) !== Union{}]
end

function code_lowered(@nospecialize(f), @nospecialize(types=Tuple); generated::Bool=true, debuginfo::Symbol=:default)
    debuginfo in (:default, :source, :none) || throw(ArgumentError("'debuginfo' must be either :source or :none"))
    f isa Core.Builtin && throw(ArgumentError("argument is not a generic function"))
    Core.CodeInfo[uncompressed_ir(m) for m in _matching_methods(f, types)]
end

function code_typed(@nospecialize(f), @nospecialize(types=Tuple); optimize::Bool=true, debuginfo::Symbol=:default)
    debuginfo in (:default, :source, :none) || throw(ArgumentError("'debuginfo' must be either :source or :none"))
    f isa Core.Builtin && throw(ArgumentError("argument is not a generic function"))
    tt = to_tuple_type(types)
    res = Any[]
    sig = signature_type(f, tt)
    for m in _matching_methods(f, tt)
        # each method is inferred for the part of the signature it covers
        ti = typeintersect(unwrap_unionall(m.sig), sig)
        ti isa DataType || (ti = sig)
        r = ccall(:jl_code_typed_pair, Any, (Any, Any, Int8), f, Tuple{Any[ti.parameters...][2:end]...}, optimize)
        r === nothing && error("inference of ", m.name, " failed")
        push!(res, (r[1]::Core.CodeInfo) => r[2])   # Pair{CodeInfo, typeof(rt)}, as Julia
    end
    res
end

# the inferred return type of f for each method matching types (Julia's Base.return_types)
return_types(@nospecialize(f), @nospecialize(types=Tuple)) =
    Any[p.second for p in code_typed(f, types; optimize=false)]

function show(io::IO, src::Core.CodeInfo)
    s = _take_cstring(ccall(:jl_code_info_display_str, Ptr{UInt8}, (Any,), src))
    print(io, s)
end

# precompile(f, argtypes): compile f for these argument types now (true when a method matches)
precompile(@nospecialize(f), @nospecialize(argtypes::Tuple)) = precompile(signature_type(f, argtypes))
precompile(@nospecialize(sig::Type)) = ccall(:jl_compile_hint, Cint, (Any,), sig) != 0

