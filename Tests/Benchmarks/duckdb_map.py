#!/usr/bin/env python3
"""The benchmark transform in DuckDB: what bench-spec.json asks of rkmap (and
article.jq of jq), record for record, as one `COPY ... TO ... (FORMAT json)`.

Usage: duckdb_map.py INPUT OUTPUT [--document]

INPUT is articles.ndjson (one article per line) or, with --document,
articles.json (`{"articles": [...]}`, unnested in SQL). OUTPUT gets one record
per line; /dev/stdout works. Needs the `duckdb` Python module (pip install duckdb).

The columns are declared, not sampled, so DuckDB does no schema detection pass;
the date is parsed and written again in UTC, as rkmap and jq do.
"""

import sys

ARTICLE = ("STRUCT(id BIGINT, title VARCHAR, body VARCHAR, publication_date VARCHAR, "
           "author STRUCT(name VARCHAR, email VARCHAR), tags VARCHAR[], "
           "comments STRUCT(author_name VARCHAR, text VARCHAR)[])")

# read_json's maximum_object_size is a 32-bit count: a document larger than
# this is out of DuckDB's reach (bench_scale.py skips it, visibly).
MAX_OBJECT = 2**32 - 1

PROJECTION = """
  'Article' AS "@type",
  a.id AS id,
  a.title AS headline,
  a.body AS text,
  strftime(strptime(a.publication_date, '%Y-%m-%dT%H:%M:%SZ'), '%Y-%m-%dT%H:%M:%SZ') AS "publishedAt",
  a.tags AS tags,
  CASE WHEN a.author IS NULL THEN NULL
       ELSE {'@type': 'Author', 'name': a.author.name, 'email': a.author.email} END AS author,
  coalesce(list_transform(a.comments, lambda c: {'@type': 'Comment', 'author': c.author_name, 'text': c.text}),
           []) AS comments
"""


def query(path, document):
    quoted = "'" + path.replace("'", "''") + "'"
    if document:
        # One JSON value, read whole (up to MAX_OBJECT bytes).
        source = (f"(SELECT unnest(articles) AS a FROM read_json({quoted}, format = 'unstructured', "
                  f"records = true, maximum_object_size = {MAX_OBJECT}, "
                  f"columns = {{'articles': '{ARTICLE}[]'}}))")
    else:
        # One row per line; `a` names the row, as it names the unnested struct above.
        columns = column_map(ARTICLE[len("STRUCT("):-1])
        source = f"read_json({quoted}, format = 'newline_delimited', columns = {{{columns}}}) AS a"
    return f"SELECT {PROJECTION} FROM {source}"


def column_map(columns):
    """'id BIGINT, title VARCHAR, …' as DuckDB's columns map {'id': 'BIGINT', …}."""
    parts, depth, current = [], 0, ""
    for ch in columns:
        if ch == "," and depth == 0:
            parts.append(current.strip())
            current = ""
            continue
        depth += ch == "("
        depth -= ch == ")"
        current += ch
    parts.append(current.strip())
    return ", ".join("'%s': '%s'" % tuple(part.split(" ", 1)) for part in parts)


def main(argv):
    args = [a for a in argv if a != "--document"]
    if len(args) != 2:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    try:
        import duckdb
    except ImportError:
        print("duckdb_map.py: the duckdb module is not installed (pip install duckdb)", file=sys.stderr)
        return 2
    source, target = args
    connection = duckdb.connect()
    out = "'" + target.replace("'", "''") + "'"
    connection.execute(f"COPY ({query(source, '--document' in argv)}) TO {out} (FORMAT json)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
