#!/bin/sh
# The load harness: builds what it needs, then runs every case with and without
# collapse over loopback and writes docs/benchmarks/README.md's results and PNG charts.
#   collapse-executor-benchmarks/load.sh            full run, about 30 minutes
#   collapse-executor-benchmarks/load.sh --quick    smoke run, results in target/load-quick
# Other options: --cases=servlet,clients,webflux,db,secured-backend,scale-out,fleet-failover,grpc,gateway,page-service,mixed
#   --out=DIR
set -eu
cd "$(dirname "$0")/.."

# Installs the Debian package $2 for the command $1 when this runs as root, or says how.
need() {
  command -v "$1" >/dev/null 2>&1 || [ -x "/usr/sbin/$1" ] && return 0
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "$1 ($3) is missing; installing the Debian package $2" >&2
    apt-get install -y -q "$2" >/dev/null || { apt-get update -q >/dev/null && apt-get install -y -q "$2" >/dev/null; }
  else
    echo "$1 is not installed; $4 will be skipped. On Debian or Ubuntu: sudo apt-get install -y $2" >&2
  fi
}
need wrk wrk "the servlet cases' load generator" "the servlet and scale-out servlet cases"
need haproxy haproxy "the scale-out case's load balancer" "the scale-out case's servlet side"
need nginx nginx-light "the scale-out case's second load balancer" "the scale-out case's nginx check"
need redis-server redis-server "the fleet tier's cases" "the scale-out case's fleet tier and the failover case"

./mvnw -q -B -pl collapse-executor-benchmarks -am -DskipTests package
exec java -cp "collapse-executor-benchmarks/target/classes:$(cat collapse-executor-benchmarks/target/load-classpath.txt)" \
  io.github.collapseexecutor.benchmarks.load.LoadHarness "$@"
