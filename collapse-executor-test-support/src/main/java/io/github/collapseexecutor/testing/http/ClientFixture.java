package io.github.collapseexecutor.testing.http;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import java.time.Duration;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One client library as the client contracts drive it: opens a client with its collapse adapter
 * put in place as the adapter's users do, or the same client without collapse. A new client
 * adapter's tests are one class that implements the contracts and returns its fixture; the
 * defaults below describe a blocking client whose limits are all the client's own.
 */
@FunctionalInterface
public interface ClientFixture {

  /** Opens a client as {@code setup} says. */
  DrivenClient open(Setup setup) throws Exception;

  /**
   * Returns the kinds of limit a caller of the client sets on its own request or call (OkHttp's
   * call timeout, read timeout and deadline, say), each a {@link Call.Limit#kind()} the fixture
   * applies; empty for a client whose limits are all the client's own, which every caller
   * shares.
   */
  default List<String> limitKinds() {
    return List.of();
  }

  /**
   * Returns whether the message of what the client throws when a limit of {@code kind} ends a
   * call varies from one call to the next, so that only its type is compared.
   */
  default boolean limitMessageVaries(String kind) {
    return false;
  }

  /**
   * Returns whether a caller that leaves ends the call it leads, as a blocking client's call
   * that runs on the caller's thread does: the callers that waited then take it over with a new
   * call. False for a client whose shared call goes on for the others.
   */
  default boolean leavingEndsTheCall() {
    return true;
  }

  /**
   * Returns the status code that {@code failure}, thrown by {@link DrivenClient#send}, carries
   * for an HTTP error, or -1 when the client's exceptions carry none.
   */
  default int status(Exception failure) {
    return -1;
  }

  /** Whether the client's request API takes a {@code null} header value; OkHttp's does not. */
  default boolean takesNullHeaderValues() {
    return true;
  }

  /** Whether the client can send a GET with a body; OkHttp's cannot. */
  default boolean sendsGetWithBody() {
    return true;
  }

  /**
   * What a client is opened with.
   *
   * @param baseUrl the server the client calls; each {@link Call#target()} is relative to it
   * @param options the adapter's options, or {@code null} for the client without collapse
   * @param readTimeout the client's read timeout, or {@code null} for the client's default
   */
  record Setup(
      String baseUrl, @Nullable HttpCollapseOptions options, @Nullable Duration readTimeout) {

    /** A client of {@code baseUrl} through an adapter built of {@code options}. */
    public static Setup collapsing(String baseUrl, HttpCollapseOptions options) {
      return new Setup(baseUrl, options, null);
    }

    /** The same client of {@code baseUrl}, without collapse. */
    public static Setup plain(String baseUrl) {
      return new Setup(baseUrl, null, null);
    }

    /** Returns this setup with a read timeout of {@code timeout}. */
    public Setup withReadTimeout(Duration timeout) {
      return new Setup(baseUrl, options, timeout);
    }

    /** Returns the options, for a fixture that has just checked that collapse is on. */
    public HttpCollapseOptions requireOptions() {
      if (options == null) {
        throw new IllegalStateException("the setup has no collapse options: " + this);
      }
      return options;
    }
  }
}
