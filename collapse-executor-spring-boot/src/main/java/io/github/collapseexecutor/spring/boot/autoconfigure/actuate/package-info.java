/**
 * The {@code collapse} actuator endpoint. Needs {@code spring-boot-actuator-autoconfigure}; see
 * {@code docs/spring-boot.md} for its output.
 *
 * <p>Parameters, return values and fields are non-null unless marked {@code @Nullable}.
 */
@NullMarked
package io.github.collapseexecutor.spring.boot.autoconfigure.actuate;

import org.jspecify.annotations.NullMarked;
