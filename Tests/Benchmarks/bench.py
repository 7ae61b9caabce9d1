#!/usr/bin/env python3
"""rkmap benchmark: throughput and peak memory of `rkmap apply` against jq and
sqlite-utils doing the same work, all measured in one invocation on one machine.

Usage: bench.py --binary PATH [--mb N] [--runs K] [--only NAME,...] [--seed S]

See README.md beside this file for what each scenario measures and how to read
the table. Standard library only; jq and sqlite-utils are used when installed.
"""

import argparse
import os
import platform
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time

sys.dont_write_bytecode = True  # keep Tests/Benchmarks free of __pycache__
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import generate  # noqa: E402  (sibling script)
from scenarios import build_scenarios, describe_exit, prepare_sqlite_utils_rows, run_capture  # noqa: E402
from outputcheck import check_outputs  # noqa: E402

BENCH_DIR = os.path.dirname(os.path.abspath(__file__))
MB = 1_000_000  # MB are 10^6 bytes throughout, input and RSS alike.

BARS = {
    "jq_ratio": 5.0,          # issue 2: rkmap >= 5x jq on the same transform
    "rss_ratio": 1.5,         # issue 2: peak RSS <= 1.5x the input size
    "predicate_overhead": 20.0,  # issue 3: predicate matcher <= +20% over expectValue
    "sqlite_rows": 150_000,   # issue 4: >= 150,000 rows/s
    "sqlite_utils_ratio": 6.0,  # issue 4: 6x sqlite-utils
    "serialize_ratio": 1.0,   # issue 11: serialize at least as fast as apply (MB/s)
}


class Result:
    """Best-of-K measurement of one scenario."""

    def __init__(self, scenario):
        self.scenario = scenario
        self.times = []
        self.max_rss_kib = 0
        self.failure = None  # text when the scenario failed
        self.rows = None     # for database scenarios
        self.stderr_head = []  # first stderr lines of a failed run

    @property
    def ok(self):
        return self.failure is None and bool(self.times)

    @property
    def best(self):
        return min(self.times) if self.times else None


# Peak RSS must be measured one level down. Linux keeps a process's peak RSS
# across execve, and subprocess starts children with vfork, so a child's own
# ru_maxrss is at least this Python process's peak (hundreds of MB once the
# data set and the output check have been loaded): every program would report
# the same figure. A small measuring parent (GNU time, else LAUNCHER) starts
# the program from its own small address space and reports that child alone.
GNU_TIME = "/usr/bin/time"

# Fallback measuring parent: fork, exec, wait4, write the child's ru_maxrss to
# argv[1]; exits like the child (re-raising its signal). Its own ~7 MB are the
# floor of what it can report.
LAUNCHER = r"""
import os, signal, sys
out, argv = sys.argv[1], sys.argv[2:]
pid = os.fork()
if pid == 0:
    try:
        os.execvp(argv[0], argv)
    except OSError as error:
        os.write(2, ("cannot run %s: %s\n" % (argv[0], error.strerror)).encode())
        os._exit(127)
_, status, usage = os.wait4(pid, 0)
with open(out, "w") as f:
    f.write("%d\n" % usage.ru_maxrss)
if os.WIFSIGNALED(status):
    signal.signal(os.WTERMSIG(status), signal.SIG_DFL)
    os.kill(os.getpid(), os.WTERMSIG(status))
os._exit(os.waitstatus_to_exitcode(status))
"""


def has_gnu_time():
    try:
        code, stdout, _ = run_capture([GNU_TIME, "--version"], 5)
    except OSError:
        return False
    return code == 0 and b"GNU" in stdout


USE_GNU_TIME = None  # decided on first use


def measured(argv, rss_file):
    """argv wrapped in a measuring parent that writes the peak RSS (KiB) to rss_file."""
    global USE_GNU_TIME
    if USE_GNU_TIME is None:
        USE_GNU_TIME = has_gnu_time()
    if USE_GNU_TIME:
        return [GNU_TIME, "-o", rss_file, "-f", "%M", "--"] + list(argv)
    return [sys.executable, "-S", "-c", LAUNCHER, rss_file] + list(argv)


def read_rss(rss_file, code):
    """(peak RSS KiB, exit code) from the measuring parent's report. GNU time
    exits 128+N when the program died of signal N and says so in the file;
    that becomes -N, as subprocess reports it."""
    try:
        with open(rss_file) as f:
            lines = f.read().split()
    except OSError:
        return 0, code
    text = " ".join(lines)
    if "terminated by signal" in text and code is not None and code > 128:
        code = 128 - code
    try:
        return int(lines[-1]), code
    except (IndexError, ValueError):
        return 0, code


