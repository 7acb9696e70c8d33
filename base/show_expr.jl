# show_expr.jl -- printing Expr, QuoteNode, LineNumberNode and GlobalRef as Julia code, byte for byte as
# Julia 1.10 prints them: `show` quotes (`:(a + b)`, `quote ... end`, with `:(` adding 2 to the
# indentation), `print`/`string` give the code alone. Blocks (if/for/while/let/function/macro/struct/
# module/try/do/begin) indent by 4 and keep their line-number comments; operators print by precedence
# (an operand whose operator binds no tighter than its context is parenthesized); any other form prints
# as `$(Expr(:head, args...))`.
#
# `indent` is the column of the current line's code, `prec` the precedence of the context (-1 at the
# top, where nothing needs parentheses and macro calls use the space-separated form). Inside `show`
# the IOContext flag :unquote_fallback is true, so `$x` and nested `quote` print as Expr(...) forms.

operator_precedence(s::Symbol) = Int(ccall(:jl_operator_precedence, Cint, (Cstring,), String(s)))
operator_precedence(x) = 0
isoperator(s::Union{Symbol,AbstractString}) = ccall(:jl_is_operator, Cint, (Cstring,), String(s)) != 0
_prec(s) = operator_precedence(s)
is_id_start_char(c::AbstractChar) = ccall(:jl_id_start_char, Cint, (UInt32,), UInt32(c)) != 0
is_id_char(c::AbstractChar) = ccall(:jl_id_char, Cint, (UInt32,), UInt32(c)) != 0

const _INDENT = 4
const _PREC_POWER = 15
const _PREC_DECL = 16
const _QUOTED_SYMS = (:(:), :(::), :(:=), :(=), :(==), :(===), :(=>))
const _UNI_OPS = (:+, :-, :!, :¬, :~, :<:, :>:, :√, :∛, :∜)
const _UNI_SYMS = (:(::), :(<:), :(>:))
# infix heads: spaced (`a = b`) and tight (`a:b`, `x::T`, `x->y`)
const _INFIX_WIDE = (:(=), :(+=), :(-=), :(*=), :(/=), :(\=), :(^=), :(&=), :(|=), :(÷=), :(%=), :(>>>=),
    :(>>=), :(<<=), :(.=), :(.+=), :(.-=), :(.*=), :(./=), :(.\=), :(.^=), :(.&=), :(.|=), :(.÷=), :(.%=),
    :(.>>>=), :(.>>=), :(.<<=), :(&&), :(||), :(<:), :($=), :(⊻=), :(>:), :(-->))
const _INFIX_TIGHT = (:(:), :(->), :(::))
const _CALL_DELIMS = (:call => ('(', ')'), :calldecl => ('(', ')'), :ref => ('[', ']'), :curly => ('{', '}'),
    :. => ('(', ')'))
const _LIST_DELIMS = (:tuple => ('(', ')'), :vcat => ('[', ']'), :hcat => ('[', ']'), :row => ('[', ']'),
    :vect => ('[', ']'), :braces => ('{', '}'), :bracescat => ('{', '}'))
function _lookup(table, k)
    for p in table
        p.first === k && return p.second
    end
    nothing
end

isexpr_n(ex, h::Symbol, n::Int) = ex isa Expr && ex.head === h && length(ex.args) == n
_is_quoted(ex) = ex isa QuoteNode || isexpr_n(ex, :quote, 1) || isexpr_n(ex, :inert, 1)
_unquoted(ex::QuoteNode) = ex.value
_unquoted(ex::Expr) = ex.args[1]
_unquote_fallback(io::IO) = get(io, :unquote_fallback, true) === true
_in_ref(io::IO) = get(io, :show_in_ref, false) === true
_no_ref(io::IO) = IOContext(io, :show_in_ref => false)

