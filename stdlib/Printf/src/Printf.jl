# Printf.jl -- C-style formatted output: `@printf`, `@sprintf`, `Printf.Format`, `Printf.format`.
#
# A format string is parsed once into a `Format`: the literal pieces between conversions and one
# `Spec` per conversion. Integer conversions are rendered here (with Julia's rules: a negative
# value prints as '-' and the magnitude even for %x/%o/%u; a float given to an integer conversion
# is printed as %.0f). Finite floats for %e %f %g %a are rendered by libc's snprintf with the
# spec's flags and precision (exactly C's digits); non-finite floats print "Inf"/"NaN" as Julia
# does. Width padding is applied here for every conversion, following Julia's Printf.
# Invariants: Format(str) throws InvalidFormatStringError for every malformed string, so the
# macros reject bad strings at expansion time; formatting never reads past the argument list
# (the argument count is checked first).

module Printf

export @printf, @sprintf

struct InvalidFormatStringError <: Exception
    message::String
    format::String
    start_color::Int
    end_color::Int
end

function Base.showerror(io::IO, err::InvalidFormatStringError)
    println(io, "InvalidFormatStringError: ", err.message)
    f = err.format
    n = ncodeunits(f)
    a = min(err.start_color, n + 1)
    b = min(err.end_color, n)
    print(io, "    \"", f[1:a-1])
    bad = f[a:b]
    print(io, bad)
    println(io, f[b+1:n], "\"")
    print(io, "    ", " "^err.start_color, "-"^max(length(bad) - 1, 0), "^\n")
end

# one conversion; width/precision -1 means "not given"; dynamic_* means taken from the arguments
struct Spec
    conv::Char
    leftalign::Bool
    plus::Bool
    space::Bool
    zero::Bool
    hash::Bool
    width::Int
    precision::Int
    dynamic_width::Bool
    dynamic_precision::Bool
end

#     Printf.Format(format_str)
#
# A parsed C printf-style format; use it with `Printf.format`.
struct Format
    str::String
    pieces::Vector{String}   # literal text; length(pieces) == length(specs) + 1
    specs::Vector{Spec}
    numarguments::Int
end

const INTCONV = "diouxX"
const FLOATCONV = "eEfFgGaA"

isintconv(c::Char) = occursin(c, INTCONV)
isfloatconv(c::Char) = occursin(c, FLOATCONV)

incomplete(f, s, e) = throw(InvalidFormatStringError("Format specifier is incomplete", f, s, e))

