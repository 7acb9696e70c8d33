# sample.jl -- realistic Julia code for the parser benchmark (parse_bench.c) and parser regression runs.
module Sample

using LinearAlgebra: dot, norm
import Base: show, +, ==, getindex, length, iterate

export Point, Polygon, area, centroid, @twice

"""
    Point{T<:Real}

A point in the plane with coordinates of type `T`.
"""
struct Point{T<:Real}
    x::T
    y::T
end

Point(x::Real, y::Real) = Point(promote(x, y)...)

+(a::Point, b::Point) = Point(a.x + b.x, a.y + b.y)
==(a::Point, b::Point) = a.x == b.x && a.y == b.y
Base.:-(a::Point, b::Point) = Point(a.x - b.x, a.y - b.y)
Base.:*(s::Number, p::Point) = Point(s * p.x, s * p.y)

function show(io::IO, p::Point)
    print(io, "Point(", p.x, ", ", p.y, ")")
end

mutable struct Polygon{T} <: AbstractVector{Point{T}}
    vertices::Vector{Point{T}}
    closed::Bool
    Polygon{T}(vs::Vector{Point{T}}) where {T} = new{T}(vs, true)
end

Polygon(vs::Vector{Point{T}}) where {T} = Polygon{T}(vs)
length(p::Polygon) = length(p.vertices)
getindex(p::Polygon, i::Int) = p.vertices[mod1(i, length(p))]
Base.size(p::Polygon) = (length(p),)

function iterate(p::Polygon, state=1)
    state > length(p) && return nothing
    return (p.vertices[state], state + 1)
end

"""
    area(poly)

Signed area by the shoelace formula.
"""
function area(poly::Polygon{T})::Float64 where {T}
    s = zero(T)
    n = length(poly)
    @inbounds for i in 1:n
        a, b = poly[i], poly[i+1]
        s += a.x * b.y - b.x * a.y
    end
    return s / 2
end

function centroid(poly::Polygon)
    A = area(poly)
    cx = cy = 0.0
    for i = 1:length(poly)
        a = poly[i]; b = poly[i + 1]
        w = a.x * b.y - b.x * a.y
        cx += (a.x + b.x) * w
        cy += (a.y + b.y) * w
    end
    return Point(cx / (6A), cy / (6A))
end

macro twice(ex)
    quote
        $(esc(ex))
        $(esc(ex))
    end
end

abstract type Shape end
struct Circle <: Shape
    r::Float64
end
struct Rect <: Shape
    w::Float64
    h::Float64
end
primitive type Flags8 8 end

area(c::Circle) = π * c.r^2
area(r::Rect) = r.w * r.h
perimeter(c::Circle) = 2π * c.r
perimeter(r::Rect) = 2 * (r.w + r.h)

const SHAPES = Shape[Circle(1.0), Rect(2.0, 3.0), Circle(0.5)]

total_area(shapes) = sum(area, shapes; init = 0.0)
describe(s::Shape) = "$(nameof(typeof(s))) with area $(round(area(s); digits = 2))"

function stats(xs::AbstractVector{<:Real})
    n = length(xs)
    n == 0 && throw(ArgumentError("empty input"))
    μ = sum(xs) / n
    σ² = sum(x -> (x - μ)^2, xs) / max(n - 1, 1)
    lo, hi = extrema(xs)
    return (mean = μ, var = σ², min = lo, max = hi, n)
end

function matrix_demo(n::Int = 4)
    A = [i == j ? 2.0 : -1.0 for i in 1:n, j in 1:n]
    B = [1 2 3
         4 5 6
         7 8 10]
    C = [A zeros(n); ones(1, n) 1.0]
    v = A \ ones(n)
    w = B' * [1, -1, 2]
    M = [1 -2; 3 4]
    N = Float64[1 2; 3 4]
    x = A[2:end-1, begin:end÷2]
    y = @view A[:, 1]
    z = vcat(v, w)
    return (; A, B, C, v, w, M, N, x, y, z)