# ---- entry points
const _ExprNode = Union{Expr,QuoteNode,LineNumberNode,GlobalRef}
show(io::IO, ex::_ExprNode) = _show_quoted(IOContext(io, :unquote_fallback => true), ex, 0, -1)
print(io::IO, ex::_ExprNode) = (show_unquoted(IOContext(io, :unquote_fallback => false), ex, 0, -1); nothing)
show(io::IO, s::Symbol) = _show_quoted(io, s, 0, 0)

show_unquoted(io::IO, x) = show_unquoted(io, x, 0, 0)
show_unquoted(io::IO, x, indent::Int) = show_unquoted(io, x, indent, 0)
show_unquoted(io::IO, x, indent::Int, prec::Int) = show(io, x)
show_unquoted(io::IO, s::Symbol, indent::Int, prec::Int) = _show_sym(io, s)
show_unquoted(io::IO, l::LineNumberNode, indent::Int, prec::Int) =
    print(io, "#= ", l.file === nothing ? "none" : String(l.file), ":", l.line, " =#")
show_unquoted(io::IO, g::GlobalRef, indent::Int, prec::Int) = _show_globalref(io, g)
function show_unquoted(io::IO, q::QuoteNode, indent::Int, prec::Int)
    if q.value isa Symbol
        _show_quoted(io, q.value, indent, prec)
    else
        print(io, "\$(QuoteNode(")
        show(io, q.value)
        print(io, "))")
    end
end

# `:sym`, `:(expr)` or `quote ... end`
function _show_quoted(io::IO, v, indent::Int, prec::Int)
    if v isa Symbol && !(v in _QUOTED_SYMS)
        s = String(v)
        if isidentifier(s) || (isoperator(v) && v !== Symbol("'"))
            print(io, ':', s)
        else
            print(io, "Symbol(")
            show(io, s)
            print(io, ')')
        end
    elseif v isa Expr && v.head === :block
        _show_block(_no_ref(io), "quote", Any[], v, indent)
        print(io, "end")
    else
        print(io, ":(")
        show_unquoted(io, v, indent + 2, -1)
        print(io, ')')
    end
end

# names as they appear in code: identifiers and operators literally, anything else as var"..."
function _show_sym(io::IO, s::Symbol; macroname::Bool=false)
    str = String(s)
    if isidentifier(str) || (isoperator(s) && s !== Symbol("'"))
        print(io, str)
    elseif macroname && startswith(str, '@')
        print(io, '@')
        _show_sym(io, Symbol(str[2:end]))
    else
        print(io, "var")
        show(io, str)
    end
end
function _show_globalref(io::IO, g::GlobalRef; macroname::Bool=false)
    print(io, g.mod, '.')
    str = String(g.name)
    quoted = !isidentifier(str) && !startswith(str, '@')
    parens = quoted && (!isoperator(g.name) || g.name in _QUOTED_SYMS)
    quoted && print(io, ':')
    parens && print(io, '(')
    _show_sym(io, g.name; macroname=macroname)
    parens && print(io, ')')
end

# ---- lists and blocks
function _show_list(io::IO, items, sep, indent::Int, prec::Int=0, enclose_ops::Bool=false, kw::Bool=false)
    indent += _INDENT
    first = true
    for item in items
        first || print(io, sep)
        parens = !_is_quoted(item) &&
            ((first && prec >= _PREC_POWER &&
              ((item isa Expr && item.head === :call && item.args[1] isa Symbol && item.args[1] in _UNI_OPS) ||
               (item isa Real && item < 0))) ||
             (enclose_ops && item isa Symbol && isoperator(item)))
        parens && print(io, '(')
        if kw && isexpr_n(item, :kw, 2)
            show_unquoted(io, Expr(:(=), item.args[1], item.args[2]), indent, parens ? 0 : prec)
        elseif kw && isexpr_n(item, :(=), 2)
            _show_fallback(io, item)
        else
            show_unquoted(io, item, indent, parens ? 0 : prec)
        end
        parens && print(io, ')')
        first = false
    end