function Format(f::AbstractString)
    f = String(f)
    isempty(f) && throw(InvalidFormatStringError("Format string must not be empty", f, 1, 1))
    bytes = codeunits(f)
    len = length(bytes)
    pieces = String[]
    specs = Spec[]
    nargs = 0
    lit = IOBuffer()
    pos = 1
    while pos <= len
        b = bytes[pos]
        if b != UInt8('%')
            write(lit, b)
            pos += 1
            continue
        end
        start = pos
        pos += 1
        pos > len && incomplete(f, start, start)
        if bytes[pos] == UInt8('%')
            write(lit, UInt8('%'))
            pos += 1
            continue
        end
        push!(pieces, String(take!(lit)))
        # flags
        leftalign = plus = space = zero = hash = false
        while pos <= len
            c = bytes[pos]
            if c == UInt8('-')
                leftalign = true
            elseif c == UInt8('+')
                plus = true
            elseif c == UInt8(' ')
                space = true
            elseif c == UInt8('0')
                zero = true
            elseif c == UInt8('#')
                hash = true
            else
                break
            end
            pos += 1
        end
        pos > len && incomplete(f, start, pos - 1)
        leftalign && (zero = false)
        # width
        width = -1
        dynw = false
        if bytes[pos] == UInt8('*')
            dynw = true
            nargs += 1
            pos += 1
        else
            while pos <= len && UInt8('0') <= bytes[pos] <= UInt8('9')
                width = (width < 0 ? 0 : 10width) + Int(bytes[pos] - UInt8('0'))
                pos += 1
            end
        end
        pos > len && incomplete(f, start, pos - 1)
        # precision
        prec = -1
        dynp = false
        if bytes[pos] == UInt8('.')
            pos += 1
            pos > len && throw(InvalidFormatStringError("Precision specifier is missing precision", f, start, pos - 1))
            prec = 0
            if bytes[pos] == UInt8('*')
                dynp = true
                nargs += 1
                pos += 1
            else
                while pos <= len && UInt8('0') <= bytes[pos] <= UInt8('9')
                    prec = 10prec + Int(bytes[pos] - UInt8('0'))
                    pos += 1
                end
            end
            pos > len && incomplete(f, start, pos - 1)
        end
        # length modifiers are accepted and ignored
        c = bytes[pos]
        if c == UInt8('h') || c == UInt8('l')
            pos += 1
            pos > len && throw(InvalidFormatStringError("Length modifier is missing type specifier", f, start, pos - 1))
            if bytes[pos] == c
                pos += 1
                pos > len && throw(InvalidFormatStringError("Length modifier is missing type specifier", f, start, pos - 1))
            end
        elseif occursin(Char(c), "Ljqtz")
            pos += 1
            pos > len && throw(InvalidFormatStringError("Length modifier is missing type specifier", f, start, pos - 1))
        end
        conv = Char(bytes[pos])
        if !occursin(conv, "diouxXDOUeEfFgGaAcCsSp")
            throw(InvalidFormatStringError(string("'", conv, "' is not a valid type specifier"), f, start, pos))
        end
        pos += 1
        conv == 'D' && (conv = 'd')
        conv == 'O' && (conv = 'o')
        conv == 'U' && (conv = 'u')
        conv == 'C' && (conv = 'c')
        conv == 'S' && (conv = 's')
        if isintconv(conv) && prec > 0
            zero = false
        elseif isfloatconv(conv) && prec < 0 && !(conv == 'a' || conv == 'A')
            prec = 6
        end
        nargs += 1
        push!(specs, Spec(conv, leftalign, plus, space, zero, hash, width, prec, dynw, dynp))
    end
    push!(pieces, String(take!(lit)))
    Format(f, pieces, specs, nargs)
end

macro format_str(str)
    Format(str)
end

# ---- padding helpers ----

function pad(io::IO, c::Char, n::Integer)
    for _ in 1:n
        print(io, c)
    end
end

# ---- characters and strings ----

# widths are display widths (textwidth), as in Julia: "%5s" of "你" pads with 3 spaces
function fmt_char(io::IO, s::Spec, arg)
    c = Char(first(arg))
    w = textwidth(c)
    !s.leftalign && s.width > w && pad(io, ' ', s.width - w)
    print(io, c)
    s.leftalign && s.width > w && pad(io, ' ', s.width - w)
end

# Julia's rules: a precision limits the display width (a character that would exceed it ends the
# output); `#` quotes strings and prefixes symbols with ':' (its two/one columns count in the width)
function fmt_string(io::IO, s::Spec, arg)
    str = string(arg)
    quoted = s.hash && arg isa AbstractString
    slen = textwidth(str) + (s.hash ? (quoted ? 2 : 1) : 0)
    room = s.precision < 0 ? slen : min(slen, s.precision)
    shown = room
    !s.leftalign && s.width > room && pad(io, ' ', s.width - room)
    if s.hash && (arg isa Symbol || quoted)
        print(io, arg isa Symbol ? ':' : '"')
        room -= 1
    end
    for c in str
        room -= textwidth(c)
        room < 0 && break
        print(io, c)
    end
    quoted && room > 0 && print(io, '"')
    s.leftalign && s.width > shown && pad(io, ' ', s.width - shown)
end

# ---- integers ----

