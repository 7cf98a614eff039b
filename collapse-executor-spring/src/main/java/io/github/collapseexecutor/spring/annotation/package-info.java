/**
 * Annotations that collapse the calls of a Spring bean's methods: {@link
 * io.github.collapseexecutor.spring.annotation.Collapsible} for same-key collapse and {@link
 * io.github.collapseexecutor.spring.annotation.CollapseBatch} for batch collapse, and {@link
 * io.github.collapseexecutor.spring.annotation.CollapseBarrier} for the writes collapsed reads
 * must not go back before. Spring Boot
 * applies them through its auto-configuration (see {@code docs/spring-boot.md}); an application
 * without Spring Boot adds {@link io.github.collapseexecutor.spring.annotation.EnableCollapsing}
 * to a configuration class.
 *
 * <p>The public types are what an application writes code against: the annotations, the caller
 * identity and result copier SPIs ({@link
 * io.github.collapseexecutor.spring.annotation.CallerIdentity}, {@link
 * io.github.collapseexecutor.spring.annotation.ReactiveCallerIdentity}, {@link
 * io.github.collapseexecutor.spring.annotation.ResultCopier}), the root object of key expressions
 * ({@link io.github.collapseexecutor.spring.annotation.KeyRoot}), the registry of annotated
 * methods with its run-time switch ({@link
 * io.github.collapseexecutor.spring.annotation.CollapseMethods}), the order of the collapse advice
 * and the exception of a method that cannot be collapsed. Every other type here is
 * package-private: the wiring, the built-in caller identities, the advice, the keys, the
 * collapsers and their observations.
 *
 * <p>Parameters, return values and fields are non-null unless marked {@code @Nullable}.
 */
@NullMarked
package io.github.collapseexecutor.spring.annotation;

import org.jspecify.annotations.NullMarked;
