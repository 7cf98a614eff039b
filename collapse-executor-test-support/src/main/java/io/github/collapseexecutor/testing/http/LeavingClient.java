package io.github.collapseexecutor.testing.http;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * A client that sends a GET on a connection of its own and goes away before the answer: the
 * test closes the connection, and the server sees its client disconnect.
 */
public final class LeavingClient implements AutoCloseable {

  private final Socket socket;

  private LeavingClient(Socket socket) {
    this.socket = socket;
  }

  /** Sends a GET of {@code path} to the server on loopback at {@code port}. */
  @SuppressWarnings("AddressSelection") // the IPv4 loopback, as an address: nothing is looked up
  public static LeavingClient get(int port, String path) throws IOException {
    Socket socket = new Socket("127.0.0.1", port);
    OutputStream out = socket.getOutputStream();
    out.write(
        ("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\n\r\n")
            .getBytes(StandardCharsets.US_ASCII));
    out.flush();
    return new LeavingClient(socket);
  }

  /** Goes away: closes the connection, whatever the server has answered so far. */
  @Override
  public void close() throws IOException {
    socket.close();
  }
}