function fmt_int(io::IO, s::Spec, arg)
    if arg isa AbstractFloat
        return fmt_float(io, Spec('f', s.leftalign, s.plus, s.space, s.zero, s.hash, s.width, 0, false, false), arg)
    end
    x = arg isa Bool ? Int(arg) : arg isa Rational ? Integer(arg) : arg
    neg = x < 0
    base = (s.conv == 'x' || s.conv == 'X') ? 16 : s.conv == 'o' ? 8 : 10
    mag = x isa Base.BitSigned ? Base.uabs(x) : abs(x)   # uabs(typemin) is the exact magnitude
    digits = string(mag, base = base)
    s.conv == 'X' && (digits = uppercase(digits))
    n = length(digits)
    prefix = neg ? "-" : s.plus ? "+" : s.space ? " " : ""
    if s.hash
        s.conv == 'o' && (prefix = string(prefix, "0"))
        s.conv == 'x' && (prefix = string(prefix, "0x"))
        s.conv == 'X' && (prefix = string(prefix, "0X"))
    end
    arglen = n + length(prefix)
    width = s.width
    prec = s.precision
    arglen2 = arglen < width && prec > 0 ? arglen + min(max(0, prec - n), width - arglen) : arglen
    if !s.leftalign && !s.zero && arglen2 < width
        pad(io, ' ', width - arglen2)
    end
    print(io, prefix)
    if s.zero && arglen2 < width
        pad(io, '0', width - arglen2)
    elseif n < prec
        pad(io, '0', prec - n)
    elseif arglen < arglen2
        pad(io, '0', arglen2 - arglen)
    end
    print(io, digits)
    if s.leftalign && arglen2 < width
        pad(io, ' ', width - arglen2)
    end
end

# ---- floats ----

tofloat(x) = Float64(x)
tofloat(x::Float64) = x
tofloat(x::Float32) = Float64(x)

const SNBUF = Vector{UInt8}(undef, 1024)

# C's rendering of a finite value without width: flags + # space, precision, conversion
function c_float(s::Spec, x::Float64)
    fio = IOBuffer()
    print(fio, '%')
    s.plus && print(fio, '+')
    s.space && print(fio, ' ')
    s.hash && print(fio, '#')
    if s.precision >= 0
        print(fio, '.', s.precision)
    end
    print(fio, s.conv)
    cfmt = String(take!(fio))
    need = ccall(:snprintf, Cint, (Ptr{UInt8}, Csize_t, Ptr{UInt8}, Float64...), SNBUF, length(SNBUF), cfmt, x)
    if need >= length(SNBUF)
        big = Vector{UInt8}(undef, Int(need) + 1)
        ccall(:snprintf, Cint, (Ptr{UInt8}, Csize_t, Ptr{UInt8}, Float64...), big, length(big), cfmt, x)
        return unsafe_string(pointer(big))
    end
    unsafe_string(pointer(SNBUF))
end

# "…p+E" / "…P-E" with the exponent moved by `d`
function shift_hex_exponent(str::String, d::Int)
    i = ncodeunits(str)
    while codeunit(str, i) != UInt8('p') && codeunit(str, i) != UInt8('P')
        i -= 1
    end
    e = parse(Int, str[i+1:end]) + d
    string(str[1:i], e < 0 ? "-" : "+", abs(e))
end

