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

# ---- Char ranges: 'a':'z' is a StepRange{Char,Int}
(::Colon)(start::Char, stop::Char) = StepRange{Char,Int}(start, 1, stop)
(::Colon)(start::Char, step::Integer, stop::Char) = StepRange{Char,Int}(start, Int(step), stop)

# ---- float ranges (Julia's twiceprecision.jl): a StepRangeLen holds its reference value and step in
# double-double precision, so `0:0.1:1` has 11 elements and r[4] == 0.3 exactly as in Julia.
struct TwicePrecision{T}
    hi::T
    lo::T
end
TwicePrecision{T}(x::T) where {T} = TwicePrecision{T}(x, zero(T))
TwicePrecision{T}(i::Integer) where {T<:AbstractFloat} = TwicePrecision{T}(canonicalize2(splitprec(T, i)...)...)
TwicePrecision{T}(nd::Tuple{Integer,Integer}) where {T<:AbstractFloat} = _tp_div(TwicePrecision{T}(nd[1]), TwicePrecision{T}(nd[2]))
TwicePrecision{T}(nd::Tuple{Integer,Integer}, nb::Integer) where {T} = twiceprecision(TwicePrecision{T}(nd), nb)
TwicePrecision{T}(x::T, nb::Integer) where {T} = twiceprecision(TwicePrecision{T}(x), nb)
Float64(x::TwicePrecision) = Float64(x.hi + x.lo)
Float32(x::TwicePrecision) = Float32(x.hi + x.lo)
Float16(x::TwicePrecision) = Float16(x.hi + x.lo)
canonicalize2(big, little) = (h = big + little; (h, (big - h) + little))
function add12(x::T, y::T) where {T}
    abs(y) > abs(x) ? canonicalize2(y, x) : canonicalize2(x, y)
end
function mul12(x::T, y::T) where {T<:AbstractFloat}
    h = x * y
    (iszero(h) || !isfinite(h)) ? (h, h) : canonicalize2(h, fma(x, y, -h))
end
function _tp_div(x::TwicePrecision{T}, y::TwicePrecision{T}) where {T}
    hi = x.hi / y.hi
    uh, ul = mul12(hi, y.hi)
    lo = ((((x.hi - uh) - ul) + x.lo) - hi * y.lo) / y.hi
    (iszero(hi) || !isfinite(hi)) ? TwicePrecision{T}(hi, hi) : TwicePrecision{T}(canonicalize2(hi, lo)...)
end
truncbits(x::Float64, nb) = reinterpret(Float64, reinterpret(UInt64, x) & (typemax(UInt64) << nb))
truncbits(x::Float32, nb) = reinterpret(Float32, reinterpret(UInt32, x) & (typemax(UInt32) << nb))
_precision(::Type{Float64}) = 53
_precision(::Type{Float32}) = 24
_precision(::Type{Float16}) = 11
function splitprec(::Type{F}, i::Integer) where {F<:AbstractFloat}
    hi = truncbits(F(i), cld(_precision(F), 2))
    ihi = oftype(i, hi)
    hi, F(i - ihi)
end
function twiceprecision(val::TwicePrecision{T}, nb::Integer) where {T}
    hi = truncbits(val.hi, nb)
    TwicePrecision{T}(hi, (val.hi - hi) + val.lo)
end
_top_set_bit(x::Integer) = x <= 0 ? 0 : 64 - leading_zeros(Int(x))
nbitslen(len, offset) = len < 2 ? 0 : _top_set_bit(max(offset - 1, len - offset) - 1) + 1
nbitslen(::Type{T}, len, offset) where {T} = min(cld(_precision(T), 2), nbitslen(len, offset))
_maxintfloat(::Type{Float64}) = 9007199254740992
_maxintfloat(::Type{Float32}) = 16777216
_maxintfloat(::Type{Float16}) = 2048

struct StepRangeLen{T,R,S,L<:Integer} <: AbstractRange{T}
    ref::R
    step::S
    len::L
    offset::L
end
StepRangeLen{T}(ref::R, step::S, len::Integer, offset::Integer) where {T,R,S} =
    StepRangeLen{T,R,S,Int}(ref, step, Int(len), Int(offset))
