# Thin wrapper over CMake. Every target installs the Debian dependencies first (scripts/install-deps.sh is
# idempotent and fast when everything is present), then builds what it needs.
BUILD    ?= build
SANITIZE ?= build-sanitize
JOBS     ?= 2
CMAKE_FLAGS ?=

export OMP_WAIT_POLICY ?= passive

.PHONY: all deps build demo test test-sanitize bench clean

all: build

deps:
	bash scripts/install-deps.sh

build: deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS)
	cmake --build $(BUILD) -j$(JOBS)

# The main job on a bundled data set.
demo: build
	bash scripts/demo.sh $(BUILD)/featrel

test: build
	cd $(BUILD) && ctest --output-on-failure -j$(JOBS)

# AddressSanitizer + UndefinedBehaviorSanitizer build in its own folder.
test-sanitize: deps
	cmake -S . -B $(SANITIZE) -DCMAKE_BUILD_TYPE=Sanitize -DFEATREL_SANITIZE=ON $(CMAKE_FLAGS)
	cmake --build $(SANITIZE) -j$(JOBS)
	cd $(SANITIZE) && ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  ctest --output-on-failure -j$(JOBS)

bench: deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release -DFEATREL_BUILD_BENCH=ON $(CMAKE_FLAGS)
	cmake --build $(BUILD) -j$(JOBS)
	bash bench/run.sh $(BUILD)

clean:
	rm -rf $(BUILD) $(SANITIZE)
