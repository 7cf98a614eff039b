/**
 * JMH benchmarks of the core executors. Every benchmark class holds its own baseline, the direct
 * un-collapsed call of the same work, so results read as ratios of collapsed to direct. See
 * {@code docs/benchmarks/core.md} for how to run them and for the recorded results.
 */
package io.github.collapseexecutor.benchmarks;