end
function _show_enclosed(io::IO, op, items, sep, cl, indent::Int, prec::Int=0, enclose_ops::Bool=false, kw::Bool=false)
    print(io, op)
    _show_list(io, items, sep, indent, prec, enclose_ops, kw)
    print(io, cl)
end
# `head args...` then each statement of body on its own line, indented; the caller prints `end`
function _show_block(io::IO, head, args, body, indent::Int)
    print(io, head)
    if !isempty(args)
        print(io, ' ')
        _show_list(io, args, head === :elseif ? " " : ", ", indent)
    end
    ind = head === :module || head === :baremodule ? indent : indent + _INDENT
    stmts = body isa Expr && (body.head === :block || body.head === :quote) ? body.args : Any[body]
    for s in stmts
        print(io, '\n', repeat(" ", ind))
        show_unquoted(io, s, ind, -1)
    end
    print(io, '\n', repeat(" ", indent))
end
_block_args(arg) = arg isa Expr && (arg.head === :block || arg.head === :quote) ? arg.args : Any[arg]

function _show_call(io::IO, head::Symbol, f, fargs, indent::Int, kw::Bool)
    op, cl = _lookup(_CALL_DELIMS, head)
    if (f isa Symbol && f !== :(:) && !(head === :. && isoperator(f))) ||
       (f isa Expr && (f.head === :. || f.head === :curly || f.head === :macroname)) || f isa GlobalRef
        show_unquoted(io, f, indent, 0)
    else
        print(io, '(')
        show_unquoted(io, f, indent, 0)
        print(io, ')')
    end
    head === :. && print(io, '.')
    if !isempty(fargs) && isexpr(fargs[1], :parameters)
        print(io, op)
        _show_list(io, fargs[2:end], ", ", indent, 0, false, kw)
        print(io, "; ")
        _show_list(io, fargs[1].args, ", ", indent, 0, false, kw)
        print(io, cl)
    else
        _show_enclosed(io, op, fargs, ", ", cl, indent, 0, false, kw)
    end
end

function _show_generator(io::IO, ex::Expr, indent::Int)
    if ex.head === :flatten
        ranges = Any[]
        g = ex
        while g isa Expr && g.head === :flatten
            push!(ranges, g.args[1].args[2:end])
            g = g.args[1].args[1]
        end
        push!(ranges, g.args[2:end])
        show_unquoted(io, g.args[1], indent, 0)
        for r in ranges
            print(io, " for ")
            _show_list(io, r, ", ", indent)
        end
    else
        show_unquoted(io, ex.args[1], indent, 0)
        print(io, " for ")
        _show_list(io, ex.args[2:end], ", ", indent)
    end
end

_valid_import_path(ex) = isexpr(ex, :.) && !isempty(ex.args) && all(a -> a isa Symbol, ex.args)
function _show_import_path(io::IO, ex)
    if !(ex isa Expr)
        show_unquoted(io, ex)
    elseif ex.head === :(:)
        _show_import_path(io, ex.args[1])
        print(io, ": ")
        for i in 2:length(ex.args)
            i > 2 && print(io, ", ")
            _show_import_path(io, ex.args[i])
        end
    elseif ex.head === :.
        for i in 1:length(ex.args)
            i > 1 && ex.args[i-1] !== :. && print(io, '.')
            _show_sym(io, ex.args[i]; macroname = i == length(ex.args))
        end
    else
        show_unquoted(io, ex, 0, 0)
    end
end

_as_macroname(ex) = (ex isa Symbol && startswith(String(ex), '@')) || ex isa GlobalRef ||
    (isexpr_n(ex, :., 2) && (isexpr(ex.args[2], :quote) || ex.args[2] isa QuoteNode)) ? Expr(:macroname, ex) : ex
_is_core_macro(a, name) = a isa GlobalRef && a.mod === Core && a.name === Symbol(name)

