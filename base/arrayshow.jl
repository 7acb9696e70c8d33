# arrayshow.jl -- printing arrays as Julia 1.10 does: `summary` (`2×3 Matrix{Float64}`,
# `view(::Matrix{Int64}, :, 1) with eltype Int64`), the REPL's text/plain form (summary line, then
# rows with per-column alignment, 3-d and higher arrays as `[:, :, k] =` slices, `:compact` elements
# when there is more than one column) and the `show`/`print` form (`[1, 2]`, `[1 2; 3 4]`,
# `[1;;]`, `[1 3;;; 2 4]`, `Matrix{Float64}(undef, 0, 3)`).

# ---- summary
dims2string(d::Tuple) = isempty(d) ? "0-dimensional" : length(d) == 1 ? string(d[1], "-element") : join(map(string, d), '×')
function summary(io::IO, a::AbstractArray)
    print(io, dims2string(size(a)), ' ')
    showarg(io, a, true)
end
# how an array argument appears in a summary: its type, or a wrapper's constructor call
showarg(io::IO, x, toplevel) = (toplevel || print(io, "::"); show(io, typeof(x)))
function showarg(io::IO, r::ReshapedArray, toplevel)
    print(io, "reshape(")
    showarg(io, parent(r), false)
    print(io, ", ", join(r.dims, ", "), ')')
    _showarg_eltype(io, r, toplevel)
end
function _showarg_eltype(io::IO, x, toplevel)
    toplevel && (print(io, " with eltype "); show(io, eltype(x)))
end

# ---- element layout: strings and their (left, right) alignment widths
const _undef_ref_str = "#undef"
_alignment(io, x) = (0, length(sprint(show, x; context = io)))
_alignment(io, x::Number) = (length(sprint(show, x; context = io)), 0)
_alignment(io, x::Integer) = (length(sprint(show, x; context = io)), 0)
function _alignment(io, x::Real)
    s = sprint(show, x; context = io)
    i = findfirst(c -> c == '.' || c == 'e' || c == 'E' || c == 'f' || c == 'F', s)
    i === nothing ? (length(s), 0) : (i - 1, length(s) - i + 1)
end
_isassigned_at(A, I...) = isassigned(A, I...)

function _cell(io, A, i, j)
    if !isassigned(A, i, j)
        return (_undef_ref_str, (3, 3))
    end
    x = A[i, j]
    s = sprint(show, x; context = io)
    (replace_in_print_matrix(A, i, j, s), _alignment(io, x))
end

# structured matrices (LinearAlgebra's Diagonal, ...) replace the text of structural zeros, keeping its width
replace_in_print_matrix(A::AbstractMatrix, i::Integer, j::Integer, s::AbstractString) = s
replace_in_print_matrix(A::AbstractVector, i::Integer, j::Integer, s::AbstractString) = s
function replace_with_centered_mark(s::AbstractString; c::AbstractChar = '⋅')
    n = length(s)
    n == 0 && return s
    l = div(n - 1, 2)
    string(repeat(" ", l), c, repeat(" ", n - 1 - l))
end

