package io.github.collapseexecutor.testing.http;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;

/**
 * An HTTP/1.1 exchange written by hand on a socket, for requests a client library would rewrite:
 * a {@code Host} other than the address connected to, as a balancer sends to its instances.
 */
public final class RawHttp {

  private RawHttp() {}

  /**
   * Sends {@code head} (the request line and headers, each ending in CRLF; this adds
   * {@code Connection: close} and the blank line) to {@code address} and {@code port}, and returns
   * everything the server answers, headers included. Waits 30 s at most for each read.
   */
  public static String exchange(String address, int port, String head) throws IOException {
    try (Socket socket = send(address, port, head)) {
      socket.setSoTimeout(30_000);
      return new String(socket.getInputStream().readAllBytes(), UTF_8);
    }
  }

  /**
   * Sends {@code head} as {@link #exchange} does and returns the socket, its answer unread: a
   * client that may go away before the answer comes.
   */
  public static Socket send(String address, int port, String head) throws IOException {
    Socket socket = new Socket(address, port);
    try {
      OutputStream out = socket.getOutputStream();
      out.write((head + "Connection: close\r\n\r\n").getBytes(UTF_8));
      out.flush();
      return socket;
    } catch (IOException | RuntimeException e) {
      socket.close();
      throw e;
    }
  }
}
