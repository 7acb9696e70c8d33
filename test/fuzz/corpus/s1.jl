function f(x::Int, y; z=1)
    a = x + y * 2 - z
    if a > 0
        return [a b; c d]
    end
    s = "v=$(a) ok $b"
    g(a) do t; t^2 end
end
