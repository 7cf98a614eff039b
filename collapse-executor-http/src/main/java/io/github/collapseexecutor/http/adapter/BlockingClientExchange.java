package io.github.collapseexecutor.http.adapter;

import java.io.IOException;
import java.io.InputStream;

/**
 * One request of a blocking HTTP client, in the terms the {@link BlockingClientCollapser} runs its
 * protocol in: how to make the call, and how to read and rebuild the client's response. Adapters
 * implement a {@link ClientDriver.Blocking}, which the collapser wraps in one
 * ({@link BlockingDriverExchange}). Every method runs on the caller's own thread:
 * {@link #proceed()} and the reading of the live response on the thread of the caller whose call
 * it is, {@link #replay} on the thread of the caller it answers.
 *
 * @param <R> the client library's response type
 */
interface BlockingClientExchange<R> extends ClientExchange<R> {

  /** The driver's {@link ClientDriver.Blocking#send()}. */
  R proceed() throws IOException;

  /** The driver's {@link ClientDriver.Blocking#body}. */
  InputStream body(R response) throws IOException;

  /** The driver's {@link ClientDriver.Blocking#withBody}. */
  R withBody(R response, InputStream body);

  /** The driver's {@link ClientDriver.Blocking#close}. */
  void close(R response);

  /** The driver's {@link ClientDriver.Blocking#ownLimitReached()}. */
  IOException ownLimitReached();

  /** The driver's {@link ClientDriver.Blocking#readTimeoutReached()}. */
  IOException readTimeoutReached();
}
