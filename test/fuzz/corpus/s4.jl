module M
export a
const x = 1 #= c #= d =# =#
global y::Int
let a = 1, b
end
while true break end
abstract type Q end
primitive type P 8 end
quote $(x) end
:(a + :b)
end