# the string of a raw string literal: quotes and the backslashes before them (or at the end) escaped
function _escape_raw_string(io::IO, s::AbstractString)
    nbs = 0
    for c in s
        if c == '\\'
            nbs += 1
        else
            c == '"' && print(io, repeat("\\", 2nbs + 1))
            c == '"' || print(io, repeat("\\", nbs))
            nbs = 0
            print(io, c)
        end
    end
    print(io, repeat("\\", 2nbs))
end

function _show_fallback(io::IO, ex::Expr)
    print(io, "\$(Expr(")
    show(io, ex.head)
    for a in ex.args
        print(io, ", ")
        show(io, a)
    end
    print(io, "))")
end

# ---- the forms
function show_unquoted(io::IO, ex::Expr, indent::Int, prec::Int)
    h, args = ex.head, ex.args
    na = length(args)
    if h === :. && !(na == 2 && isexpr(args[2], :tuple))
        na == 2 && _is_quoted(args[2]) ? _show_field(io, args[1], _unquoted(args[2]), indent) : _show_fallback(io, ex)
    elseif (h in _INFIX_WIDE || h in _INFIX_TIGHT) && na == 2
        p = operator_precedence(h)
        sep = h in _INFIX_WIDE ? string(' ', h, ' ') : String(h)
        p <= prec ? _show_enclosed(io, '(', args, sep, ')', indent, p, true) : _show_list(io, args, sep, indent, p, true)
    elseif h === :tuple
        print(io, '(')
        if na > 0 && isexpr(args[1], :parameters)
            _show_list(io, args[2:end], ", ", indent)
            na == 2 && print(io, ',')
            print(io, ';')
            isempty(args[1].args) || print(io, ' ')
            _show_list(io, args[1].args, ", ", indent, 0, false, true)
        else
            _show_list(io, args, ", ", indent)
            na == 1 && print(io, ',')
        end
        print(io, ')')
    elseif _lookup(_LIST_DELIMS, h) !== nothing || h === :typed_vcat || h === :typed_hcat
        if h === :typed_vcat || h === :typed_hcat
            show_unquoted(io, args[1], indent, prec)
            h = h === :typed_vcat ? :vcat : :hcat
            args = args[2:end]
            na -= 1
        end
        op, cl = _lookup(_LIST_DELIMS, h)
        sep = h === :vcat || h === :bracescat ? "; " : h === :hcat || h === :row ? " " : ", "
        h === :row || print(io, op)
        _show_list(io, args, sep, indent)
        na == 1 && h === :vcat && print(io, ';')
        h === :row || print(io, cl)
    elseif h === :call && na >= 1
        _show_call_expr(io, ex, indent, prec)
    elseif (h === :new || h === :splatnew)
        _show_enclosed(io, string('%', h, '('), args, ", ", ")", indent)
    elseif _lookup(_CALL_DELIMS, h) !== nothing && na >= 1
        fargs = h === :. ? args[2].args : args[2:end]
        _show_call(h === :ref ? IOContext(io, :show_in_ref => true) : io, h, args[1], fargs, indent, h !== :curly)
    elseif h === :typed_comprehension && na == 2
        show_unquoted(io, args[1], indent, 0)
        print(io, '[')
        _show_generator(io, args[2], indent)
        print(io, ']')
    elseif h === :comprehension && na == 1
        print(io, '[')
        _show_generator(io, args[1], indent)
        print(io, ']')
    elseif (h === :generator && na >= 2) || (h === :flatten && na == 1)
        print(io, '(')
        _show_generator(io, ex, indent)
        print(io, ')')
    elseif h === :filter && na == 2
        show_unquoted(io, args[2], indent, 0)
        print(io, " if ")
        show_unquoted(io, args[1], indent, 0)
    elseif h === :comparison && na >= 3 && isodd(na)
        p = minimum(operator_precedence, args[2:2:end])
        p <= prec ? _show_enclosed(io, '(', args, " ", ')', indent, p) : _show_list(io, args, " ", indent, p)
    elseif h === :function && na == 2 && isexpr(args[1], :call)
        _show_block(_no_ref(io), h, Any[Expr(:calldecl, args[1].args...)], args[2], indent)
        print(io, "end")
    elseif (h === :function || h === :macro) && na == 1
        print(io, h, ' ')
        show_unquoted(_no_ref(io), args[1])
        print(io, " end")
    elseif h === :do && na == 2
        _show_do(io, args, indent)
    elseif h in (:for, :while, :function, :macro, :if, :elseif, :let) && na == 2
        _show_block(_no_ref(io), h, _block_args(args[1]), isexpr(args[2], :block) ? args[2] : Expr(:block, args[2]), indent)
        print(io, "end")
    elseif (h === :if || h === :elseif) && na == 3
        iob = _no_ref(io)
        _show_block(iob, h, _block_args(args[1]), args[2], indent)
        if isexpr(args[3], :elseif)
            show_unquoted(iob, args[3], indent, prec)
        else
            _show_block(iob, "else", Any[], args[3], indent)
            print(io, "end")
        end
    elseif h === :module && na == 3 && args[1] isa Bool
        _show_block(_no_ref(io), args[1] ? :module : :baremodule, _block_args(args[2]), args[3], indent)
        print(io, "end")
    elseif h === :struct && na == 3
        _show_block(_no_ref(io), args[1] ? "mutable struct" : "struct", _block_args(args[2]), args[3], indent)
        print(io, "end")
    elseif h === :primitive && na == 2
        print(io, "primitive type ")
        _show_list(io, args, ' ', indent)
        print(io, " end")
    elseif h === :abstract && na == 1
        print(io, "abstract type ")
        _show_list(_no_ref(io), args, ' ', indent)
        print(io, " end")
    elseif h === :return && na == 1 && args[1] === nothing
        print(io, "return")
    elseif h in _UNI_SYMS && na == 1
        print(io, h)
        show_unquoted(io, args[1], indent, 0)
    elseif h === :... && na == 1
        show_unquoted(io, args[1], indent, 0)
        print(io, "...")
    elseif na == 0 && (h === :break || h === :continue)
        print(io, h)
    elseif (na == 1 && (h === :return || h === :const)) || h === :local || h === :global
        print(io, h, ' ')
        _show_list(io, args, ", ", indent)
    elseif h === :export
        print(io, h, ' ')
        _show_list(io, map(_as_macroname, args), ", ", indent)
    elseif h === :macrocall && na >= 2
        _show_macrocall(io, args, indent, prec)
    elseif h === :macroname && na == 1
        _show_macroname(io, args[1])
    elseif h === :try && 3 <= na <= 4
        iob = _no_ref(io)
        _show_block(iob, "try", Any[], args[1], indent)
        isexpr(args[3], :block) && _show_block(iob, "catch", args[2] === false ? Any[] : Any[args[2]], args[3], indent)
        na >= 4 && isexpr(args[4], :block) && _show_block(iob, "finally", Any[], args[4], indent)
        print(io, "end")
    elseif h === :block
        _in_ref(io) ? _show_block_in_ref(io, args, indent) : (_show_block(io, "begin", Any[], ex, indent); print(io, "end"))
    elseif h === :quote && na == 1 && args[1] isa Symbol
        _show_quoted(_no_ref(io), args[1], indent, 0)
    elseif h === :quote && !_unquote_fallback(io)
        if na == 1 && isexpr(args[1], :block)
            _show_block(_no_ref(io), "quote", Any[], Expr(:quote, args[1].args...), indent)
            print(io, "end")
        elseif na == 1
            print(io, ":(")
            show_unquoted(_no_ref(io), args[1], indent + 2, 0)
            print(io, ')')
        else
            _show_block(_no_ref(io), "quote", Any[], ex, indent)
            print(io, "end")
        end
    elseif h === :string && na == 1 && args[1] isa AbstractString
        show(io, args[1])
    elseif h === :null
        print(io, "nothing")
    elseif h === :string
        _show_interpolation(io, args)
    elseif (h === :& || (h === :$ && !_unquote_fallback(io))) && na == 1
        print(io, h)
        a = args[1]
        parens = (a isa Expr && !(a.head in (:tuple, :$, :vect, :braces))) || (a isa Symbol && isoperator(a))
        parens && print(io, '(')
        show_unquoted(io, a, 0, 0)
        parens && print(io, ')')
    elseif h === Symbol("'") && na == 1
        a = args[1]
        a isa Symbol ? show_unquoted(io, a, 0, 0) : (print(io, '('); show_unquoted(io, a, 0, 0); print(io, ')'))
        print(io, h)
    elseif h === :where && na > 1
        parens = 1 <= prec
        parens && print(io, '(')
        show_unquoted(io, args[1], indent, _PREC_DECL)
        print(io, " where ")
        if na == 2
            show_unquoted(io, args[2], indent, 1)
        else
            print(io, '{')
            _show_list(io, args[2:end], ", ", indent)
            print(io, '}')
        end
        parens && print(io, ')')
    elseif (h === :import || h === :using) &&
           ((na == 1 && (_valid_import_path(args[1]) ||
                         (isexpr(args[1], :(:)) && length(args[1].args) > 1 && all(_valid_import_path, args[1].args)))) ||
            all(_valid_import_path, args))
        print(io, h, ' ')
        for i in 1:na
            i > 1 && print(io, ", ")
            _show_import_path(io, args[i])
        end
    else
        _show_fallback(io, ex)
    end
    nothing
