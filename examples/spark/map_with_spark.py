#!/usr/bin/env python3
"""Maps a directory of NDJSON files with rkmap inside Apache Spark, and writes Parquet.

Usage: map_with_spark.py [--rkmap PATH] [--master URL] SPEC INPUT_DIR OUTPUT_DIR

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

    spark = (SparkSession.builder.master(args.master).appName("rkmap-spark-example")
             .config("spark.ui.enabled", "false")
             .config("spark.sql.session.timeZone", "UTC")
             .config("spark.ui.showConsoleProgress", "false")
             .getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    try:
        lines = spark.sparkContext.textFile(",".join(os.path.abspath(f) for f in files))
        # checkCode: a partition whose rkmap exits non-zero (bad input, a spec
        # error) fails the job instead of quietly losing its records.
        records = lines.pipe(command, checkCode=True).cache()
        frame = spark.read.json(records)  # one pass infers the schema; cache() keeps rkmap to one run
        frame.write.mode("overwrite").parquet(args.output_dir)
        print(f"{frame.count()} records from {len(files)} files written to {args.output_dir}")
        frame.printSchema()
    finally:
        spark.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
