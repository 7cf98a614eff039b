package io.github.collapseexecutor.testing.http;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A server on loopback, written on a bare socket, that answers each request with a {@link Fault}
 * no ordinary server would produce on purpose: resets, a body cut short, silence. Every answer is
 * held by {@link #arrivals()} until the callers of a round have set off, so that they share one
 * call; silence lasts until {@link #stop()}.
 */
public final class FaultyBackend {

  /** What the server does with a request; the path of the request names it. */
  public enum Fault {
    /** Resets the connection before any byte of a response. */
    RESET_BEFORE_RESPONSE,
    /** Announces a body of {@link #ANNOUNCED} bytes, sends {@link #SENT} of them, then closes. */
    TRUNCATED_BODY,
    /** Announces a body, sends part of it, then resets the connection. */
    RESET_MID_BODY,
    /** Sends nothing until the client's read timeout ends the call. */
    TIMEOUT_BEFORE_HEADERS,
    /** Sends the headers and part of the body, then nothing until the client's read timeout. */
    TIMEOUT_MID_BODY,
    /** Answers 404 with a short body. */
    NOT_FOUND,
    /** Answers 500 with a short body. */
    SERVER_ERROR,
    /** Nothing listens: the connection is refused. */
    CONNECTION_REFUSED;

    /** Returns the path that asks the server for this fault. */
    public String path() {
      return "/fault/" + name();
    }
  }

  /** The body length a cut-short response announces. */
  public static final int ANNOUNCED = 100;

  /** The bytes of it a cut-short response sends. */
  public static final int SENT = 10;

  private final AtomicInteger requests = new AtomicInteger();
  private final Arrivals arrivals = new Arrivals();
  private final CountDownLatch stopped = new CountDownLatch(1);
  private final ExecutorService pool = Executors.newCachedThreadPool();
  private ServerSocket server;
  private int refusingPort;

  /** Starts the server; returns its base URL, {@code http://127.0.0.1:port}. */
  public String start() throws IOException {
    server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    try (ServerSocket closed = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      // a port just freed, which nothing listens on
      refusingPort = closed.getLocalPort();
    }
    pool.execute(this::accept);
    return "http://127.0.0.1:" + server.getLocalPort();
  }

  /** Returns the URL that {@code fault} is answered at. */
  public String url(Fault fault) {
    int port = fault == Fault.CONNECTION_REFUSED ? refusingPort : server.getLocalPort();
    return "http://127.0.0.1:" + port + fault.path();
  }

  /** Returns what holds each answer until the callers of a round have set off. */
  public Arrivals arrivals() {
    return arrivals;
  }

  /** Returns how many requests arrived. */
  public int requests() {
    return requests.get();
  }

  /** Ends every silence and stops the server. */
  public void stop() throws IOException {
    stopped.countDown();
    server.close();
    pool.shutdownNow();
  }

  private void accept() {
    while (!server.isClosed()) {
      try {
        Socket socket = server.accept();
        pool.execute(() -> answer(socket));
      } catch (IOException closed) {
        return;
      }
    }
  }

  private void answer(Socket socket) {
    try (socket) {
      Fault fault = readRequest(socket);
      if (fault == null) {
        return;
      }
      requests.incrementAndGet();
      arrivals.awaitThenAnswer();
      OutputStream out = socket.getOutputStream();
      switch (fault) {
        case RESET_BEFORE_RESPONSE -> reset(socket);
        case TRUNCATED_BODY -> write(out, head(200, "OK", ANNOUNCED) + "x".repeat(SENT));
        case RESET_MID_BODY -> {
          write(out, head(200, "OK", ANNOUNCED) + "x".repeat(SENT));
          reset(socket);
        }
        case TIMEOUT_BEFORE_HEADERS -> awaitStop();
        case TIMEOUT_MID_BODY -> {
          write(out, head(200, "OK", ANNOUNCED) + "x".repeat(SENT));
          awaitStop();
        }
        case NOT_FOUND -> write(out, head(404, "Not Found", 9) + "not found");
        case SERVER_ERROR -> write(out, head(500, "Internal Server Error", 6) + "broken");
        default -> throw new IllegalStateException("no server answers " + fault);
      }
    } catch (IOException clientWentAway) {
      // the client closed first, as it does on its read timeout
    }
  }

  /** Reads the request head; returns the fault its path names, or null for another path. */
  private static Fault readRequest(Socket socket) throws IOException {
    BufferedReader in =
        new BufferedReader(
            new InputStreamReader(socket.getInputStream(), StandardCharsets.ISO_8859_1));
    String requestLine = in.readLine();
    for (String line = in.readLine(); line != null && !line.isEmpty(); line = in.readLine()) {
      // headers: the faults do not depend on them
    }
    if (requestLine == null) {
      return null;
    }
    String path = requestLine.split(" ", /* limit= */ -1)[1];
    for (Fault fault : Fault.values()) {
      if (path.equals(fault.path())) {
        return fault;
      }
    }
    return null;
  }

  private static String head(int status, String reason, int contentLength) {
    return "HTTP/1.1 "
        + status
        + " "
        + reason
        + "\r\nContent-Type: text/plain\r\n"
        + "Content-Length: "
        + contentLength
        + "\r\nConnection: close\r\n\r\n";
  }

  private static void write(OutputStream out, String text) throws IOException {
    out.write(text.getBytes(StandardCharsets.ISO_8859_1));
    out.flush();
  }

  /** Closes with a reset (RST) instead of an orderly end (FIN). */
  private static void reset(Socket socket) throws IOException {
    socket.setSoLinger(true, 0);
    socket.close();
  }

  private void awaitStop() {
    try {
      stopped.await(60, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
