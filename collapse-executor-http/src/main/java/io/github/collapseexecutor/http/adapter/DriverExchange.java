package io.github.collapseexecutor.http.adapter;

import io.github.collapseexecutor.http.RequestTarget;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A {@link ClientDriver} in the terms the client collapsers run their protocol in: the exchange
 * reads status, reason, headers and detail apart, a driver gives them at once as a head, read
 * once per response.
 */
abstract class DriverExchange<R> implements ClientExchange<R> {

  private final RequestTarget request;
  private final ClientDriver<R> driver;
  private volatile @Nullable HeadOf<R> last;

  DriverExchange(RequestTarget request, ClientDriver<R> driver) {
    this.request = request;
    this.driver = driver;
  }

  @Override
  public final boolean hasBody() {
    return request.hasBody();
  }

  @Override
  public final @Nullable Object observation() {
    return driver.observation();
  }

  @Override
  public final int status(R response) throws IOException {
    return head(response).status();
  }

  @Override
  public final @Nullable String reason(R response) throws IOException {
    return head(response).reason();
  }

  @Override
  public final List<Map.Entry<String, @Nullable String>> headers(R response) throws IOException {
    return head(response).headers();
  }

  @Override
  public final boolean sentAsKeyed(R response) {
    return driver.sentAsKeyed(response);
  }

  @Override
  public final @Nullable Object detail(R response) {
    HeadOf<R> read = last;
    // the collapsers read the headers, and so the head, before they ask for the detail
    if (read == null || read.response() != response) {
      throw new IllegalStateException("detail asked before the head of the response was read");
    }
    return read.head().detail();
  }

  @Override
  public final @Nullable DetailCodec<?> detailCodec() {
    return driver.detailCodec();
  }

  @Override
  public final R replay(SharedResponse shared) {
    return driver.replay(shared);
  }

  @Override
  public final long ownWaitLimitNanos() {
    return driver.ownWaitLimitNanos();
  }

  @Override
  public final long readTimeoutNanos() {
    return driver.readTimeoutNanos();
  }

  @Override
  public final ClientDriver.Cause causeOf(Throwable failure) {
    return driver.causeOf(failure);
  }

  private ClientDriver.Head head(R response) throws IOException {
    HeadOf<R> read = last;
    if (read == null || read.response() != response) {
      read = new HeadOf<>(response, driver.head(response));
      last = read;
    }
    return read.head();
  }

  private record HeadOf<R>(R response, ClientDriver.Head head) {}
}