end

function _show_field(io::IO, item, field, indent::Int)
    parens = !_is_quoted(item) && !(item isa Symbol && isidentifier(item)) && !isexpr(item, :.)
    parens && print(io, '(')
    show_unquoted(io, item, indent, 0)
    parens && print(io, ')')
    print(io, '.')
    parens = !(field isa Symbol) || field in _QUOTED_SYMS
    (parens || isoperator(field)) && print(io, ':')
    parens && print(io, '(')
    show_unquoted(io, field, indent, 0)
    parens && print(io, ')')
end

function _show_call_expr(io::IO, ex::Expr, indent::Int, prec::Int)
    args = ex.args
    f = args[1]
    fname = f isa GlobalRef ? f.name : f
    p = operator_precedence(fname)
    (p > 0 || (fname isa Symbol && fname in _UNI_OPS)) && (f = fname)
    fargs = args[2:end]
    if any(a -> isexpr(a, :kw), fargs) || (!isempty(fargs) && isexpr(fargs[1], :parameters))
        _show_call(io, :call, f, fargs, indent, true)
    elseif f === :* && length(fargs) == 2 && fargs[1] isa Union{Int64,Float32,Float64} && fargs[2] isa Symbol &&
           !(String(fargs[2])[1] in ('e', 'E', 'f'))
        # a literal coefficient: 2x
        p <= prec ? _show_enclosed(io, '(', fargs, "", ')', indent, p) : _show_list(io, fargs, "", indent, p)
    elseif f isa Symbol && f in _UNI_OPS && length(fargs) == 1
        show_unquoted(io, f, indent, 0)
        a = fargs[1]
        if a isa Expr || (a isa Symbol && isoperator(a))
            _show_enclosed(io, '(', fargs, ", ", ')', indent, p)
        else
            show_unquoted(io, a, indent, p)
        end
    elseif p > 0
        n = length(fargs)
        if (n == 2 || (n > 2 && f in (:+, :++, :*)) || (n == 3 && f === :(:))) && !any(a -> isexpr(a, :...), fargs)
            sep = f === :(:) ? ":" : string(' ', f, ' ')
            p <= prec ? _show_enclosed(io, '(', fargs, sep, ')', indent, p, true) :
                        _show_list(io, fargs, sep, indent, p, true)
        elseif n == 1
            print(io, '(')
            show_unquoted(io, f, indent, 0)
            print(io, ')')
            _show_enclosed(io, '(', fargs, ", ", ')', indent)
        else
            _show_call(io, :call, f, fargs, indent, true)
        end
    else
        _show_call(io, :call, f, fargs, indent, true)
    end
