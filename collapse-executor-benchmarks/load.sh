#!/bin/sh
# The load harness of issue #6: builds what it needs, then runs every case with and without
# collapse over loopback and writes docs/benchmarks/README.md's results and PNG charts.
#   collapse-executor-benchmarks/load.sh            full run, about 12 minutes
#   collapse-executor-benchmarks/load.sh --quick    smoke run, results in target/load-quick
# Other options: --cases=servlet,clients,db  --out=DIR
set -eu
cd "$(dirname "$0")/.."

if ! command -v wrk >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "wrk (the servlet case's load generator) is missing; installing the Debian package" >&2
    apt-get install -y -q wrk >/dev/null || { apt-get update -q >/dev/null && apt-get install -y -q wrk >/dev/null; }
  else
    echo "wrk is not installed; the servlet case will be skipped. On Debian or Ubuntu:" \
      "sudo apt-get install -y wrk" >&2
  fi
fi

./mvnw -q -B -pl collapse-executor-benchmarks -am -DskipTests package
exec java -cp "collapse-executor-benchmarks/target/classes:$(cat collapse-executor-benchmarks/target/load-classpath.txt)" \
  io.github.collapseexecutor.benchmarks.load.LoadHarness "$@"
