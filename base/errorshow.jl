# errorshow.jl -- showerror for the standard exceptions with Julia 1.10's messages, the method-error
# candidate list, display_error (`ERROR: ...` + stack trace) used by the top level, and backtraces.

showerror(io::IO, ex) = show(io, ex)
showerror(io::IO, ex::ErrorException) = print(io, ex.msg)
showerror(io::IO, ex::ArgumentError) = print(io, "ArgumentError: ", ex.msg)
showerror(io::IO, ex::AssertionError) = print(io, "AssertionError: ", ex.msg)
showerror(io::IO, ex::OverflowError) = print(io, "OverflowError: ", ex.msg)
showerror(io::IO, ex::DivideError) = print(io, "DivideError: integer division error")
showerror(io::IO, ex::UndefRefError) = print(io, "UndefRefError: access to undefined reference")
showerror(io::IO, ex::EOFError) = print(io, "EOFError: read end of file")
showerror(io::IO, ex::InterruptException) = print(io, "InterruptException:")
showerror(io::IO, ex::StackOverflowError) = print(io, "StackOverflowError:")
showerror(io::IO, ex::OutOfMemoryError) = print(io, "OutOfMemoryError()")
showerror(io::IO, ex::UndefVarError) = print(io, "UndefVarError: `", String(ex.var), "` not defined")
showerror(io::IO, ex::UndefKeywordError) = print(io, "UndefKeywordError: keyword argument `", String(ex.var), "` not assigned")
showerror(io::IO, ex::KeyError) = (print(io, "KeyError: key "); show(io, ex.key); print(io, " not found"))
function showerror(io::IO, ex::SystemError)
    msg = unsafe_string(ccall(:strerror, Ptr{UInt8}, (Cint,), ex.errnum))
    print(io, "SystemError: ", ex.prefix, ": ", msg)
end
function showerror(io::IO, ex::DomainError)
    print(io, "DomainError with ")
    show(io, ex.val)
    isdefined(ex, :msg) && print(io, ":\n", ex.msg)
end
function showerror(io::IO, ex::InexactError)
    print(io, "InexactError: ", String(ex.func), '(')
    nameof(ex.T) === ex.func || print(io, ex.T, ", ")
    print(io, ex.val, ')')   # Julia 1.10 prints the value (`check_top_bit(Int64, 18446744073709551615)`)
end
function showerror(io::IO, ex::TypeError)
    if ex.func === :if
        print(io, "TypeError: non-boolean (", typeof(ex.got), ") used in boolean context")
    else
        ctx = isempty(ex.context) ? "" : string("in ", ex.context, ", ")
        print(io, "TypeError: in ", ex.func, ", ", ctx, "expected ")
        show(io, ex.expected)
        print(io, ", got a value of type ")
        show(io, typeof(ex.got))
    end
end
function showerror(io::IO, ex::BoundsError)
    print(io, "BoundsError")
    if isdefined(ex, :a)
        print(io, ": attempt to access ")
        summary(io, ex.a)
        if isdefined(ex, :i)
            print(io, " at index [")
            i = ex.i
            if i isa AbstractRange
                print(io, i)
            elseif i isa AbstractString
                show(io, i)
            elseif i isa Tuple
                for k in 1:length(i)
                    _show_index(io, i[k])
                    k < length(i) && print(io, ", ")
                end
            else
                _show_index(io, i)
            end
            print(io, ']')
        end
    end
end
_show_index(io::IO, i) = print(io, i)
_show_index(io::IO, i::AbstractVector) = show(io, i)
_show_index(io::IO, x::Slice) = _show_index(io, x.indices)
_show_index(io::IO, x::LogicalIndex) = _show_index(io, x.mask)
_show_index(io::IO, x::OneTo) = print(io, "1:", x.stop)
_show_index(io::IO, x::Colon) = print(io, ':')
summary(io::IO, t::Tuple) = show(io, typeof(t))
function showerror(io::IO, ex::StringIndexError)
    s = ex.string
    i = ex.index
    print(io, "StringIndexError: invalid index [", i, "]")
    if 1 <= i <= ncodeunits(s)
        a = thisind(s, i)
        b = nextind(s, a)
        print(io, b <= ncodeunits(s) ? ", valid nearby indices [" : ", valid nearby index [", a, "]=>'",
              escape_string(s[a:a]), "'")
        b <= ncodeunits(s) && print(io, ", [", b, "]=>'", escape_string(s[b:b]), "'")
    end
end
function showerror(io::IO, ex::LoadError)
    print(io, "LoadError: ")
    showerror(io, ex.error)
    print(io, "\nin expression starting at ", ex.file, ":", ex.line)
end
showerror(io::IO, ex::InitError) = (print(io, "InitError: "); showerror(io, ex.error); print(io, "\nduring initialization of module ", ex.mod))
function showerror(io::IO, ex::CompositeException)
    print(io, "CompositeException: ", length(ex.exceptions), " exceptions")
end

function showerror(io::IO, ex::MethodError)
    f = ex.f
    args = ex.args
    if f === convert && length(args) == 2 && args[1] isa Type
        print(io, "MethodError: Cannot `convert` an object of type ")
        show(io, typeof(args[2]))
        print(io, " to an object of type ")
        show(io, args[1])
        return
    end
    kwargs = ()
    if f === Core.kwcall && length(args) >= 2
        kwargs = args[1]
        f = args[2]
        args = tail(tail(args))
    end
    amb = f === ex.f ? ccall(:jl_methoderror_ambiguous, Any, (Any,), ex) : nothing
    amb === nothing || return showerror_ambiguous(io, amb, f, args)
    if !(f isa Function) && !(f isa Type) && isempty(methods(f))
        print(io, "MethodError: objects of type ")
        show(io, typeof(f))
        print(io, " are not callable")
        return
    end
    print(io, "MethodError: no method matching ")
    _show_call_sig(io, f, args, kwargs)
    _show_candidates(io, f, args)