def run_once(argv, timeout, stdout=os.devnull):
    """Runs argv with stdout to `stdout`; returns (seconds, peak RSS KiB, exit code, stderr head).

    Peak RSS is the program's own (see `measured`), not this script's: the
    largest of the program and the descendants it waited for (so
    `sh -c 'a && b'` reports the larger of a and b).
    """
    with open(stdout, "wb") as out, tempfile.TemporaryFile() as err, \
            tempfile.NamedTemporaryFile(prefix="rkmap-bench-rss-") as rss:
        start = time.perf_counter()
        try:
            proc = subprocess.Popen(measured(argv, rss.name), stdin=subprocess.DEVNULL, stdout=out,
                                    stderr=err, start_new_session=True)
        except OSError as error:
            return None, 0, None, [f"cannot run {argv[0]}: {error.strerror}"]
        timed_out = []

        def kill():
            timed_out.append(True)
            try:
                os.killpg(proc.pid, 9)
            except ProcessLookupError:
                pass
        timer = threading.Timer(timeout, kill)
        timer.start()
        _, status, _ = os.wait4(proc.pid, 0)
        elapsed = time.perf_counter() - start
        timer.cancel()
        rss_kib, proc.returncode = read_rss(rss.name, os.waitstatus_to_exitcode(status))
        err.seek(0)
        head = err.read(4000).decode("utf-8", "replace").splitlines()[:5]
        if timed_out:
            head = [f"killed after {timeout:g} s"] + head
        return elapsed, rss_kib, proc.returncode, head


