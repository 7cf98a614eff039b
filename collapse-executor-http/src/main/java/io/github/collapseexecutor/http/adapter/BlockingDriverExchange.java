package io.github.collapseexecutor.http.adapter;

import io.github.collapseexecutor.http.RequestTarget;
import java.io.IOException;
import java.io.InputStream;

/** A {@link ClientDriver.Blocking} in the terms of the blocking collapser. */
final class BlockingDriverExchange<R> extends DriverExchange<R>
    implements BlockingClientExchange<R> {

  private final ClientDriver.Blocking<R> driver;

  BlockingDriverExchange(RequestTarget request, ClientDriver.Blocking<R> driver) {
    super(request, driver);
    this.driver = driver;
  }

  @Override
  public R proceed() throws IOException {
    return driver.send();
  }

  @Override
  public InputStream body(R response) throws IOException {
    return driver.body(response);
  }

  @Override
  public R withBody(R response, InputStream body) {
    return driver.withBody(response, body);
  }

  @Override
  public void close(R response) {
    driver.close(response);
  }

  @Override
  public IOException ownLimitReached() {
    return driver.ownLimitReached();
  }

  @Override
  public IOException readTimeoutReached() {
    return driver.readTimeoutReached();
  }
}
