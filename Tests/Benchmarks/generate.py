#!/usr/bin/env python3
"""Deterministic generator of the rkmap benchmark documents.

Writes, into a cache directory (default `.build/bench/` at the repository root):

  mb<N>-seed<S>/articles.json    {"articles": [ ...one compact article per line... ]}
  mb<N>-seed<S>/articles.ndjson  the same articles, one per line, no wrapper
  mb<N>-seed<S>/sample.json      the first SAMPLE_ARTICLES articles, same shapes,
  mb<N>-seed<S>/sample.ndjson    used to check that rkmap and jq produce the same records
  mb<N>-seed<S>/manifest.json    counts and sizes; written last, so its presence means
                                 the set is complete

Nothing is committed: the same size and seed always give byte-identical files
(Python's `random.Random` with an integer seed is stable across versions for the
calls used here), and an existing complete set is reused.

Usage: generate.py [--mb N] [--seed S] [--out DIR] [--force]
Standard library only.
"""

import argparse
import json
import os
import random
import sys

GENERATOR_VERSION = 1
SAMPLE_ARTICLES = 500
DEFAULT_MB = 100
DEFAULT_SEED = 20110704

REPO_ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
DEFAULT_OUT = os.path.join(REPO_ROOT, ".build", "bench")

WORDS = (
    "the api returns a list of articles with nested authors and comments mapping "
    "object restkit payload response request server client field value network "
    "cache store entity relationship attribute key path date format json record "
    "café naïve résumé über straße façade smörgåsbord jalapeño piñata crème brûlée "
    "東京 日本語 データ 변환 данные μήνυμα عربى שלום 🚀 ✓ — … “quoted” ‘single’"
).split()

FIRST_NAMES = ["Blake", "Zoë", "José", "Björn", "Amélie", "Jeff", "Siân", "Łukasz",
               "Mei", "Ana", "Søren", "Chloé", "Ravi", "Ines", "Yuki", "Oğuz",
               "李", "Nadia", "Tomás", "Grete"]
LAST_NAMES = ["Watters", "Arnold", "García", "Ødegaard", "Nguyen", "Müller", "O'Brien",
              "Kowalski", "Dubois", "Smith", "Ivanova", "雷", "Yılmaz", "Costa",
              "van der Berg", "Černý", "Lindqvist", "Park", "Haddad", "Rossi"]
TAGS = ["ios", "mapping", "json", "restkit", "networking", "core-data", "swift",
        "objective-c", "api", "performance", "sqlite", "testing", "release", "bugfix",
        "naïve-tag", "日本", "news", "opinion", "howto", "deep-dive"]
FEEDS = ["wire", "rss", "partner-api", "editorial", "archive"]


def sentence(rng):
    """One sentence of 6-16 words, sometimes with quotes, backslashes or a newline,
    so that readers take their escape paths, not only the fast path."""
    words = [rng.choice(WORDS) for _ in range(rng.randint(6, 16))]
    roll = rng.random()
    if roll < 0.15:
        i = rng.randrange(len(words))
        words[i] = '"' + words[i] + '"'
    elif roll < 0.20:
        words.append("C:\\path\\to\\file")
    elif roll < 0.25:
        words.append("tab\there")
    text = " ".join(words)
    text = text[0].upper() + text[1:] + rng.choice([".", ".", "!", "?"])
    if rng.random() < 0.2:
        text += "\n"
    return text


class Pools:
    """Pre-built sentences and authors: picking from pools keeps generation of
    100 MB to a few seconds instead of a random call per word."""

    def __init__(self, rng):
        self.sentences = [sentence(rng) for _ in range(4000)]
        self.authors = []
        for i in range(5000):
            first = rng.choice(FIRST_NAMES)
            last = rng.choice(LAST_NAMES)
            local = "".join(c for c in (first + "." + last).lower() if c.isascii() and c.isalnum() or c == ".")
            self.authors.append({
                "name": f"{first} {last}",
                "email": f"{local or 'user'}{i}@example.org",
                "id": 1000 + i,
            })


def make_article(rng, pools, article_id, comment_ids):
    body = " ".join(rng.choice(pools.sentences) for _ in range(rng.randint(3, 6)))
    title = rng.choice(pools.sentences).rstrip("\n")[:80]
    year = rng.randint(2009, 2014)
    date = "%04d-%02d-%02dT%02d:%02d:%02dZ" % (
        year, rng.randint(1, 12), rng.randint(1, 28),
        rng.randint(0, 23), rng.randint(0, 59), rng.randint(0, 59))
    author = rng.choice(pools.authors)
    comments = []
    for _ in range(rng.randint(0, 5)):
        commenter = rng.choice(pools.authors)
        comments.append({
            "id": next(comment_ids),
            "author_name": commenter["name"],
            "text": rng.choice(pools.sentences),
        })
    tags = rng.sample(TAGS, rng.randint(1, 4))
    # Key order mixes mapped and unmapped keys, as real payloads do.
    return {
        "id": article_id,
        "kind": "news",
        "title": title,
        "word_count": len(body.split()),
        "body": body,
        "publication_date": date,
        "author": dict(author),
        "tags": tags,
        "comments": comments,
        "source": {"feed": rng.choice(FEEDS), "score": round(rng.random() * 100, 3),
                   "flags": [rng.random() < 0.5, None]},
    }