StepRangeLen{T}(ref::R, step::S, len::Integer) where {T,R,S} = StepRangeLen{T,R,S,Int}(ref, step, Int(len), 1)
StepRangeLen(ref::R, step::S, len::Integer, offset::Integer=1) where {R,S} =
    StepRangeLen{typeof(ref + zero(step)),R,S,Int}(ref, step, Int(len), Int(offset))
StepRangeLen(ref::TwicePrecision{T}, step::TwicePrecision{T}, len::Integer, offset::Integer=1) where {T} =
    StepRangeLen{T,TwicePrecision{T},TwicePrecision{T},Int}(ref, step, Int(len), Int(offset))
steprangelen_hp(::Type{T}, ref::Tuple, step::Tuple{Integer,Integer,Integer}, len, offset) where {T} =
    StepRangeLen(TwicePrecision{T}(ref), TwicePrecision{T}((step[1], step[2]), step[3]), len, offset)
steprangelen_hp(::Type{T}, ref::T, step::T, nb::Integer, len, offset) where {T} =
    StepRangeLen(TwicePrecision{T}(ref), twiceprecision(TwicePrecision{T}(step), nb), len, offset)
steprangelen_hp(::Type{T}, ref::Tuple, step::Tuple, nb::Integer, len, offset) where {T} =
    StepRangeLen(TwicePrecision{T}(ref), TwicePrecision{T}(step, nb), len, offset)

# continued-fraction approximation: (num, den) with num/den == x when a small one exists
function rat(x::T) where {T}
    y = x
    a = d = 1
    b = c = 0
    m = _maxintfloat(T)
    while abs(y) <= m
        f = trunc(Int, y)
        y -= f
        a, c = f * a + c, a
        b, d = f * b + d, b
        max(abs(a), abs(b)) <= m || return c, d
        T(a) / T(b) == x && break
        y = inv(y)
    end
    a, b
end
_isbetween(a, b, c) = a <= b <= c || c <= b <= a
function floatrange(::Type{T}, start_n::Integer, step_n::Integer, len::Integer, den::Integer) where {T}
    if len < 2 || step_n == 0
        return steprangelen_hp(T, (start_n, den), (step_n, den), 0, len, 1)
    end
    imin = clamp(round(Int, -start_n / step_n + 1), 1, Int(len))
    ref_n = start_n + (imin - 1) * step_n
    nb = nbitslen(T, len, imin)
    steprangelen_hp(T, (ref_n, den), (step_n, den, nb), Int(len), imin)
end
function (::Colon)(start::T, step::T, stop::T) where {T<:IEEEFloat}
    step == 0 && throw(ArgumentError("range step cannot be zero"))
    step_n, step_d = rat(step)
    if step_d != 0 && T(step_n / step_d) == step
        start_n, start_d = rat(start)
        stop_n, stop_d = rat(stop)
        if start_d != 0 && stop_d != 0 && T(start_n / start_d) == start && T(stop_n / stop_d) == stop
            den = lcm(start_d, step_d)
            m = _maxintfloat(T)
            if den != 0 && abs(start * den) <= m && abs(step * den) <= m && rem(den, start_d) == 0 && rem(den, step_d) == 0
                start_n = round(Int, start * den)
                step_n = round(Int, step * den)
                len = max(0, Int(div(den * stop_n - stop_d * start_n + step_n * stop_d, step_n * stop_d)))
                if _isbetween(start, start + (len - 1) * step, stop + step / 2) && !_isbetween(start, start + len * step, stop)
                    return floatrange(T, start_n, step_n, len, den)
                end
            end
        end
    end
    lf = (stop - start) / step
    if lf < 0
        len = 0
    elseif lf == 0
        len = 1
    else
        len = round(Int, lf) + 1
        stop2 = start + (len - 1) * step
        len -= (start < stop < stop2) + (start > stop > stop2)
    end
    steprangelen_hp(T, start, step, 0, len, 1)
