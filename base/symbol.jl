# symbol.jl -- Symbol helpers: gensym, string conversion, comparison, Base.isidentifier basics.

gensym() = ccall(:jl_gensym, Any, ())::Symbol
gensym(s::String) = ccall(:jl_tagged_gensym, Any, (Ptr{UInt8}, Csize_t), pointer(s), sizeof(s))::Symbol
gensym(s::Symbol) = gensym(String(s))
length(s::Symbol) = length(String(s))
ncodeunits(s::Symbol) = ccall(:strlen, Csize_t, (Ptr{UInt8},), unsafe_convert(Ptr{UInt8}, s)) % Int
function isidentifier(s::String)
    isempty(s) && return false
    c = s[1]
    (isletter(c) || c == '_') || return false
    for c in s
        (isletter(c) || isdigit(c) || c == '_' || c == '!') || return false
    end
    true
end
isidentifier(s::Symbol) = isidentifier(String(s))