def counter(start):
    n = start
    while True:
        yield n
        n += 1


def encode(article, index):
    # One article in ten is written with \uXXXX escapes (surrogate pairs for emoji
    # included) so that the escape decoder is measured too.
    return json.dumps(article, ensure_ascii=(index % 10 == 9), separators=(",", ":"))


def set_dir(out, mb, seed):
    return os.path.join(out, f"mb{mb:g}-seed{seed}")


def read_manifest(directory):
    try:
        with open(os.path.join(directory, "manifest.json"), encoding="utf-8") as f:
            manifest = json.load(f)
    except (OSError, ValueError):
        return None
    if manifest.get("generator_version") != GENERATOR_VERSION:
        return None
    for name in ("articles.json", "articles.ndjson", "sample.json", "sample.ndjson"):
        if not os.path.isfile(os.path.join(directory, name)):
            return None
    return manifest


class PairWriter:
    """Writes STEM.ndjson and STEM.json from the same encoded lines as they come,
    so that a set of several GB never sits in memory; the files appear under
    their names only when `close` completes them."""

    def __init__(self, directory, stem):
        self.paths = [os.path.join(directory, stem + ext) for ext in (".json", ".ndjson")]
        self.js = open(self.paths[0] + ".tmp", "w", encoding="utf-8")
        self.nd = open(self.paths[1] + ".tmp", "w", encoding="utf-8")
        self.js.write('{"articles": [\n')
        self.count = 0

    def add(self, line):
        self.nd.write(line)
        self.nd.write("\n")
        if self.count:
            self.js.write(",\n")
        self.js.write(line)
        self.count += 1

    def close(self):
        """Completes both files; returns their sizes (JSON, NDJSON)."""
        self.js.write("\n]}\n")
        self.js.close()
        self.nd.close()
        for path in self.paths:
            os.replace(path + ".tmp", path)
        return tuple(os.path.getsize(path) for path in self.paths)


def generate(mb=DEFAULT_MB, seed=DEFAULT_SEED, out=DEFAULT_OUT, force=False, log=sys.stderr):
    """Generates (or reuses) the document set; returns its manifest with a `dir` key."""
    directory = set_dir(out, mb, seed)
    manifest = None if force else read_manifest(directory)
    if manifest is not None:
        manifest["dir"] = directory
        return manifest
    os.makedirs(directory, exist_ok=True)
    try:
        os.remove(os.path.join(directory, "manifest.json"))
    except FileNotFoundError:
        pass
    print(f"generating ~{mb:g} MB of articles (seed {seed}) in {directory} ...", file=log, flush=True)
    rng = random.Random(seed)
    pools = Pools(rng)
    target = int(mb * 1_000_000)
    comment_ids = counter(1)
    articles = PairWriter(directory, "articles")
    sample = PairWriter(directory, "sample")
    total = len('{"articles": [\n') + len("\n]}\n")
    authors = set()
    comments = 0
    while total < target or not articles.count:
        index = articles.count
        article = make_article(rng, pools, index + 1, comment_ids)
        authors.add(article["author"]["id"])
        comments += len(article["comments"])
        line = encode(article, index)
        articles.add(line)
        if index < SAMPLE_ARTICLES:
            sample.add(line)
        total += len(line.encode("utf-8")) + 2
    json_bytes, ndjson_bytes = articles.close()
    sample_json, sample_ndjson = sample.close()
    manifest = {
        "generator_version": GENERATOR_VERSION,
        "mb": mb,
        "seed": seed,
        "articles": articles.count,
        "distinct_authors": len(authors),
        "comments": comments,
        "sample_articles": sample.count,
        "bytes": {"articles.json": json_bytes, "articles.ndjson": ndjson_bytes,
                  "sample.json": sample_json, "sample.ndjson": sample_ndjson},
    }
    with open(os.path.join(directory, "manifest.json.tmp"), "w", encoding="utf-8") as f:
        json.dump(manifest, f, indent=2)
        f.write("\n")
    os.replace(os.path.join(directory, "manifest.json.tmp"), os.path.join(directory, "manifest.json"))
    manifest["dir"] = directory
    return manifest


def main(argv=None):
    parser = argparse.ArgumentParser(description="Generate the rkmap benchmark documents.")
    parser.add_argument("--mb", type=float, default=DEFAULT_MB, help="approximate size in MB (10^6 bytes), default 100")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="random seed")
    parser.add_argument("--out", default=DEFAULT_OUT, help="cache directory, default .build/bench")
    parser.add_argument("--force", action="store_true", help="regenerate even if a complete set exists")
    args = parser.parse_args(argv)
    if args.mb <= 0:
        parser.error("--mb must be positive")
    manifest = generate(args.mb, args.seed, args.out, args.force)
    print(json.dumps(manifest, indent=2))


if __name__ == "__main__":
    main()
