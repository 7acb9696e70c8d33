# runtests.jl -- runs every test/lang/*.jl in its own julep process (a crash or an uncaught error in one
# file cannot hide the others), collects the Test totals each one reports, and ends with the line
# `N passed, N failed` (failed counts failed and errored tests, and files that did not finish).
# Exit status 1 when anything failed. Usage: julep test/runtests.jl [name-filter...]; extra julep
# options for the child processes can be given in $JULEP_TEST_FLAGS.

const LANGDIR = joinpath(@__DIR__, "lang")
const JULEP = ccall(:jl_exe_path, Any, ())::String

# run a shell command, returning (output, exit status)
function run_capture(cmd::String)
    p = ccall(:popen, Ptr{Cvoid}, (Ptr{UInt8}, Ptr{UInt8}), pointer(cmd), pointer("r"))
    p == C_NULL && error("popen failed: ", cmd)
    io = IOBuffer()
    buf = Vector{UInt8}(undef, 4096)
    while true
        n = ccall(:fread, Csize_t, (Ptr{UInt8}, Csize_t, Csize_t, Ptr{Cvoid}), pointer(buf), 1, length(buf), p)
        n == 0 && break
        for i in 1:Int(n)
            write(io, buf[i])
        end
    end
    st = ccall(:pclose, Cint, (Ptr{Cvoid},), p)
    (String(take!(io)), Int(st) >> 8)
end
shellquote(s::String) = "'" * replace(s, "'" => "'\\''") * "'"

function main(filters)
    files = sort([f for f in readdir(LANGDIR) if endswith(f, ".jl") && (isempty(filters) || any(x -> occursin(x, f), filters))])
    passed = 0
    failed = 0
    for f in files
        path = joinpath(LANGDIR, f)
        # an error escaping the file (outside any @testset) counts as one failure
        driver = string("using Test; err = 0; try; include(", repr(path), "); catch e; (e isa LoadError ? e.error : e) isa Test.TestSetException || (global err = 1); ",
                        "Base.display_error(e, catch_backtrace()); end; ",
                        "t = Test.totals(); println(\"\\n#counts \", t[1], \" \", t[2] + t[3] + err)")
        flags = get(ENV, "JULEP_TEST_FLAGS", "")   # e.g. --compile=min
        out, st = run_capture(string(shellquote(JULEP), " ", flags, " -e ", shellquote(driver), " 2>&1"))
        m = findlast("#counts ", out)
        if m === nothing
            print(out)
            println("$f: did not finish (exit status $st)")
            failed += 1
            continue
        end
        counts = split(strip(out[last(m)+1:end]), ' ')
        p = parse(Int, counts[1])
        fl = parse(Int, counts[2])
        passed += p
        failed += fl
        body = out[1:first(m)-1]
        if fl > 0 || st != 0
            print(body)
        end
        println(rpad(f, 28), lpad(p, 5), " passed", fl > 0 ? string(", ", fl, " failed") : "")
    end
    println(passed, " passed, ", failed, " failed")
    failed == 0
end

exit(main(ARGS) ? 0 : 1)
