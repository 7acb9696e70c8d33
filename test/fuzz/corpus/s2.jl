struct A{T} <: B
  x::T
  A() = new(1)
end
@m x y
r"a\d"i
`ls $x`
x -> x.a[end-1]
"""
  doc $x
  """
f(x)