function fmt_float(io::IO, s::Spec, arg)
    x = tofloat(arg)
    if isnan(x)
        body = "NaN"
        signlen = 0
    elseif isinf(x)
        body = x < 0 ? "-Inf" : s.plus ? "+Inf" : s.space ? " Inf" : "Inf"
        signlen = length(body) - 3
    elseif (s.conv == 'a' || s.conv == 'A') && x != 0 && abs(x) < 2.2250738585072014e-308
        # Julia normalizes subnormals (0x1.xp-1031) where C prints 0x0.xp-1022
        body = shift_hex_exponent(c_float(s, x * 0x1p64), -64)
        signlen = (x < 0 || s.plus || s.space) ? 3 : 2
    else
        body = c_float(s, x)
        signlen = (x < 0 || signbit(x) || s.plus || s.space) ? 1 : 0
        if s.conv == 'a' || s.conv == 'A'
            signlen += 2   # zero padding goes after "0x"
        end
    end
    n = length(body)
    if n >= s.width
        print(io, body)
    elseif s.leftalign
        print(io, body)
        pad(io, ' ', s.width - n)
    elseif s.zero    # Julia zero-pads Inf/NaN too ("000Inf"); C would pad with spaces
        print(io, body[1:signlen])
        pad(io, '0', s.width - n)
        print(io, body[signlen+1:end])
    else
        pad(io, ' ', s.width - n)
        print(io, body)
    end
end

# ---- driver ----

function fmt_one(io::IO, s::Spec, arg)
    c = s.conv
    if isintconv(c)
        fmt_int(io, s, arg)
    elseif isfloatconv(c)
        fmt_float(io, s, arg)
    elseif c == 'c'
        fmt_char(io, s, arg)
    elseif c == 's'
        fmt_string(io, s, arg)
    else # 'p'
        fmt_int(io, Spec('x', s.leftalign, s.plus, s.space, s.zero, true, s.width, 16, false, false), UInt64(arg))
    end
end

argmismatch(a, b) =
    throw(ArgumentError(string("Number of format specifiers and number of provided args differ: ", a, " != ", b)))

#     Printf.format(f::Printf.Format, args...) -> String
#     Printf.format(io::IO, f::Printf.Format, args...)
#
# Apply the format `f` to `args`, returning a string or printing to `io`.
function format(io::IO, f::Format, args...)
    f.numarguments == length(args) || argmismatch(f.numarguments, length(args))
    out = IOBuffer()
    print(out, f.pieces[1])
    argp = 1
    for i in 1:length(f.specs)
        s = f.specs[i]
        if s.dynamic_width || s.dynamic_precision
            width = s.width
            prec = s.precision
            leftalign = s.leftalign
            zero = s.zero
            if s.dynamic_width
                width = Int(args[argp])
                argp += 1         # (a negative width pads nothing, as in Julia; C would left-justify)
            end
            if s.dynamic_precision
                prec = Int(args[argp])
                argp += 1
                if prec < 0
                    prec = isfloatconv(s.conv) && !(s.conv == 'a' || s.conv == 'A') ? 6 : -1
                end
                if zero && isintconv(s.conv) && prec > 0
                    zero = false
                end
            end
            s = Spec(s.conv, leftalign, s.plus, s.space, zero, s.hash, width, prec, false, false)
        end
        fmt_one(out, s, args[argp])
        argp += 1
        print(out, f.pieces[i+1])
    end
    write(io, take!(out))
    nothing
end

function format(f::Format, args...)
    io = IOBuffer()
    format(io, f, args...)
    String(take!(io))
end

#     @printf([io::IO], "%Fmt", args...)
#
# Print `args` using a C `printf`-style format string, optionally to `io`.
macro printf(io_or_fmt, args...)
    if io_or_fmt isa String
        fmt = Format(io_or_fmt)
        return esc(:($Printf.format(stdout, $fmt, $(args...))))
    end
    (length(args) >= 1 && args[1] isa String) ||
        throw(ArgumentError("First or second argument must be a format string"))
    fmt = Format(args[1])
    esc(:($Printf.format($io_or_fmt, $fmt, $(Base.tail(args)...))))
end

#     @sprintf("%Fmt", args...)
#
# Return the `@printf`-formatted output as a string.
macro sprintf(fmt, args...)
    fmt isa String || throw(ArgumentError("First argument to `@sprintf` must be a format string."))
    f = Format(fmt)
    esc(:($Printf.format($f, $(args...))))
end

end # module
