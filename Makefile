# Thin wrapper over CMake. Every target installs the Debian dependencies first (scripts/install-deps.sh is
# idempotent and fast when everything is present), then builds what it needs.
BUILD    ?= build
SANITIZE ?= build-sanitize
JOBS     ?= 2
CMAKE_FLAGS ?=

export OMP_WAIT_POLICY ?= passive

.PHONY: all deps configure tool build demo test configure-sanitize test-sanitize fuzz bench clean

all: build

deps:
	bash scripts/install-deps.sh

configure: deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS)

# The command-line tool only (what `make demo` needs).
tool: configure
	cmake --build $(BUILD) --target featrel_cli -j$(JOBS)

# Everything: the library, the tool and the tests.
build: configure
	cmake --build $(BUILD) -j$(JOBS)

# The main job on a bundled data set; builds the tool only, not the tests.
demo: tool
	bash scripts/demo.sh $(BUILD)/featrel

test: build
	cd $(BUILD) && ctest --output-on-failure -j$(JOBS)

# One instrumented build in its own folder for the sanitizer tests and the fuzzers: clang at -O0 with
# AddressSanitizer, UndefinedBehaviorSanitizer and libFuzzer's coverage (one build instead of two in CI).
configure-sanitize: deps
	CC=clang CXX=clang++ cmake -S . -B $(SANITIZE) -DCMAKE_BUILD_TYPE=Sanitize -DFEATREL_SANITIZE=ON \
	  -DFEATREL_FUZZ=ON $(CMAKE_FLAGS)

test-sanitize: configure-sanitize
	cmake --build $(SANITIZE) -j$(JOBS)
	cd $(SANITIZE) && ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  ctest --output-on-failure -j$(JOBS)

# The libFuzzer harnesses for the input grammars, each run for FUZZ_SECONDS (default 60); reuses the
# instrumented build of test-sanitize when it is there.
fuzz: configure-sanitize
	FUZZ_BUILD=$(SANITIZE) bash scripts/fuzz.sh

bench: deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release -DFEATREL_BUILD_BENCH=ON $(CMAKE_FLAGS)
	cmake --build $(BUILD) -j$(JOBS)
	bash bench/run.sh $(BUILD)

clean:
	rm -rf $(BUILD) $(SANITIZE)
