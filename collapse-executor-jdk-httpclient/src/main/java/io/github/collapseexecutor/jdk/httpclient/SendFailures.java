package io.github.collapseexecutor.jdk.httpclient;

import java.io.IOException;
import java.net.ConnectException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;

/**
 * What {@code send} throws for the failure of its call: the JDK's client throws a new exception
 * of the failure's kind, so that its stack trace shows the caller, with the failure as its cause.
 * Callers of a shared call get one failure instance between them; each gets its own copy here.
 */
final class SendFailures {

  private SendFailures() {}

  /** Returns the exception {@code send} throws for {@code failure}, or throws an unchecked one. */
  static IOException thrownFor(Throwable failure) {
    String message = failure.getMessage();
    if (failure instanceof IllegalArgumentException) {
      throw new IllegalArgumentException(message, failure);
    }
    if (failure instanceof SecurityException) {
      throw new SecurityException(message, failure);
    }
    IOException thrown;
    if (failure instanceof HttpConnectTimeoutException) {
      thrown = new HttpConnectTimeoutException(message);
    } else if (failure instanceof HttpTimeoutException) {
      thrown = new HttpTimeoutException(message);
    } else if (failure instanceof ConnectException) {
      thrown = new ConnectException(message);
    } else if (failure instanceof SSLHandshakeException) {
      thrown = new SSLHandshakeException(message);
    } else if (failure instanceof SSLException) {
      return new SSLException(message, failure);
    } else {
      return new IOException(message, failure);
    }
    thrown.initCause(failure);
    return thrown;
  }
}
