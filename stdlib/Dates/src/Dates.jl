# Dates.jl -- the Dates stdlib (Julia 1.10's API, written for julep): Date (days since the Rata Die
# epoch, 0001-01-01 is day 1), DateTime (milliseconds on the same epoch), Time (nanoseconds since
# midnight), the periods Year ... Nanosecond with their arithmetic (month and year steps clamp to the
# end of the month), CompoundPeriod, accessors and adjusters, DateFormat parsing/formatting
# (y m d H M S s u U e E codes), ISO `show`/`string`, date ranges, now()/today().
module Dates

import Base: +, -, *, /, ==, <, <=, isless, isequal, hash, show, print, string, div, rem, mod, fld,
    abs, zero, one, iszero, convert, length, step, isempty, (:), iterate, trunc, floor, ceil, round, min, max, sign, typemin,
    typemax, isfinite, promote_rule, eltype

export Period, DatePeriod, TimePeriod, Year, Quarter, Month, Week, Day, Hour, Minute, Second, Millisecond,
    Microsecond, Nanosecond, CompoundPeriod, canonicalize, TimeType, AbstractDateTime, DateTime, Date,
    Time, UTC, TimeZone, now, today, unix2datetime, datetime2unix, rata2datetime, datetime2rata,
    year, month, week, day, hour, minute, second, millisecond, microsecond, nanosecond, dayofmonth,
    yearmonth, monthday, yearmonthday, dayofweek, isleapyear, daysinmonth, daysinyear, dayofyear,
    dayname, dayabbr, monthname, monthabbr, quarterofyear, dayofquarter, firstdayofweek, lastdayofweek,
    firstdayofmonth, lastdayofmonth, firstdayofyear, lastdayofyear, firstdayofquarter,
    lastdayofquarter, tonext, toprev, Monday, Tuesday, Wednesday, Thursday, Friday, Saturday, Sunday,
    Mon, Tue, Wed, Thu, Fri, Sat, Sun, January, February, March, April, May, June, July, August,
    September, October, November, December, Jan, Feb, Mar, Apr, Jun, Jul, Aug, Sep, Oct, Nov, Dec,
    DateFormat, @dateformat_str, ISODateTimeFormat, ISODateFormat, ISOTimeFormat, DateParseError

# ---------------------------------------------------------------- periods
abstract type AbstractTime end
abstract type Period <: AbstractTime end
abstract type DatePeriod <: Period end
abstract type TimePeriod <: Period end

for (P, S) in ((:Year, DatePeriod), (:Quarter, DatePeriod), (:Month, DatePeriod), (:Week, DatePeriod),
               (:Day, DatePeriod), (:Hour, TimePeriod), (:Minute, TimePeriod), (:Second, TimePeriod),
               (:Millisecond, TimePeriod), (:Microsecond, TimePeriod), (:Nanosecond, TimePeriod))
    @eval begin
        struct $P <: $S
            value::Int64
            $P(v::Number) = new(Int64(v))
        end
        $P(p::$P) = p
    end
end
value(p::Period) = p.value

# one method per period type, not a Dict keyed by types: a Dict whose keys hash by address must be
# rehashed (interpreted) by every process that loads it from the system image
for (P, name) in ((:Year, "year"), (:Quarter, "quarter"), (:Month, "month"), (:Week, "week"), (:Day, "day"),
                  (:Hour, "hour"), (:Minute, "minute"), (:Second, "second"), (:Millisecond, "millisecond"),
                  (:Microsecond, "microsecond"), (:Nanosecond, "nanosecond"))
    @eval _period_name(::$P) = $name
end
_units(p::Period) = string(value(p), " ", _period_name(p), abs(value(p)) == 1 ? "" : "s")
print(io::IO, p::Period) = print(io, _units(p))
show(io::IO, ::MIME"text/plain", p::Period) = print(io, p)
function show(io::IO, p::Period)
    if get(io, :compact, false)
        print(io, p)
    else
        print(io, nameof(typeof(p)), '(', value(p), ')')
    end
end

# fixed periods convert through nanoseconds; Year/Quarter/Month through months
_ns(::Type{Week}) = 604800000000000
_ns(::Type{Day}) = 86400000000000
_ns(::Type{Hour}) = 3600000000000
_ns(::Type{Minute}) = 60000000000
_ns(::Type{Second}) = 1000000000
_ns(::Type{Millisecond}) = 1000000
_ns(::Type{Microsecond}) = 1000
_ns(::Type{Nanosecond}) = 1
_months(::Type{Year}) = 12
_months(::Type{Quarter}) = 3
_months(::Type{Month}) = 1
const FixedPeriod = Union{Week,Day,Hour,Minute,Second,Millisecond,Microsecond,Nanosecond}
const OtherPeriod = Union{Year,Quarter,Month}
_convert_period(::Type{P}, n::Int64, num::Int64, den::Int64) where {P} =
    (x = n * num; rem(x, den) == 0 ? P(div(x, den)) : throw(InexactError(Symbol(nameof(P)), P, n)))
