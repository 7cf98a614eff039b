/**
 * The secured backend of the load harness's Spring Security case, started in a JVM of its own
 * with Spring Security on its class path; nothing else is in this package, so that its component
 * scan finds only this application.
 */
package io.github.collapseexecutor.benchmarks.load.securedbackend;
