# gen_ziggurat.py -- writes src/ziggurat_tables.jl: the 256-layer normal and exponential ziggurat
# tables (randmtzig construction) computed in 50-digit arithmetic (needs mpmath). The asserts
# spot-check entries against the values Julia 1.10 uses.
import mpmath
mpmath.mp.dps = 50
R = mpmath.mpf('3.6541528853610087963519472518')
V = R*mpmath.exp(-R*R/2) + mpmath.sqrt(mpmath.pi/2)*mpmath.erfc(R/mpmath.sqrt(2))
M = mpmath.mpf(2)**51
ki=[0]*256; wi=[0]*256; fi=[0]*256
x1=R
wi[255]=x1/M; fi[255]=mpmath.exp(-x1*x1/2)
ki[0]=int(mpmath.floor(x1*fi[255]/V*M)); wi[0]=V/fi[255]/M; fi[0]=mpmath.mpf(1)
for i in range(254,0,-1):
    x=mpmath.sqrt(-2*mpmath.log(V/x1+fi[i+1]))
    ki[i+1]=int(mpmath.floor(x/x1*M)); wi[i]=x/M; fi[i]=mpmath.exp(-x*x/2); x1=x
ki[1]=0
wi=[float(w) for w in wi]; fi=[float(f) for f in fi]
# exponential: r = 7.6971174701310497140446280481, v = (r + 1) exp(-r), 52-bit thresholds
RE = mpmath.mpf('7.6971174701310497140446280481')
VE = (RE + 1) * mpmath.exp(-RE)
ME = mpmath.mpf(2)**52
ke=[0]*256; we=[0]*256; fe=[0]*256
x1=RE
we[255]=x1/ME; fe[255]=mpmath.exp(-x1)
ke[0]=int(mpmath.floor(x1*fe[255]/VE*ME)); we[0]=VE/fe[255]/ME; fe[0]=mpmath.mpf(1)
for i in range(254,0,-1):
    x=-mpmath.log(VE/x1+fe[i+1])
    ke[i+1]=int(mpmath.floor(x/x1*ME)); we[i]=x/ME; fe[i]=mpmath.exp(-x); x1=x
ke[1]=0
we=[float(w) for w in we]; fe=[float(f) for f in fe]
assert ke[255]==0x000e6da6ecf27460 and we[0]==1.9311480126418366e-15 and fe[255]==4.5413435384149677e-04
assert ki[16]==0x0007ced483edfa84 and ki[254]==0x0007b362fbf81816 and wi[2]==1.2708704834810623e-16 and fi[3]==0.9451989534422991 and fi[254]==2.6090727461021627e-03
def rows(vals, fmt, per):
    out=[]
    for i in range(0,len(vals),per):
        out.append("    " + ", ".join(fmt(v) for v in vals[i:i+per]) + ",")
    return "\n".join(out)
import os
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "src", "ziggurat_tables.jl"), "w") as f:
    f.write("# ziggurat_tables.jl -- the 256-layer normal ziggurat tables used by randn (the randmtzig\n"
            "# construction: r = 3.6541528853610087963519472518, v = r f(r) + integral of f from r to Inf,\n"
            "# 51-bit integer thresholds). Generated in 50-digit arithmetic by the script in\n"
            "# stdlib/Random/gen_ziggurat.py and rounded to Float64/UInt64; they equal Julia 1.10's tables.\n\n")
    f.write("const KI = UInt64[\n" + rows(ki, lambda v: "0x%016x" % v, 4) + "]\n\n")
    f.write("const WI = Float64[\n" + rows(wi, repr, 4) + "]\n\n")
    f.write("const FI = Float64[\n" + rows(fi, repr, 4) + "]\n\n")
    f.write("# exponential ziggurat (randexp): r = 7.6971174701310497140446280481, v = (r + 1) exp(-r)\n\n")
    f.write("const KE = UInt64[\n" + rows(ke, lambda v: "0x%016x" % v, 4) + "]\n\n")
    f.write("const WE = Float64[\n" + rows(we, repr, 4) + "]\n\n")
    f.write("const FE = Float64[\n" + rows(fe, repr, 4) + "]\n")