for P in (:Week, :Day, :Hour, :Minute, :Second, :Millisecond, :Microsecond, :Nanosecond)
    @eval $P(p::FixedPeriod) = _convert_period($P, value(p), _ns(typeof(p)), _ns($P))
end
for P in (:Year, :Quarter, :Month)
    @eval $P(p::OtherPeriod) = _convert_period($P, value(p), _months(typeof(p)), _months($P))
end

zero(::Type{P}) where {P<:Period} = P(0)
zero(p::Period) = zero(typeof(p))
one(::Type{P}) where {P<:Period} = 1
iszero(p::Period) = value(p) == 0
abs(p::P) where {P<:Period} = P(abs(value(p)))
sign(p::Period) = sign(value(p))
-(p::P) where {P<:Period} = P(-value(p))
+(a::P, b::P) where {P<:Period} = P(value(a) + value(b))
-(a::P, b::P) where {P<:Period} = P(value(a) - value(b))
*(a::P, n::Integer) where {P<:Period} = P(value(a) * n)
*(n::Integer, a::P) where {P<:Period} = P(n * value(a))
div(a::P, n::Integer) where {P<:Period} = P(div(value(a), n))
div(a::P, b::P) where {P<:Period} = div(value(a), value(b))
rem(a::P, b::P) where {P<:Period} = P(rem(value(a), value(b)))
mod(a::P, b::P) where {P<:Period} = P(mod(value(a), value(b)))
fld(a::P, b::P) where {P<:Period} = fld(value(a), value(b))
/(a::P, b::P) where {P<:Period} = value(a) / value(b)
/(a::P, n::Integer) where {P<:Period} = P(div(value(a), n))
# fixed periods compare across kinds (Day(7) == Week(1)), as do Year/Quarter/Month
==(a::FixedPeriod, b::FixedPeriod) = _tons(a) == _tons(b)
isless(a::FixedPeriod, b::FixedPeriod) = _tons(a) < _tons(b)
==(a::OtherPeriod, b::OtherPeriod) = value(Month(a)) == value(Month(b))
isless(a::OtherPeriod, b::OtherPeriod) = value(Month(a)) < value(Month(b))
<(a::Period, b::Period) = isless(a, b)
<=(a::Period, b::Period) = !isless(b, a)
_tons(p::FixedPeriod) = Int128(value(p)) * _ns(typeof(p))
hash(p::Period, h::UInt) = hash(value(p), hash(nameof(typeof(p)), h))
min(a::P, b::P) where {P<:Period} = a < b ? a : b
max(a::P, b::P) where {P<:Period} = a < b ? b : a

# ---- CompoundPeriod: a sum of periods of different kinds, largest first
const _period_order = (Year, Quarter, Month, Week, Day, Hour, Minute, Second, Millisecond, Microsecond, Nanosecond)
struct CompoundPeriod <: AbstractTime
    periods::Vector{Period}
    # same kinds summed, zeros dropped, largest kind first (Julia's normal form)
    function CompoundPeriod(ps::Vector{<:Period})
        acc = Dict{DataType,Int64}()
        for p in ps
            acc[typeof(p)] = get(acc, typeof(p), 0) + value(p)
        end
        out = Period[]
        for T in _period_order
            v = get(acc, T, 0)
            v == 0 || push!(out, T(v))
        end
        new(out)
    end
end
CompoundPeriod(ps::Period...) = CompoundPeriod(Period[ps...])
+(a::Period, b::Period) = CompoundPeriod(Period[a, b])
-(a::Period, b::Period) = CompoundPeriod(Period[a, -b])
+(a::CompoundPeriod, b::Period) = CompoundPeriod(Period[a.periods..., b])
+(a::Period, b::CompoundPeriod) = CompoundPeriod(Period[a, b.periods...])
+(a::CompoundPeriod, b::CompoundPeriod) = CompoundPeriod(Period[a.periods..., b.periods...])
-(a::CompoundPeriod, b::Period) = CompoundPeriod(Period[a.periods..., -b])
-(a::CompoundPeriod) = CompoundPeriod(Period[-p for p in a.periods])
==(a::CompoundPeriod, b::CompoundPeriod) = canonicalize(a).periods == canonicalize(b).periods
==(a::CompoundPeriod, b::Period) = a == CompoundPeriod(b)
==(a::Period, b::CompoundPeriod) = CompoundPeriod(a) == b
function print(io::IO, x::CompoundPeriod)
    if isempty(x.periods)
        print(io, "empty period")
    else
        for (i, p) in enumerate(x.periods)
            i > 1 && print(io, ", ")
            print(io, p)
        end
    end
