#!/usr/bin/env python3
"""Maps a directory of NDJSON files with rkmap inside Apache Spark, and writes Parquet.

Usage: map_with_spark.py [--rkmap PATH] [--master URL] [--fast-start] [--read-back FILE]
                         SPEC INPUT_DIR OUTPUT_DIR

Every partition of the input lines goes through `rkmap apply SPEC - --format ndjson`
with `RDD.pipe`: rkmap's NDJSON mode is a streaming filter, one record out per
document in, which is what Spark runs per partition. The records are read as JSON
(Spark infers the schema) and written to OUTPUT_DIR as Parquet, replacing it.

The files are read in name order and Spark keeps partitions in that order, so
the Parquet part files, read in name order, hold the records of `cat
INPUT_DIR/*.ndjson | rkmap apply SPEC - --format ndjson`, in the same order.

Needs PySpark (pip install pyspark) and Java 17 or later; runs in local mode by
default (--master local[2]). rkmap must be on PATH or given with --rkmap, on
every worker (here: this machine).

--fast-start tunes a local session for a short job such as the test's (the JVM's
quick compiler only, serial GC, two shuffle partitions, no Hive catalog); do not
use it for long jobs. --read-back FILE reads the Parquet output back in the same
session and writes its records to FILE as NDJSON, part files in name order.
"""

import argparse
import os
import shlex
import shutil
import sys


def main(argv=None):
    parser = argparse.ArgumentParser(description="Map NDJSON files with rkmap in Spark and write Parquet.")
    parser.add_argument("--rkmap", default=shutil.which("rkmap") or "rkmap", help="the rkmap executable")
    parser.add_argument("--master", default="local[2]", help="Spark master URL (default local[2])")
    parser.add_argument("--fast-start", action="store_true",
                        help="tune a local session for a short job (tests): quick JIT, serial GC, 2 shuffle partitions")
    parser.add_argument("--read-back", metavar="FILE",
                        help="read the Parquet back in this session and write its records to FILE as NDJSON")
    parser.add_argument("spec", help="the mapping spec")
    parser.add_argument("input_dir", help="directory of *.ndjson files")
    parser.add_argument("output_dir", help="Parquet output directory (replaced)")
    args = parser.parse_args(argv)

    files = sorted(os.path.join(args.input_dir, name) for name in os.listdir(args.input_dir)
                   if name.endswith(".ndjson"))
    if not files:
        print(f"map_with_spark.py: no *.ndjson files in {args.input_dir}", file=sys.stderr)
        return 2
    rkmap = os.path.abspath(args.rkmap) if os.sep in args.rkmap else args.rkmap
    command = shlex.join([rkmap, "apply", os.path.abspath(args.spec), "-", "--format", "ndjson"])

    from pyspark.sql import SparkSession  # imported late: --help works without PySpark

    builder = (SparkSession.builder.master(args.master).appName("rkmap-spark-example")
               .config("spark.ui.enabled", "false")
               .config("spark.sql.session.timeZone", "UTC")
               .config("spark.ui.showConsoleProgress", "false"))
    if args.fast_start:
        # A few seconds of a short job go to compiling Spark with the JVM's
        # optimizing compiler and to planning shuffles over 200 partitions.
        builder = (builder.config("spark.driver.extraJavaOptions", "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC")
                   .config("spark.sql.shuffle.partitions", "2")
                   .config("spark.default.parallelism", "2")
                   .config("spark.sql.catalogImplementation", "in-memory")
                   .config("spark.driver.host", "127.0.0.1")
                   .config("spark.driver.bindAddress", "127.0.0.1"))
    spark = builder.getOrCreate()
    spark.sparkContext.setLogLevel("ERROR")
    try:
        lines = spark.sparkContext.textFile(",".join(os.path.abspath(f) for f in files))
        # checkCode: a partition whose rkmap exits non-zero (bad input, a spec
        # error) fails the job instead of quietly losing its records.
        records = lines.pipe(command, checkCode=True).cache()
        frame = spark.read.json(records)  # one pass infers the schema; cache() keeps rkmap to one run
        frame.write.mode("overwrite").parquet(args.output_dir)
        if args.read_back:
            rows = read_back(spark, args.output_dir)
            with open(args.read_back, "w", encoding="utf-8") as out:
                out.writelines(row + "\n" for row in rows)
            count = len(rows)
        else:
            count = frame.count()
        print(f"{count} records from {len(files)} files written to {args.output_dir}")
        frame.printSchema()
    finally:
        spark.stop()
    return 0


def read_back(spark, directory):
    """The records of the Parquet part files in `directory` as JSON text, part
    files in name order (one job: Spark may pack small files into one
    partition in another order, but keeps each file's rows in order)."""
    from pyspark.sql.functions import col, input_file_name, struct, to_json

    frame = spark.read.parquet(directory)
    # Nulls kept: `"customer": null` is part of a record.
    json = to_json(struct(*[col(f"`{name}`") for name in frame.columns]), {"ignoreNullFields": "false"})
    by_file = {}
    for row in frame.select(input_file_name().alias("file"), json.alias("json")).collect():
        by_file.setdefault(os.path.basename(row["file"]), []).append(row["json"])
    return [record for name in sorted(by_file) for record in by_file[name]]


if __name__ == "__main__":
    sys.exit(main())
