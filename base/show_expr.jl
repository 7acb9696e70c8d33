# show_expr.jl -- printing Expr, QuoteNode and LineNumberNode as Julia code (`:(a + b)`, `quote ... end`),
# used by show, @show-style macros and Test's `Expression:` lines. Covers the common forms; anything
# else prints as `$(Expr(:head, args...))` the way Julia prints unknown heads.

# Julia's operator precedences (Base.operator_precedence): assignment 1, => 2, ?: 3, arrows 4, || 5,
# && 6, comparisons 7, <| 8, |> 9, : 10, + 11, * 12, // 13, << 14, ^ 15, :: 16, . 17
const _BINARY_PREC = (
    :(=) => 1, :(+=) => 1, :(-=) => 1, :(*=) => 1, :(/=) => 1, :(//=) => 1, :(^=) => 1, :(÷=) => 1,
    :(%=) => 1, :(|=) => 1, :(&=) => 1, :(⊻=) => 1, :(<<=) => 1, :(>>=) => 1, :(:=) => 1, :(~) => 1,
    :(=>) => 2, :(-->) => 4, :(→) => 4, :(||) => 5, :(&&) => 6,
    :(<:) => 7, :(>:) => 7, :(==) => 7, :(!=) => 7, :(<) => 7, :(>) => 7, :(<=) => 7, :(>=) => 7,
    :(===) => 7, :(!==) => 7, :(≤) => 7, :(≥) => 7, :(≠) => 7, :in => 7, :isa => 7, :(∈) => 7, :(∉) => 7,
    :(≈) => 7, :(≉) => 7, :(⊆) => 7, :(⊇) => 7, :(⊂) => 7, :(⊃) => 7, :(≡) => 7, :(∋) => 7,
    :(<|) => 8, :(|>) => 9, :(:) => 10, :(..) => 10,
    :(+) => 11, :(-) => 11, :(|) => 11, :(⊻) => 11, :(∪) => 11, :(++) => 11, :(±) => 11,
    :(*) => 12, :(/) => 12, :(÷) => 12, :(%) => 12, :(&) => 12, :(\) => 12, :(∩) => 12, :(⋅) => 12,
    :(×) => 12, :(∘) => 12, :(//) => 13, :(<<) => 14, :(>>) => 14, :(>>>) => 14,
    :(^) => 15, :(::) => 16, :(.) => 17)
function _prec(s)
    s isa Symbol || return 0
    for p in _BINARY_PREC
        p.first === s && return p.second
    end
    0
end
const _UNARY_OPS = (:-, :+, :!, :~, :¬, :√, :(:), :$, :&)

function show(io::IO, ex::Expr)
    if ex.head === :block || ex.head === :quote
        print(io, "quote\n")
        _show_block_body(io, ex, 4)
        print(io, "end")
    else
        print(io, ":(")
        show_unquoted(io, ex, 0, 0)
        print(io, ")")
    end
end
show(io::IO, q::QuoteNode) = (q.value isa Symbol ? show(io, q.value) : (print(io, ":("); show_unquoted(io, q, 0, 0); print(io, ")")))
show(io::IO, l::LineNumberNode) = print(io, "#= ", l.file === nothing ? "none" : String(l.file), ":", l.line, " =#")
show(io::IO, g::GlobalRef) = (show(io, g.mod); print(io, '.', String(g.name)))

function _show_block_body(io::IO, ex::Expr, indent::Int)
    for a in ex.args
        print(io, repeat(" ", indent))
        show_unquoted(io, a, indent, 0)
        print(io, '\n')
    end
end
# In a call's arguments an assignment is parenthesized (a bare `a = 1` there is a keyword argument).
function _show_list(io::IO, args, indent::Int, delim=", "; callargs::Bool=false)
    for i in 1:length(args)
        a = args[i]
        paren = callargs && a isa Expr && a.head === :(=)
        paren && print(io, '(')
        show_unquoted(io, a, indent, 0)
        paren && print(io, ')')
        i < length(args) && print(io, delim)
    end
end

show_unquoted(io::IO, x, indent::Int=0, prec::Int=0) = show(io, x)
show_unquoted(io::IO, s::Symbol, indent::Int=0, prec::Int=0) = print(io, String(s))
show_unquoted(io::IO, l::LineNumberNode, indent::Int=0, prec::Int=0) = show(io, l)
function show_unquoted(io::IO, q::QuoteNode, indent::Int=0, prec::Int=0)
    v = q.value
    if v isa Symbol
        show(io, v)
    else
        print(io, "\$(QuoteNode(")
        show(io, v)
        print(io, "))")
    end
end
function show_unquoted(io::IO, ex::Expr, indent::Int=0, prec::Int=0)
    h = ex.head
    args = ex.args
    na = length(args)
    if h === :call && na >= 1
        f = args[1]
        fp = _prec(f)
        any(a -> isexpr(a, :...), args) && (fp = 0)
        if f === :* && na == 3 && args[2] isa Union{Int, Float64, Float32} && args[3] isa Symbol &&
           !(String(args[3])[1] in ('e', 'E', 'f', 'F'))
            # a literal coefficient: 2x, 2im
            fp < prec && print(io, '(')
            show_unquoted(io, args[2], indent, fp)
            show_unquoted(io, args[3], indent, fp)
            fp < prec && print(io, ')')
        elseif fp > 0 && na == 3 && !(args[2] isa Expr && args[2].head === :parameters)
            fp < prec && print(io, '(')
            show_unquoted(io, args[2], indent, fp)
            f === :(:) || f === :^ ? print(io, String(f)) : print(io, ' ', String(f), ' ')
            show_unquoted(io, args[3], indent, fp + 1)
            fp < prec && print(io, ')')
        elseif fp > 0 && na > 3 && (f === :+ || f === :*)
            fp < prec && print(io, '(')
            for i in 2:na
                show_unquoted(io, args[i], indent, fp)
                i < na && print(io, ' ', String(f), ' ')
            end
            fp < prec && print(io, ')')
        elseif na == 2 && f isa Symbol && f in _UNARY_OPS && !isexpr(args[2], :...)
            print(io, String(f))
            a = args[2]
            (a isa Expr && a.head === :call && _prec(a.args[1]) > 0) ? (print(io, '('); show_unquoted(io, a, indent, 0); print(io, ')')) : show_unquoted(io, a, indent, 16)
        else
            show_unquoted(io, f, indent, 17)
            print(io, '(')
            rest = args[2:end]
            params = nothing
            if !isempty(rest) && rest[1] isa Expr && rest[1].head === :parameters
                params = rest[1]
                rest = rest[2:end]
            end
            _show_list(io, rest, indent; callargs=true)
            if params !== nothing
                print(io, "; ")
                _show_list(io, params.args, indent)
            end
            print(io, ')')
        end
    elseif h === :kw && na == 2
        show_unquoted(io, args[1], indent, 0)
        print(io, " = ")
        show_unquoted(io, args[2], indent, 0)
    elseif h === :comparison
        for i in 1:na
            isodd(i) ? show_unquoted(io, args[i], indent, 7) : print(io, ' ', String(args[i]), ' ')
        end
    elseif (h === :&& || h === :|| || h === :(=) || h === :+= || h === :-= || h === :*= || h === :(/=) || h === :(=>) ||
            h === :(<:) || h === :(-->) || h === :(>:) || h === :(:=) || h === :(//=) || h === :(^=) || h === :(|=) ||
            h === :(&=) || h === :(⊻=) || h === :(÷=) || h === :(%=) || h === :(<<=) || h === :(>>=)) && na == 2
        p = _prec(h)
        p < prec && print(io, '(')
        show_unquoted(io, args[1], indent, p + 1)
        print(io, ' ', String(h), ' ')
        show_unquoted(io, args[2], indent, p)
        p < prec && print(io, ')')
    elseif h === :(::) && na == 2
        show_unquoted(io, args[1], indent, 16)
        print(io, "::")
        show_unquoted(io, args[2], indent, 16)
    elseif h === :(::) && na == 1
        print(io, "::")
        show_unquoted(io, args[1], indent, 16)
    elseif h === :. && na == 2 && args[2] isa QuoteNode
        show_unquoted(io, args[1], indent, 17)
        print(io, '.', String(args[2].value))
    elseif h === :ref
        show_unquoted(io, args[1], indent, 17)
        print(io, '[')
        _show_list(io, args[2:end], indent)
        print(io, ']')
    elseif h === :curly
        show_unquoted(io, args[1], indent, 17)
        print(io, '{')
        _show_list(io, args[2:end], indent)
        print(io, '}')
    elseif h === :tuple
        print(io, '(')
        _show_list(io, args, indent)
        na == 1 && print(io, ',')
        print(io, ')')
    elseif h === :vect
        print(io, '[')
        _show_list(io, args, indent)
        print(io, ']')
    elseif h === :vcat
        print(io, '[')
        _show_list(io, args, indent, "; ")
        print(io, ']')
    elseif h === :hcat || h === :row
        h === :hcat && print(io, '[')
        _show_list(io, args, indent, " ")
        h === :hcat && print(io, ']')
    elseif h === :...
        show_unquoted(io, args[1], indent, 17)
        print(io, "...")
    elseif h === :$
        print(io, "\$(")
        show_unquoted(io, args[1], indent, 0)
        print(io, ')')
    elseif h === :quote && na == 1
        print(io, ":(")
        show_unquoted(io, args[1], indent, 0)
        print(io, ')')
    elseif h === :string
        print(io, '"')
        for a in args
            if a isa String
                escape_string(io, a, "\"\$")
            else
                print(io, "\$(")
                show_unquoted(io, a, indent, 0)
                print(io, ')')
            end
        end
        print(io, '"')
    elseif h === :macrocall && na >= 1
        show_unquoted(io, args[1], indent, 0)
        for a in args[2:end]
            a isa LineNumberNode && continue
            print(io, ' ')
            show_unquoted(io, a, indent, 0)
        end
    elseif h === :-> && na == 2
        show_unquoted(io, args[1], indent, 0)
        print(io, " -> ")
        b = args[2]
        if b isa Expr && b.head === :block
            stmts = [a for a in b.args if !(a isa LineNumberNode)]
            length(stmts) == 1 ? show_unquoted(io, stmts[1], indent, 0) : show_unquoted(io, b, indent, 0)
        else
            show_unquoted(io, b, indent, 0)
        end
    elseif h === :if && (na == 2 || na == 3)
        print(io, "if ")
        show_unquoted(io, args[1], indent, 0)
        print(io, '\n')
        _show_block_body(io, _as_block(args[2]), indent + 4)
        if na == 3
            print(io, repeat(" ", indent), "else\n")
            _show_block_body(io, _as_block(args[3]), indent + 4)
        end
        print(io, repeat(" ", indent), "end")
    elseif h === :block
        print(io, "begin\n")
        _show_block_body(io, ex, indent + 4)
        print(io, repeat(" ", indent), "end")
    elseif h === :return
        print(io, "return")
        na == 1 && (print(io, ' '); show_unquoted(io, args[1], indent, 0))
    elseif h === :escape && na == 1
        print(io, "\$(Expr(:escape, ")
        show_unquoted(io, args[1], indent, 0)
        print(io, "))")
    else
        print(io, "\$(Expr(")
        show(io, h)
        for a in args
            print(io, ", ")
            show(io, a)
        end
        print(io, "))")
    end
end
_as_block(x) = x isa Expr && x.head === :block ? x : Expr(:block, x)
print(io::IO, ex::Expr) = (show_unquoted(io, ex, 0, 0); nothing)
(==)(a::Expr, b::Expr) = a.head === b.head && isequal(a.args, b.args)
(==)(a::QuoteNode, b::QuoteNode) = isequal(a.value, b.value)
isequal(a::Expr, b::Expr) = a == b