end
show(io::IO, x::CompoundPeriod) = print(io, x)
# fixed periods carried into larger units (Julia's canonicalize): 90 minutes -> 1 hour, 30 minutes
function canonicalize(x::CompoundPeriod)
    months = 0
    ns = Int128(0)
    for p in x.periods
        p isa OtherPeriod ? (months += value(Month(p))) : (ns += Int128(value(p)) * _ns(typeof(p)))
    end
    out = Period[]
    y, m = divrem(months, 12)
    y != 0 && push!(out, Year(y))
    m != 0 && push!(out, Month(m))
    neg = ns < 0
    ns = abs(ns)
    for T in (Week, Day, Hour, Minute, Second, Millisecond, Microsecond, Nanosecond)
        q, ns = divrem(ns, Int128(_ns(T)))
        q != 0 && push!(out, T(neg ? -Int64(q) : Int64(q)))
    end
    CompoundPeriod(out)
end
canonicalize(p::Period) = canonicalize(CompoundPeriod(p))

# ---------------------------------------------------------------- instants
abstract type TimeType <: AbstractTime end
abstract type AbstractDateTime <: TimeType end
abstract type TimeZone end
struct UTC <: TimeZone end

struct UTInstant{P<:Period}
    periods::P
end

struct DateTime <: AbstractDateTime
    instant::UTInstant{Millisecond}
    DateTime(instant::UTInstant{Millisecond}) = new(instant)
end
struct Date <: TimeType
    instant::UTInstant{Day}
    Date(instant::UTInstant{Day}) = new(instant)
end
struct Time <: TimeType
    instant::Nanosecond
    Time(instant::Nanosecond) = new(instant)
end
value(dt::DateTime) = dt.instant.periods.value
value(dt::Date) = dt.instant.periods.value
value(t::Time) = t.instant.value
UTM(x) = UTInstant(Millisecond(x))
UTD(x) = UTInstant(Day(x))

# ---- calendar arithmetic (proleptic Gregorian; day 1 is 0001-01-01)
const SHIFTEDMONTHDAYS = (306, 337, 0, 31, 61, 92, 122, 153, 184, 214, 245, 275)
function totaldays(y::Int64, m::Int64, d::Int64)
    z = m < 3 ? y - 1 : y    # count years from March so the leap day comes last
    d + SHIFTEDMONTHDAYS[m] + 365z + fld(z, 4) - fld(z, 100) + fld(z, 400) - 306
end
function yearmonthday(days::Int64)
    z = days + 306
    h = 100z - 25
    a = fld(h, 3652425)
    b = a - fld(a, 4)
    y = fld(100b + h, 36525)
    c = b + z - 365y - fld(y, 4)
    m = div(5c + 456, 153)
    d = c - div(153m - 457, 5)
    m > 12 ? (y + 1, m - 12, d) : (y, m, d)
end
isleapyear(y::Integer) = (y % 4 == 0) && ((y % 100 != 0) || (y % 400 == 0))
const DAYSINMONTH = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)
daysinmonth(y::Integer, m::Integer) = DAYSINMONTH[m] + (m == 2 && isleapyear(y))
daysinyear(y::Integer) = 365 + isleapyear(y)

function _check_ymd(y, m, d)
    1 <= m <= 12 || throw(ArgumentError(string("Month: ", m, " out of range (1:12)")))
    dim = daysinmonth(y, m)
    1 <= d <= dim || throw(ArgumentError(string("Day: ", d, " out of range (1:", dim, ")")))
end
function _check_hms(h, mi, s, ms)
    0 <= h <= 23 || throw(ArgumentError(string("Hour: ", h, " out of range (0:23)")))
    0 <= mi <= 59 || throw(ArgumentError(string("Minute: ", mi, " out of range (0:59)")))
    0 <= s <= 59 || throw(ArgumentError(string("Second: ", s, " out of range (0:59)")))
    0 <= ms <= 999 || throw(ArgumentError(string("Millisecond: ", ms, " out of range (0:999)")))
end

function Date(y::Integer, m::Integer=1, d::Integer=1)
    _check_ymd(y, m, d)
    Date(UTD(totaldays(Int64(y), Int64(m), Int64(d))))
end
function DateTime(y::Integer, m::Integer=1, d::Integer=1, h::Integer=0, mi::Integer=0, s::Integer=0, ms::Integer=0)
    _check_ymd(y, m, d)
    _check_hms(h, mi, s, ms)
    days = totaldays(Int64(y), Int64(m), Int64(d))
    DateTime(UTM(ms + 1000 * (s + 60mi + 3600h + 86400 * days)))
end
function Time(h::Integer, mi::Integer=0, s::Integer=0, ms::Integer=0, us::Integer=0, ns::Integer=0)
    _check_hms(h, mi, s, ms)
    0 <= us <= 999 || throw(ArgumentError(string("Microsecond: ", us, " out of range (0:999)")))
    0 <= ns <= 999 || throw(ArgumentError(string("Nanosecond: ", ns, " out of range (0:999)")))
    Time(Nanosecond(ns + 1000us + 1000000ms + 1000000000s + 60000000000mi + 3600000000000h))