end

function _show_do(io::IO, args, indent::Int)
    iob = _no_ref(io)
    show_unquoted(iob, args[1], indent, -1)
    print(io, " do ")
    lam = args[2]
    _show_list(iob, lam.args[1].args, ", ", 0)
    for s in lam.args[2].args
        print(io, '\n', repeat(" ", indent + _INDENT))
        show_unquoted(iob, s, indent + _INDENT, -1)
    end
    print(io, '\n', repeat(" ", indent), "end")
end

function _show_macrocall(io::IO, args, indent::Int, prec::Int)
    na = length(args)
    m = args[1]
    if _is_core_macro(m, "@cmd")
        print(io, '`', args[3], '`')
    elseif _is_core_macro(m, "@int128_str") || _is_core_macro(m, "@uint128_str") || _is_core_macro(m, "@big_str")
        print(io, args[3])
    elseif m isa Symbol && na >= 3 && args[3] isa String && startswith(String(m), '@') && endswith(String(m), "_str")
        s = String(m)
        print(io, s[2:end-4], '"')
        _escape_raw_string(io, args[3])
        print(io, '"')
        na == 4 && print(io, args[4])
    else
        args[2] isa LineNumberNode && print(io, args[2], ' ')
        mname = _as_macroname(m)
        if prec >= 0
            _show_call(io, :call, mname, args[3:end], indent, false)
        else
            _show_list(io, Any[mname, args[3:end]...], ' ', indent)
        end
    end
