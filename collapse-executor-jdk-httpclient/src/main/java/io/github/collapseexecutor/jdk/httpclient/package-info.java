/**
 * Collapse for the JDK's HTTP client: {@link io.github.collapseexecutor.jdk.httpclient.CollapsingHttpClient},
 * an {@code HttpClient} that wraps another. Needs nothing but the JDK.
 *
 * <p>Parameters, return values and fields are non-null unless marked {@code @Nullable}.
 */
@NullMarked
package io.github.collapseexecutor.jdk.httpclient;

import org.jspecify.annotations.NullMarked;