end
Date(y::Year, m::Month=Month(1), d::Day=Day(1)) = Date(value(y), value(m), value(d))
DateTime(y::Year, m::Month=Month(1), d::Day=Day(1)) = DateTime(value(y), value(m), value(d))
Date(dt::DateTime) = Date(UTD(fld(value(dt), 86400000)))
Date(d::Date) = d
DateTime(dt::DateTime) = dt
DateTime(d::Date) = DateTime(UTM(value(d) * 86400000))
DateTime(d::Date, t::Time) = DateTime(UTM(value(d) * 86400000 + div(value(t), 1000000)))
Time(dt::DateTime) = Time(Nanosecond(mod(value(dt), 86400000) * 1000000))
convert(::Type{Date}, dt::DateTime) = Date(dt)
convert(::Type{DateTime}, d::Date) = DateTime(d)

# ---- accessors
days(d::Date) = value(d)
days(dt::DateTime) = fld(value(dt), 86400000)
year(t::TimeType) = yearmonthday(days(t))[1]
month(t::TimeType) = yearmonthday(days(t))[2]
day(t::TimeType) = yearmonthday(days(t))[3]
dayofmonth(t::TimeType) = day(t)
yearmonth(t::TimeType) = (ymd = yearmonthday(days(t)); (ymd[1], ymd[2]))
monthday(t::TimeType) = (ymd = yearmonthday(days(t)); (ymd[2], ymd[3]))
yearmonthday(t::TimeType) = yearmonthday(days(t))
hour(dt::DateTime) = mod(fld(value(dt), 3600000), 24)
minute(dt::DateTime) = mod(fld(value(dt), 60000), 60)
second(dt::DateTime) = mod(fld(value(dt), 1000), 60)
millisecond(dt::DateTime) = mod(value(dt), 1000)
hour(::Date) = 0
minute(::Date) = 0
second(::Date) = 0
millisecond(::Date) = 0
hour(t::Time) = mod(fld(value(t), 3600000000000), 24)
minute(t::Time) = mod(fld(value(t), 60000000000), 60)
second(t::Time) = mod(fld(value(t), 1000000000), 60)
millisecond(t::Time) = mod(fld(value(t), 1000000), 1000)
microsecond(t::Time) = mod(fld(value(t), 1000), 1000)
nanosecond(t::Time) = mod(value(t), 1000)
week(t::TimeType) = _isoweek(days(t))
function _isoweek(days::Int64)
    w = div(abs(days - 1), 7) % 20871
    c, w = divrem(w + (w >= 10435), 5218)
    w = (w * 28 + (15, 23, 3, 11)[c + 1]) % 1461
    div(w, 28) + 1
end
for (f, P) in ((:year, :Year), (:month, :Month), (:day, :Day), (:week, :Week), (:hour, :Hour),
               (:minute, :Minute), (:second, :Second), (:millisecond, :Millisecond))
    @eval $P(t::TimeType) = $P($f(t))
end
Microsecond(t::Time) = Microsecond(microsecond(t))
Nanosecond(t::Time) = Nanosecond(nanosecond(t))

const Monday, Tuesday, Wednesday, Thursday, Friday, Saturday, Sunday = 1, 2, 3, 4, 5, 6, 7
const Mon, Tue, Wed, Thu, Fri, Sat, Sun = 1, 2, 3, 4, 5, 6, 7
const January, February, March, April, May, June, July, August, September, October, November, December = 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12
const Jan, Feb, Mar, Apr, Jun, Jul, Aug, Sep, Oct, Nov, Dec = 1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12
_mod1(x::Integer, y::Integer) = mod(x - 1, y) + 1
const DAYNAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
const DAYABBRS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
const MONTHNAMES = ("January", "February", "March", "April", "May", "June", "July", "August", "September",
                    "October", "November", "December")
const MONTHABBRS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")

dayofweek(t::TimeType) = _mod1(days(t), 7)
dayname(t::TimeType) = DAYNAMES[dayofweek(t)]
dayname(i::Integer) = DAYNAMES[_mod1(i, 7)]
dayabbr(t::TimeType) = DAYABBRS[dayofweek(t)]
dayabbr(i::Integer) = DAYABBRS[_mod1(i, 7)]
monthname(t::TimeType) = MONTHNAMES[month(t)]
monthname(i::Integer) = MONTHNAMES[_mod1(i, 12)]
monthabbr(t::TimeType) = MONTHABBRS[month(t)]
monthabbr(i::Integer) = MONTHABBRS[_mod1(i, 12)]
isleapyear(t::TimeType) = isleapyear(year(t))
daysinmonth(t::TimeType) = ((y, m) = yearmonth(t); daysinmonth(y, m))
daysinyear(t::TimeType) = daysinyear(year(t))
dayofyear(t::TimeType) = ((y, m, d) = yearmonthday(t); d + (m > 1 ? sum(DAYSINMONTH[1:m-1]) : 0) + (m > 2 && isleapyear(y)))
quarterofyear(t::TimeType) = div(month(t) - 1, 3) + 1
dayofquarter(t::TimeType) = value(Date(t) - firstdayofquarter(Date(t))) + 1