end

function parse_config(lines)
    cfg = Dict{String,Any}()
    for (lineno, raw) in enumerate(lines)
        line = strip(raw)
        (isempty(line) || startswith(line, '#')) && continue
        m = match(r"^(\w+)\s*=\s*(.*)$", line)
        if m === nothing
            @warn "bad line" lineno line
            continue
        elseif m[2] == "true" || m[2] == "false"
            cfg[m[1]] = m[2] == "true"
        else
            val = tryparse(Int, m[2])
            cfg[m[1]] = val === nothing ? String(m[2]) : val
        end
    end
    return cfg
end

function safe_div(a, b)
    try
        b == 0 && error("division by zero")
        a ÷ b
    catch err
        @error "failed" exception = err
        nothing
    finally
        nothing
    end
end

function fib(n::Integer)
    n < 2 && return n
    a, b = 0, 1
    while n > 1
        a, b = b, a + b
        n -= 1
    end
    b
end

fibs(n) = [fib(i) for i in 0:n if isodd(i)]
pairs_upto(n) = [(i, j) for i in 1:n for j in i:n]
gen_sum(n) = sum(i^2 for i in 1:n)

function apply_all(fs, x)
    map(fs) do f
        f(x)
    end
end

function closures()
    counter = let c = 0
        () -> (c += 1)
    end
    add(x) = y -> x + y
    compose = ∘(sin, cos)
    return counter(), add(1)(2), compose(0.5)
end

function string_demo(name, n)
    s1 = "Hello, $(name)! You are $(n + 1) years old.\n"
    s2 = """
        Dear $(uppercase(name)),
          indented line
        tab\tand quote \" and dollar \$
        """
    s3 = raw"C:\path\to\file"
    s4 = b"bytes\x00"
    c1, c2, c3 = 'a', '\n', '\u03b1'
    cmd = `echo $name`
    return s1 * s2 * s3, s4, (c1, c2, c3), cmd
end

function bits_demo(x::UInt32)
    y = x << 3 | x >> 29
    z = ~y & 0x0000ffff ⊻ 0xff00
    big = 0x123456789abcdef0
    huge = 123456789012345678901234567890
    f32 = 1.5f0 + 2f-3
    hexf = 0x1.8p3
    return (y, z, big, huge, f32, hexf, 1_000_000, 0b1010, 0o777, 1e-10, .5)
end

function control(xs)
    out = Int[]
    for x in xs
        if x < 0
            continue
        elseif x > 100
            break
        else
            push!(out, x)
        end
    end
    i = 0
    while true
        i += 1
        i ≥ 3 && break
    end
    return out, i
end

function keywords(a, b = 2, c...; d, e = 5, kw...)
    return a + b + sum(c) + d + e + length(kw)
end

broadcasting(x, y) = @. x^2 + 2x * y + y^2
dotted(x) = sin.(x) .+ cos.(x) .* 2
pipes(x) = x |> sum |> sqrt

function typed_things()
    T = Union{Int, Nothing}
    U = Vector{<:AbstractFloat}
    V = Tuple{Vararg{Int, N}} where N
    W = NamedTuple{(:a, :b), Tuple{Int, Int}}
    return T, U, V, W
end

@twice println("twice")

for T in (Int8, Int16, Int32)
    @eval half(x::$T) = x >> 1
end

let x = 1, y = 2
    global GLOBAL_SUM = x + y
end

local_stuff() = begin
    local a = 1
    a + 1
end

cmp_chain(a, b, c) = a < b <= c != a
logic(a, b) = (a && !b) || (!a && b)
ternary(x) = x > 0 ? :pos : x < 0 ? :neg : :zero
ranges() = (1:10, 1:2:9, 10:-1:1, 'a':'e', 0.0:0.5:2.0)
splats(args...) = tuple(args..., length(args))
interp_expr(x) = :(f($x) + $(x^2))

end # module
