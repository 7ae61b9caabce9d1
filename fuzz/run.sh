#!/bin/sh
# Builds and runs the libFuzzer targets (see README "Fuzzing").
#   fuzz/run.sh [TARGET...]     TARGET: json spec predicate (default: all three)
# FUZZ_SECONDS (default 60) is the time per target; FUZZ_JOBS extra libFuzzer
# flags. Crashes are written to .build/fuzz/artifacts/. The library sources are
# compiled straight into each fuzzer with swiftc (SwiftPM has no fuzzer mode).
set -eu
cd "$(dirname "$0")/.."
SWIFTC=${SWIFTC:-swiftc}
SECONDS_PER_TARGET=${FUZZ_SECONDS:-60}
OUT=.build/fuzz
mkdir -p "$OUT/artifacts"
targets=${*:-json spec predicate}

source_of() {
  case "$1" in
    json) echo fuzz/JSONReaderFuzz.swift ;;
    spec) echo fuzz/SpecReaderFuzz.swift ;;
    predicate) echo fuzz/PredicateFuzz.swift ;;
    *) echo "unknown fuzz target '$1' (expected json, spec or predicate)" >&2; exit 2 ;;
  esac
}

# Seeds: every JSON file under fixtures/ and specs/ for the readers; for the
# predicate parser, the predicates those specs use plus fuzz/seeds/predicate.
seed() {
  corpus="$OUT/corpus-$1"
  mkdir -p "$corpus"
  case "$1" in
    json|spec)
      find fixtures specs -name '*.json' | while read -r f; do
        cp "$f" "$corpus/$(echo "$f" | tr '/' '_')"
      done ;;
    predicate)
      cp fuzz/seeds/predicate/* "$corpus/"
      n=0
      grep -rhoE '"(predicate|if)": *"([^"\\]|\\.)*"' fixtures specs | sed -E 's/^"[a-z]+": *"//; s/"$//' |
        sort -u | while IFS= read -r p; do n=$((n + 1)); printf '%s' "$p" > "$corpus/fixture-$n"; done ;;
  esac
}

for t in $targets; do
  src=$(source_of "$t")
  bin="$OUT/fuzz-$t"
  if [ ! -x "$bin" ] || [ -n "$(find Sources/RKMap "$src" -newer "$bin" -name '*.swift' | head -1)" ]; then
    echo "building $bin"
    # shellcheck disable=SC2046
    "$SWIFTC" -sanitize=fuzzer,address -parse-as-library -O -module-name RKMapFuzz -package-name rkmap \
      -I Sources/CSQLite $(find Sources/RKMap -name '*.swift' | sort) "$src" -lsqlite3 -lm -o "$bin" 2>&1 |
      grep -v 'Cannot export local symbol' || true
    [ -x "$bin" ] || { echo "error: could not build $bin" >&2; exit 1; }
  fi
  seed "$t"
  echo "fuzzing $t for $SECONDS_PER_TARGET s"
  "$bin" -max_total_time="$SECONDS_PER_TARGET" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -artifact_prefix="$OUT/artifacts/$t-" ${FUZZ_FLAGS:-} "$OUT/corpus-$t"
done
