/**
 * The auto-configuration of collapse for {@code @Collapsible} and {@code @CollapseBatch}
 * methods, registered only in
 * {@code META-INF/spring/org.springframework.boot.autoconfigure.AutoConfiguration.imports}.
 *
 * <p>Parameters, return values and fields are non-null unless marked {@code @Nullable}.
 */
@NullMarked
package io.github.collapseexecutor.spring.boot.autoconfigure.annotation;

import org.jspecify.annotations.NullMarked;
