"""The benchmark's scenarios: which command runs on which input.

Imported by bench.py. A scenario whose tool is missing carries a `skip` text
instead of being dropped, so the table always shows every row.
"""

import datetime
import json
import os
import shlex
import shutil
import signal
import subprocess

JQ_INSTALL = "skipped: install with apt-get install jq"
SQLITE_UTILS_INSTALL = "skipped: install with pip install sqlite-utils"
SQLITE_UTILS_TABLES = ("Article", "Author", "Comment", "Article_comments")
SQLITE_UTILS_PK = {"Article": "id", "Author": "_id", "Comment": "_id"}


class Scenario:
    def __init__(self, key, name, argv, input_name, input_bytes, skip=None, database=None):
        self.key = key                # stable id used for the ratios
        self.name = name              # what the table shows
        self.argv = argv
        self.input_name = input_name
        self.input_bytes = input_bytes
        self.skip = skip              # text when the scenario cannot run
        self.database = database      # SQLite file to delete before and count after each run


def describe_exit(code):
    """`exit N`, or the signal that killed the process (a crash, a timeout kill)."""
    if code is None:
        return "could not start"
    return f"killed by signal {-code}" if code < 0 else f"exit {code}"


def run_capture(argv, timeout):
    """Runs argv and returns (exit code, stdout bytes, stderr text); on timeout the
    whole process group is killed (a wrapper script's children too) and the code
    is -9. Raises OSError when argv cannot be started."""
    proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, start_new_session=True)
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        err = f"killed after {timeout:g} s\n".encode() + err
    return proc.returncode, out, err.decode("utf-8", "replace")


def jq_argv(bench_dir, path, wrapped):
    program = 'include "article"; ' + (".articles[] | article" if wrapped else "article")
    return ["jq", "-c", "-L", bench_dir, program, path]


def rkmap_missing(binary):
    if not os.path.isfile(binary) or not os.access(binary, os.X_OK):
        return f"FAILED (no executable at {binary}; build it with make release)"
    return None


def build_scenarios(binary, manifest, bench_dir, workdir):
    data = manifest["dir"]
    json_in = os.path.join(data, "articles.json")
    nd_in = os.path.join(data, "articles.ndjson")
    json_bytes = manifest["bytes"]["articles.json"]
    nd_bytes = manifest["bytes"]["articles.ndjson"]
    spec = lambda name: os.path.join(bench_dir, name)  # noqa: E731
    no_rkmap = rkmap_missing(binary)
    no_jq = None if shutil.which("jq") else JQ_INSTALL
    no_sqlu = None if shutil.which("sqlite-utils") else SQLITE_UTILS_INSTALL
    rk_db = os.path.join(workdir, "rkmap.db")
    su_db = os.path.join(workdir, "sqlite-utils.db")
    return [
        Scenario("jq-json", "jq  json -> ndjson", jq_argv(bench_dir, json_in, True),
                 "articles.json", json_bytes, no_jq),
        Scenario("rkmap-json", "rkmap json -> ndjson",
                 [binary, "apply", "--format", "ndjson", spec("bench-spec.json"), json_in],
                 "articles.json", json_bytes, no_rkmap),
        Scenario("jq-ndjson", "jq  ndjson -> ndjson", jq_argv(bench_dir, nd_in, False),
                 "articles.ndjson", nd_bytes, no_jq),
        Scenario("rkmap-ndjson", "rkmap ndjson -> ndjson",
                 [binary, "apply", "--format", "ndjson", spec("bench-spec-ndjson.json"), nd_in],
                 "articles.ndjson", nd_bytes, no_rkmap),
        serialize_scenario(binary, nd_in, spec("bench-spec-ndjson.json"), workdir, no_rkmap),
        Scenario("rkmap-tree", "rkmap json -> pretty tree",
                 [binary, "apply", spec("bench-spec.json"), json_in],
                 "articles.json", json_bytes, no_rkmap),
        Scenario("rkmap-expectvalue", "rkmap dynamic expectValue",
                 [binary, "apply", "--format", "ndjson", spec("bench-spec-expectvalue.json"), json_in],
                 "articles.json", json_bytes, no_rkmap),
        Scenario("rkmap-predicate", "rkmap dynamic predicate",
                 [binary, "apply", "--format", "ndjson", spec("bench-spec-predicate.json"), json_in],
                 "articles.json", json_bytes, no_rkmap),
        Scenario("rkmap-sqlite", "rkmap json -> sqlite",
                 [binary, "apply", "--format", "sqlite", "-o", rk_db, spec("bench-spec.json"), json_in],
                 "articles.json", json_bytes, no_rkmap, database=rk_db),
        Scenario("sqlite-utils", "sqlite-utils insert",
                 ["sh", "-c", sqlite_utils_script(data, su_db)],
                 "articles.ndjson*", nd_bytes, no_sqlu, database=su_db),
    ]


