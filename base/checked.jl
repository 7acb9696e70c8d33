# checked.jl -- Base.Checked: integer arithmetic that throws OverflowError instead of wrapping
# (checked_add, checked_sub, checked_mul, checked_neg, checked_abs, checked_pow, ...), with Julia's
# messages, and the *_with_overflow functions returning (result, overflowed).

add_with_overflow(x::T, y::T) where {T<:BitSigned} = checked_sadd_int(x, y)
add_with_overflow(x::T, y::T) where {T<:BitUnsigned} = checked_uadd_int(x, y)
sub_with_overflow(x::T, y::T) where {T<:BitSigned} = checked_ssub_int(x, y)
sub_with_overflow(x::T, y::T) where {T<:BitUnsigned} = checked_usub_int(x, y)
mul_with_overflow(x::T, y::T) where {T<:BitSigned} = checked_smul_int(x, y)
mul_with_overflow(x::T, y::T) where {T<:BitUnsigned} = checked_umul_int(x, y)
add_with_overflow(x::Bool, y::Bool) = (x + y, false)
sub_with_overflow(x::Bool, y::Bool) = (x - y, false)
mul_with_overflow(x::Bool, y::Bool) = (x * y, false)

@noinline throw_overflowerr_binaryop(op, x, y) =
    throw(OverflowError(string(x, " ", op, " ", y, " overflowed for type ", typeof(x))))
@noinline throw_overflowerr_negation(x) =
    throw(OverflowError(string("checked arithmetic: cannot compute -x for x = ", x, "::", typeof(x))))

for (f, g, op) in ((:checked_add, :add_with_overflow, :+), (:checked_sub, :sub_with_overflow, :-),
                   (:checked_mul, :mul_with_overflow, :*))
    @eval function $f(x::T, y::T) where {T<:Union{BitInteger,Bool}}
        z, b = $g(x, y)
        b && throw_overflowerr_binaryop($(QuoteNode(op)), x, y)
        z
    end
    @eval $f(x::Integer, y::Integer) = $f(promote(x, y)...)
    @eval $f(x::Integer) = x
    @eval $f(x, y, z, rest...) = $f($f(x, y), z, rest...)
end
checked_add(x::T, y::T) where {T<:Integer} = x + y   # BigInt and other unbounded integers
checked_sub(x::T, y::T) where {T<:Integer} = x - y
checked_mul(x::T, y::T) where {T<:Integer} = x * y

function checked_neg(x::T) where {T<:BitInteger}
    (T <: BitSigned ? x == typemin(T) : x != 0) && throw_overflowerr_negation(x)
    -x
end
checked_neg(x::Integer) = -x
function checked_abs(x::BitSigned)
    x == typemin(x) &&
        throw(OverflowError(string("checked arithmetic: cannot compute |x| for x = ", x, "::", typeof(x))))
    abs(x)
end
checked_abs(x::Integer) = abs(x)
checked_div(x::Integer, y::Integer) = div(x, y)
checked_rem(x::Integer, y::Integer) = rem(x, y)
checked_fld(x::Integer, y::Integer) = fld(x, y)
checked_mod(x::Integer, y::Integer) = mod(x, y)
checked_cld(x::Integer, y::Integer) = cld(x, y)
checked_pow(x::Integer, y::Integer) = power_by_squaring(x, y, checked_mul)

module Checked
import ..Base: checked_add, checked_sub, checked_mul, checked_neg, checked_abs, checked_div, checked_rem,
    checked_fld, checked_mod, checked_cld, checked_pow, add_with_overflow, sub_with_overflow,
    mul_with_overflow
export checked_add, checked_sub, checked_mul, checked_neg, checked_abs, checked_div, checked_rem,
    checked_fld, checked_mod, checked_cld, checked_pow, add_with_overflow, sub_with_overflow,
    mul_with_overflow
end
