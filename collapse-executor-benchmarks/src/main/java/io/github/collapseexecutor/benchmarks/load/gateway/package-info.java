/**
 * The gateway of the load harness's Spring Cloud Gateway case, started in a JVM of its own with
 * the gateway on its class path; its routes come from its arguments.
 */
package io.github.collapseexecutor.benchmarks.load.gateway;