# ---- adjusters
_same(t::Date, d::Date) = d
_same(t::DateTime, d::Date) = DateTime(d)
firstdayofweek(t::TimeType) = _same(t, Date(t) - Day(dayofweek(t) - 1))
lastdayofweek(t::TimeType) = _same(t, Date(t) + Day(7 - dayofweek(t)))
firstdayofmonth(t::TimeType) = ((y, m) = yearmonth(t); _same(t, Date(y, m, 1)))
lastdayofmonth(t::TimeType) = ((y, m) = yearmonth(t); _same(t, Date(y, m, daysinmonth(y, m))))
firstdayofyear(t::TimeType) = _same(t, Date(year(t), 1, 1))
lastdayofyear(t::TimeType) = _same(t, Date(year(t), 12, 31))
firstdayofquarter(t::TimeType) = _same(t, Date(year(t), 3 * (quarterofyear(t) - 1) + 1, 1))
lastdayofquarter(t::TimeType) = ((y, q) = (year(t), quarterofyear(t)); _same(t, Date(y, 3q, daysinmonth(y, 3q))))
function tonext(t::TimeType, dow::Integer; same::Bool=false)
    n = mod(dow - dayofweek(t), 7)
    t + Day(n == 0 && !same ? 7 : n)
end
function toprev(t::TimeType, dow::Integer; same::Bool=false)
    n = mod(dayofweek(t) - dow, 7)
    t - Day(n == 0 && !same ? 7 : n)
end

# ---- arithmetic: month and year steps keep the day, clamped to the month's length
function _addmonths(y::Int64, m::Int64, d::Int64, n::Int64)
    ny, nm = divrem(y * 12 + (m - 1) + n, 12)
    if nm < 0
        nm += 12
        ny -= 1
    end
    nm += 1
    ny, nm, min(d, daysinmonth(ny, nm))
end
function +(dt::Date, p::Union{Month,Year,Quarter})
    y, m, d = yearmonthday(dt)
    ny, nm, nd = _addmonths(y, m, d, value(Month(p)))
    Date(ny, nm, nd)
end
function +(dt::DateTime, p::Union{Month,Year,Quarter})
    y, m, d = yearmonthday(dt)
    ny, nm, nd = _addmonths(y, m, d, value(Month(p)))
    DateTime(UTM(mod(value(dt), 86400000) + 86400000 * totaldays(ny, nm, nd)))
end
+(dt::Date, p::Union{Week,Day}) = Date(UTD(value(dt) + value(Day(p))))
+(dt::DateTime, p::FixedPeriod) = DateTime(UTM(value(dt) + div(value(Nanosecond(p)), 1000000)))
+(t::Time, p::TimePeriod) = Time(Nanosecond(mod(value(t) + value(Nanosecond(p)), 86400000000000)))
+(dt::Date, t::Time) = DateTime(dt, t)
+(t::Time, dt::Date) = DateTime(dt, t)
+(p::Period, dt::TimeType) = dt + p
-(dt::TimeType, p::Period) = dt + (-p)
+(dt::TimeType, c::CompoundPeriod) = (for p in c.periods; dt += p; end; dt)
-(dt::TimeType, c::CompoundPeriod) = dt + (-c)
-(a::Date, b::Date) = Day(value(a) - value(b))
-(a::DateTime, b::DateTime) = Millisecond(value(a) - value(b))
-(a::Time, b::Time) = Nanosecond(value(a) - value(b))

==(a::T, b::T) where {T<:TimeType} = value(a) == value(b)
isless(a::T, b::T) where {T<:TimeType} = value(a) < value(b)
<(a::T, b::T) where {T<:TimeType} = value(a) < value(b)
<=(a::T, b::T) where {T<:TimeType} = value(a) <= value(b)
==(a::Date, b::DateTime) = DateTime(a) == b
==(a::DateTime, b::Date) = a == DateTime(b)
isless(a::Date, b::DateTime) = isless(DateTime(a), b)
isless(a::DateTime, b::Date) = isless(a, DateTime(b))
hash(t::TimeType, h::UInt) = hash(value(t), hash(nameof(typeof(t)), h))
min(a::T, b::T) where {T<:TimeType} = a < b ? a : b
max(a::T, b::T) where {T<:TimeType} = a < b ? b : a
typemin(::Type{Date}) = Date(-252522163911150, 1, 1)
typemax(::Type{Date}) = Date(252522163911149, 12, 31)

# ---- ranges: Date(2020):Day(1):Date(2020, 1, 5)
(:)(start::T, step::Period, stop::T) where {T<:TimeType} = StepRange{T,typeof(step)}(start, step, stop)
(:)(start::T, stop::T) where {T<:Date} = StepRange{T,Day}(start, Day(1), stop)
function Base._steprange_last(start::T, step::Period, stop::T) where {T<:TimeType}
    if (value(step) > 0 && stop < start) || (value(step) < 0 && stop > start)
        return start - step
    end
    start + step * _nsteps(start, step, stop)
