# symbol.jl -- Symbol helpers: gensym, string conversion, comparison, Base.isidentifier basics.

gensym() = ccall(:jl_gensym, Any, ())::Symbol
gensym(s::String) = ccall(:jl_tagged_gensym, Any, (Ptr{UInt8}, Csize_t), pointer(s), sizeof(s))::Symbol
gensym(s::Symbol) = gensym(String(s))
length(s::Symbol) = length(String(s))
ncodeunits(s::Symbol) = ccall(:strlen, Csize_t, (Ptr{UInt8},), unsafe_convert(Ptr{UInt8}, s)) % Int
# Julia's rule: the lexer's identifier characters (true/false are literals, keywords do count)
function isidentifier(s::AbstractString)
    isempty(s) && return false
    (s == "true" || s == "false") && return false
    first = true
    for c in s
        ok = first ? ccall(:jl_id_start_char, Cint, (UInt32,), UInt32(c)) : ccall(:jl_id_char, Cint, (UInt32,), UInt32(c))
        ok == 0 && return false
        first = false
    end
    true
end
isidentifier(s::Symbol) = isidentifier(String(s))
