package io.github.collapseexecutor.http.adapter;

import io.github.collapseexecutor.http.RequestTarget;
import java.util.concurrent.CompletableFuture;

/**
 * An {@link ClientDriver.Async} in the terms of the async collapser: the body the driver hands
 * over as a publisher is read up to the limit here ({@link BodySplit}), once for every adapter.
 */
final class AsyncDriverExchange<R> extends DriverExchange<R> implements AsyncClientExchange<R> {

  private final ClientDriver.Async<R> driver;

  AsyncDriverExchange(RequestTarget request, ClientDriver.Async<R> driver) {
    super(request, driver);
    this.driver = driver;
  }

  @Override
  public CompletableFuture<R> proceed() {
    return driver.send();
  }

  @Override
  public CompletableFuture<BodyRead<R>> readBody(R response, int limit) {
    return BodySplit.read(driver.body(response), limit, rest -> driver.withBody(response, rest));
  }

  @Override
  public void release(R response) {
    driver.release(response);
  }

  @Override
  public Throwable ownLimitReached() {
    return driver.ownLimitReached();
  }

  @Override
  public Throwable readTimeoutReached() {
    return driver.readTimeoutReached();
  }
}
