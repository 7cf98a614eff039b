/**
 * Annotations that collapse the calls of a Spring bean's methods: {@link
 * io.github.collapseexecutor.spring.annotation.Collapsible} for same-key collapse and {@link
 * io.github.collapseexecutor.spring.annotation.CollapseBatch} for batch collapse. Spring Boot
 * applies them through {@code CollapseAnnotationAutoConfiguration}; see
 * {@code docs/spring-boot.md}.
 *
 * <p>Parameters, return values and fields are non-null unless marked {@code @Nullable}.
 */
@NullMarked
package io.github.collapseexecutor.spring.annotation;

import org.jspecify.annotations.NullMarked;
