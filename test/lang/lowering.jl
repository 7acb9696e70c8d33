# lowering.jl -- end-to-end checks of lowered constructs (scopes, closures, boxes, try/catch,
# destructuring, defaults, keywords). Uses only Core until Base's Test exists.
function closure_capture(x)
    g = y -> Core.tuple(x, y)
    g
end
Core.typeassert(closure_capture(1)(2) === (1, 2) ? nothing : Core.throw("closure capture"), Nothing)

function boxed_counter()
    c = 0
    inc() = (c = Core.tuple(c))
    inc(); inc()
    c
end
boxed_counter() === ((0,),) || Core.throw("boxed capture")

function catch_value()
    try
        Core.throw(3)
    catch e
        Core.tuple(e, 1)
    end
end
catch_value() === (3, 1) || Core.throw("try/catch")

let a = 1, b = 2
    a, b = b, a
    (a, b) === (2, 1) || Core.throw("swap")
end

defaults(x, y = x) = Core.tuple(x, y)
defaults(5) === (5, 5) || Core.throw("default positional argument")

kwdefaults(; k = 1, j = k) = Core.tuple(k, j)
kwdefaults() === (1, 1) || Core.throw("keyword defaults see earlier keywords")
