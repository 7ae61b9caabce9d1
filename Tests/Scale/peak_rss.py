#!/usr/bin/env python3
"""Runs a command on a generated NDJSON stream and reports the command's peak RSS.

Usage: peak_rss.py [--mb N] [--body-bytes K] [--from pipe|file [--golden] [--replace-last OLD NEW] [--stdin-text TEXT]] [--no-stderr] [--stalled-reader]
                   [--shape lines|logs|document|array|keyed|items|rows|batches|nested|listing|list|pages|hits|included|keys|numbers|geometry|spec|distinct-items|distinct-lines|form|har] -- COMMAND ...

The stream is `--mb` MB (10^6 bytes) of article-like lines
(`{"id": N, "title": "...", "body": "...K bytes...", "tags": [...]}`), written
into the command's stdin through a pipe (`--from pipe`, the default) or into a
temporary file named as the command's last argument (`--from file`; with
`--golden`, the command is first run once with `--update`, so that `rkmap
check` writes the file's golden beside it, and the golden is measured too;
`--replace-last OLD NEW` then changes the file's last OLD into NEW, an output
that differs from its golden or a syntax error at its end). The
command's stdout goes to /dev/null; with `--stalled-reader`, into a pipe that
nobody reads until the command has stopped using the CPU for half a second
(blocked on its full stdout, every thread waiting), then is read to its end:
what a slow consumer downstream makes the command hold. `--shape document`
writes one single JSON document instead, `{"articles": [ ...the same articles... ]}`, `--shape array`
one top-level array of them, and `--shape keyed` one object of them under
distinct keys, `{"articles": {"b0-0": {...}, "b0-1": {...}, ...}}` (a
`forceCollection` dictionary). `--shape logs` writes lines that are each a
log file of 50 records (`{"Records": [...]}`, CloudTrail's shape) whose
optional members (`errorCode`, `requestParameters` of three kinds) vary
from record to record, so that no two lines mix the same record shapes.
`--shape distinct-lines` writes one-member lines whose member names all
differ (`{"k0_17": "v"}`), and `--shape distinct-items` one document of
objects that each have a member of their own (`{"items": [{"id": 0, "k0":
"v"}, ...]}`): every line or item a shape of its own, what `infer` cannot
drop as a repeat. `--shape form` writes form-encoded lines (`ID=3&Name=item+3&...`,
one document each, for `apply --input-format form`; `--shape form-line` one such line
of `items[][ID]=N&items[][Name]=...` pairs, written whole), and `--shape har` a HAR file
(named `*.har`) of GET entries whose bodies are small `items` documents.

`--shape items|rows|batches|nested|listing|list|pages|hits|included|keys|numbers|geometry|spec` writes one JSON document of about `--mb` MB made of
many small values, the shapes that cost a tree the most memory per input byte:
`items` ({"items": [{"ID": N, "Name": "item N", "Price": N.5, "Tags": [...]}, ...]}),
`rows` (the same items as the document itself, a top-level array, as GitHub's lists are),
`batches` (the same items in the first of two batches, {"batches": [{"id": 1,
"items": [...]}, {"id": 2, "items": []}]}), `nested` (the same items in the
first of two arrays, {"lists": [[...], []]}), `listing` (the same items in
an object, {"kind": "Listing", "data": {"after": "t3_x", "children": [...]}}), `list` (the same
items in a Stripe-style list, {"object": "list", "url": "/v1/items", "data": [...], "has_more": false}), `pages` (the same items, 100
to a page, {"pages": [{"page": 0, "items": [...]}, ...]}), `hits` (the same items as an Elasticsearch
search response's hits, {"took": 5, ..., "hits": {"total": {...}, "max_score": 1.0, "hits": [{"_index":
"items", "_id": "0", "_score": 1.0, "_source": {...}}, ...]}}), `included` (the same items as a JSON:API
document's `included` beside a one-element `data`, {"data": [{"type": "items", "id": "0"}], "included": [...]}), `keys` (one object {"key0": 0,
"key1": 1, ...}), `numbers` ([0, 1, ..., 99, 0, ...]) or `geometry` (one GeoJSON
feature whose polygon holds all the coordinate pairs, {"type": "FeatureCollection",
"features": [{"type": "Feature", "id": "f1", "properties": {...}, "geometry":
{"type": "Polygon", "coordinates": [[[-122.419416, 37.774929], ...]]}}]}) or `spec` (a
minified spec of many mappers of 100 attributes each, {"keyPath": "data", "mappers":
[{"id": "m0", "entity": "YES", "attributes": {...}, "types": {...}}, ...]}).

Prints one JSON object: {"peak_rss_kib": ..., "exit": ..., "bytes": ...}.

Peak RSS must be measured one level down: Linux keeps a process's peak RSS
across execve, and a child started with vfork (posix_spawn, Foundation's
Process, Python's subprocess) inherits its parent's. This script forks for
real from its own small address space, so the figure is the command's own
(with this script's ~10 MB as the floor). Standard library only.
"""

