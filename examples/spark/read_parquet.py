#!/usr/bin/env python3
"""Prints the records of a Spark Parquet output directory as NDJSON, part files in
name order (Spark numbers them by partition, so this is the input's order).

Usage: read_parquet.py OUTPUT_DIR [--expect RECORDS.ndjson]

With --expect, compares the records (as JSON values: member order aside, since
Spark sorts the inferred columns by name) with RECORDS.ndjson, in order, prints
the first difference or `OK: N records equal`, and exits 1 on a difference.
Reads with the duckdb module when installed, else with PySpark.
"""

import glob
import json
import os
import sys


def parts(directory):
    files = sorted(glob.glob(os.path.join(directory, "part-*.parquet")))
    if not files:
        raise SystemExit(f"read_parquet.py: no part-*.parquet files in {directory}")
    return files


def records_with_duckdb(files):
    import duckdb
    rows = []
    for path in files:
        result = duckdb.execute("SELECT to_json(p) FROM read_parquet(?) AS p", [path])
        rows += [json.loads(value) for (value,) in result.fetchall()]
    return rows


def records_with_pyspark(files):
    from pyspark.sql import SparkSession
    spark = SparkSession.builder.master("local[1]").config("spark.ui.enabled", "false").getOrCreate()
    try:
        return [json.loads(line) for path in files for line in spark.read.parquet(path).toJSON().collect()]
    finally:
        spark.stop()


def main(argv):
    if not argv or argv[0].startswith("-"):
        print(__doc__.strip().splitlines()[3], file=sys.stderr)
        return 2
    files = parts(argv[0])
    try:
        import duckdb  # noqa: F401
        records = records_with_duckdb(files)
    except ImportError:
        records = records_with_pyspark(files)
    if "--expect" not in argv:
        for record in records:
            print(json.dumps(record, ensure_ascii=False))
        return 0
    with open(argv[argv.index("--expect") + 1], encoding="utf-8") as f:
        expected = [json.loads(line) for line in f if line.strip()]
    if len(records) != len(expected):
        print(f"DIFFERS: {len(records)} records in Parquet, {len(expected)} expected")
        return 1
    for i, (got, want) in enumerate(zip(records, expected)):
        if got != want:
            print(f"DIFFERS at record {i}:\n  parquet: {json.dumps(got, ensure_ascii=False)}\n"
                  f"  rkmap:   {json.dumps(want, ensure_ascii=False)}")
            return 1
    print(f"OK: {len(records)} records equal")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
