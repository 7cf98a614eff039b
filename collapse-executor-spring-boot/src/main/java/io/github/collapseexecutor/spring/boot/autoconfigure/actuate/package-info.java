/**
 * The {@code collapse} actuator endpoint. Needs {@code spring-boot-actuator-autoconfigure}; see
 * {@code docs/spring-boot.md} for its output.
 */
package io.github.collapseexecutor.spring.boot.autoconfigure.actuate;
