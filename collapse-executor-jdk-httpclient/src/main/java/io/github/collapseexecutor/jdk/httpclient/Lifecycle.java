package io.github.collapseexecutor.jdk.httpclient;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.http.HttpClient;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * The methods that end a client's life, which {@code HttpClient} has from JDK 21 on
 * ({@code shutdown}, {@code shutdownNow}, {@code awaitTermination}, {@code isTerminated}): the
 * decorator is built for JDK 17, so it reaches the wrapped client's by name, where they exist.
 */
final class Lifecycle {

  private Lifecycle() {}

  /**
   * Calls the wrapped client's method {@code name} with {@code arguments}, and returns what it
   * returned, or {@code absent} on a JDK whose client has no such method.
   */
  static @Nullable Object call(
      HttpClient client, @Nullable Object absent, String name, Object... arguments)
      throws InterruptedException {
    Method method;
    try {
      method =
          HttpClient.class.getMethod(
              name, arguments.length == 0 ? new Class<?>[0] : new Class<?>[] {Duration.class});
    } catch (NoSuchMethodException beforeJdk21) {
      return absent;
    }
    try {
      return method.invoke(client, arguments);
    } catch (IllegalAccessException notPublic) {
      throw new IllegalStateException(notPublic);
    } catch (InvocationTargetException thrown) {
      Throwable cause = thrown.getCause();
      if (cause instanceof InterruptedException interrupted) {
        throw interrupted;
      }
      if (cause instanceof RuntimeException unchecked) {
        throw unchecked;
      }
      if (cause instanceof Error error) {
        throw error;
      }
      throw new IllegalStateException(cause);
    }
  }
}