def count_rows(path):
    """Rows in every table of a SQLite database (articles, authors, comments, links)."""
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
        tables = [row[0] for row in db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")]
        counts = {t: db.execute('SELECT count(*) FROM "%s"' % t.replace('"', '""')).fetchone()[0]
                  for t in tables}
    return sum(counts.values()), counts


def remove_db(path):
    for suffix in ("", "-journal", "-wal", "-shm"):
        try:
            os.remove(path + suffix)
        except FileNotFoundError:
            pass


def measure_all(scenarios, runs, timeout, log):
    """Runs every scenario `runs` times, interleaved round by round so that load
    from other tenants of the machine hits all scenarios alike."""
    results = [Result(s) for s in scenarios]
    for r in results:
        if r.scenario.skip:
            r.failure = r.scenario.skip
    for round_index in range(runs):
        for r in results:
            if r.failure is not None:
                continue
            s = r.scenario
            if s.database:
                remove_db(s.database)
            print(f"  run {round_index + 1}/{runs}: {s.name} ...", file=log, end="", flush=True)
            seconds, rss, code, stderr_head = run_once(s.argv, timeout)
            if code != 0:
                r.failure = "FAILED (%s)%s" % (describe_exit(code), "" if stderr_head else ", no stderr")
                r.stderr_head = stderr_head
                print(" FAILED", file=log, flush=True)
                continue
            r.times.append(seconds)
            r.max_rss_kib = max(r.max_rss_kib, rss)
            print(f" {seconds:.2f} s", file=log, flush=True)
            if s.database and round_index == runs - 1:
                try:
                    r.rows, r.table_counts = count_rows(s.database)
                except sqlite3.Error as error:
                    r.failure = f"FAILED (database unreadable: {error})"
                    continue
                if r.rows == 0:
                    r.failure = "FAILED (the database has no rows)"
    return results


def machine_facts(binary):
    facts = []
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    model = platform.processor() or "unknown"
    mem = None
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
        with open("/proc/meminfo") as f:
            mem = int(f.readline().split()[1]) * 1024
    except OSError:
        pass
    facts.append(f"machine: {cpus} CPUs (nproc), {model}" + (f", {mem / 1e9:.1f} GB RAM" if mem else ""))
    try:
        facts.append("load average: %.2f %.2f %.2f (other tenants share this machine)" % os.getloadavg())
    except OSError:
        pass
    facts.append(f"python {platform.python_version()}, SQLite library {sqlite3.sqlite_version}")
    for label, argv in (("jq", ["jq", "--version"]), ("sqlite-utils", ["sqlite-utils", "--version"]),
                        ("rkmap", [binary, "--version"])):
        if label != "rkmap" and not shutil.which(argv[0]):
            facts.append(f"{label}: not installed")
            continue
        try:
            code, stdout, stderr = run_capture(argv, 5)
        except OSError as error:
            facts.append(f"{label}: cannot run ({error.strerror})")
            continue
        text = (stdout.decode("utf-8", "replace") or stderr).strip().splitlines()
        facts.append(f"{label}: " + (text[0] if text and code == 0 else f"version unknown ({describe_exit(code)})"))
    return facts


def fmt(value, spec, missing="-"):
    return missing if value is None else format(value, spec)


def print_table(results, out):
    header = ("scenario", "input", "in MB", "seconds", "MB/s", "peak RSS MB", "RSS/in", "note")
    rows = []
    for r in results:
        s = r.scenario
        mb = s.input_bytes / MB
        best = r.best if r.ok else None
        rss = r.max_rss_kib * 1024 / MB if r.ok else None
        note = r.failure or ""
        if r.ok and r.rows is not None:
            note = f"{r.rows:,} rows, {r.rows / best:,.0f} rows/s"
        rows.append((s.name, s.input_name, f"{mb:.1f}", fmt(best, ".2f"),
                     fmt(mb / best if best else None, ".1f"), fmt(rss, ".0f"),
                     fmt(rss / mb if rss is not None else None, ".2f"), note))
    widths = [max(len(str(row[i])) for row in rows + [header]) for i in range(len(header) - 1)]
    line = "  ".join("%-*s" % (w, h) for w, h in zip(widths, header)) + "  " + header[-1]
    print(line, file=out)
    print("-" * len(line), file=out)
    for row in rows:
        cells = [("%-*s" if i < 2 else "%*s") % (w, c) for i, (w, c) in enumerate(zip(widths, row))]
        print("  ".join(cells) + "  " + row[-1], file=out)
    for r in results:
        for text in r.stderr_head:
            print(f"  {r.scenario.name} stderr: {text}", file=out)


def verdict(value, bar, higher_is_better=True):
    if value is None:
        return ""
    met = value >= bar if higher_is_better else value <= bar
    return " (meets the bar)" if met else " (BELOW the bar)" if higher_is_better else " (OVER the bar)"


def ratios(results, out):
    """Prints the comparisons the issues' bars are stated in; returns summary parts."""
    by = {r.scenario.key: r for r in results}

    def best(key):
        r = by.get(key)
        return r.best if r is not None and r.ok else None

    def why(*keys):
        """Why a comparison is n/a: a scenario left out by --only, or one that failed."""
        missing = [k for k in keys if k not in by]
        if missing:
            return "not run: " + ", ".join(missing)
        return "failed or skipped: " + ", ".join(k for k in keys if not by[k].ok)

    summary = []
    print("\nratios (same machine, same invocation, best of the runs):", file=out)
    for label, rk, jq in (("articles.json", "rkmap-json", "jq-json"), ("articles.ndjson", "rkmap-ndjson", "jq-ndjson")):
        a, b = best(rk), best(jq)
        if a and b:
            ratio = b / a
            print(f"  {label}: rkmap is {ratio:.1f}x jq (bar >= {BARS['jq_ratio']:g}x){verdict(ratio, BARS['jq_ratio'])}", file=out)
            summary.append(f"rkmap/jq {label.split('.')[1]} {ratio:.1f}x")
        else:
            print(f"  {label}: rkmap vs jq: n/a ({why(rk, jq)})", file=out)
            summary.append(f"rkmap/jq {label.split('.')[1]} n/a")
    r = by.get("rkmap-json")
    if r is not None and r.ok:
        ratio = r.max_rss_kib * 1024 / r.scenario.input_bytes
        print(f"  articles.json: rkmap peak RSS is {ratio:.2f}x the input (bar <= {BARS['rss_ratio']:g}x){verdict(ratio, BARS['rss_ratio'], False)}", file=out)
        summary.append(f"RSS/input {ratio:.2f}")
    else:
        print(f"  articles.json: rkmap peak RSS vs input: n/a ({why('rkmap-json')})", file=out)
        summary.append("RSS/input n/a")
    se, ap = by.get("rkmap-serialize"), by.get("rkmap-ndjson")
    if se is not None and se.ok and ap is not None and ap.ok:
        # Rates, not times: the records file is not the same size as articles.ndjson.
        ratio = (se.scenario.input_bytes / se.best) / (ap.scenario.input_bytes / ap.best)
        print(f"  serialize is {ratio:.2f}x apply in MB/s on the same data (bar >= {BARS['serialize_ratio']:g}x){verdict(ratio, BARS['serialize_ratio'])}", file=out)
        summary.append(f"serialize/apply {ratio:.2f}x")
    else:
        print(f"  serialize vs apply: n/a ({why('rkmap-serialize', 'rkmap-ndjson')})", file=out)
        summary.append("serialize/apply n/a")
    ev, pr, static = best("rkmap-expectvalue"), best("rkmap-predicate"), best("rkmap-json")
    if ev and pr:
        overhead = (pr / ev - 1) * 100
        print(f"  predicate costs {overhead:+.0f}% over expectValue (bar <= +{BARS['predicate_overhead']:g}%){verdict(overhead, BARS['predicate_overhead'], False)}", file=out)
        summary.append(f"predicate {overhead:+.0f}% over expectValue")
    else:
        print(f"  predicate vs expectValue: n/a ({why('rkmap-expectvalue', 'rkmap-predicate')})", file=out)
        summary.append("predicate n/a")
    if ev and static:
        print(f"  (a dynamic expectValue root costs {(ev / static - 1) * 100:+.0f}% over the static spec)", file=out)
    sq, su = by.get("rkmap-sqlite"), by.get("sqlite-utils")
    if sq is not None and sq.ok:
        rate = sq.rows / sq.best
        print(f"  SQLite: rkmap writes {rate:,.0f} rows/s (bar >= {BARS['sqlite_rows']:,}){verdict(rate, BARS['sqlite_rows'])}", file=out)
        part = f"sqlite {rate / 1000:.0f}k rows/s"
        if su is not None and su.ok:
            ratio = rate / (su.rows / su.best)
            print(f"  SQLite: rkmap is {ratio:.1f}x sqlite-utils in rows/s (bar >= {BARS['sqlite_utils_ratio']:g}x){verdict(ratio, BARS['sqlite_utils_ratio'])}", file=out)
            part += f", {ratio:.1f}x sqlite-utils"
        else:
            print("  SQLite: ratio to sqlite-utils n/a", file=out)
        summary.append(part)
    else:
        print(f"  SQLite: n/a ({why('rkmap-sqlite')})", file=out)
        summary.append("sqlite n/a")
    return summary


def main(argv=None):
    parser = argparse.ArgumentParser(description="Benchmark rkmap against jq and sqlite-utils.")
    parser.add_argument("--binary", default=".build/release/rkmap", help="rkmap executable (release build)")
    parser.add_argument("--mb", type=float, default=generate.DEFAULT_MB, help="input size in MB, default 100")
    parser.add_argument("--runs", type=int, default=3, help="runs per scenario; the best wall time counts (default 3)")
    parser.add_argument("--seed", type=int, default=generate.DEFAULT_SEED, help="generator seed")
    parser.add_argument("--out", default=generate.DEFAULT_OUT, help="data cache directory (default .build/bench)")
    parser.add_argument("--only", default="", help="comma-separated substrings of scenario names to run")
    parser.add_argument("--timeout", type=float, default=900, help="seconds before a run is killed (default 900)")
    args = parser.parse_args(argv)
    if args.runs < 1 or args.mb <= 0:
        parser.error("--runs must be >= 1 and --mb > 0")
    out, log = sys.stdout, sys.stderr
    binary = os.path.abspath(args.binary)

    print("rkmap benchmark", file=out)
    for fact in machine_facts(binary):
        print("  " + fact, file=out)
    manifest = generate.generate(args.mb, args.seed, args.out, log=log)
    print("  input: %d articles, %d comments, articles.json %.1f MB, articles.ndjson %.1f MB (%s)" % (
        manifest["articles"], manifest["comments"], manifest["bytes"]["articles.json"] / MB,
        manifest["bytes"]["articles.ndjson"] / MB, manifest["dir"]), file=out)
    out.flush()

    workdir = tempfile.mkdtemp(prefix="rkmap-bench-")
    try:
        scenarios = build_scenarios(binary, manifest, BENCH_DIR, workdir)
        if args.only:
            wanted = [w.strip() for w in args.only.split(",") if w.strip()]
            scenarios = [s for s in scenarios if any(w in s.name for w in wanted)]
        if any(s.key == "sqlite-utils" and not s.skip for s in scenarios):
            prepare_sqlite_utils_rows(manifest, log)
        print("\noutput check (sample of %d articles):" % manifest["sample_articles"], file=out)
        with_rkmap = any(s.key.startswith("rkmap") for s in scenarios)
        for line in check_outputs(binary, manifest, BENCH_DIR, workdir, with_rkmap,
                                  timeout=min(args.timeout, 300)):
            print("  " + line, file=out)
        out.flush()
        print(f"\nmeasuring {len(scenarios)} scenarios, {args.runs} run(s) each ...", file=log)
        results = measure_all(scenarios, args.runs, args.timeout, log)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)

    print(f"\nresults (best of {args.runs} runs; MB = 10^6 bytes; output to /dev/null):", file=out)
    print_table(results, out)
    summary = ratios(results, out)
    try:
        print("\nload average at the end: %.2f %.2f %.2f (high load from other tenants skews"
              " absolute figures more than ratios)" % os.getloadavg(), file=out)
    except OSError:
        pass
    print("summary: " + "; ".join(summary), file=out)
    failed = [r.scenario.name for r in results if r.failure and r.failure.startswith("FAILED")]
    if failed:
        print("failed scenarios: " + ", ".join(failed), file=out)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
