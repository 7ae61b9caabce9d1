#!/usr/bin/env python3
"""rkmap at scale: time, MB/s and peak RSS against input size, beside jq and DuckDB.

Usage: bench_scale.py --binary PATH --mb 100 1000 4000 [--runs K] [--data DIR]
                      [--results FILE] [--only NAME,...] [--document-max-mb N]

For every size, generates the articles set (generate.py: articles.json and its
NDJSON twin) into a scratch directory under $TMPDIR that is deleted when the
size is done (or into --data DIR, kept and reused), checks on the 500-article
sample that every program makes exactly the records docs/spec.md says
(outputcheck.py), then runs each scenario K times, round-robin. Every NDJSON
output of the full input is kept until it has been counted and hashed: all
programs must write the same bytes (they do: one record per line, the same
escapes), and a difference is reported as a failure, never as a result.

Writes a table to stdout and every figure to --results (JSON, read by
plot_scale.py). Standard library only; jq and the duckdb Python module are used
when installed, and their rows say `skipped: …` otherwise. See README.md.
"""

import argparse
import datetime
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time

sys.dont_write_bytecode = True  # keep Tests/Benchmarks free of __pycache__
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import generate  # noqa: E402  (sibling scripts)
from bench import machine_facts, measured, read_rss  # noqa: E402
from outputcheck import check_outputs, check_sqlite, compare, reference  # noqa: E402
from scenarios import JQ_INSTALL, describe_exit, jq_argv, rkmap_missing  # noqa: E402
import duckdb_map  # noqa: E402

BENCH_DIR = os.path.dirname(os.path.abspath(__file__))
MB = 1_000_000
DUCKDB_INSTALL = "skipped: install with pip install duckdb"


def duckdb_installed():
    try:
        code = subprocess.call([sys.executable, "-c", "import duckdb"], stderr=subprocess.DEVNULL)
    except OSError:
        return False
    return code == 0


class Scenario:
    def __init__(self, key, tool, name, argv, input_path, skip=None, stdin_path=None, database=None):
        self.key = key                  # stable id, the plot's series
        self.tool = tool                # rkmap, jq or duckdb
        self.name = name
        self.argv = argv                # "{out}" stands for the output file
        self.input_path = input_path
        self.input_bytes = os.path.getsize(input_path)
        # A missing rkmap is a failure (rkmap_missing says FAILED), a missing jq or DuckDB a skip.
        failed = skip is not None and skip.startswith("FAILED")
        self.skip = None if failed else skip
        self.stdin_path = stdin_path    # fed through `cat FILE |` (a pipe, not a file)
        self.database = database        # SQLite output: counted, not hashed
        self.times = []
        self.peak_kib = 0
        self.failure = skip if failed else None
        self.output = None              # (lines, sha256) of the first run's output

    @property
    def ok(self):
        return self.failure is None and self.skip is None and bool(self.times)