end
# how many whole steps fit between start and stop (month steps are not of fixed length)
function _nsteps(start::TimeType, step::Period, stop::TimeType)
    value(step) == 0 && throw(ArgumentError("step cannot be zero"))
    if step isa OtherPeriod
        n = div(12 * (year(stop) - year(start)) + month(stop) - month(start), value(Month(step)))
        while n > 0 && (value(step) > 0 ? start + step * n > stop : start + step * n < stop)
            n -= 1
        end
        return n
    end
    unit = start isa Date ? Day(1) : start isa DateTime ? Millisecond(1) : Nanosecond(1)
    total = value(stop - start)
    per = div(value(Nanosecond(step)), value(Nanosecond(unit)))
    div(total, per)
end
function length(r::StepRange{T}) where {T<:TimeType}
    ((value(r.step) > 0) ? r.stop < r.start : r.stop > r.start) && return 0
    _nsteps(r.start, r.step, r.stop) + 1
end
isempty(r::StepRange{T}) where {T<:TimeType} = length(r) == 0
function iterate(r::StepRange{T}, i::Int = 0) where {T<:TimeType}
    i >= length(r) && return nothing
    (r.start + r.step * i, i + 1)
end
Base.getindex(r::StepRange{T}, i::Int) where {T<:TimeType} =
    (1 <= i <= length(r) ? r.start + r.step * (i - 1) : throw(BoundsError(r, i)))
eltype(::Type{StepRange{T,S}}) where {T<:TimeType,S} = T

# ---------------------------------------------------------------- formatting and parsing
struct DateParseError <: Exception
    msg::String
end
Base.showerror(io::IO, e::DateParseError) = print(io, "DateParseError: ", e.msg)

struct DateFormat
    tokens::Vector{Any}     # Char codes with widths as (code, width), literal strings as String
    str::String
end
const _codes = "yYmdHMSsuUeE"
function DateFormat(f::AbstractString)
    tokens = Any[]
    lit = IOBuffer()
    cs = collect(f)
    i = 1
    while i <= length(cs)
        c = cs[i]
        if c == '\\' && i < length(cs)
            print(lit, cs[i+1])
            i += 2
        elseif c in _codes
            s = String(take!(lit))
            isempty(s) || push!(tokens, s)
            j = i
            while j <= length(cs) && cs[j] == c
                j += 1
            end
            push!(tokens, (c, j - i))
            i = j
        else
            print(lit, c)
            i += 1
        end
    end
    s = String(take!(lit))
    isempty(s) || push!(tokens, s)
    DateFormat(tokens, String(f))
end
DateFormat(f::AbstractString, locale) = DateFormat(f)
macro dateformat_str(s)
    DateFormat(s)
end
show(io::IO, df::DateFormat) = (print(io, "dateformat\""); print(io, df.str); print(io, '"'))
const ISODateTimeFormat = DateFormat("yyyy-mm-dd\\THH:MM:SS.s")
const ISODateFormat = DateFormat("yyyy-mm-dd")
const ISOTimeFormat = DateFormat("HH:MM:SS.s")

_pad(n::Integer, w::Int) = lpad(string(n), w, '0')
function _format_token(io::IO, t, tok::Tuple{Char,Int})
    c, w = tok
    if c == 'y' || c == 'Y'
        y = year(t)
        s = string(abs(y))
        if c == 'y' && w < length(s) && w <= 2     # `yy` keeps the last digits
            s = s[end-w+1:end]
        end
        print(io, y < 0 ? "-" : "", lpad(s, w, '0'))
    elseif c == 'm'
        print(io, _pad(month(t), w))
    elseif c == 'd'
        print(io, _pad(day(t), w))
    elseif c == 'H'
        print(io, _pad(hour(t), w))
    elseif c == 'M'
        print(io, _pad(minute(t), w))
    elseif c == 'S'
        print(io, _pad(second(t), w))
    elseif c == 's'
        ms = millisecond(t)
        s = _pad(ms, 3)
        print(io, w >= 3 ? rpad(s, w, '0') : rstrip(s, '0') |> x -> isempty(x) ? "0" : x)
    elseif c == 'u'
        print(io, monthabbr(t))
    elseif c == 'U'
        print(io, monthname(t))
    elseif c == 'e'
        print(io, dayabbr(t))
    elseif c == 'E'
        print(io, dayname(t))
    end
end
function format(io::IO, t::TimeType, df::DateFormat)
    for tok in df.tokens
        tok isa String ? print(io, tok) : _format_token(io, t, tok)
    end
end
format(t::TimeType, df::DateFormat) = sprint(format, t, df)
format(t::TimeType, f::AbstractString) = format(t, DateFormat(f))
string(t::TimeType, df::DateFormat) = format(t, df)

function print(io::IO, d::Date)
    y, m, dd = yearmonthday(d)
    print(io, y < 0 ? "-" : "", lpad(string(abs(y)), 4, '0'), '-', _pad(m, 2), '-', _pad(dd, 2))
end
function print(io::IO, dt::DateTime)
    print(io, Date(dt), 'T', _pad(hour(dt), 2), ':', _pad(minute(dt), 2), ':', _pad(second(dt), 2))
    ms = millisecond(dt)
    ms == 0 || print(io, '.', _pad(ms, 3))
