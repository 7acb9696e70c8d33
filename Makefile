# Makefile -- rules only; configuration lives in Make.inc.
#   make deps | make | make run | make test | make test-unit | make install PREFIX=... | make clean
include Make.inc

RUNTIME_SRCS := $(wildcard src/*.c gc/*.c init/*.c serializer/*.c sysimage/*.c) \
                $(filter-out codegen/llvm_%.c,$(wildcard codegen/*.c))
CODEGEN_SRCS := $(wildcard codegen/llvm_*.c)
CLI_SRCS     := $(wildcard cli/*.c)
UNIT_SRCS    := $(wildcard test/unit/*.c)
HEADERS      := $(wildcard src/*.h gc/*.h init/*.h serializer/*.h sysimage/*.h codegen/*.h cli/*.h)

RUNTIME_OBJS := $(RUNTIME_SRCS:%.c=$(OBJDIR)/%.o)
CODEGEN_OBJS := $(CODEGEN_SRCS:%.c=$(OBJDIR)/%.o)
CLI_OBJS     := $(CLI_SRCS:%.c=$(OBJDIR)/%.o)
UNIT_OBJS    := $(UNIT_SRCS:%.c=$(OBJDIR)/%.o)

LIBJULEP     := $(LIBDIR)/libjulep.so
LIBCODEGEN   := $(LIBDIR)/libjulep-codegen.so
UNIT_BIN     := $(BUILDDIR)/test/unit-tests
SHAREDIR     := $(USRDIR)/share/julep

.PHONY: all deps run test test-unit test-lang install clean check-pkgs
.DEFAULT_GOAL := all

SYSIMAGE     := $(LIBDIR)/julep/sys.ji

all: check-pkgs $(JULEP) $(LIBCODEGEN) $(SHAREDIR)/base $(SYSIMAGE)

check-pkgs:
	@[ "$(HAVE_PKGS)" = yes ] && command -v $(LLVM_CONFIG) >/dev/null || \
	  { echo "julep: build dependencies are missing; run 'make deps' first"; exit 1; }

deps:
	@missing=""; for p in $(DEB_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -z "$$missing" ]; then echo "deps: all Debian packages present"; exit 0; fi; \
	if [ "$$(id -u)" = 0 ]; then \
	  echo "deps: installing$$missing"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	else \
	  echo "julep needs these Debian packages:$$missing"; \
	  echo "run: sudo apt-get install -y$$missing"; exit 1; \
	fi

$(OBJDIR)/codegen/llvm_%.o: codegen/llvm_%.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(LLVM_CFLAGS) -c $< -o $@

$(OBJDIR)/test/unit/%.o: test/unit/%.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(CRITERION_CFLAGS) -fvisibility=default -c $< -o $@

$(OBJDIR)/%.o: %.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -c $< -o $@

$(LIBJULEP): $(RUNTIME_OBJS)
	@mkdir -p $(dir $@)
	$(CC) -shared -o $@ $^ $(LDFLAGS_ALL) -Wl,-soname,libjulep.so $(GC_LIBS) $(UV_LIBS) $(FFI_LIBS) -ldl -lm

$(LIBCODEGEN): $(CODEGEN_OBJS) $(LIBJULEP)
	@mkdir -p $(dir $@)
	$(CC) -shared -o $@ $(CODEGEN_OBJS) $(LDFLAGS_ALL) -Wl,--no-as-needed $(LLVM_LIBS) -Wl,--as-needed \
	  -L$(LIBDIR) -ljulep -Wl,-rpath,'$$ORIGIN'

$(JULEP): $(CLI_OBJS) $(LIBJULEP)
	@mkdir -p $(dir $@)
	$(CC) -o $@ $(CLI_OBJS) $(LDFLAGS_ALL) -L$(LIBDIR) -ljulep -Wl,-rpath,'$$ORIGIN/../lib'

# Base and the stdlib are read from share/julep next to the binary; in the build tree that is a link
# to the sources, so edits need no rebuild.
$(SHAREDIR)/base:
	@mkdir -p $(SHAREDIR)
	ln -sfn $(CURDIR)/base $(SHAREDIR)/base
	ln -sfn $(CURDIR)/stdlib $(SHAREDIR)/stdlib

# The default system image (docs/sysimage.md): julep without an image bootstraps Base from source, loads
# the stdlibs and runs sysimage/precompile.jl, then writes the heap. Rebuilt whenever the runtime (its
# build id changes), Base or the stdlib change. The same run writes the native code sys.so beside it.
$(SYSIMAGE): $(JULEP) $(LIBJULEP) $(LIBCODEGEN) $(SHAREDIR)/base sysimage/precompile.jl \
             $(wildcard base/*.jl base/*/*.jl) $(wildcard stdlib/*/src/*.jl)
	@mkdir -p $(dir $@)
	ASAN_OPTIONS=detect_leaks=0 $(JULEP) --output-ji $@ sysimage/precompile.jl || { rm -f $@ $(@:.ji=.so); exit 1; }

# cli/options.o is part of the executable, not the library; its tests link it directly
$(UNIT_BIN): $(UNIT_OBJS) $(OBJDIR)/cli/options.o $(LIBJULEP)
	@mkdir -p $(dir $@)
	$(CC) -o $@ $(UNIT_OBJS) $(OBJDIR)/cli/options.o $(LDFLAGS_ALL) -L$(LIBDIR) -ljulep -Wl,-rpath,$(LIBDIR) \
	  $(CRITERION_LIBS) $(GC_LIBS) $(UV_LIBS) -ldl -lm

run: deps
	@$(MAKE) --no-print-directory all
	$(JULEP)

# All tests: language tests first, the Criterion suite last (its summary line closes the output).
test: deps
	@$(MAKE) --no-print-directory all $(UNIT_BIN)
	@$(MAKE) --no-print-directory test-lang
	@$(MAKE) --no-print-directory test-unit

test-unit: all $(UNIT_BIN)
	JULEP_BIN=$(JULEP) JULEP_SRCDIR=$(CURDIR) ASAN_OPTIONS=detect_leaks=0 \
	  $(UNIT_BIN) --color=never $(CRITERION_ARGS)

test-lang: all
	@if [ -f test/runtests.jl ] && [ -n "$(wildcard test/lang/*.jl)" ] && \
	    $(JULEP) -e 'exit(0)' >/dev/null 2>&1; then \
	  ASAN_OPTIONS=detect_leaks=0 $(JULEP) test/runtests.jl; \
	else echo "test-lang: language tests need the interpreter (not built yet); skipped"; fi

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib $(DESTDIR)$(PREFIX)/share/julep
	install -m 755 $(JULEP) $(DESTDIR)$(PREFIX)/bin/julep
	install -m 755 $(LIBJULEP) $(LIBCODEGEN) $(DESTDIR)$(PREFIX)/lib/
	install -d $(DESTDIR)$(PREFIX)/lib/julep
	install -m 644 $(SYSIMAGE) $(DESTDIR)$(PREFIX)/lib/julep/sys.ji
	install -m 755 $(SYSIMAGE:.ji=.so) $(DESTDIR)$(PREFIX)/lib/julep/sys.so
	@# drop the copies from the page cache: read back page by page, a run's resident set is what it
	@# touches (docs/sysimage.md, "Loading")
	-sync $(DESTDIR)$(PREFIX)/lib/julep/sys.ji && \
	  dd if=$(DESTDIR)$(PREFIX)/lib/julep/sys.ji iflag=nocache count=0 status=none
	cp -rL $(SHAREDIR)/base $(SHAREDIR)/stdlib $(DESTDIR)$(PREFIX)/share/julep/

clean:
	rm -rf build

# ---------------------------------------------------------------- fuzzing the parser (owner: parser)
# `make fuzz` builds test/fuzz/fuzz_parser.c with the runtime sources under clang's libFuzzer + ASan and
# runs it for FUZZ_TIME seconds on the seed corpus (new inputs go to build/fuzz/corpus).
FUZZ_TIME    ?= 600
FUZZ_DIR     := $(CURDIR)/build/fuzz
FUZZ_BIN     := $(FUZZ_DIR)/fuzz_parser
FUZZ_SRCS    := $(RUNTIME_SRCS) test/fuzz/fuzz_parser.c

.PHONY: fuzz fuzz-build
fuzz-build: $(FUZZ_BIN)

$(FUZZ_BIN): $(FUZZ_SRCS) $(HEADERS)
	@mkdir -p $(dir $@)
	$(CLANG) -std=gnu11 -g -O1 -fno-omit-frame-pointer -fsanitize=fuzzer,address -pthread -D_GNU_SOURCE \
	  -I$(CURDIR)/src $(GC_CFLAGS) $(UV_CFLAGS) $(FFI_CFLAGS) -DJULEP_VERSION='"$(VERSION)"' $(FUZZ_SRCS) -o $@ \
	  $(GC_LIBS) $(UV_LIBS) $(FFI_LIBS) -ldl -lm

fuzz: $(FUZZ_BIN)
	@mkdir -p $(FUZZ_DIR)/corpus
	ASAN_OPTIONS=detect_leaks=0 $(FUZZ_BIN) -max_total_time=$(FUZZ_TIME) -timeout=10 -rss_limit_mb=4096 \
	  -max_len=4096 $(FUZZ_DIR)/corpus test/fuzz/corpus

# ---------------------------------------------------------------- fuzzing the deserializer (owner: serializer)
# `make fuzz-deserialize` builds test/fuzz/fuzz_deserialize.c like the parser's fuzzer and runs it for
# FUZZ_TIME seconds on the seed streams in test/fuzz/corpus_deserialize (new inputs: build/fuzz/corpus_deserialize).
# It runs in rounds of a minute, each a fresh process: the types every input instantiates stay in the (linear)
# type caches, and a process that ran a million inputs slows down on them (hence also the 30 s timeout).
FUZZ_DESER_BIN  := $(FUZZ_DIR)/fuzz_deserialize
FUZZ_DESER_SRCS := $(RUNTIME_SRCS) test/fuzz/fuzz_deserialize.c

.PHONY: fuzz-deserialize fuzz-deserialize-build
fuzz-deserialize-build: $(FUZZ_DESER_BIN)

$(FUZZ_DESER_BIN): $(FUZZ_DESER_SRCS) $(HEADERS)
	@mkdir -p $(dir $@)
	$(CLANG) -std=gnu11 -g -O1 -fno-omit-frame-pointer -fsanitize=fuzzer,address -pthread -D_GNU_SOURCE \
	  -I$(CURDIR)/src $(GC_CFLAGS) $(UV_CFLAGS) $(FFI_CFLAGS) -DJULEP_VERSION='"$(VERSION)"' $(FUZZ_DESER_SRCS) -o $@ \
	  $(GC_LIBS) $(UV_LIBS) $(FFI_LIBS) -ldl -lm

fuzz-deserialize: $(FUZZ_DESER_BIN)
	@mkdir -p $(FUZZ_DIR)/corpus_deserialize
	@end=$$(( $$(date +%s) + $(FUZZ_TIME) )); while [ $$(date +%s) -lt $$end ]; do \
	  ASAN_OPTIONS=detect_leaks=0 $(FUZZ_DESER_BIN) -max_total_time=60 -timeout=30 -rss_limit_mb=4096 \
	    -max_len=4096 $(FUZZ_DIR)/corpus_deserialize test/fuzz/corpus_deserialize || exit 1; done

# ---------------------------------------------------------------- benchmarks (owner: bench; see bench/README.md)
# `make bench` runs the full suite (takes a while; use a quiet machine) and writes bench/results/latest.{md,csv}
# and ratios.svg; `make bench-quick` runs small sizes (CI: checks outputs, not speed) into build/bench/quick/.
# Both fail when the C/LuaJIT/Python versions fail or disagree, or when julep fails a benchmark listed in
# bench/julep-ready.txt. BENCH_ARGS passes options to bench/run.py (e.g. BENCH_ARGS="--only fib,nbody").
BENCH_PACKAGES := python3 python3-numpy luajit clang-19 gnuplot-nox libopenblas-dev time
BENCH_ARGS     ?=

.PHONY: bench bench-quick bench-deps
bench-deps:
	@missing=""; for p in $(BENCH_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -z "$$missing" ]; then echo "bench-deps: all Debian packages present"; exit 0; fi; \
	if [ "$$(id -u)" = 0 ]; then \
	  echo "bench-deps: installing$$missing"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	else \
	  echo "the benchmarks need these Debian packages:$$missing"; \
	  echo "run: sudo apt-get install -y$$missing"; exit 1; \
	fi

bench: bench-deps all
	/usr/bin/python3 bench/run.py --julep $(JULEP) $(BENCH_ARGS)

bench-quick: bench-deps all
	/usr/bin/python3 bench/run.py --quick --julep $(JULEP) $(BENCH_ARGS)
# ---------------------------------------------------------------- end of benchmarks
