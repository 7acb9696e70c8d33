# range.jl -- integer ranges: UnitRange (`a:b`), OneTo, StepRange (`a:s:b`); length, indexing with
# BoundsError, iteration, equality, `in`, and their printing form `1:3`.


struct UnitRange{T<:Real} <: AbstractUnitRange{T}
    start::T
    stop::T
    UnitRange{T}(start, stop) where {T<:Real} = new(start, _unitrange_last(convert(T, start), convert(T, stop)))
end
UnitRange(start::T, stop::T) where {T<:Real} = UnitRange{T}(start, stop)
_unitrange_last(start, stop) = stop >= start ? stop : convert(typeof(stop), start - oneunit(start - stop))

struct OneTo{T<:Integer} <: AbstractUnitRange{T}
    stop::T
    OneTo{T}(stop) where {T<:Integer} = new(max(zero(T), convert(T, stop)))
end
OneTo(stop::T) where {T<:Integer} = OneTo{T}(stop)

struct StepRange{T,S} <: OrdinalRange{T,S}
    start::T
    step::S
    stop::T
    function StepRange{T,S}(start, step, stop) where {T,S}
        step == 0 && throw(ArgumentError("step cannot be zero"))
        new(start, step, _steprange_last(start, step, stop))
    end
end
function _steprange_last(start, step, stop)
    if (step > 0 && stop < start) || (step < 0 && stop > start)
        return start - step
    end
    stop - rem(stop - start, step)
end

(::Colon)(start::T, stop::T) where {T<:Integer} = UnitRange{T}(start, stop)
(::Colon)(start::Integer, stop::Integer) = (:)(promote(start, stop)...)
(::Colon)(start::T, step::Integer, stop::T) where {T<:Integer} = StepRange{T,T}(start, convert(T, step), stop)
(::Colon)(start::Integer, step::Integer, stop::Integer) = (:)(promote(start, stop)[1], step, promote(start, stop)[2])

first(r::UnitRange) = r.start
last(r::UnitRange) = r.stop
first(r::OneTo{T}) where {T} = one(T)
last(r::OneTo) = r.stop
first(r::StepRange) = r.start
last(r::StepRange) = r.stop
step(r::AbstractUnitRange{T}) where {T} = one(T)
step(r::StepRange) = r.step
isempty(r::AbstractUnitRange) = first(r) > last(r)
isempty(r::StepRange) = (r.start != r.stop) & ((r.step > zero(r.step)) != (r.stop > r.start))
length(r::AbstractUnitRange) = Int(last(r) - first(r) + 1)
length(r::StepRange) = isempty(r) ? 0 : Int(div(r.stop - r.start, r.step) + 1)
size(r::AbstractRange) = (length(r),)
function getindex(r::AbstractUnitRange, i::Int)
    (1 <= i <= length(r)) || throw(BoundsError(r, i))
    convert(eltype(r), first(r) + (i - 1))
end
function getindex(r::StepRange, i::Int)
    (1 <= i <= length(r)) || throw(BoundsError(r, i))
    first(r) + (i - 1) * step(r)
end
getindex(r::AbstractRange, i::Integer) = r[Int(i)]
function getindex(r::AbstractUnitRange, s::AbstractUnitRange{_S1}) where {_S1<:Integer}
    isempty(s) && return range_empty(r)
    (1 <= first(s) && last(s) <= length(r)) || throw(BoundsError(r, s))
    (first(r) + (first(s) - 1)):(first(r) + (last(s) - 1))
end
range_empty(r) = first(r):(first(r) - 1)
iterate(r::OrdinalRange) = isempty(r) ? nothing : (first(r), first(r))
iterate(r::OrdinalRange, i) = i == last(r) ? nothing : (i + step(r), i + step(r))
in(x::Integer, r::AbstractUnitRange{_S1}) where {_S1<:Integer} = (first(r) <= x) & (x <= last(r))
(==)(r::AbstractUnitRange, s::AbstractUnitRange) = (isempty(r) & isempty(s)) | ((first(r) == first(s)) & (last(r) == last(s)))
(==)(r::OrdinalRange, s::OrdinalRange) = (isempty(r) & isempty(s)) | ((first(r) == first(s)) & (step(r) == step(s)) & (last(r) == last(s)))
copy(r::AbstractRange) = r
collect(r::AbstractRange) = _collect_as(eltype(r), r)
similar(r::AbstractRange, ::Type{T}, n::Int) where {T} = Vector{T}(undef, n)
reverse(r::AbstractUnitRange) = last(r):-1:first(r)
reverse(r::StepRange) = last(r):-step(r):first(r)
sum(r::AbstractUnitRange{_S1}) where {_S1<:Integer} = isempty(r) ? zero(eltype(r)) : div((first(r) + last(r)) * length(r), 2)

# float ranges: a simple StepRangeLen of `len` points start + (i-1)*step
struct StepRangeLen{T,R,S} <: AbstractRange{T}
    ref::R
    step::S
    len::Int
    offset::Int
end
function (::Colon)(start::Float64, step::Float64, stop::Float64)
    n = Int(floor((stop - start) / step + 1e-10)) + 1
    StepRangeLen{Float64,Float64,Float64}(start, step, max(n, 0), 1)
end
(::Colon)(start::Float64, stop::Float64) = (:)(start, 1.0, stop)
(::Colon)(start::Real, step::Real, stop::Real) = (:)(Float64(start), Float64(step), Float64(stop))
length(r::StepRangeLen) = r.len
first(r::StepRangeLen) = r.ref
step(r::StepRangeLen) = r.step
last(r::StepRangeLen) = r[r.len]
function getindex(r::StepRangeLen{T}, i::Int) where {T}
    (1 <= i <= r.len) || throw(BoundsError(r, i))
    convert(T, r.ref + (i - r.offset) * r.step)
end
iterate(r::StepRangeLen, i::Int=1) = i > r.len ? nothing : (r[i], i + 1)