def serialize_scenario(binary, nd_in, spec_path, workdir, skip):
    """`rkmap serialize` of the records `apply` makes of articles.ndjson (one
    record per line, ~100 MB), back to NDJSON bodies: compare its rate with
    rkmap-ndjson, which maps the same data the other way."""
    records = os.path.join(workdir, "records.ndjson")
    size = 0
    if skip is None:
        if not os.path.exists(records):
            with open(records, "wb") as out:
                code = subprocess.call([binary, "apply", "--format", "ndjson", spec_path, nd_in], stdout=out)
            if code != 0:
                skip = f"FAILED (preparing records: apply exited {code})"
        if skip is None:
            size = os.path.getsize(records)
    return Scenario("rkmap-serialize", "rkmap serialize records -> ndjson",
                    [binary, "serialize", "--format", "ndjson", spec_path, records],
                    "records.ndjson", size, skip)


def sqlite_utils_dir(data):
    return os.path.join(data, "sqlite-utils")


def sqlite_utils_script(data, db):
    """One `sqlite-utils insert --nl` per table, chained in one shell so that the
    whole load is one measured command."""
    rows = sqlite_utils_dir(data)
    steps = []
    for table in SQLITE_UTILS_TABLES:
        argv = ["sqlite-utils", "insert", db, table, os.path.join(rows, table + ".ndjson"), "--nl"]
        if table in SQLITE_UTILS_PK:
            argv += ["--pk", SQLITE_UTILS_PK[table]]
        steps.append(" ".join(shlex.quote(a) for a in argv))
    return " && ".join(steps)


def iso_utc(text):
    if text is None:
        return None
    moment = datetime.datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ")
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def prepare_sqlite_utils_rows(manifest, log):
    """Writes the rows rkmap's SQLite output holds (docs/spec.md §10.4: Article, Author and
    Comment tables, the Article_comments link table) as one NDJSON file per table,
    so that sqlite-utils inserts the same rows. Done once per data set, untimed:
    the flattening and date conversion that rkmap does inside its measured run are
    free for sqlite-utils."""
    target = sqlite_utils_dir(manifest["dir"])
    marker = os.path.join(target, "done")
    if os.path.exists(marker):
        return
    print(f"preparing per-table rows for sqlite-utils in {target} ...", file=log, flush=True)
    os.makedirs(target, exist_ok=True)
    files = {t: open(os.path.join(target, t + ".ndjson"), "w", encoding="utf-8") for t in SQLITE_UTILS_TABLES}
    author_id = comment_id = 0
    try:
        with open(os.path.join(manifest["dir"], "articles.ndjson"), encoding="utf-8") as source:
            for line in source:
                article = json.loads(line)
                author_id += 1
                author = article["author"]
                write = lambda table, row: files[table].write(json.dumps(row, ensure_ascii=False) + "\n")  # noqa: E731
                write("Author", {"_id": author_id, "name": author["name"], "email": author["email"]})
                write("Article", {"id": article["id"], "headline": article["title"], "text": article["body"],
                                  "publishedAt": iso_utc(article["publication_date"]),
                                  "tags": json.dumps(article["tags"], ensure_ascii=False),
                                  "author": author_id})
                for position, comment in enumerate(article["comments"]):
                    comment_id += 1
                    write("Comment", {"_id": comment_id, "author": comment["author_name"], "text": comment["text"]})
                    write("Article_comments", {"Article": article["id"], "Comment": comment_id, "position": position})
    finally:
        for f in files.values():
            f.close()
    with open(marker, "w") as f:
        f.write("ok\n")
