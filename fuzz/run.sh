#!/bin/sh
# Builds and runs the libFuzzer targets (see README "Fuzzing").
#   fuzz/run.sh [TARGET...]   TARGET: json spec predicate regex (default: all four)
# FUZZ_SECONDS (default 60) is the time per target; FUZZ_FLAGS adds libFuzzer
# flags. Corpora and crash inputs go to .build/fuzz/. SwiftPM has no fuzzer
# mode, so the library sources are compiled straight into one binary with
# swiftc; RKMAP_FUZZ_TARGET selects the target at run time.
set -eu
cd "$(dirname "$0")/.."
SWIFTC=${SWIFTC:-swiftc}
SECONDS_PER_TARGET=${FUZZ_SECONDS:-60}
OUT=.build/fuzz
BIN=$OUT/rkmap-fuzz
mkdir -p "$OUT/artifacts"
targets=${*:-json spec predicate regex}

for t in $targets; do
  case "$t" in
    json|spec|predicate|regex) ;;
    *) echo "unknown fuzz target '$t' (expected json, spec, predicate or regex)" >&2; exit 2 ;;
  esac
done

if [ ! -x "$BIN" ] || [ -n "$(find Sources/RKMap fuzz -name '*.swift' -newer "$BIN" | head -1)" ]; then
  echo "building $BIN"
  # shellcheck disable=SC2046
  "$SWIFTC" -sanitize=fuzzer,address -parse-as-library -O -wmo -module-name RKMapFuzz -package-name rkmap \
    -I Sources/CSQLite $(find Sources/RKMap fuzz -name '*.swift' | sort) -lsqlite3 -lm -o "$BIN.tmp" 2>&1 |
    grep -v 'Cannot export local symbol' || true
  [ -x "$BIN.tmp" ] || { echo "error: could not build $BIN" >&2; exit 1; }
  mv "$BIN.tmp" "$BIN"
fi

# Seeds: every JSON file under fixtures/ and specs/ for the readers; for the
# predicate parser, the predicates those specs use plus fuzz/seeds/predicate;
# for the regex target, fuzz/seeds/regex.
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
      grep -rhoE '"(predicate|if)": *"([^"\\]|\\.)*"' fixtures specs | sed -E 's/^"[a-z]+": *"//; s/"$//' |
        sort -u | awk -v dir="$corpus" '{ f = dir "/fixture-" NR; printf "%s", $0 > f; close(f) }' ;;
    regex)
      cp fuzz/seeds/regex/* "$corpus/" ;;
  esac
}

for t in $targets; do
  seed "$t"
  echo "fuzzing $t for $SECONDS_PER_TARGET s"
  RKMAP_FUZZ_TARGET=$t "$BIN" -max_total_time="$SECONDS_PER_TARGET" -timeout=10 -rss_limit_mb=2048 \
    -max_len=65536 -artifact_prefix="$OUT/artifacts/$t-" ${FUZZ_FLAGS:-} "$OUT/corpus-$t"
done
