/**
 * The JDK Flight Recorder events of the executors, and the one class the engine calls to emit
 * them. Not exported by the module: public only so that the engine can reach it; may change in any
 * release. The events themselves (their names and fields) are documented in {@code docs/core.md}.
 */
package io.github.collapseexecutor.core.jfr;