end
function print(io::IO, t::Time)
    print(io, _pad(hour(t), 2), ':', _pad(minute(t), 2), ':', _pad(second(t), 2))
    frac = mod(value(t), 1000000000)
    if frac != 0
        print(io, '.', rstrip(_pad(frac, 9), '0'))
    end
end
string(t::TimeType) = sprint(print, t)
show(io::IO, ::MIME"text/plain", t::TimeType) = print(io, t)
function show(io::IO, d::Union{Date,DateTime})
    if get(io, :compact, false)
        print(io, d)
    else
        print(io, nameof(typeof(d)), "(\"", d, "\")")
    end
end
function show(io::IO, t::Time)
    if get(io, :compact, false)
        print(io, t)
    else
        vals = (hour(t), minute(t), second(t), millisecond(t), microsecond(t), nanosecond(t))
        n = 1
        for i in 1:6
            vals[i] != 0 && (n = i)
        end
        print(io, "Time(", join(vals[1:n], ", "), ')')
    end
end

# ---- parsing: numeric fields take as many digits as are there, or their width when the next
# field follows without a delimiter ("yyyymmdd")
function _parse_fields(str::AbstractString, df::DateFormat)
    s = collect(str)
    vals = Dict{Char,Int}()
    i = 1
    toks = df.tokens
    for k in 1:length(toks)
        tok = toks[k]
        if tok isa String
            for c in tok
                (i <= length(s) && s[i] == c) || throw(ArgumentError(string("Unable to parse date time. Expected directive Delim(", tok, ") at char ", i)))
                i += 1
            end
            continue
        end
        c, w = tok
        if c in "uUeE"
            names = c == 'u' ? MONTHABBRS : c == 'U' ? MONTHNAMES : c == 'e' ? DAYABBRS : DAYNAMES
            found = false
            for (idx, nm) in enumerate(names)
                n = length(nm)
                if i + n - 1 <= length(s) && lowercase(join(s[i:i+n-1])) == lowercase(nm)
                    (c == 'u' || c == 'U') && (vals['m'] = idx)
                    i += n
                    found = true
                    break
                end
            end
            found || throw(ArgumentError(string("Unable to parse date time. Expected directive DatePart(", repeat(string(c), w), ") at char ", i)))
            continue
        end
        fixed = k < length(toks) && !(toks[k+1] isa String)
        neg = c in "yY" && i <= length(s) && s[i] == '-'
        neg && (i += 1)
        j = i
        while j <= length(s) && isdigit(s[j]) && (!fixed || j - i < w)
            j += 1
        end
        j == i && throw(ArgumentError(string("Unable to parse date time. Expected directive DatePart(", repeat(string(c), w), ") at char ", i)))
        v = parse(Int, join(s[i:j-1]))
        if c == 's'   # fractional seconds: digits after the point, scaled to milliseconds
            nd = j - i
            v = nd <= 3 ? v * 10^(3 - nd) : div(v, 10^(nd - 3))
        end
        vals[c == 'Y' ? 'y' : c] = neg ? -v : v
        i = j
    end
    i <= length(s) && throw(ArgumentError(string("Unable to parse date time. Found trailing characters \"", join(s[i:end]), "\"")))
    vals
end
function _parse_datetime(str, df::DateFormat)
    # ISO strings may leave out the fractional seconds
    if df === ISODateTimeFormat
        occursin('.', str) || return _parse_datetime(str, DateFormat("yyyy-mm-dd\\THH:MM:SS"))
    end
    _parse_fields(str, df)
end
Date(str::AbstractString, df::DateFormat=ISODateFormat) =
    (v = _parse_fields(str, df); Date(get(v, 'y', 1), get(v, 'm', 1), get(v, 'd', 1)))
Date(str::AbstractString, f::AbstractString) = Date(str, DateFormat(f))
function DateTime(str::AbstractString, df::DateFormat=ISODateTimeFormat)
    v = df === ISODateTimeFormat && !occursin('T', str) ? _parse_fields(str, ISODateFormat) : _parse_datetime(str, df)
    DateTime(get(v, 'y', 1), get(v, 'm', 1), get(v, 'd', 1), get(v, 'H', 0), get(v, 'M', 0), get(v, 'S', 0), get(v, 's', 0))
end
DateTime(str::AbstractString, f::AbstractString) = DateTime(str, DateFormat(f))
function Time(str::AbstractString, df::DateFormat=ISOTimeFormat)
    v = df === ISOTimeFormat && !occursin('.', str) ? _parse_fields(str, DateFormat("HH:MM:SS")) : _parse_fields(str, df)
    Time(get(v, 'H', 0), get(v, 'M', 0), get(v, 'S', 0), get(v, 's', 0))
