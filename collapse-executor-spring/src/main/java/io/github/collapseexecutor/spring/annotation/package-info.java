/**
 * Annotations that collapse the calls of a Spring bean's methods: {@link
 * io.github.collapseexecutor.spring.annotation.Collapsible} for same-key collapse and {@link
 * io.github.collapseexecutor.spring.annotation.CollapseBatch} for batch collapse. Spring Boot
 * applies them through {@code CollapseAnnotationAutoConfiguration}; see
 * {@code docs/spring-boot.md}. An application without Spring Boot registers a
 * {@link io.github.collapseexecutor.spring.annotation.CollapseAnnotationPostProcessor} with the
 * {@link io.github.collapseexecutor.spring.annotation.CollapseMethods} it advises, which take the
 * caller identities ({@link io.github.collapseexecutor.spring.annotation.CallerIdentities}), the
 * result copiers and the observer to use. Every other type here is package-private: the advice,
 * the keys and the collapsers behind the annotations.
 *
 * <p>Parameters, return values and fields are non-null unless marked {@code @Nullable}.
 */
@NullMarked
package io.github.collapseexecutor.spring.annotation;

import org.jspecify.annotations.NullMarked;