def build(binary, manifest, workdir, document_max_mb, have_duckdb):
    data = manifest["dir"]
    json_in = os.path.join(data, "articles.json")
    nd_in = os.path.join(data, "articles.ndjson")
    spec = lambda name: os.path.join(BENCH_DIR, name)  # noqa: E731
    no_rkmap = rkmap_missing(binary)
    no_jq = None if shutil.which("jq") else JQ_INSTALL
    no_duck = None if have_duckdb else DUCKDB_INSTALL
    json_mb = manifest["bytes"]["articles.json"] / MB
    too_big = None
    if json_mb > document_max_mb:
        too_big = (f"skipped: reads the whole document into memory; runs up to --document-max-mb "
                   f"{document_max_mb:g} ({json_mb:.0f} MB here)")
    duck_doc = no_duck or too_big
    if duck_doc is None and manifest["bytes"]["articles.json"] > duckdb_map.MAX_OBJECT:
        duck_doc = "skipped: DuckDB's read_json takes one JSON value of at most 4 GiB"
    db = os.path.join(workdir, "rkmap.db")
    # The same run pinned to one core (the pipeline still runs, its threads
    # share the core): how much of the speed is not parallelism.
    taskset = shutil.which("taskset")
    no_taskset = None if taskset else "skipped: taskset (util-linux) is not installed"
    duck = [sys.executable, os.path.join(BENCH_DIR, "duckdb_map.py")]
    return [
        Scenario("rkmap-json", "rkmap", "rkmap json -> ndjson",
                 [binary, "apply", "--format", "ndjson", spec("bench-spec.json"), json_in], json_in, no_rkmap),
        Scenario("rkmap-json-1core", "rkmap", "rkmap json -> ndjson (one core)",
                 [taskset or "taskset", "-c", "0", binary, "apply", "--format", "ndjson", spec("bench-spec.json"), json_in],
                 json_in, no_rkmap or no_taskset),
        Scenario("rkmap-ndjson", "rkmap", "rkmap ndjson -> ndjson (file)",
                 [binary, "apply", "--format", "ndjson", spec("bench-spec-ndjson.json"), nd_in], nd_in, no_rkmap),
        Scenario("rkmap-ndjson-pipe", "rkmap", "rkmap ndjson -> ndjson (pipe)",
                 [binary, "apply", "--format", "ndjson", spec("bench-spec-ndjson.json"), "-"], nd_in, no_rkmap,
                 stdin_path=nd_in),
        Scenario("rkmap-sqlite", "rkmap", "rkmap ndjson -> sqlite",
                 [binary, "apply", "--format", "sqlite", "-o", db, spec("bench-spec-ndjson.json"), nd_in],
                 nd_in, no_rkmap, database=db),
        Scenario("jq-json", "jq", "jq json -> ndjson", jq_argv(BENCH_DIR, json_in, True), json_in,
                 no_jq or too_big),
        Scenario("jq-ndjson", "jq", "jq ndjson -> ndjson", jq_argv(BENCH_DIR, nd_in, False), nd_in, no_jq),
        Scenario("duckdb-json", "duckdb", "duckdb json -> ndjson", duck + ["--document", json_in, "{out}"],
                 json_in, duck_doc),
        Scenario("duckdb-ndjson", "duckdb", "duckdb ndjson -> ndjson", duck + [nd_in, "{out}"], nd_in, no_duck),
    ]


def run_once(scenario, out_path, timeout):
    """(seconds, peak RSS KiB, exit code, stderr head) of one run. The output goes
    to out_path (stdout, or the "{out}" argument); stdin is /dev/null or, for a
    pipe scenario, `cat`'s output. Peak RSS is the program's own, measured one
    level down by GNU time or bench.py's wait4 launcher (see bench.measured)."""
    argv = [out_path if a == "{out}" else a for a in scenario.argv]
    to_stdout = "{out}" not in scenario.argv
    with open(out_path if to_stdout else os.devnull, "wb") as out, tempfile.TemporaryFile() as err, \
            tempfile.NamedTemporaryFile(prefix="rkmap-scale-rss-") as rss:
        start = time.perf_counter()
        feeder = None
        stdin = subprocess.DEVNULL
        if scenario.stdin_path:
            feeder = subprocess.Popen(["cat", scenario.stdin_path], stdout=subprocess.PIPE, start_new_session=True)
            stdin = feeder.stdout
        try:
            proc = subprocess.Popen(measured(argv, rss.name), stdin=stdin, stdout=out, stderr=err,
                                    start_new_session=True)
        except OSError as error:
            if feeder:
                feeder.kill()
                feeder.wait()
            return None, 0, None, [f"cannot run {argv[0]}: {error.strerror}"]
        if feeder:
            feeder.stdout.close()  # the program holds the only read end now
        timed_out = []

        def kill():
            timed_out.append(True)
            for p in (proc, feeder):
                try:
                    if p:
                        os.killpg(p.pid, 9)
                except ProcessLookupError:
                    pass
        timer = threading.Timer(timeout, kill)
        timer.start()
        _, status, _ = os.wait4(proc.pid, 0)
        if feeder:
            feeder.wait()
        elapsed = time.perf_counter() - start
        timer.cancel()
        kib, code = read_rss(rss.name, os.waitstatus_to_exitcode(status))
        err.seek(0)
        head = err.read(4000).decode("utf-8", "replace").splitlines()[:5]
        if timed_out:
            head = [f"killed after {timeout:g} s"] + head
            code = code or -9
        return elapsed, kib, code, head