import argparse
import json
import os
import random
import sys
import subprocess
import tempfile
import threading
import time

MB = 1_000_000


def block(body_bytes, separator="\n", key=None):
    """About 1 MB of lines; ids restart in each block (the content is irrelevant
    to memory, only its shape and size matter). With `key`, each line is an
    object member named `key` + its number."""
    words = "stream window memory bounded record article café 日本 ✓ "
    body = (words * (body_bytes // len(words) + 1))[:body_bytes]
    lines = []
    size = 0
    i = 0
    while size < MB:
        line = json.dumps({"id": i, "title": "article %d" % i, "body": body,
                           "tags": ["a", "b", str(i % 7)], "author": {"name": "n%d" % (i % 13)}},
                          ensure_ascii=False) + separator
        if key is not None:
            line = '"%s%d": ' % (key, i) + line
        lines.append(line)
        size += len(line.encode())
        i += 1
    return "".join(lines).encode()


def log_block(n):
    """About 1 MB of log-file lines (`--shape logs`), block `n` of them."""
    lines = []
    size = 0
    line_number = n * 1000
    while size < MB:
        records = []
        mix = random.Random(line_number)
        for j in range(50):
            k = line_number * 50 + j
            record = {"eventID": "e%d" % k, "eventTime": "2024-06-04T00:%02d:%02dZ" % (k // 60 % 60, k % 60),
                      "eventName": ("GetObject", "PutObject", "ListBuckets")[k % 3],
                      "userIdentity": {"type": "IAMUser", "userName": "u%d" % (k % 97)}}
            variant = mix.randrange(5)
            if variant == 1:
                record["requestParameters"] = {"bucketName": "b%d" % (k % 10), "key": "k%d" % k}
            elif variant == 2:
                record["requestParameters"] = {"roleName": "r%d" % (k % 10)}
            elif variant == 3:
                record["requestParameters"] = None
            if mix.randrange(11) == 0:
                record["errorCode"] = "AccessDenied"
            records.append(record)
        line = json.dumps({"Records": records}) + "\n"
        lines.append(line)
        size += len(line)
        line_number += 1
    return "".join(lines).encode()


def distinct_lines_block(n):
    """About 1 MB of one-member lines, each member named apart from every
    other line's (`{"k3_17": "v"}`): each line a shape of its own."""
    lines = []
    size = 0
    i = 0
    while size < MB:
        line = '{"k%d_%d": "v"}\n' % (n, i)
        lines.append(line)
        size += len(line)
        i += 1
    return "".join(lines).encode()


def form_block(n):
    """About 1 MB of form-encoded lines (`--shape form`, docs/spec.md §14),
    one small document each: `ID=3&Name=item+3&Price=3.5&Tags%5B%5D=a&...`."""
    lines = []
    size = 0
    i = 0
    while size < MB:
        line = "ID=%d&Name=item+%d&Price=%d.5&Tags%%5B%%5D=a&Tags%%5B%%5D=b%d&Note=caf%%C3%%A9+%%E2%%9C%%93\n" % (i, i, i, i % 7)
        lines.append(line)
        size += len(line)
        i += 1
    return "".join(lines).encode()


def har_document(total):
    """A HAR 1.2 file of about `total` bytes (`--shape har`): GET entries
    whose JSON bodies are small `items` documents (`{"items": [...]}`, about
    1.5 kB each), as a browser records a session."""
    body = small_values("items", 1500).decode().strip()
    entry = {"startedDateTime": "2024-01-01T00:00:00Z", "time": 1,
             "request": {"method": "GET", "url": "https://api.example.com/items", "httpVersion": "HTTP/1.1", "headers": [],
                         "queryString": [], "cookies": [], "headersSize": -1, "bodySize": 0},
             "response": {"status": 200, "statusText": "OK", "httpVersion": "HTTP/1.1",
                          "headers": [{"name": "Content-Type", "value": "application/json"}], "cookies": [],
                          "content": {"size": len(body), "mimeType": "application/json", "text": body},
                          "redirectURL": "", "headersSize": -1, "bodySize": -1},
             "cache": {}, "timings": {"send": 0, "wait": 1, "receive": 0}}
    text = json.dumps(entry)
    count = max(1, total // (len(text) + 2))
    return ('{"log": {"version": "1.2", "creator": {"name": "peak_rss", "version": "1"}, "entries": [\n'
            + ",\n".join([text] * count) + "\n]}}\n").encode()


def small_values(shape, total):
    """One JSON document of about `total` bytes of small values (see the module doc):
    an opening, items `item(i)` for i = 0, 1, ... until `total` bytes of them
    (at least one), and a closing."""
    def sep(i, separator=", "):
        return separator if i else ""

    def item_text(i):
        return '{"ID": %d, "Name": "item %d", "Price": %d.5, "Tags": ["a", "b"]}' % (i, i, i % 1000)

    if shape == "pages":
        opening, closing = '{"pages": [', "]}\n"
        item = lambda i: '%s{"page": %d, "items": [%s]}' % (
            sep(i, ","), i, ", ".join(item_text(j) for j in range(i * 100, i * 100 + 100)))
    elif shape == "included":
        opening, closing = '{"data": [{"type": "items", "id": "0"}], "included": [', "]}\n"
        item = lambda i: sep(i, ",") + item_text(i)
    elif shape == "hits":
        opening = ('{"took": 5, "timed_out": false, "_shards": {"total": 1, "successful": 1, "skipped": 0, "failed": 0}, '
                   '"hits": {"total": {"value": 10000, "relation": "gte"}, "max_score": 1.0, "hits": [')
        closing = "]}}\n"
        item = lambda i: '%s{"_index": "items", "_id": "%d", "_score": 1.0, "_source": %s}' % (sep(i, ","), i, item_text(i))
    elif shape in ("items", "batches", "nested", "listing", "list", "rows"):
        opening = {"items": '{"items": [', "rows": "[", "batches": '{"batches": [{"id": 1, "items": [', "nested": '{"lists": [[',
                   "listing": '{"kind": "Listing", "data": {"after": "t3_x", "children": [',
                   "list": '{"object": "list", "url": "/v1/items", "data": ['}[shape]
        closing = {"items": "]}\n", "rows": "]\n", "batches": ']}, {"id": 2, "items": []}]}\n', "nested": "], []]}\n",
                   "listing": '], "before": null}}\n', "list": '], "has_more": false}\n'}[shape]
        item = lambda i: sep(i, ",") + item_text(i)
    elif shape == "geometry":
        opening = ('{"type": "FeatureCollection", "features": [{"type": "Feature", "id": "f1", '
                   '"properties": {"name": "boundary"}, "geometry": {"type": "Polygon", "coordinates": [[')
        closing = "]]}}]}\n"
        item = lambda i: '%s[%d.%06d, %d.%06d]' % (sep(i), -180 + i % 360, i % 1000003, -90 + i % 180, i % 999983)
    elif shape == "spec":
        opening, closing = '{"keyPath": "data", "root-map-ref": "m0", "mappers": [', "]}\n"
        item = lambda i: '%s{"id": "m%d", "target": "T%d", "entity": "YES", "attributes": {%s}, "types": {%s}}' % (
            sep(i), i, i, ", ".join('"field_%d_%d": "field%d_%d"' % (i, j, i, j) for j in range(100)),
            ", ".join('"field%d_%d": "int"' % (i, j) for j in range(0, 100, 3)))
    elif shape == "form-line":
        # One form-encoded line (for `apply --input-format form`) of objects in an array.
        opening, closing = "", "\n"
        item = lambda i: "%sitems[][ID]=%d&items[][Name]=item+%d&items[][Price]=%d.5" % (sep(i, "&"), i, i, i % 1000)
    elif shape == "distinct-items":
        opening, closing = '{"items": [', "]}\n"
        item = lambda i: '%s{"id": %d, "k%d": "v"}' % (sep(i), i, i)
    elif shape == "keys":
        opening, closing = "{", "}\n"
        item = lambda i: '%s"key%d": %d' % (sep(i, ","), i, i)
    else:
        opening, closing = "[", "]\n"
        item = lambda i: "%s%d" % (sep(i, ","), i % 100)
    parts = [opening]
    size = 0
    i = 0
    while size < total or i == 0:
        part = item(i)
        parts.append(part)
        size += len(part)
        i += 1
    parts.append(closing)
    return "".join(parts).encode()


def write_stream(fd, total, chunks):
    """Writes `total` bytes of blocks, `chunks(n)` being block n."""
    written = 0
    n = 0
    while written < total:
        chunk = chunks(n)
        n += 1
        view = memoryview(chunk)
        part = view[: min(len(chunk), total - written)]
        # Whole lines only: cut the last block at a line end.
        if len(part) < len(chunk):
            cut = bytes(part).rfind(b"\n") + 1
            part = view[:cut]
            if cut == 0:
                break
        os.write(fd, part) if len(part) < 65536 else _write_all(fd, part)
        written += len(part)
    return written


def _cpu_ticks(pid):
    """The process's user and system time in clock ticks, all its threads; None once it is gone."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])
    except (OSError, IndexError, ValueError):
        return None


def _read_when_stalled(pid, fd):
    """Waits until the process has used no CPU for half a second (ten
    samples), then reads `fd` to its end."""
    last, still = None, 0
    while still < 10:
        time.sleep(0.05)
        ticks = _cpu_ticks(pid)
        if ticks is None:
            break
        still = still + 1 if ticks == last else 0
        last = ticks
    while os.read(fd, 1 << 20):
        pass
    os.close(fd)


def _write_all(fd, data):
    while data:
        n = os.write(fd, data)
        data = data[n:]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--mb", type=float, default=300)
    parser.add_argument("--body-bytes", type=int, default=4000)
    parser.add_argument("--from", dest="source", choices=("pipe", "file"), default="pipe")
    parser.add_argument("--shape", choices=("lines", "logs", "document", "array", "keyed", "items", "rows", "batches", "nested", "listing", "list", "pages", "hits", "included", "keys", "numbers", "geometry", "spec", "distinct-items", "distinct-lines", "form", "form-line", "har"), default="lines")
    parser.add_argument("--golden", action="store_true",
                        help="with --from file: first run the command with --update (rkmap check writes the "
                             "file's golden NAME.expected.json beside it), then measure it; the golden is removed after")
    parser.add_argument("--replace-last", nargs=2, metavar=("OLD", "NEW"), default=None,
                        help="with --from file: after the golden is written (--golden), the last OLD in the file "
                             "becomes NEW (an output that then differs from its golden, or a syntax error at the end)")
    parser.add_argument("--stdin-text", default=None,
                        help="with --from file: the command's stdin holds this text (else it is /dev/null); "
                             "a command given a large spec as its file then maps or serializes a small input")
    parser.add_argument("--stalled-reader", action="store_true",
                        help="stdout into a pipe read only once the command has stopped using the CPU")
    parser.add_argument("--no-stderr", action="store_true",
                        help="the command's stderr goes to /dev/null too (warnings per mapper of a large spec)")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    if args.golden and args.source != "file":
        parser.error("--golden needs --from file")
    if args.replace_last is not None and args.source != "file":
        parser.error("--replace-last needs --from file")
    if args.stdin_text is not None and args.source != "file":
        parser.error("--stdin-text needs --from file")
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("no command")
    total = int(args.mb * MB)
    if args.shape in ("items", "rows", "batches", "nested", "listing", "list", "pages", "hits", "included", "keys", "numbers", "geometry", "spec", "distinct-items", "form-line"):
        # One document written whole: the chunk is all of it.
        chunk = small_values(args.shape, total)
        total = len(chunk)
        head = tail = b""
        chunks = lambda n: chunk
    elif args.shape == "har":
        chunk = har_document(total)
        total = len(chunk)
        head = tail = b""
        chunks = lambda n: chunk
    elif args.shape == "logs":
        chunks = log_block
        head = tail = b""
    elif args.shape == "distinct-lines":
        chunks = distinct_lines_block
        head = tail = b""
    elif args.shape == "form":
        chunks = form_block
        head = tail = b""
    elif args.shape == "keyed":
        # Keys must differ from block to block: each block is made anew.
        chunks = lambda n: block(args.body_bytes, ",\n", key="b%d-" % n)
        head = b'{"articles": {\n'
        tail = b'"last": {"id": -1, "title": "last"}}}\n'
    else:
        one = args.shape != "lines"
        chunk = block(args.body_bytes, ",\n" if one else "\n")
        chunks = lambda n: chunk
        head = {"lines": b"", "document": b'{"articles": [\n', "array": b"[\n"}[args.shape]
        tail = {"lines": b"", "document": b'{"id": -1, "title": "last"}]}\n', "array": b'{"id": -1, "title": "last"}]\n'}[args.shape]
    temp = None
    if args.source == "file":
        temp = tempfile.NamedTemporaryFile(prefix="rkmap-rss-", suffix=".har" if args.shape == "har" else ".ndjson", delete=False)
        with temp:
            _write_all(temp.fileno(), head)
            written = write_stream(temp.fileno(), total, chunks)
            _write_all(temp.fileno(), tail)
        command = command + [temp.name]
        if args.golden:
            subprocess.run(command + ["--update"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        if args.replace_last:
            old, new = (text.encode() for text in args.replace_last)
            with open(temp.name, "rb") as f:
                data = f.read()
            at = data.rfind(old)
            if at < 0:
                parser.error("--replace-last: %r is not in the file" % args.replace_last[0])
            with open(temp.name, "wb") as f:
                f.write(data[:at] + new + data[at + len(old):])
        if args.stdin_text is None:
            read_end = os.open(os.devnull, os.O_RDONLY)
        else:
            stdin_file = tempfile.TemporaryFile()
            stdin_file.write(args.stdin_text.encode())
            stdin_file.flush()
            stdin_file.seek(0)
            read_end = os.dup(stdin_file.fileno())
            stdin_file.close()
        write_end = None
    else:
        read_end, write_end = os.pipe()
    devnull = os.open(os.devnull, os.O_WRONLY)
    out_read, out_write = os.pipe() if args.stalled_reader else (None, devnull)
    pid = os.fork()
    if pid == 0:
        try:
            os.dup2(read_end, 0)
            os.dup2(out_write, 1)
            if out_read is not None:
                os.close(out_read)
            if args.no_stderr:
                os.dup2(devnull, 2)
            if write_end is not None:
                os.close(write_end)
            os.execvp(command[0], command)
        except OSError as error:
            os.write(2, ("cannot run %s: %s\n" % (command[0], error.strerror)).encode())
        os._exit(127)
    os.close(read_end)
    os.close(devnull)
    reader = None
    if out_read is not None:
        os.close(out_write)
        reader = threading.Thread(target=_read_when_stalled, args=(pid, out_read))
        reader.start()
    try:
        if write_end is not None:
            try:
                _write_all(write_end, head)
                written = write_stream(write_end, total, chunks)
                _write_all(write_end, tail)
            except BrokenPipeError:
                written = -1
            os.close(write_end)
        _, status, usage = os.wait4(pid, 0)
        if reader is not None:
            reader.join()
    finally:
        if temp is not None:
            os.unlink(temp.name)
            if args.golden:
                os.unlink(temp.name + ".expected.json")
            elif os.path.exists(temp.name + ".expected.json"):
                # Written by the command itself (`rkmap check --update`).
                os.unlink(temp.name + ".expected.json")
    code = os.waitstatus_to_exitcode(status)
    print(json.dumps({"peak_rss_kib": usage.ru_maxrss, "exit": code, "bytes": written}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