# rows/columns of a matrix (or vector as a column), printed with one leading space. Under :limit (the
# REPL) a matrix taller than the display less 4 lines shows its first and last rows around a `⋮` line
# (under every fifth column), and one wider than the display shows its first and last columns around
# `…` (on every fifth row; `⋱` where both cuts meet); the columns are aligned over the rows shown
# only, as Julia does.
function print_matrix(io::IO, A::AbstractArray, pre::String=" ", sep::String="  ")
    nr = size(A, 1)
    nc = ndims(A) >= 2 ? size(A, 2) : 1
    if !haskey(io, :compact) && nc > 1
        io = IOContext(io, :compact => true)
    end
    limit = get(io, :limit, false) === true
    height, width = limit ? (displaysize(io)[1] - 4, displaysize(io)[2] - length(pre)) : (typemax(Int), typemax(Int))
    half = div(height, 2)
    rows = nr > height ? [1:half; nr-div(height - 1, 2)+1:nr] : collect(1:nr)
    # only as many columns from each end as could fit across the display need measuring
    maxcols = div(width, 1 + length(sep))
    cols = nc > maxcols ? [1:maxcols; nc-maxcols+1:nc] : collect(1:nc)
    ucols = sort!(unique(cols))
    cells = Matrix{Any}(undef, length(rows), length(ucols))
    colwidth = Vector{Tuple{Int,Int}}(undef, length(ucols))
    for (p, j) in enumerate(ucols)
        L, R = 0, 0
        for (k, i) in enumerate(rows)
            c = _cell(io, A, i, j)
            cells[k, p] = c
            L = max(L, c[2][1])
            R = max(R, c[2][2])
        end
        colwidth[p] = (L, R)
    end
    pos(j) = searchsortedfirst(ucols, j)
    ws = [colwidth[pos(j)] for j in cols]
    fits = _fit_columns(ws, width, length(sep), nc)
    hdots = "  …  "
    if nc <= length(fits)
        left, right = colwidth, Tuple{Int,Int}[]
    else
        c = div(width - length(hdots) + 1, 2) + 1
        right = reverse(_fit_columns(reverse(ws), c, length(sep), nc))
        c = width - sum(map(sum, right)) - (length(right) - 1) * length(sep) - length(hdots)
        left = _fit_columns(ws, c, length(sep), nc)
    end
    rcols = nc - length(right) + 1:nc
    for k in 1:length(rows)
        k > 1 && print(io, '\n')
        print(io, pre)
        _print_row(io, cells, k, [pos(j) for j in 1:length(left)], left, ucols, nc, sep)
        if !isempty(right)
            print(io, (rows[k] - 1) % 5 == 0 ? hdots : repeat(" ", length(hdots)))
            _print_row(io, cells, k, [pos(j) for j in rcols], right, ucols, nc, sep)
        end
        if nr > height && k == half
            print(io, '\n', pre)
            if isempty(right)
                _print_vdots(io, left, sep, 1, false)
            else
                _print_vdots(io, left, sep, 1, true)
                print(io, "  ⋱  ")
                _print_vdots(io, right, sep, mod(length(right) - nc + 1, 5), false)
            end
        end
    end
end
# the widths of the columns (tried in the given order) that fit within `total` characters
function _fit_columns(ws, total, sep, ncols)
    a = Tuple{Int,Int}[]
    for w in ws
        push!(a, w)
        if length(a) > 1 && sum(map(sum, a)) + sep * length(a) >= total
            pop!(a)
            break
        end
    end
    if 1 < length(a) < ncols
        while sum(map(sum, a)) + sep * length(a) >= total
            pop!(a)
        end
    end
    a
end
# one row over the columns at cell positions `ps` with widths `aligns`; no padding after the last column
function _print_row(io, cells, k, ps, aligns, ucols, nc, sep)
    for (q, p) in enumerate(ps)
        s, a = cells[k, p]
        print(io, repeat(" ", aligns[q][1] - a[1]), s)
        ucols[p] == nc || print(io, repeat(" ", aligns[q][2] - a[2]))
        q < length(ps) && print(io, sep)
    end
end
# the `⋮` line: under the alignment point of every fifth column (those with index ≡ m mod 5)
function _print_vdots(io::IO, widths, sep, m, pad_right)
    for (j, (L, R)) in enumerate(widths)
        last = j == length(widths)
        if j % 5 == m % 5
            l = repeat(" ", max(0, L - 1))
            print(io, l, "⋮", last && !pad_right ? "" : repeat(" ", max(0, L + R - 1 - length(l))))
        elseif !last || pad_right
            print(io, repeat(" ", L + R))
        end
        last || print(io, sep)
    end
end

function show(io::IO, ::MIME"text/plain", A::AbstractArray)
    # an empty Vector (or any empty array under :compact) shows as its literal, `Int64[]`
    isempty(A) && (get(io, :compact, false) || A isa Vector) && return show(io, A)
    summary(io, A)
    if ndims(A) == 0
        print(io, ":\n")
        isassigned(A) ? show(IOContext(io, :typeinfo => eltype(A)), A[]) : print(io, _undef_ref_str)
        return
    end
    isempty(A) && return
    print(io, ":\n")
    io = IOContext(io, :typeinfo => eltype(A))
    if ndims(A) <= 2
        print_matrix(io, A)
    else
        _print_slices(io, A)
    end
