/**
 * What the servlet filter needs from Spring Web, where the application has it: the replay of
 * Spring's own server observation to requests that get a replayed response. Not exported: the
 * filter finds it with {@link java.util.ServiceLoader}, and a servlet application without Spring
 * never loads it.
 *
 * <p>Parameters, return values and fields are non-null unless marked {@code @Nullable}.
 */
@NullMarked
package io.github.collapseexecutor.servlet.spring;

import org.jspecify.annotations.NullMarked;
