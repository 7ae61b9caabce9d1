# rkmap — build, test, demo, install, bench.
# Everything a fresh machine may lack is checked by `deps` first.

SWIFT   ?= swift
PREFIX  ?= /usr/local
RELEASE := .build/release/rkmap

.PHONY: all build release test demo install man bench bench-scale spark-demo deps clean fuzz

all: build

# The SQLite target needs sqlite3.h and pkg-config. Install them when we are
# root with apt-get (CI, fresh containers); otherwise say what to run.
deps:
	@command -v $(SWIFT) >/dev/null 2>&1 || { echo "error: the Swift toolchain is not on PATH (https://swift.org/install)"; exit 1; }
	@if ! pkg-config --exists sqlite3 2>/dev/null || [ ! -f "$$(pkg-config --variable=includedir sqlite3 2>/dev/null)/sqlite3.h" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "installing libsqlite3-dev and pkg-config (needed by the CSQLite target)"; \
	    (apt-get install -y -q libsqlite3-dev pkg-config >/dev/null 2>&1 || \
	     (apt-get update -q >/dev/null && apt-get install -y -q libsqlite3-dev pkg-config >/dev/null)) || \
	     { echo "error: could not install libsqlite3-dev; install it with your package manager"; exit 1; }; \
	  else \
	    echo "error: SQLite headers not found. Install them: sudo apt-get install libsqlite3-dev pkg-config (Debian/Ubuntu), sudo dnf install sqlite-devel (Fedora), brew install sqlite (macOS)"; exit 1; \
	  fi; \
	fi

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

test: deps
	$(SWIFT) build
	$(SWIFT) test

demo: release
	@echo '$$ rkmap apply specs/example2-relationship.json fixtures/examples/example2-relationship.input.json'
	@$(RELEASE) apply specs/example2-relationship.json fixtures/examples/example2-relationship.input.json
	@echo
	@echo '$$ rkmap check fixtures/check/api.json fixtures/check/api'
	@$(RELEASE) check fixtures/check/api.json fixtures/check/api

# The binary, its manual page and shell completions; the page and the scripts
# are generated from the command table by the binary itself.
install: release
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/man/man1" \
	  "$(DESTDIR)$(PREFIX)/share/bash-completion/completions" \
	  "$(DESTDIR)$(PREFIX)/share/zsh/site-functions" \
	  "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d"
	install -m 755 $(RELEASE) "$(DESTDIR)$(PREFIX)/bin/rkmap"
	$(RELEASE) help --man > "$(DESTDIR)$(PREFIX)/share/man/man1/rkmap.1"
	$(RELEASE) completions bash > "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/rkmap"
	$(RELEASE) completions zsh > "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_rkmap"
	$(RELEASE) completions fish > "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/rkmap.fish"

# The manual page alone, to read before installing: man -l .build/rkmap.1
man: build
	.build/debug/rkmap help --man > .build/rkmap.1

bench: release
	python3 Tests/Benchmarks/bench.py --binary $(RELEASE)

# Time, MB/s and peak RSS against input size, beside jq and DuckDB, on inputs
# generated under $$TMPDIR and deleted after each size; then the plot.
# make bench-scale SCALE_MB="100 1000 4000"  (4 GB needs ~8 GB free under /tmp)
SCALE_MB   ?= 100 1000
SCALE_RUNS ?= 1
bench-scale: release
	python3 Tests/Benchmarks/bench_scale.py --binary $(RELEASE) --mb $(SCALE_MB) --runs $(SCALE_RUNS) \
	  --results .build/bench/scale-results.json
	python3 Tests/Benchmarks/plot_scale.py .build/bench/scale-results.json -o .build/bench/scale.svg

# examples/spark: map examples/spark/input with rkmap inside PySpark (local mode,
# RDD.pipe), write Parquet, then check its records equal rkmap's on the
# concatenated input. Needs PySpark (pip install pyspark) and Java 17+.
SPARK_OUT ?= .build/spark-demo
spark-demo: release
	@python3 -c 'import pyspark' 2>/dev/null || { echo "error: PySpark is not installed: pip install pyspark (it needs Java 17 or later)"; exit 1; }
	python3 examples/spark/map_with_spark.py --rkmap $(RELEASE) examples/spark/orders.spec.json examples/spark/input $(SPARK_OUT)/orders.parquet
	cat examples/spark/input/*.ndjson | $(RELEASE) apply examples/spark/orders.spec.json - --format ndjson > $(SPARK_OUT)/expected.ndjson
	python3 examples/spark/read_parquet.py $(SPARK_OUT)/orders.parquet --expect $(SPARK_OUT)/expected.ndjson

# libFuzzer targets for the JSON reader, the spec reader, the predicate parser
# and the MATCHES engine; FUZZ_SECONDS per target (default 60). See README "Fuzzing".
FUZZ_SECONDS ?= 60
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) sh fuzz/run.sh $(FUZZ_TARGETS)

clean:
	rm -rf .build