def digest(path):
    """(lines, sha256 hex) of a file, read in 8 MB blocks."""
    lines = 0
    h = hashlib.sha256()
    with open(path, "rb") as f:
        while True:
            block = f.read(8 << 20)
            if not block:
                break
            lines += block.count(b"\n")
            h.update(block)
    return lines, h.hexdigest()


def count_rows(path):
    import sqlite3
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
        tables = [r[0] for r in db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")]
        return sum(db.execute('SELECT count(*) FROM "%s"' % t.replace('"', '""')).fetchone()[0] for t in tables)


def measure(scenarios, manifest, runs, timeout, workdir, log):
    expected_rows = 2 * manifest["articles"] + 2 * manifest["comments"]
    for round_index in range(runs):
        for s in scenarios:
            if s.skip or s.failure:
                continue
            out_path = os.path.join(workdir, "out.ndjson")
            if s.database:
                for suffix in ("", "-journal", "-wal", "-shm"):
                    if os.path.exists(s.database + suffix):
                        os.remove(s.database + suffix)
            print(f"  {manifest['mb']:g} MB run {round_index + 1}/{runs}: {s.name} ...", file=log, end="", flush=True)
            seconds, kib, code, head = run_once(s, out_path, timeout)
            if code != 0:
                s.failure = f"FAILED ({describe_exit(code)})" + "".join(f"; {line}" for line in head[:2])
                print(" FAILED", file=log, flush=True)
            else:
                s.times.append(seconds)
                s.peak_kib = max(s.peak_kib, kib)
                print(f" {seconds:.2f} s, {kib / 1024:.0f} MiB", file=log, flush=True)
                if s.output is None:
                    if s.database:
                        rows = count_rows(s.database)
                        s.output = (rows, None)
                        if rows != expected_rows:
                            s.failure = f"FAILED (the database has {rows} rows, expected {expected_rows})"
                    else:
                        s.output = digest(out_path)
                        if s.output[0] != manifest["articles"]:
                            s.failure = f"FAILED ({s.output[0]} records, expected {manifest['articles']})"
            for path in (out_path, s.database):
                if path and os.path.exists(path):
                    os.remove(path)


def agree(scenarios):
    """Every NDJSON output of one size must be the same bytes; the most common
    digest is the reference, and a scenario that wrote other bytes fails."""
    outputs = [s for s in scenarios if s.ok and s.output and s.output[1]]
    if not outputs:
        return "no NDJSON output to compare"
    counts = {}
    for s in outputs:
        counts[s.output[1]] = counts.get(s.output[1], 0) + 1
    reference_digest = max(counts, key=lambda d: (counts[d], d))
    for s in outputs:
        if s.output[1] != reference_digest:
            s.failure = f"FAILED (its output differs from the others' (sha256 {s.output[1][:12]}…))"
    same = [s.name for s in outputs if s.output[1] == reference_digest]
    return f"{len(same)} NDJSON outputs are byte-identical (sha256 {reference_digest[:12]}…): " + ", ".join(same)


def sample_checks(binary, manifest, workdir, have_duckdb):
    """The output check of bench.py, plus the shapes only this bench runs: rkmap
    reading a pipe, rkmap writing SQLite from NDJSON, DuckDB."""
    lines = check_outputs(binary, manifest, BENCH_DIR, workdir, True, timeout=300)
    data = manifest["dir"]
    sample_nd = os.path.join(data, "sample.ndjson")
    with open(sample_nd, encoding="utf-8") as f:
        articles = [json.loads(line) for line in f]
    expected = [reference(a) for a in articles]
    if rkmap_missing(binary) is None:
        spec = os.path.join(BENCH_DIR, "bench-spec-ndjson.json")
        quoted = " ".join("'%s'" % a.replace("'", "'\\''") for a in (binary, spec, sample_nd))
        pipe = f"set -- {quoted}; cat \"$3\" | \"$1\" apply --format ndjson \"$2\" -"
        lines.append(compare("rkmap ndjson from a pipe", ["sh", "-c", pipe], expected, 300))
        if os.path.exists(os.path.join(workdir, "check.db")):
            os.remove(os.path.join(workdir, "check.db"))  # check_outputs' database: rkmap would add to it
        lines.append(check_sqlite(binary, spec, sample_nd, articles, workdir, 300).replace(
            "rkmap sqlite", "rkmap sqlite from ndjson"))
    if have_duckdb:
        duck = [sys.executable, os.path.join(BENCH_DIR, "duckdb_map.py")]
        lines.append(compare("duckdb ndjson", duck + [sample_nd, "/dev/stdout"], expected, 300))
        lines.append(compare("duckdb json", duck + ["--document", os.path.join(data, "sample.json"), "/dev/stdout"],
                             expected, 300))
    else:
        lines.append("duckdb: " + DUCKDB_INSTALL)
    return lines


def print_table(sizes, out):
    header = ("MB", "scenario", "seconds", "MB/s", "peak RSS MB", "note")
    rows = []
    for size in sizes:
        for r in size["results"]:
            ok = r["status"] == "ok"
            rows.append((f"{size['input_mb']:.0f}", r["name"],
                         f"{r['seconds']:.2f}" if ok else "-",
                         f"{r['mb_per_s']:.0f}" if ok else "-",
                         f"{r['peak_rss_mb']:.0f}" if ok else "-",
                         r["note"]))
    widths = [max(len(row[i]) for row in rows + [header]) for i in range(len(header) - 1)]
    line = "  ".join("%-*s" % (w, h) for w, h in zip(widths, header)) + "  " + header[-1]
    print(line, file=out)
    print("-" * len(line), file=out)
    for row in rows:
        cells = [("%-*s" if i == 1 else "%*s") % (w, c) for i, (w, c) in enumerate(zip(widths, row))]
        print("  ".join(cells) + "  " + row[-1], file=out)


def result_record(s):
    status = "ok" if s.ok else "skipped" if s.skip else "failed"
    record = {"key": s.key, "tool": s.tool, "name": s.name, "input": os.path.basename(s.input_path),
              "input_bytes": s.input_bytes, "status": status, "times": [round(t, 3) for t in s.times],
              "note": s.skip or s.failure or ""}
    if s.ok:
        best = min(s.times)
        record.update(seconds=round(best, 3), mb_per_s=round(s.input_bytes / MB / best, 1),
                      peak_rss_kib=s.peak_kib, peak_rss_mb=round(s.peak_kib * 1024 / MB, 1))
        if s.database:
            record["rows"] = s.output[0]
            record["note"] = f"{s.output[0]:,} rows, {s.output[0] / best:,.0f} rows/s"
    return record


def main(argv=None):
    parser = argparse.ArgumentParser(description="rkmap time and memory against input size, beside jq and DuckDB.")
    parser.add_argument("--binary", default=".build/release/rkmap", help="rkmap executable (release build)")
    parser.add_argument("--mb", type=float, nargs="+", default=[100, 1000], help="input sizes in MB (default 100 1000)")
    parser.add_argument("--runs", type=int, default=1, help="runs per scenario and size; the best time counts (default 1)")
    parser.add_argument("--seed", type=int, default=generate.DEFAULT_SEED, help="generator seed")
    parser.add_argument("--data", default=None,
                        help="keep generated inputs in DIR and reuse them (default: a scratch directory under "
                             "$TMPDIR, deleted after each size)")
    parser.add_argument("--results", default=os.path.join(generate.DEFAULT_OUT, "scale-results.json"),
                        help="JSON results file (default .build/bench/scale-results.json)")
    parser.add_argument("--only", default="", help="comma-separated substrings of scenario names to run")
    parser.add_argument("--document-max-mb", type=float, default=1100,
                        help="largest articles.json that jq and DuckDB (which read it whole) are given (default 1100)")
    parser.add_argument("--timeout", type=float, default=1800, help="seconds before a run is killed (default 1800)")
    args = parser.parse_args(argv)
    if args.runs < 1 or any(mb <= 0 for mb in args.mb):
        parser.error("--runs must be >= 1 and every --mb > 0")
    out, log = sys.stdout, sys.stderr
    binary = os.path.abspath(args.binary)
    have_duckdb = duckdb_installed()

    facts = machine_facts(binary)
    facts.append("duckdb: " + (subprocess.run([sys.executable, "-c", "import duckdb; print(duckdb.__version__)"],
                                              capture_output=True, text=True).stdout.strip()
                               if have_duckdb else "not installed"))
    started = datetime.datetime.now(datetime.timezone.utc)
    print("rkmap scale benchmark, " + started.strftime("%Y-%m-%d %H:%M UTC"), file=out)
    for fact in facts:
        print("  " + fact, file=out)
    out.flush()

    sizes = []
    failed = []
    for mb in args.mb:
        scratch = None
        data_root = args.data
        if data_root is None:
            scratch = data_root = tempfile.mkdtemp(prefix="rkmap-bench-scale-data-")
        workdir = tempfile.mkdtemp(prefix="rkmap-bench-scale-")
        try:
            manifest = generate.generate(mb, args.seed, data_root, log=log)
            print(f"\n{mb:g} MB: {manifest['articles']:,} articles, {manifest['comments']:,} comments, "
                  f"articles.json {manifest['bytes']['articles.json'] / MB:.1f} MB, "
                  f"articles.ndjson {manifest['bytes']['articles.ndjson'] / MB:.1f} MB", file=out)
            print("output check (sample of %d articles):" % manifest["sample_articles"], file=out)
            checks = sample_checks(binary, manifest, workdir, have_duckdb)
            for line in checks:
                print("  " + line, file=out)
            out.flush()
            scenarios = build(binary, manifest, workdir, args.document_max_mb, have_duckdb)
            if args.only:
                wanted = [w.strip() for w in args.only.split(",") if w.strip()]
                scenarios = [s for s in scenarios if any(w in s.name for w in wanted)]
            for s in scenarios:
                tool_check = [c for c in checks if c.startswith(s.tool) and ("DIFFERS" in c or "FAILED" in c)]
                if tool_check and not s.skip:
                    s.failure = "FAILED (the sample check failed: %s)" % tool_check[0].split("\n")[0]
            measure(scenarios, manifest, args.runs, args.timeout, workdir, log)
            agreement = agree(scenarios)
            print("full-size outputs: " + agreement, file=out)
            size = {"mb": mb, "input_mb": manifest["bytes"]["articles.ndjson"] / MB,
                    "articles": manifest["articles"], "comments": manifest["comments"],
                    "bytes": {k: v for k, v in manifest["bytes"].items() if k.startswith("articles")},
                    "checks": checks, "agreement": agreement, "results": [result_record(s) for s in scenarios]}
            sizes.append(size)
            failed += [f"{s.name} at {mb:g} MB" for s in scenarios if s.failure]
        finally:
            shutil.rmtree(workdir, ignore_errors=True)
            if scratch:
                shutil.rmtree(scratch, ignore_errors=True)

    load_end = os.getloadavg()
    print(f"\nresults (best of {args.runs} run(s); MB = 10^6 bytes; MB/s is input bytes per second; "
          "peak RSS is the program's own):", file=out)
    print_table(sizes, out)
    print("\nload average at the end: %.2f %.2f %.2f (other tenants share this machine)" % load_end, file=out)
    document = {"date": started.strftime("%Y-%m-%dT%H:%M:%SZ"), "machine": facts,
                "load_average_end": [round(x, 2) for x in load_end], "runs": args.runs, "sizes": sizes}
    os.makedirs(os.path.dirname(os.path.abspath(args.results)), exist_ok=True)
    with open(args.results, "w", encoding="utf-8") as f:
        json.dump(document, f, indent=2, ensure_ascii=False)
        f.write("\n")
    print(f"results written to {args.results} (plot: python3 Tests/Benchmarks/plot_scale.py {args.results})", file=out)
    if failed:
        print("failed: " + ", ".join(failed), file=out)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
