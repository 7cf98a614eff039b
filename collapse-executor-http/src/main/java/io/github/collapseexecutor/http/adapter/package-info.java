/**
 * The adapter SPI: what an HTTP client or server library's adapter implements and calls to
 * collapse its requests. An adapter translates, and decides nothing of the collapse: it describes
 * a request as a {@link io.github.collapseexecutor.http.RequestTarget} and hands it, with what
 * translates its library's response, to one of three collapsers, which run the whole protocol (the
 * key, who leads, who waits and for how long, what may be shared, reading the body up to the
 * limit, the replay, hit-for-pass, {@code Vary}, counting, observations and warnings):
 *
 * <ul>
 *   <li>{@link io.github.collapseexecutor.http.adapter.BlockingClientCollapser} with a
 *       {@link io.github.collapseexecutor.http.adapter.ClientDriver.Blocking}, for a client whose
 *       callers block (RestClient, RestTemplate, OkHttp);</li>
 *   <li>{@link io.github.collapseexecutor.http.adapter.AsyncClientCollapser} with an
 *       {@link io.github.collapseexecutor.http.adapter.ClientDriver.Async}, for a client whose
 *       callers get a future (WebClient, the JDK's {@code HttpClient});</li>
 *   <li>{@link io.github.collapseexecutor.http.adapter.ServerCollapser} with a
 *       {@link io.github.collapseexecutor.http.adapter.ServerExchange}, for a server's filter chain
 *       (the servlet and WebFlux filters), whose leading request reports its response to a
 *       {@link io.github.collapseexecutor.http.adapter.ResponseRecording}, with what its chain
 *       produced ({@link io.github.collapseexecutor.http.adapter.ProducedResponse}).</li>
 * </ul>
 *
 * <p>Across the instances of an application the collapser writes a shared response itself; the
 * one thing an adapter states is how what else a replay needs of it travels, with a
 * {@link io.github.collapseexecutor.http.adapter.DetailCodec}.
 *
 * <p>Each caller that shares a response gets an object of its own built from a
 * {@link io.github.collapseexecutor.http.adapter.SharedResponse};
 * {@link io.github.collapseexecutor.http.adapter.HeaderLists} flattens a library's headers into the
 * list a driver's head holds.
 *
 * <p>Parameters, return values and fields are non-null unless marked {@code @Nullable}.
 */
@NullMarked
package io.github.collapseexecutor.http.adapter;

import org.jspecify.annotations.NullMarked;