end
Time(str::AbstractString, f::AbstractString) = Time(str, DateFormat(f))
Base.parse(::Type{T}, str::AbstractString, df::DateFormat) where {T<:TimeType} = T(str, df)
Base.parse(::Type{T}, str::AbstractString) where {T<:TimeType} = T(str)
Base.tryparse(::Type{T}, str::AbstractString) where {T<:TimeType} =
    tryparse(T, str, T === Date ? ISODateFormat : T === Time ? ISOTimeFormat : ISODateTimeFormat)
function Base.tryparse(::Type{T}, str::AbstractString, df::DateFormat) where {T<:TimeType}
    try
        T(str, df)
    catch e
        e isa ArgumentError || rethrow()
        nothing
    end
end

# ---------------------------------------------------------------- clocks
const UNIXEPOCH = 62135683200000   # value(DateTime(1970))
unix2datetime(x::Real) = DateTime(UTM(UNIXEPOCH + round(Int64, 1000 * x)))
datetime2unix(dt::DateTime) = (value(dt) - UNIXEPOCH) / 1000.0
rata2datetime(days::Integer) = DateTime(Date(UTD(days)))
datetime2rata(t::TimeType) = days(t)
now(::Type{UTC}) = unix2datetime(time())
function now()
    t = time()
        tm = zeros(UInt8, 64)   # struct tm: tm_gmtoff (a long) is at byte 40 on 64-bit Linux
    r = Ref{Int64}(Int64(floor(t)))
    ccall(:localtime_r, Ptr{Cvoid}, (Ptr{Int64}, Ptr{UInt8}), r, tm)
    off = Int64(0)
    for k in 8:-1:1
        off = (off << 8) | tm[40+k]
    end
    unix2datetime(t + off)
end
today() = Date(now())


# ---- rounding (Julia's Dates/rounding.jl): floor to a multiple of a period counted from the epoch
# 0000-01-01T00:00:00 (weeks from Monday 0000-01-03); ceil is the next multiple unless already on
# one; round takes the nearer, ties up. trunc(t, P) drops the fields finer than P.
const _DATEEPOCH = value(Date(0))
const _WEEKEPOCH = value(Date(0, 1, 3))
const _DATETIMEEPOCH = value(DateTime(0))
function _check_round_period(p::Period)
    value(p) < 1 && throw(DomainError(p))
    p
end
function floor(dt::Date, p::Year)
    _check_round_period(p)
    y = year(dt)
    Date(y - mod(y, value(p)))
end
function floor(dt::Date, p::Month)
    _check_round_period(p)
    y, m = yearmonth(dt)
    since = y * 12 + m - 1
    off = since - mod(since, value(p))
    tm = mod(off, 12) + 1
    Date(div(off, 12) - (off < 0 && tm != 1), tm)
end
floor(dt::Date, p::Quarter) = floor(dt, Month(3 * value(p)))
function floor(dt::Date, p::Week)
    _check_round_period(p)
    d = value(dt) - _WEEKEPOCH
    Date(UTD(_WEEKEPOCH + d - mod(d, 7 * value(p))))
end
function floor(dt::Date, p::Day)
    _check_round_period(p)
    d = value(dt) - _DATEEPOCH
    Date(UTD(_DATEEPOCH + d - mod(d, value(p))))
end
floor(dt::DateTime, p::DatePeriod) = DateTime(floor(Date(dt), p))
function floor(dt::DateTime, p::TimePeriod)
    _check_round_period(p)
    ms = value(dt) - _DATETIMEEPOCH
    DateTime(UTM(_DATETIMEEPOCH + ms - mod(ms, div(value(Nanosecond(p)), 1000000))))
end
ceil(dt::TimeType, p::Period) = (f = floor(dt, p); dt == f ? f : f + p)
function round(dt::TimeType, p::Period)
    f = floor(dt, p)
    c = dt == f ? f : f + p
    (dt - f) < (c - dt) ? f : c
end
floor(dt::TimeType, ::Type{P}) where {P<:Period} = floor(dt, P(1))
ceil(dt::TimeType, ::Type{P}) where {P<:Period} = ceil(dt, P(1))
round(dt::TimeType, ::Type{P}) where {P<:Period} = round(dt, P(1))
trunc(dt::Date, ::Type{Year}) = Date(year(dt))
trunc(dt::Date, ::Type{Month}) = Date(yearmonth(dt)...)
trunc(dt::Date, ::Type{Day}) = dt
trunc(dt::DateTime, ::Type{Year}) = DateTime(year(dt))
trunc(dt::DateTime, ::Type{Month}) = DateTime(yearmonth(dt)...)
trunc(dt::DateTime, ::Type{Day}) = DateTime(Date(dt))
trunc(dt::DateTime, ::Type{Hour}) = dt - Minute(minute(dt)) - Second(second(dt)) - Millisecond(millisecond(dt))
trunc(dt::DateTime, ::Type{Minute}) = dt - Second(second(dt)) - Millisecond(millisecond(dt))
trunc(dt::DateTime, ::Type{Second}) = dt - Millisecond(millisecond(dt))
trunc(dt::DateTime, ::Type{Millisecond}) = dt

end # module Dates
