/**
 * What every HTTP adapter shares: which requests may collapse ({@link CollapseGroup},
 * {@link CollapsePolicy}, {@link HttpCollapseOptions}), the key that decides which requests are
 * identical ({@link CollapseKey}), and what the adapters count ({@link HttpCollapseStats},
 * {@link UnsharedReason}).
 *
 * <p>The adapters live in sub-packages, one per library: {@code client} (RestClient and
 * RestTemplate), {@code reactive} (WebClient), {@code okhttp} and {@code servlet}. Each needs only
 * its own library on the class path. The protocol they all follow lives in {@code internal},
 * which is not API. See {@code docs/http.md} for the rules in one place.
 *
 * <p>Parameters, return values and fields are non-null unless marked {@code @Nullable}.
 */
@NullMarked
package io.github.collapseexecutor.http;

import org.jspecify.annotations.NullMarked;
