/**
 * Spring Boot auto-configuration of collapse: the {@code collapse.executor} properties, checked at
 * startup, the executors (the {@code CollapseExecutorOptions} bean, named executors, the registry
 * of executors), and what a startup failure says. Each integration's auto-configuration is in a
 * package of its own below this one, named after it ({@code restclient}, {@code servlet},
 * {@code annotation}, {@code actuate}, ...), registered only in
 * {@code META-INF/spring/org.springframework.boot.autoconfigure.AutoConfiguration.imports}; see
 * {@code docs/spring-boot.md} for every property.
 *
 * <p>Parameters, return values and fields are non-null unless marked {@code @Nullable}.
 */
@NullMarked
package io.github.collapseexecutor.spring.boot.autoconfigure;

import org.jspecify.annotations.NullMarked;
