"""Checks, on the small sample, that every measured command does the same work.

A benchmark is only fair if the programs compared produce the same records, so
before timing anything bench.py maps sample.json / sample.ndjson with rkmap and
jq and compares both to a reference written here from the spec's meaning
(bench-spec.json: renamed attributes, a date in UTC, a to-one author, to-many
comments; "@type" first, fields in declaration order, docs/spec.md §5.1 and §10.1).
"""

import json
import os
import shutil
import sqlite3

from scenarios import describe_exit, iso_utc, jq_argv, rkmap_missing, run_capture


def reference(article):
    """The record docs/spec.md says bench-spec.json makes of one article."""
    author = article.get("author")
    return {
        "@type": "Article",
        "id": article["id"],
        "headline": article["title"],
        "text": article["body"],
        "publishedAt": iso_utc(article["publication_date"]),
        "tags": article["tags"],
        "author": None if author is None else {"@type": "Author", "name": author["name"], "email": author["email"]},
        "comments": [{"@type": "Comment", "author": c["author_name"], "text": c["text"]}
                     for c in article["comments"]],
    }


def first_difference(got, want, path="$"):
    """JSON path and both values of the first difference (member order counts)."""
    if isinstance(want, dict) and isinstance(got, dict):
        if list(got) != list(want):
            if set(got) == set(want):
                return f"{path}: field order {list(got)}, expected {list(want)}"
            missing = [k for k in want if k not in got]
            extra = [k for k in got if k not in want]
            return f"{path}: missing fields {missing}, unexpected fields {extra}"
        for key in want:
            diff = first_difference(got[key], want[key], f"{path}.{key}")
            if diff:
                return diff
        return None
    if isinstance(want, list) and isinstance(got, list):
        if len(got) != len(want):
            return f"{path}: {len(got)} elements, expected {len(want)}"
        for i, (g, w) in enumerate(zip(got, want)):
            diff = first_difference(g, w, f"{path}[{i}]")
            if diff:
                return diff
        return None
    if got != want or type(got) is not type(want):
        return f"{path}: got {json.dumps(got, ensure_ascii=False)[:80]}, expected {json.dumps(want, ensure_ascii=False)[:80]}"
    return None


def indented(stderr, lines=3):
    return "".join(f"\n    {line}" for line in stderr.strip().splitlines()[:lines])


def compare(label, argv, expected, timeout):
    try:
        code, stdout, stderr = run_capture(argv, timeout)
    except OSError as error:
        return f"{label}: FAILED to run ({error.strerror})"
    if code != 0:
        return f"{label}: FAILED ({describe_exit(code)})" + indented(stderr)
    try:
        records = [json.loads(line) for line in stdout.decode("utf-8").splitlines() if line.strip()]
    except (UnicodeDecodeError, ValueError) as error:
        return f"{label}: DIFFERS (output is not NDJSON: {error})"
    if len(records) != len(expected):
        return f"{label}: DIFFERS ({len(records)} records, expected {len(expected)})"
    for i, (got, want) in enumerate(zip(records, expected)):
        diff = first_difference(got, want)
        if diff:
            return f"{label}: DIFFERS at record {i}: {diff}"
    return f"{label}: OK ({len(records)} records as expected)"


def check_sqlite(binary, spec, sample, articles, workdir, timeout):
    db = os.path.join(workdir, "check.db")
    try:
        code, _, stderr = run_capture([binary, "apply", "--format", "sqlite", "-o", db, spec, sample], timeout)
    except OSError as error:
        return f"rkmap sqlite: FAILED to run ({error.strerror})"
    if code != 0:
        return f"rkmap sqlite: FAILED ({describe_exit(code)})" + indented(stderr)
    try:
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
            tables = [r[0] for r in conn.execute(
                "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%' ORDER BY name")]
            counts = {t: conn.execute('SELECT count(*) FROM "%s"' % t.replace('"', '""')).fetchone()[0] for t in tables}
    except sqlite3.Error as error:
        return f"rkmap sqlite: FAILED (database unreadable: {error})"
    comments = sum(len(a["comments"]) for a in articles)
    # Without identification, every author and comment is its own row (docs/spec.md §7).
    expected = 2 * len(articles) + 2 * comments
    got = sum(counts.values())
    state = "OK" if got == expected else "DIFFERS"
    return (f"rkmap sqlite: {state} ({got} rows, expected {expected} = articles + authors + comments + "
            f"links; tables: {', '.join(f'{t} {n}' for t, n in counts.items()) or 'none'})")


def check_outputs(binary, manifest, bench_dir, workdir, with_rkmap=True, timeout=300):
    """Returns one report line per check (rkmap's only when `with_rkmap`)."""
    data = manifest["dir"]
    sample_json = os.path.join(data, "sample.json")
    sample_nd = os.path.join(data, "sample.ndjson")
    with open(sample_nd, encoding="utf-8") as f:
        articles = [json.loads(line) for line in f]
    expected = [reference(a) for a in articles]
    lines = []
    if shutil.which("jq"):
        lines.append(compare("jq json", jq_argv(bench_dir, sample_json, True), expected, timeout))
        lines.append(compare("jq ndjson", jq_argv(bench_dir, sample_nd, False), expected, timeout))
    else:
        lines.append("jq: skipped: install with apt-get install jq")
    if not with_rkmap:
        return lines
    missing = rkmap_missing(binary)
    if missing:
        lines.append("rkmap: " + missing)
        return lines
    spec = lambda name: os.path.join(bench_dir, name)  # noqa: E731
    for label, spec_name, sample in (("rkmap json", "bench-spec.json", sample_json),
                                     ("rkmap ndjson", "bench-spec-ndjson.json", sample_nd),
                                     ("rkmap expectValue", "bench-spec-expectvalue.json", sample_json),
                                     ("rkmap predicate", "bench-spec-predicate.json", sample_json)):
        lines.append(compare(label, [binary, "apply", "--format", "ndjson", spec(spec_name), sample], expected, timeout))
    lines.append(check_sqlite(binary, spec("bench-spec.json"), sample_json, articles, workdir, timeout))
    return lines
