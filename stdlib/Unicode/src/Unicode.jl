# Unicode.jl -- the Unicode standard library: `using Unicode` gives graphemes and
# isequal_normalized, and Unicode.normalize / Unicode.isassigned / Unicode.julia_chartransform,
# all implemented by Base.Unicode on utf8proc.
module Unicode

export graphemes, isequal_normalized

import Base.Unicode: normalize, graphemes, isequal_normalized

# Base exports an unrelated `isassigned` (arrays, Refs): this module's own function forwards
isassigned(c) = Base.Unicode.isassigned(c)

end # module Unicode