end

function _show_macroname(io::IO, a)
    if a isa Symbol
        _show_sym(io, a; macroname=true)
    elseif a isa GlobalRef
        _show_globalref(io, a; macroname=true)
    elseif isexpr_n(a, :., 2)
        m = a.args[1]
        if m isa Symbol || m isa GlobalRef || isexpr_n(m, :., 2)
            show_unquoted(io, m)
        else
            print(io, '(')
            show_unquoted(io, m)
            print(io, ')')
        end
        print(io, '.')
        name = a.args[2] isa QuoteNode ? a.args[2].value : a.args[2].args[1]
        name isa Symbol ? _show_sym(io, name; macroname=true) : show_unquoted(io, name)
    else
        show_unquoted(io, a)
    end
end

# inside indexing a block prints as (a; b), since `begin` there means the first index
function _show_block_in_ref(io::IO, args, indent::Int)
    print(io, '(')
    ind = indent + _INDENT
    for i in 1:length(args)
        if i > 1
            i == 2 && args[1] isa LineNumberNode || print(io, ';')
            print(io, '\n', repeat(" ", ind))
        end
        show_unquoted(io, args[i], ind, -1)
    end
    print(io, length(args) < 2 ? (isempty(args) ? ";;)" : ";)") : ")")
end

function _show_interpolation(io::IO, args)
    print(io, '"')
    for a in args
        if a isa AbstractString
            escape_string(io, a, "\"\$")
        else
            print(io, "\$(")
            a isa Symbol && !(a in _QUOTED_SYMS) ? _show_sym(io, a) : show_unquoted(io, a, 0, 0)
            print(io, ')')
        end
    end
    print(io, '"')
end

(==)(a::Expr, b::Expr) = a.head === b.head && isequal(a.args, b.args)
(==)(a::QuoteNode, b::QuoteNode) = isequal(a.value, b.value)
isequal(a::Expr, b::Expr) = a == b
