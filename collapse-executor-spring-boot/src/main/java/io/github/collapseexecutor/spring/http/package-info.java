/**
 * What every HTTP adapter shares: which requests may collapse ({@link CollapseGroup},
 * {@link CollapsePolicy}, {@link HttpCollapseOptions}), the key that decides which requests are
 * identical ({@link CollapseKey}), and the buffered response that one call hands to the others
 * ({@link ResponseSnapshot}).
 *
 * <p>The adapters live in sub-packages, one per library: {@code client} (RestClient and
 * RestTemplate), {@code reactive} (WebClient), {@code okhttp} and {@code servlet}. Each needs only
 * its own library on the class path. See {@code docs/http.md} for the rules in one place.
 *
 * <p>Parameters and return values are non-null unless their javadoc says otherwise.
 */
package io.github.collapseexecutor.spring.http;
