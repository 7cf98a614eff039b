/**
 * What the auto-configurations of this module's packages share: the options and registration of
 * an HTTP adapter, where a client adapter goes ({@code apply-to-beans}, Spring Boot's builders),
 * the condition of a server filter. Public only so that those packages can reach it; no type
 * here is for applications, and any may change in any release.
 *
 * <p>Parameters, return values and fields are non-null unless marked {@code @Nullable}.
 */
@NullMarked
package io.github.collapseexecutor.spring.boot.autoconfigure.support;

import org.jspecify.annotations.NullMarked;