end
(::Colon)(start::T, stop::T) where {T<:IEEEFloat} = (:)(start, T(1), stop)
(::Colon)(start::Real, step::Real, stop::Real) = (:)(promote(float(start), float(step), float(stop))...)
(::Colon)(start::Real, stop::Real) = (:)(promote(start, stop)...)
(::Colon)(start::T, stop::T) where {T<:Real} = (:)(start, oneunit(T), stop)
length(r::StepRangeLen) = r.len
first(r::StepRangeLen) = _srl_get(r, 1)
last(r::StepRangeLen) = _srl_get(r, r.len)
step(r::StepRangeLen{T}) where {T} = T(r.step)
isempty(r::StepRangeLen) = r.len == 0
function _srl_get(r::StepRangeLen{T,<:TwicePrecision,<:TwicePrecision}, i::Integer) where {T}
    u = i - r.offset
    shift_hi, shift_lo = u * r.step.hi, u * r.step.lo
    x_hi, x_lo = add12(r.ref.hi, shift_hi)
    T(x_hi + (x_lo + (shift_lo + r.ref.lo)))
end
_srl_get(r::StepRangeLen{T}, i::Integer) where {T} = convert(T, r.ref + (i - r.offset) * r.step)
function getindex(r::StepRangeLen, i::Int)
    (1 <= i <= r.len) || throw(BoundsError(r, i))
    _srl_get(r, i)
end
iterate(r::StepRangeLen, i::Int=1) = i > r.len ? nothing : (_srl_get(r, i), i + 1)
function getindex(r::StepRangeLen{T}, s::AbstractUnitRange{Int}) where {T}
    isempty(s) || (1 <= first(s) && last(s) <= r.len) || throw(BoundsError(r, s))
    StepRangeLen{T,typeof(r.ref),typeof(r.step),Int}(r.ref, r.step, length(s), r.offset - first(s) + 1)
end
reverse(r::StepRangeLen{T}) where {T} =
    StepRangeLen{T,typeof(r.ref),typeof(r.step),Int}(r.ref, _negate(r.step), r.len, r.len - r.offset + 1)
_negate(x) = -x
_negate(x::TwicePrecision{T}) where {T} = TwicePrecision{T}(-x.hi, -x.lo)
(-)(r::StepRangeLen{T}) where {T} = StepRangeLen{T,typeof(r.ref),typeof(r.step),Int}(_negate(r.ref), _negate(r.step), r.len, r.offset)
(==)(r::StepRangeLen, s::StepRangeLen) = length(r) == length(s) && (isempty(r) || (first(r) == first(s) && step(r) == step(s) && last(r) == last(s)))

# ---- range(start, stop; length, step) and LinRange
function range(start; stop=nothing, length::Union{Integer,Nothing}=nothing, step=nothing)
    _range(start, step, stop, length)
end
range(start, stop; length::Union{Integer,Nothing}=nothing, step=nothing) = _range(start, step, stop, length)
range(start, stop, length::Integer) = _range(start, nothing, stop, length)
range(; start=nothing, stop=nothing, length::Union{Integer,Nothing}=nothing, step=nothing) = _range(start, step, stop, length)
function _range(start, step, stop, len)
    if start !== nothing && stop !== nothing && len === nothing
        step === nothing && return start:stop
        return start:step:stop
    end
    if start !== nothing && len !== nothing && stop === nothing
        s = step === nothing ? oneunit(start) : step
        if start isa Integer && s isa Integer
            return step === nothing ? UnitRange(start, start + len - 1) : start:s:(start + (len - 1) * s)
        end
        return _range_start_step_length(float(start), float(s), len)
    end
    if stop !== nothing && len !== nothing && start === nothing
        s = step === nothing ? oneunit(stop) : step
        if stop isa Integer && s isa Integer
            return step === nothing ? UnitRange(stop - len + 1, stop) : (stop - (len - 1) * s):s:stop
        end
        return _range_start_step_length(float(stop) - (len - 1) * float(s), float(s), len)
    end
    if start !== nothing && stop !== nothing && len !== nothing
        step === nothing || throw(ArgumentError("Too many arguments specified to specify a range"))
        return _range_start_stop_length(promote(float(start), float(stop))..., len)
    end
    throw(ArgumentError("Too few arguments specified to specify a range"))
