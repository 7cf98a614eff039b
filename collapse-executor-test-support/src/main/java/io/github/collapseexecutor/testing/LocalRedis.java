package io.github.collapseexecutor.testing;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;

/**
 * The Redis on 127.0.0.1:6379 that the fleet tier's tests share, and a port where none listens.
 * A test that needs it skips, and says why, where it is not running ({@link Services}).
 */
public final class LocalRedis {

  /** The port of the shared Redis. */
  public static final int PORT = 6379;

  private LocalRedis() {}

  /** Skips (or fails, {@link Services}) the test unless a Redis answers on 127.0.0.1:{@value #PORT}. */
  public static void assumeRunning() {
    Services.assume(listening(PORT), "no Redis on 127.0.0.1:" + PORT);
  }

  /** Returns a loopback port that nothing listens on now: a Redis that is unreachable. */
  public static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  @SuppressWarnings("AddressSelection") // the IPv4 loopback, as an address: nothing is looked up
  private static boolean listening(int port) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", port), 1000);
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
