try
 x'
catch e
finally
end
using A: b, @c
import ..B as C
for i = 1:n, j in x; end
[x for x in y if x > 0]
T[1 2;;3]
x = ('\u03b1', 0x1p3, 1f0, 1e10, 0b101)
a ? b : c .+= 2 => 3 |> f <| g