end
function _range_start_step_length(a::T, st::T, len::Integer) where {T<:IEEEFloat}
    len < 0 && throw(ArgumentError(string("length cannot be negative, got ", len)))
    start_n, start_d = rat(a)
    step_n, step_d = rat(st)
    if start_d != 0 && step_d != 0 && T(start_n / start_d) == a && T(step_n / step_d) == st
        den = lcm(start_d, step_d)
        m = _maxintfloat(T)
        if abs(den * a) <= m && abs(den * st) <= m && rem(den, start_d) == 0 && rem(den, step_d) == 0
            return floatrange(T, round(Int, den * a), round(Int, den * st), len, den)
        end
    end
    steprangelen_hp(T, a, st, 0, len, 1)
end
function _range_start_stop_length(start::T, stop::T, len::Integer) where {T<:IEEEFloat}
    len < 0 && throw(ArgumentError(string("range(", start, ", stop=", stop, ", length=", len, "): negative length")))
    if len < 2 || start == stop
        len == 1 && start != stop && throw(ArgumentError(string("range(", start, ", stop=", stop, ", length=", len, "): endpoints differ")))
        return steprangelen_hp(T, start, zero(T), 0, len, 1)
    end
    start_n, start_d = rat(start)
    stop_n, stop_d = rat(stop)
    if start_d != 0 && stop_d != 0
        den = lcm(start_d, stop_d)
        m = _maxintfloat(T)
        if den != 0 && abs(den * start) <= m && abs(den * stop) <= m
            start_n = round(Int, den * start)
            stop_n = round(Int, den * stop)
            if T(start_n / den) == start && T(stop_n / den) == stop
                return _linspace(T, start_n, stop_n, len, den)
            end
        end
    end
    _linspace_float(start, stop, len)
end
function _linspace(::Type{T}, start_n::Integer, stop_n::Integer, len::Integer, den::Integer) where {T}
    dn = stop_n - start_n
    tmin = -start_n / T(dn)
    imin = clamp(round(Int, tmin * (len - 1) + 1), 1, Int(len))
    ref_num = (len - imin) * start_n + (imin - 1) * stop_n
    ref_den = (len - 1) * den
    steprangelen_hp(T, (ref_num, ref_den), (dn, ref_den, nbitslen(T, len, imin)), Int(len), imin)
end
function _linspace_float(start::T, stop::T, len::Integer) where {T}
    st = (stop - start) / (len - 1)
    steprangelen_hp(T, start, st, nbitslen(T, len, 1), len, 1)
end

struct LinRange{T,L<:Integer} <: AbstractRange{T}
    start::T
    stop::T
    len::L
    lendiv::L
    function LinRange{T,L}(start, stop, len) where {T,L<:Integer}
        len >= 0 || throw(ArgumentError(string("range(", start, ", stop=", stop, ", length=", len, "): negative length")))
        (len == 1 && start != stop) && throw(ArgumentError(string("range(", start, ", stop=", stop, ", length=", len, "): endpoints differ")))
        new(convert(T, start), convert(T, stop), len, max(len - 1, 1))
    end
end
LinRange{T}(start, stop, len::Integer) where {T} = LinRange{T,Int}(start, stop, Int(len))
LinRange(start, stop, len::Integer) = (T = typeof((stop - start) / 1); LinRange{T}(start, stop, len))
LinRange(start; stop, length::Integer) = LinRange(start, stop, length)
length(r::LinRange) = r.len
first(r::LinRange) = r.start
last(r::LinRange) = r.stop
step(r::LinRange) = (r.stop - r.start) / r.lendiv
isempty(r::LinRange) = r.len == 0
function _lerpi(j, d, a::T, b::T) where {T}
    t = j / d
    T((1 - t) * a + t * b)
end
function getindex(r::LinRange, i::Int)
    (1 <= i <= r.len) || throw(BoundsError(r, i))
    _lerpi(i - 1, r.lendiv, r.start, r.stop)
end
iterate(r::LinRange, i::Int=1) = i > r.len ? nothing : (r[i], i + 1)

