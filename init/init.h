/*
 * init.h -- what the startup sequence calls in the layers above src/. Each layer exports its own init
 * function; init/ is the only caller.
 */
#ifndef JL_INIT_H
#define JL_INIT_H
#include "julep.h"

JL_DLLEXPORT void jl_init_serializer(void);  /* serializer/ */
JL_DLLEXPORT void jl_init_codegen(void);     /* codegen/ (runtime side; loads LLVM only if it must) */
JL_DLLEXPORT int jl_codegen_loaded(void);    /* codegen/ */
JL_DLLEXPORT void jl_compile_bootstrap_done(void); /* codegen/compile.c: JIT from now on (Base loaded) */
#endif
