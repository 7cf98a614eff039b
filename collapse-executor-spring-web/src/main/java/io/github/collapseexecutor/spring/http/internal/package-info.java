/**
 * What the RestClient interceptor and the WebClient filter function share: the names of their
 * partitions' clients. Not exported: no API.
 *
 * <p>Parameters, return values and fields are non-null unless marked {@code @Nullable}.
 */
@NullMarked
package io.github.collapseexecutor.spring.http.internal;

import org.jspecify.annotations.NullMarked;
