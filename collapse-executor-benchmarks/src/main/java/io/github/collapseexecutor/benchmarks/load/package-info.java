/**
 * The load harness: the HTTP adapters and the group-commit sample under the loads of
 * the reference figures, each with and without collapse in one run, over loopback. Start it with
 * {@code collapse-executor-benchmarks/load.sh}; {@link io.github.collapseexecutor.benchmarks.load.LoadHarness}
 * describes the cases and writes the tables and charts to {@code docs/benchmarks/}.
 */
package io.github.collapseexecutor.benchmarks.load;
