package io.github.collapseexecutor.testing.redis;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.SSLSocketFactory;

/**
 * A connection for a test's own commands to a Redis it started: plain RESP over a socket, so that
 * the launchers need no Redis client of any line. Not thread-safe; one command at a time.
 *
 * <p>A reply is a {@code String} (simple or bulk), a {@code Long}, a {@code List} of replies, or
 * {@code null}; an error reply throws {@link Refused}.
 */
public final class RedisAdmin implements AutoCloseable {

  private final Socket socket;
  private final OutputStream out;
  private final InputStream in;

  private RedisAdmin(Socket socket) throws IOException {
    this.socket = socket;
    this.out = socket.getOutputStream();
    this.in = new BufferedInputStream(socket.getInputStream());
  }

  /**
   * Connects to 127.0.0.1:{@code port}, over TLS if {@code tls} is not null, and authenticates
   * as {@code user} (the default user if null) when {@code password} is not null.
   */
  @SuppressWarnings("AddressSelection") // the IPv4 loopback, as an address: nothing is looked up
  static RedisAdmin connect(int port, SSLSocketFactory tls, String user, String password)
      throws IOException {
    Socket plain = new Socket();
    plain.connect(new InetSocketAddress("127.0.0.1", port), 1000);
    Socket socket =
        tls == null ? plain : tls.createSocket(plain, "127.0.0.1", port, /* autoClose= */ true);
    socket.setSoTimeout(10_000);
    RedisAdmin admin = new RedisAdmin(socket);
    try {
      if (password != null) {
        if (user == null) {
          admin.call("AUTH", password);
        } else {
          admin.call("AUTH", user, password);
        }
      }
    } catch (IOException | RuntimeException e) {
      admin.close();
      throw e;
    }
    return admin;
  }

  /** Sends one command and returns its reply. */
  public Object call(String... args) throws IOException {
    StringBuilder command = new StringBuilder("*").append(args.length).append("\r\n");
    for (String arg : args) {
      byte[] bytes = arg.getBytes(StandardCharsets.UTF_8);
      command.append('$').append(bytes.length).append("\r\n").append(arg).append("\r\n");
    }
    out.write(command.toString().getBytes(StandardCharsets.UTF_8));
    out.flush();
    return reply();
  }

  /** {@link #call} for a command whose reply is text, such as {@code INFO}. */
  public String text(String... args) throws IOException {
    return String.valueOf(call(args));
  }

  private Object reply() throws IOException {
    String line = line();
    String rest = line.substring(1);
    switch (line.charAt(0)) {
      case '+' -> {
        return rest;
      }
      case '-' -> throw new Refused(rest);
      case ':' -> {
        return Long.parseLong(rest);
      }
      case '$' -> {
        int length = Integer.parseInt(rest);
        if (length < 0) {
          return null;
        }
        byte[] bytes = in.readNBytes(length + 2);
        return new String(bytes, 0, length, StandardCharsets.UTF_8);
      }
      case '*' -> {
        int count = Integer.parseInt(rest);
        if (count < 0) {
          return null;
        }
        List<Object> items = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
          try {
            items.add(reply());
          } catch (Refused inside) {
            items.add(inside);
          }
        }
        return items;
      }
      default -> throw new IOException("not a RESP reply: " + line);
    }
  }

  private String line() throws IOException {
    ByteArrayOutputStream line = new ByteArrayOutputStream();
    for (int b = in.read(); b != '\n'; b = in.read()) {
      if (b < 0) {
        throw new IOException("Redis closed the connection");
      }
      if (b != '\r') {
        line.write(b);
      }
    }
    return line.toString(StandardCharsets.UTF_8);
  }

  @Override
  public void close() {
    try {
      socket.close();
    } catch (IOException ignored) {
      // closing: nothing left to tell
    }
  }

  /** Redis answered a command with an error. */
  public static final class Refused extends RuntimeException {
    Refused(String error) {
      super(error);
    }
  }
}
