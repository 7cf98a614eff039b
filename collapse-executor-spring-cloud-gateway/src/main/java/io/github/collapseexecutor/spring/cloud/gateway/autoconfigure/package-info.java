/**
 * The Spring Boot auto-configuration of the gateway's {@code Collapse} route filter and its
 * {@code collapse.executor.gateway} section.
 *
 * <p>Parameters, return values and fields are non-null unless marked {@code @Nullable}.
 */
@NullMarked
package io.github.collapseexecutor.spring.cloud.gateway.autoconfigure;

import org.jspecify.annotations.NullMarked;
