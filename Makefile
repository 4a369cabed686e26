# Thin wrapper over CMake. Every target installs the Debian dependencies first (scripts/install-deps.sh is
# idempotent and fast when everything is present), then builds what it needs.
BUILD    ?= build
SANITIZE ?= build-sanitize
JOBS     ?= 2
CMAKE_FLAGS ?=

export OMP_WAIT_POLICY ?= passive

.PHONY: all deps configure tool build demo test test-sanitize fuzz bench clean

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

# AddressSanitizer + UndefinedBehaviorSanitizer build in its own folder.
test-sanitize: deps
	cmake -S . -B $(SANITIZE) -DCMAKE_BUILD_TYPE=Sanitize -DFEATREL_SANITIZE=ON $(CMAKE_FLAGS)
	cmake --build $(SANITIZE) -j$(JOBS)
	cd $(SANITIZE) && ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  ctest --output-on-failure -j$(JOBS)

# libFuzzer harnesses (clang) for the input grammars, each run for FUZZ_SECONDS (default 60).
fuzz: deps
	bash scripts/fuzz.sh

bench: deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release -DFEATREL_BUILD_BENCH=ON $(CMAKE_FLAGS)
	cmake --build $(BUILD) -j$(JOBS)
	bash bench/run.sh $(BUILD)

clean:
	rm -rf $(BUILD) $(SANITIZE) build-fuzz
