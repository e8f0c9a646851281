# narrowphase — build, test, demo and benchmark.
#   make demo    build the wasm and serve the pages (web/, examples/) on http://127.0.0.1:8080/
#   make test    every test: native C (plain and under ASan/UBSan), Node, browser
#   make bench   ns/query natively and from Node
# Missing tools (Debian's emscripten and chromium, npm dev dependencies) are installed on demand.

SHELL := /bin/bash
CC ?= cc
PORT ?= 8080

# Determinism: no floating-point contraction (no FMA), no fast-math; the core uses no libm
# transcendentals, so native and wasm builds agree bit for bit.
CSTD := -std=c11 -ffp-contract=off -fno-fast-math
WARN := -Wall -Wextra -Werror -Wshadow -Wno-missing-field-initializers
INC := -Isrc/include -Isrc
CORE_SRC := $(wildcard src/*.c)
CORE_HDR := $(wildcard src/*.h src/include/narrowphase/*.h)

B := build
NATIVE_CFLAGS := $(CSTD) $(WARN) -O2 $(INC)
SAN_CFLAGS := $(CSTD) $(WARN) -O1 -g -fsanitize=address,undefined,float-cast-overflow -fno-sanitize-recover=all -fno-omit-frame-pointer $(INC)

# Node 20 can hang at exit when V8 is still optimising a function on a background thread
# (nodejs/node#54918: the main thread waits for that job while the job waits for a main-thread
# garbage collection). tests/node/chain.test.mjs hung in 5 of 20 plain `node --test` runs here and
# in none of 20 with TurboFan compiling on the main thread. Every Node process of `make test` runs
# with the flag (`node --test` passes it on to each test file's process).
NODE := node --no-concurrent-recompilation

# Emscripten 3.1.6 from Debian: its acorn lives in /usr/share/nodejs (see shared/TOOLCHAIN.md).
EMCC := NODE_PATH=/usr/share/nodejs emcc
WASM := js/narrowphase.wasm
# The per-dimension modules (init({ dimensions: 2 | 3 }); see the wasm section).
WASM_DIMS := js/narrowphase2d.wasm js/narrowphase3d.wasm
WASM_EXPORTS := $(B)/wasm_exports.txt

.PHONY: setup-bench bench-native bench-node
.PHONY: golden
.PHONY: setup-cjson all native wasm test test-native test-san test-node test-browser demo bench setup setup-emcc setup-npm setup-chromium clean vectors

all: native wasm

# ---------------------------------------------------------------- set-up
setup-emcc:
	@command -v emcc >/dev/null 2>&1 || { echo "installing Debian's emscripten..."; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq emscripten >/dev/null; }

setup-npm: node_modules/.installed
node_modules/.installed: package.json
	@command -v node >/dev/null 2>&1 || { $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq nodejs npm >/dev/null; }
	npm install --no-audit --no-fund --loglevel=error
	@touch $@

setup-chromium:
	@command -v chromium >/dev/null 2>&1 || { echo "installing Debian's chromium..."; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq chromium >/dev/null; }

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# ---------------------------------------------------------------- native
$(B)/native/%.o: src/%.c $(CORE_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(NATIVE_CFLAGS) -c $< -o $@

$(B)/san/%.o: src/%.c $(CORE_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(SAN_CFLAGS) -c $< -o $@

$(B)/libnarrowphase.a: $(CORE_SRC:src/%.c=$(B)/native/%.o)
	ar rcs $@ $^

$(B)/libnarrowphase_san.a: $(CORE_SRC:src/%.c=$(B)/san/%.o)
	ar rcs $@ $^

native: $(B)/libnarrowphase.a

# ---------------------------------------------------------------- wasm
# The io-block layout shared by the wasm shim and the JS: tools/iolayout.mjs is the one table and
# writes src/binding_layout.h and js/layout.mjs. Both are committed, so a fresh clone builds without
# Node; tests/node/layout.test.mjs fails when they are out of date.
.PHONY: layout
LAYOUT_GEN := src/binding_layout.h js/layout.mjs
layout:
	$(NODE) tools/iolayout.mjs

$(LAYOUT_GEN) &: tools/iolayout.mjs
	@if command -v node >/dev/null 2>&1; then echo "node tools/iolayout.mjs"; $(NODE) tools/iolayout.mjs; \
	else echo "node not found: keeping the committed $(LAYOUT_GEN)"; fi

# Standalone wasm (no Emscripten JS glue): js/narrowphase.mjs loads it itself, in Node and browsers.
# js/exports.txt: one symbol per line; '#' comments and blank lines are stripped here.
# -O3 (-Os/-Oz are much slower here); -flto lets small helpers (rotations, transform checks) inline
# across files: 5-15% faster queries, same results (no FMA in wasm, -ffp-contract=off).
# -mbulk-memory: struct copies become memory.copy instead of calls to memcpy (~8% on manifolds;
# Wasm 2.0, in every browser since 2021: Chrome 75, Firefox 79, Safari 15).
# Code size (what a page downloads): WASM_SIZE_FLAGS. Cold code (shape, mesh and chain creation,
# the teaching traces) carries NP_COLD / NP_COLD_FILE_BEGIN (src/codesize.h: clang's minsize, -Oz
# per function) while the queries stay at -O3, so their code is unchanged. emmalloc instead of
# dlmalloc: about 4 KB less wasm; the queries never allocate, only creation does.
WASM_SIZE_FLAGS := -sMALLOC=emmalloc

# The sources are compiled once to LLVM bitcode ($(B)/wasm/*.o; -flto) and linked three times: the
# full module and the two per-dimension ones below (the same bytes as compiling and linking in one
# emcc call). One emcc call compiles them all (it runs the files in parallel and starts once: one
# call per file took twice as long); it writes each object into the current directory.
WASM_CFLAGS := $(CSTD) $(WARN) -O3 -flto -mbulk-memory
WASM_OBJ := $(CORE_SRC:src/%.c=$(B)/wasm/%.o)
WASM_LINK := $(WASM_CFLAGS) $(WASM_SIZE_FLAGS) --no-entry -sSTANDALONE_WASM -sALLOW_MEMORY_GROWTH=1 \
	-sINITIAL_MEMORY=16MB -sTOTAL_STACK=2MB -sERROR_ON_UNDEFINED_SYMBOLS=1

$(WASM_OBJ) &: $(CORE_SRC) $(CORE_HDR) $(LAYOUT_GEN) | setup-emcc
	@mkdir -p $(B)/wasm
	cd $(B)/wasm && $(EMCC) $(WASM_CFLAGS) -I$(CURDIR)/src/include -I$(CURDIR)/src -c $(abspath $(CORE_SRC))

$(WASM): $(WASM_OBJ) js/exports.txt | setup-emcc
	$(EMCC) $(WASM_OBJ) -o $@ $(WASM_LINK) -sEXPORTED_FUNCTIONS=$$($(WASM_EXPORTS_ALL) | paste -sd, -)

wasm: $(WASM) $(WASM_DIMS)

# One module per dimension (init({ dimensions: 2 | 3 }) in js/narrowphase.mjs): the same objects
# linked with one dimension's exports, so the linker drops the other dimension's code; results are
# the same bits (tests/node/vectors.test.mjs runs each module's vectors against the native lines).
# The export lists are derived from js/exports.txt by name: a symbol ending in 2 is 2D, in 3 is 3D,
# and the rest are in both, except the two constructors named without a digit (WASM_ONLY2D/3D).
# The limits functions (name containing "Limits") only write constants and are in both, so that
# every runtime reads every limit and has the same fields.
WASM_ONLY2D := _npMakeCircle
WASM_ONLY3D := _npMakeSphere
WASM_EXPORTS_ALL := sed -e 's/\#.*//' -e 's/[[:space:]]//g' js/exports.txt | grep .
wasm_exports_for = $(WASM_EXPORTS_ALL) | grep -E -e Limits -e '[^$(if $(filter 2,$(1)),3,2)]$$' | \
	grep -v -x -F $(foreach s,$(if $(filter 2,$(1)),$(WASM_ONLY3D),$(WASM_ONLY2D)),-e $(s)) | paste -sd, -

js/narrowphase%d.wasm: $(WASM_OBJ) js/exports.txt | setup-emcc
	$(EMCC) $(WASM_OBJ) -o $@ $(WASM_LINK) -sEXPORTED_FUNCTIONS=$$($(call wasm_exports_for,$*))

# ---------------------------------------------------------------- tests
# Every tests/native/test_*.c is a standalone program linked against the library; each prints
# "N passed, N failed" and exits non-zero on failure. test_vectors.c is among them: it runs every
# tests/vectors/*.json file. The same programs are rebuilt with ASan+UBSan for test-san.
NATIVE_TEST_SRC := $(wildcard tests/native/test_*.c)
NATIVE_TEST_SUPPORT := $(filter-out $(NATIVE_TEST_SRC),$(wildcard tests/native/*.c))
NATIVE_TESTS := $(NATIVE_TEST_SRC:tests/native/%.c=$(B)/tests/%)
SAN_TESTS := $(NATIVE_TEST_SRC:tests/native/%.c=$(B)/tests-san/%)
TEST_LIBS := -lcjson -lm

# The shared support files (vector runners, checks) are compiled once, not into every program.
NATIVE_SUPPORT_OBJ := $(NATIVE_TEST_SUPPORT:tests/native/%.c=$(B)/tests/support/%.o)
SAN_SUPPORT_OBJ := $(NATIVE_TEST_SUPPORT:tests/native/%.c=$(B)/tests-san/support/%.o)
.SECONDARY: $(NATIVE_SUPPORT_OBJ) $(SAN_SUPPORT_OBJ)

$(B)/tests/support/%.o: tests/native/%.c $(wildcard tests/native/*.h) $(CORE_HDR) | setup-cjson
	@mkdir -p $(dir $@)
	$(CC) $(NATIVE_CFLAGS) -Itests/native -c $< -o $@

$(B)/tests-san/support/%.o: tests/native/%.c $(wildcard tests/native/*.h) $(CORE_HDR) | setup-cjson
	@mkdir -p $(dir $@)
	$(CC) $(SAN_CFLAGS) -Itests/native -c $< -o $@

$(B)/tests/%: tests/native/%.c $(NATIVE_SUPPORT_OBJ) $(wildcard tests/native/*.h) $(B)/libnarrowphase.a | setup-cjson
	@mkdir -p $(dir $@)
	$(CC) $(NATIVE_CFLAGS) -Itests/native $< $(NATIVE_SUPPORT_OBJ) $(B)/libnarrowphase.a $(TEST_LIBS) -o $@

$(B)/tests-san/%: tests/native/%.c $(SAN_SUPPORT_OBJ) $(wildcard tests/native/*.h) $(B)/libnarrowphase_san.a | setup-cjson
	@mkdir -p $(dir $@)
	$(CC) $(SAN_CFLAGS) -Itests/native $< $(SAN_SUPPORT_OBJ) $(B)/libnarrowphase_san.a $(TEST_LIBS) -o $@

setup-cjson:
	@[ -f /usr/include/cjson/cJSON.h ] || { echo "installing libcjson-dev..."; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq libcjson-dev >/dev/null; }

test-native: $(NATIVE_TESTS)
	@set -e; for t in $(NATIVE_TESTS); do echo "== $$t"; NP_RESULTS_DIR=$(B)/results $$t; done

test-san: $(SAN_TESTS)
	@set -e; for t in $(SAN_TESTS); do echo "== $$t (asan+ubsan)"; \
		ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 $$t; done

# Node tests: every tests/node/*.test.mjs, against the wasm build. Two native test programs also
# run compiled to wasm, with the same flags as the library: the support-cell test (the hull support
# lookup has wasm-only code, selects and comparisons instead of double maxima, and only that test's
# brute-force checks reach its ties and cell borders) and the GJK sliver test (GJK's triangle step
# on nearly parallel edges, against brute force).
WASM_TESTS := $(B)/wasm-tests/test_support3d.cjs $(B)/wasm-tests/test_distance3d.cjs
$(B)/wasm-tests/%.cjs: tests/native/%.c $(wildcard tests/native/*.h) $(CORE_SRC) $(CORE_HDR) | setup-emcc
	@mkdir -p $(dir $@)
	$(EMCC) $(CSTD) $(WARN) -O3 -flto -mbulk-memory $(INC) -Itests/native $< $(CORE_SRC) -o $@ \
		-sSINGLE_FILE=1 -sINITIAL_MEMORY=16MB -sTOTAL_STACK=2MB

test-node: $(WASM) $(WASM_DIMS) $(WASM_TESTS) setup-npm
	$(NODE) --test tests/node/
	@set -e; for t in $(WASM_TESTS); do echo "== $$t (wasm)"; $(NODE) $$t; done

# Browser tests: every page (web/ and examples/) in Debian's chromium driven by playwright-core;
# served by tools/serve.mjs on a free 127.0.0.1 port. Screenshots land in $(B)/artifacts/.
# `make screenshots` retakes the README's pictures (docs/screenshots/*.png).
test-browser: setup-chromium setup-npm $(WASM)
	$(NODE) --test tests/browser/

# make test installs what is missing first (one apt-get at a time), builds every test program, the
# wasm and the fuzz harnesses on two jobs, then runs the suites one after another.
TEST_SUITES := test-native test-san test-node test-browser fuzz-smoke test-package test-docs
test:
	@$(MAKE) --no-print-directory setup-cjson setup-emcc setup-npm setup-chromium setup-fuzz
	@$(MAKE) --no-print-directory -j2 test-programs
	@$(MAKE) --no-print-directory $(TEST_SUITES)

.PHONY: test-programs
test-programs: $(NATIVE_TESTS) $(SAN_TESTS) $(WASM) $(WASM_DIMS) $(WASM_TESTS) $(FUZZ_BINS)

# ---------------------------------------------------------------- package, API docs
# The npm package: the wasm plus the entry points tools/build_package.mjs generates from js/*.mjs
# (narrowphase.cjs for require(), the inline builds with the wasm as base64, .d.cts types).
# `npm pack` runs `make package` first (prepack).
#   make package        the package's files in js/
#   make test-package   packs it and uses the tarball in every documented setup (tests/package/)
#   make docs           the API reference from js/narrowphase.d.ts (TypeDoc) into $(B)/docs/
.PHONY: package test-package docs test-docs bench-package
PACKAGE_GEN := js/narrowphase.cjs js/narrowphase.inline.mjs js/narrowphase.inline.cjs js/narrowphase.min.mjs \
	js/narrowphase.d.cts js/narrowphase.inline.d.ts js/narrowphase.inline.d.cts
PACKAGE_SRC := $(filter-out $(PACKAGE_GEN),$(wildcard js/*.mjs)) js/narrowphase.d.ts tools/build_package.mjs

$(PACKAGE_GEN) &: $(WASM) $(WASM_DIMS) $(PACKAGE_SRC) | setup-npm
	$(NODE) tools/build_package.mjs

package: $(PACKAGE_GEN)

test-package: package setup-npm setup-chromium
	$(NODE) --test tests/package/

# Warnings (an undocumented export, a broken link) are errors: the docs check is part of make test.
docs: setup-npm
	$(NODE) node_modules/typedoc/bin/typedoc --options typedoc.json --out $(B)/docs
	@echo "API docs: $(B)/docs/index.html"

test-docs: docs

# The tarball's size and what a page downloads, gzipped (also printed by make test-package).
bench-package: package setup-npm
	@$(NODE) tests/package/size.mjs

.PHONY: screenshots
screenshots: setup-chromium setup-npm $(WASM)
	$(NODE) tools/screenshots.mjs

# ---------------------------------------------------------------- fuzzing
# libFuzzer harnesses (tests/fuzz/fuzz_*.c) for every C entry point that takes user data, built with
# clang and ASan+UBSan; the library is rebuilt with the fuzzer's coverage instrumentation. Each
# harness decodes bytes into shapes, transforms and meshes (non-finite, huge, tiny, denormal and
# degenerate values included) and checks the conventions besides crashes (see tests/fuzz/fuzz.h).
#   make fuzz         each harness for FUZZ_SECONDS (default 300) from its seed corpus
#   make fuzz-smoke   the seed corpus, then a fixed number of fuzzing runs from a fixed seed (-seed=1
#                     -runs=N: the same inputs on every machine, so a CI failure replays here; a
#                     time limit instead ran more inputs on faster machines), per harness (part of
#                     make test)
# New inputs go to $(B)/fuzz/corpus/<harness>/ (the checked-in tests/fuzz/corpus/ is read only),
# crashes to $(B)/fuzz/artifacts/. Clang's libFuzzer runtime comes from Debian's libclang-rt-14-dev.
FUZZ_CC ?= clang
FUZZ_SECONDS ?= 300
FUZZ_SMOKE_RUNS ?= 4000
FUZZ_CFLAGS := $(CSTD) $(WARN) -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer $(INC)
FUZZ_SRC := $(wildcard tests/fuzz/fuzz_*.c)
FUZZ_NAMES := $(FUZZ_SRC:tests/fuzz/%.c=%)
FUZZ_BINS := $(FUZZ_NAMES:%=$(B)/fuzz/%)
FUZZ_OPTS := -timeout=10 -rss_limit_mb=2048 -max_len=4096 -print_final_stats=1

.PHONY: setup-fuzz fuzz fuzz-smoke

setup-fuzz:
	@command -v $(FUZZ_CC) >/dev/null 2>&1 && ls $$($(FUZZ_CC) -print-resource-dir 2>/dev/null)/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1 || { \
		echo "installing clang and libFuzzer (libclang-rt-14-dev)..."; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq clang-14 libclang-rt-14-dev >/dev/null; }

$(B)/fuzz/obj/%.o: src/%.c $(CORE_HDR) | setup-fuzz
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c $< -o $@

$(B)/fuzz/%: tests/fuzz/%.c tests/fuzz/fuzz.h tests/native/brutesupport.h $(CORE_SRC:src/%.c=$(B)/fuzz/obj/%.o) | setup-fuzz
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer $< $(CORE_SRC:src/%.c=$(B)/fuzz/obj/%.o) -lm -o $@

fuzz: $(FUZZ_BINS)
	@set -e; mkdir -p $(B)/fuzz/artifacts; for h in $(FUZZ_NAMES); do echo "== $$h ($(FUZZ_SECONDS) s)"; \
		mkdir -p $(B)/fuzz/corpus/$$h; \
		$(B)/fuzz/$$h $(FUZZ_OPTS) -max_total_time=$(FUZZ_SECONDS) -artifact_prefix=$(B)/fuzz/artifacts/$$h- \
			$(B)/fuzz/corpus/$$h tests/fuzz/corpus/$$h; done

fuzz-smoke: $(FUZZ_BINS)
	@set -e; mkdir -p $(B)/fuzz/artifacts; for h in $(FUZZ_NAMES); do \
		rm -rf $(B)/fuzz/smoke/$$h; mkdir -p $(B)/fuzz/smoke/$$h; log=$(B)/fuzz/smoke/$$h.log; \
		if ! $(B)/fuzz/$$h $(FUZZ_OPTS) -seed=1 -runs=$(FUZZ_SMOKE_RUNS) -max_total_time=120 -artifact_prefix=$(B)/fuzz/artifacts/$$h- \
			$(B)/fuzz/smoke/$$h tests/fuzz/corpus/$$h >$$log 2>&1; then tail -n 40 $$log; echo "FAILED: $$h"; exit 1; fi; \
		echo "== $$h: seed corpus ($$(ls tests/fuzz/corpus/$$h | wc -l) inputs) + $(FUZZ_SMOKE_RUNS) runs from seed 1," \
			"$$(sed -n 's/^stat::number_of_executed_units: *//p' $$log) runs, no failure"; done

# The library objects are kept (they would otherwise count as intermediate files and be deleted).
.SECONDARY: $(CORE_SRC:src/%.c=$(B)/fuzz/obj/%.o)

# ---------------------------------------------------------------- demo
# The pages: builds the wasm, then serves the repository root in the foreground (Ctrl-C to stop)
# and prints the URLs: the stepper http://127.0.0.1:$(PORT)/web/, web/casts.html, web/stack.html
# and the examples, http://127.0.0.1:$(PORT)/examples/.
demo: $(WASM)
	@PORT=$(PORT) node tools/serve.mjs

# ---------------------------------------------------------------- benchmarks
# Reference libraries are measured side by side in the same run: Box2D 2.4 natively (Debian's
# libbox2d-dev), planck and box2d-wasm from Node (bench/package.json, installed only for this).
setup-bench:
	@[ -f /usr/include/box2d/box2d.h ] || { echo "installing libbox2d-dev..."; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq libbox2d-dev g++ >/dev/null; }
	@[ bench/node_modules/.installed -nt bench/package.json ] || { cd bench && npm install --no-audit --no-fund --loglevel=error && touch node_modules/.installed; }

$(B)/bench2d_native: bench/bench2d_native.cpp bench/benchpair.hpp bench/benchutil.h $(B)/libnarrowphase.a | setup-bench
	g++ -std=c++17 -O2 -ffp-contract=off -Isrc/include $< $(B)/libnarrowphase.a -lbox2d -o $@

$(B)/cast_bench2d: bench/cast_bench2d.cpp bench/benchpair.hpp bench/benchutil.h $(B)/libnarrowphase.a | setup-bench
	g++ -std=c++17 -O2 -ffp-contract=off -Isrc/include -Ibench $< $(B)/libnarrowphase.a -lbox2d -o $@
$(B)/chain_bench: bench/chain_bench.cpp bench/benchpair.hpp bench/benchutil.h $(B)/libnarrowphase.a | setup-bench
	g++ -std=c++17 -O2 -ffp-contract=off -Isrc/include $< $(B)/libnarrowphase.a -lbox2d -o $@

$(B)/bench3d_native: bench/bench3d_native.c $(B)/libnarrowphase.a
	$(CC) $(NATIVE_CFLAGS) $< $(B)/libnarrowphase.a -lm -o $@

$(B)/mesh_bench: bench/mesh_bench.c $(B)/libnarrowphase.a
	$(CC) $(NATIVE_CFLAGS) $< $(B)/libnarrowphase.a -lm -o $@

$(B)/ray_bench: bench/ray_bench.c $(B)/libnarrowphase.a
	$(CC) $(NATIVE_CFLAGS) $< $(B)/libnarrowphase.a -lm -o $@

$(B)/cast_bench3d: bench/cast_bench3d.c $(B)/libnarrowphase.a
	$(CC) $(NATIVE_CFLAGS) $< $(B)/libnarrowphase.a -lm -o $@

# The warm-cache scenes natively (bench/warm_native.c; the scenes come from warm_bench.mjs).
$(B)/warm_native: bench/warm_native.c $(B)/libnarrowphase.a
	$(CC) $(NATIVE_CFLAGS) -Ibench $< $(B)/libnarrowphase.a -lm -o $@

bench-native: $(B)/bench2d_native $(B)/bench3d_native $(B)/mesh_bench $(B)/ray_bench $(B)/cast_bench2d $(B)/chain_bench $(B)/cast_bench3d
	@echo "== 2D, native"; $(B)/bench2d_native
	@echo "== 2D casts, native"; $(B)/cast_bench2d
	@echo "== 3D, native"; $(B)/bench3d_native
	@echo "== meshes, native"; $(B)/mesh_bench
	@echo "== rays, native"; $(B)/ray_bench
	@echo "== 2D chains, native"; $(B)/chain_bench
	@echo "== 3D shape casts, native"; $(B)/cast_bench3d

# The Node benchmarks time process CPU time, which includes V8's background GC threads: with them,
# garbage made by one timed cell (new result objects) is collected while the next cell runs and is
# charged to it (an `out` cell timed after an allocating one measured slower than the allocating
# one). --single-threaded-gc collects on the main thread, so each cell pays for its own garbage.
# $(NODE) adds --no-concurrent-recompilation, so that a benchmark cannot hang at exit either (see NODE).
BENCH_NODE := $(NODE) --single-threaded-gc

bench-node: $(WASM) package setup-npm setup-bench
	@echo "== 2D, from Node"; $(BENCH_NODE) bench/node_bench.mjs
	@echo "== 2D casts, from Node"; $(BENCH_NODE) bench/cast_bench2d.mjs
	@echo "== 3D, from Node"; $(BENCH_NODE) bench/node_bench3d.mjs
	@echo "== meshes, from Node"; $(BENCH_NODE) bench/mesh_bench.mjs
	@echo "== rays, from Node"; $(BENCH_NODE) bench/ray_bench.mjs
	@echo "== warm contact caches, from Node"; $(BENCH_NODE) bench/warm_bench.mjs
	@echo "== memory and size"; $(BENCH_NODE) bench/memory.mjs
	@echo "== 2D chains, from Node"; $(BENCH_NODE) bench/chain_bench.mjs
	@echo "== 3D shape casts, from Node (Rapier, Jolt)"; $(BENCH_NODE) bench/cast_bench3d.mjs

bench: bench-native bench-node bench-package

# The peers side by side on the same seeded scenes (bench/peers/peers.mjs; not part of make test):
# box2d-wasm, planck, Rapier 2D/3D and Jolt from bench/peers/package.json (installed here only),
# narrowphase from Node (single calls and batches) and natively (build/scene_bench on the same
# numbers). Prints the table the README quotes: ns per query, medians of 3 rounds, the ratios.
.PHONY: bench-peers
bench/peers/node_modules/.installed: bench/peers/package.json
	cd bench/peers && npm install --no-audit --no-fund --loglevel=error && touch node_modules/.installed

$(B)/scene_bench: bench/scene_bench.c bench/benchutil.h $(B)/libnarrowphase.a | setup-cjson
	$(CC) $(NATIVE_CFLAGS) -Ibench $< $(B)/libnarrowphase.a -lcjson -lm -o $@

bench-peers: $(WASM) $(B)/scene_bench bench/peers/node_modules/.installed
	BENCH_RUNS=$${BENCH_RUNS:-3} BENCH_RUN_MS=$${BENCH_RUN_MS:-100} $(BENCH_NODE) bench/peers/peers.mjs

# The 2D core without the JS layer, natively and compiled to wasm with the library's wasm flags
# (bench/core_bench2d.c): single calls, batches and the per-pair rotation side by side, to tell the
# wasm core's own cost from the JS binding's. Not part of make test.
.PHONY: bench-core2d
$(B)/core_bench2d: bench/core_bench2d.c bench/benchutil.h $(B)/libnarrowphase.a
	$(CC) $(NATIVE_CFLAGS) -Ibench $< $(B)/libnarrowphase.a -lm -o $@

$(B)/core_bench2d.cjs: bench/core_bench2d.c bench/benchutil.h $(CORE_SRC) $(CORE_HDR) | setup-emcc
	@mkdir -p $(B)
	$(EMCC) $(CSTD) $(WARN) -O3 -flto -mbulk-memory $(INC) -Ibench $< $(CORE_SRC) -o $@ \
		-sSINGLE_FILE=1 -sINITIAL_MEMORY=16MB -sTOTAL_STACK=2MB

bench-core2d: $(B)/core_bench2d $(B)/core_bench2d.cjs
	@set -e; for r in 1 2 3; do echo "== native, round $$r"; $(B)/core_bench2d 5; \
		echo "== wasm (Node), round $$r"; $(NODE) $(B)/core_bench2d.cjs 5; done

# Regenerate the shared test vectors (tests/vectors/*.json) from their independent generators
# (plain Node, no dependencies; never the library). The generated files are committed.
vectors:
	@set -e; for g in tools/gen_*vectors*.mjs; do echo "node $$g"; $(NODE) $$g; done

# Refactoring guard (not a test: it has no expectations of its own): every public C query on ~45,000
# random and degenerate inputs, each result's bits printed. A change meant to keep behaviour must
# keep build/golden.txt the same: `make golden` before and after, then diff.
golden: $(B)/libnarrowphase.a
	$(CC) $(NATIVE_CFLAGS) tools/golden.c $(B)/libnarrowphase.a -lm -o $(B)/golden
	$(B)/golden > $(B)/golden.txt
	@tail -1 $(B)/golden.txt

clean:
	rm -rf $(B) $(WASM) $(WASM_DIMS) $(PACKAGE_GEN)