end
# N-d arrays: one `[:, :, k, ...] =` block per 2-d slice
function _print_slices(io::IO, A::AbstractArray)
    tail_dims = size(A)[3:end]
    first = true
    for J in CartesianIndices(tail_dims)
        first || print(io, "\n\n")
        first = false
        print(io, "[:, :, ", join(map(string, J.I), ", "), "] =\n")
        print_matrix(io, view(A, :, :, J.I...))
    end
end

# ---- show / print: the parseable form
# the element-type prefix (`Int8[...]`), omitted when the context already implies it
function _typeinfo_prefix(io::IO, X)
    T = eltype(X)
    t = get(io, :typeinfo, Any)
    (t !== Any && t <: AbstractArray && eltype(t) === T) && return ("", true)
    _typeinfo_implicit(T) && !isempty(X) && return ("", true)
    (sprint(show, T), false)
end
function show(io::IO, a::AbstractVector)
    prefix, _ = _typeinfo_prefix(io, a)
    print(io, prefix, '[')
    ctx = IOContext(io, :typeinfo => eltype(a))
    n = length(a)
    i = 0
    for k in eachindex(a)
        i += 1
        isassigned(a, k) ? show(ctx, a[k]) : print(io, _undef_ref_str)
        i < n && print(io, ", ")
    end
    print(io, ']')
end
function show(io::IO, A::AbstractArray)
    prefix, implicit = _typeinfo_prefix(io, A)
    if isempty(A) && ndims(A) != 0
        if A isa Array
            show(io, typeof(A))
            print(io, "(undef, ", join(map(string, size(A)), ", "), ')')
        else
            print(io, prefix, "[]")
        end
        return
    end
    implicit || (io = IOContext(io, :typeinfo => eltype(A)))
    ctx = IOContext(io, :typeinfo => eltype(A))
    if ndims(A) == 0
        print(io, "fill(")
        show(ctx, A[])
        print(io, ')')
        return
    end
    print(io, prefix, '[')
    _show_nd(ctx, A)
    print(io, ']')
end
function _show_cell(io, A, I...)
    isassigned(A, I...) ? show(io, A[I...]) : print(io, _undef_ref_str)
end
# Julia 1.10's `[a b; c d;;; e f; g h]` layout; a single column keeps a trailing `;;`
function _show_nd(io, A)
    nr, nc = size(A, 1), size(A, 2)
    tail_dims = size(A)[3:end]
    first = true
    for J in CartesianIndices(tail_dims)
        if !first
            print(io, ";"^(length(tail_dims) == 0 ? 1 : _slice_sep(J, tail_dims) + 2), ' ')
        end
        first = false
        for i in 1:nr
            for j in 1:nc
                j > 1 && print(io, ' ')
                _show_cell(io, A, i, j, J.I...)
            end
            i < nr && print(io, "; ")
        end
    end
    nc == 1 && ndims(A) == 2 && print(io, ";;")
end
# how many trailing dimensions advance at slice J (1 for the 3rd dimension, 2 when the 4th rolls, ...)
function _slice_sep(J, dims)
    k = 1
    while k < length(dims) && J.I[k] == 1
        k += 1
    end
    k
end
print(io::IO, A::AbstractArray) = show(io, A)

# ranges other than the colon forms
show(io::IO, r::LinRange{T}) where {T} = (print(io, "LinRange{"); show(io, T); print(io, "}("); show(io, first(r));
    print(io, ", "); show(io, last(r)); print(io, ", ", length(r), ')'))
function show(io::IO, ::MIME"text/plain", r::LinRange)
    summary(io, r)
    isempty(r) && return
    print(io, ":\n ")
    for i in 1:length(r)
        i > 1 && print(io, ", ")
        show(io, r[i])
    end
end