end
# Julia's text for a call that several methods match with none more specific than the others
function showerror_ambiguous(io::IO, meths, f, args)
    print(io, "MethodError: ")
    _show_call_sig(io, f, args)
    println(io, " is ambiguous.\n\nCandidates:")
    sigfix = Any
    for m in meths
        print(io, "  ")
        show_method_sig(io, m)
        print(io, "\n    @ ", m.module, " ", _method_file(m), ":", m.line, "\n")
        sigfix = typeintersect(m.sig, sigfix)
    end
    if unwrap_unionall(sigfix) isa DataType && sigfix <: Tuple
        if all(m -> morespecific(sigfix, m.sig), meths)
            print(io, "\nPossible fix, define\n  ")
            show_tuple_as_call(io, sigfix)
        else
            print(io, "To resolve the ambiguity, try making one of the methods more specific, or ",
                  "adding a new method more specific than any of the existing applicable methods.")
        end
        println(io)
    end
    nothing
end
# `f(::A, ::B)` for a signature type Tuple{typeof(f), A, B}
function show_tuple_as_call(io::IO, whole_sig)
    ps = unwrap_unionall(whole_sig).parameters
    ft = ps[1]
    if ft <: Function && isdefined(ft, :instance)
        print(io, _fname_for_call(ft.instance))
    elseif ft <: Type && ft isa DataType && !(ft.parameters[1] isa TypeVar)
        show(io, ft.parameters[1])
    else
        print(io, "(::")
        show(io, ft)
        print(io, ")")
    end
    print(io, '(')
    env_io = _where_context(io, whole_sig)
    for i in 2:length(ps)
        print(io, "::")
        show(env_io, ps[i])
        i < length(ps) && print(io, ", ")
    end
    print(io, ')')
    _show_where(io, whole_sig)
end
function _show_call_sig(io::IO, f, args, kwargs=())
    f isa Type ? show(io, f) : print(io, _fname_for_call(f))
    print(io, '(')
    for i in 1:length(args)
        print(io, "::")
        show(io, Core.Typeof(args[i]))
        i < length(args) && print(io, ", ")
    end
    if !isempty(kwargs)
        print(io, "; ")
        ks = keys(kwargs)
        for i in 1:length(ks)
            print(io, ks[i], "::")
            show(io, typeof(kwargs[ks[i]]))
            i < length(ks) && print(io, ", ")
        end
    end
    print(io, ')')
end
_fname_for_call(f) = Core.isa(f, Core.Builtin) ? _builtin_name(f) : sprint(show, f)
function _show_candidates(io::IO, f, args)
    ms = try
        methods(f)
    catch
        return
    end
    lines = String[]
    for m in ms
        sig = unwrap_unionall(m.sig)
        sig isa DataType || continue
        ps = sig.parameters
        isa(f, ps[1]) || continue
        np = length(ps) - 1
        np == length(args) || (m.isva != 0 && np - 1 <= length(args)) || continue
        b = IOBuffer()
        print(b, "  ", String(m.name), '(')
        bio = _where_context(b, m.sig)
        for i in 2:length(ps)
            T = ps[i]
            T isa Core.TypeofVararg && (T = isdefined(T, :T) ? T.T : Any)
            ok = i - 1 <= length(args) && _arg_matches(args[i - 1], T)
            print(b, ok ? "::" : "!Matched::")
            show(bio, T)
            i < length(ps) && print(b, ", ")
        end
        print(b, ")")
        _show_where(b, m.sig)
        print(b, "\n   @ ", m.module, " ", _method_file(m), ":", m.line)
        push!(lines, String(take!(b)))
    end
    isempty(lines) && return
    print(io, "\n\nClosest candidates are:")
    for l in lines[1:min(3, length(lines))]
        print(io, "\n", l)
    end
    print(io, '\n')
end
function _arg_matches(x, T)
    T isa TypeVar && (T = T.ub)
    ccall(:jl_has_free_typevars, Cint, (Any,), T) != 0 && return true
    isa(x, T)
end
# where a method is defined, as Julia prints it: Base's files relative to base/, home as ~
function _method_file(m)
    file = m.file isa Symbol ? String(m.file) : string(m.file)
    r = findlast("/base/", file)
    if r !== nothing && parentmodule_is_base(m.module)
        return file[last(r)+1:end]
    end
    home = get(ENV, "HOME", "")
    length(home) > 1 && startswith(file, home * "/") ? "~" * file[length(home)+1:end] : file
end
parentmodule_is_base(m::Module) = m === Base || m === Core || (m !== Main && parentmodule(m) !== m && parentmodule_is_base(parentmodule(m)))

# ---- top-level error display
function display_error(io::IO, er, bt)
    print(io, "ERROR: ")
    showerror(io, er, bt)
    println(io)
end
display_error(er, bt) = display_error(stderr, er, bt)
function showerror(io::IO, ex, bt; backtrace=true)
    if ex isa LoadError
        print(io, "LoadError: ")
        showerror(io, ex.error, bt; backtrace=backtrace)
        print(io, "\nin expression starting at ", ex.file, ":", ex.line)
        return
    end
    showerror(io, ex)
    backtrace && show_backtrace(io, bt)
end
function show_backtrace(io::IO, bt)
    bt isa Vector || return
    isempty(bt) && return
    s = ccall(:jl_backtrace_string, Any, (Any,), bt)::String
    isempty(s) && return
    print(io, '\n')
    print(io, endswith(s, "\n") ? s[1:end-1] : s)
end