# ---- arithmetic on TwicePrecision (for range arithmetic that keeps the extra precision)
function (+)(x::TwicePrecision{T}, y::TwicePrecision{T}) where {T}
    r = x.hi + y.hi
    s = abs(x.hi) > abs(y.hi) ? (((x.hi - r) + y.hi) + y.lo) + x.lo : (((y.hi - r) + x.hi) + x.lo) + y.lo
    TwicePrecision{T}(canonicalize2(r, s)...)
end
(+)(x::TwicePrecision{T}, y::Number) where {T} = x + TwicePrecision{T}(T(y))
(+)(x::Number, y::TwicePrecision) = y + x
(-)(x::TwicePrecision) = _negate(x)
(-)(x::TwicePrecision{T}, y::TwicePrecision{T}) where {T} = x + _negate(y)
(-)(x::TwicePrecision, y::Number) = x + (-y)
(-)(x::Number, y::TwicePrecision) = x + _negate(y)
function (*)(x::TwicePrecision{T}, y::TwicePrecision{T}) where {T}
    zh, zl = mul12(x.hi, y.hi)
    (iszero(zh) || !isfinite(zh)) ? TwicePrecision{T}(zh, zh) : TwicePrecision{T}(canonicalize2(zh, (x.hi * y.lo + x.lo * y.hi) + zl)...)
end
function (*)(x::TwicePrecision{T}, v::Number) where {T}
    v == 0 && return TwicePrecision{T}(x.hi * v, x.lo * v)
    x * TwicePrecision{T}(T(v))
end
# an integer factor: split the high part so that the product is exact
function (*)(x::TwicePrecision{T}, v::Integer) where {T<:IEEEFloat}
    v == 0 && return TwicePrecision{T}(x.hi * v, x.lo * v)
    nb = ndigits(abs(v), base=2) - 1
    u = truncbits(x.hi, nb)
    TwicePrecision{T}(canonicalize2(u * v, ((x.hi - u) + x.lo) * v)...)
end
(*)(v::Number, x::TwicePrecision) = x * v
(/)(x::TwicePrecision{T}, v::Number) where {T} = _tp_div(x, TwicePrecision{T}(T(v)))

# ---- arithmetic on ranges gives ranges, as in Julia
(-)(r::OrdinalRange) = range(-first(r), step=-step(r), length=length(r))
(-)(r::LinRange) = LinRange(-r.start, -r.stop, length(r))
(*)(x::Real, r::AbstractRange) = range(x * first(r), step=x * step(r), length=length(r))
(*)(x::Real, r::StepRangeLen{<:Real,<:TwicePrecision}) =
    StepRangeLen(x * r.ref, twiceprecision(x * r.step, nbitslen(length(r), r.offset)), length(r), r.offset)
(*)(x::Real, r::LinRange) = LinRange(x * r.start, x * r.stop, r.len)
(*)(r::AbstractRange, x::Real) = x * r
(/)(r::AbstractRange, x::Real) = range(first(r) / x, step=step(r) / x, length=length(r))
(/)(r::StepRangeLen{<:Real,<:TwicePrecision}, x::Real) =
    StepRangeLen(r.ref / x, twiceprecision(r.step / x, nbitslen(length(r), r.offset)), length(r), r.offset)
(/)(r::LinRange, x::Real) = LinRange(r.start / x, r.stop / x, r.len)
function (+)(r1::OrdinalRange, r2::OrdinalRange)
    length(r1) == length(r2) || throw(DimensionMismatch("argument dimensions must match: length of r1 is $(length(r1)), length of r2 is $(length(r2))"))
    range(first(r1) + first(r2), step=step(r1) + step(r2), length=length(r1))
end
function (-)(r1::OrdinalRange, r2::OrdinalRange)
    length(r1) == length(r2) || throw(DimensionMismatch("argument dimensions must match: length of r1 is $(length(r1)), length of r2 is $(length(r2))"))
    range(first(r1) - first(r2), step=step(r1) - step(r2), length=length(r1))
end
StepRange(start::T, step::S, stop::T) where {T,S} = StepRange{T,S}(start, step, stop)
