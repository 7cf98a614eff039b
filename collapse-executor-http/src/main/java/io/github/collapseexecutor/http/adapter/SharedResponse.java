package io.github.collapseexecutor.http.adapter;

import io.github.collapseexecutor.core.Incubating;
import io.github.collapseexecutor.http.RequestHeaders;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * A response read in full once, as an adapter sees it when it builds a response object of its own
 * for each caller that shares it ({@code replay} of its driver or exchange). Immutable and safe to read from
 * any thread, by any number of callers at once: the body is never handed out as a writable array,
 * and each stream or buffer over it is new.
 *
 * <pre>{@code
 * public ClientHttpResponse replay(SharedResponse shared) {
 *   HttpHeaders headers = new HttpHeaders();   // a headers object of this caller's own
 *   shared.headers().forEach(header -> headers.add(header.getKey(), header.getValue()));
 *   // a stream of this caller's own, ending in the body's failure if it had one
 *   return new ReplayedResponse(shared.status(), shared.reason(), headers, shared.bodyStream());
 * }
 * }</pre>
 *
 * <p>The collapser makes it (from the leading caller's response, or from what a server adapter
 * recorded) and hands it to a caller only if that caller may have it: when the response names
 * request headers in {@code Vary}, only to callers that sent the same values as the caller whose
 * call produced it (RFC 9111 section 4.1).
 *
 * <p>A client's header maps may hold a {@code null} value (Spring's {@code HttpHeaders} take one):
 * a {@code null} response header value is kept for the replay and read as absent by the sharing
 * rules.
 *
 * <p>A body that ended in a failure (the connection reset or closed before the announced length,
 * a read timeout) is kept as what arrived followed by that failure: each caller reads the bytes,
 * then gets the same exception instance where its client reads the body, as it would have from
 * its own call. A replay must hand that failure on where its client reads the body:
 * {@link #bodyStream()} does so by itself; a replay that reads {@link #bodyBuffer()} or
 * {@link #bodyCopy()} must check {@link #bodyFailure()}.
 */
@Incubating
public final class SharedResponse {

  private final int status;
  private final String reason;
  private final List<Map.Entry<String, @Nullable String>> headers;
  private final byte[] body;
  private final @Nullable Throwable bodyFailure;
  private final Map<String, List<@Nullable String>> varyValues;
  private final @Nullable Object detail;

  /**
   * Creates a shared response.
   *
   * @param head the status, reason phrase, every header in order (names as received), and what
   *     else the adapter needs to rebuild the response (a protocol, say)
   * @param body the bytes of the body; it keeps this array and never writes to it
   * @param bodyFailure what ended the body before its end, after the bytes {@code body} holds,
   *     or {@code null} if it ended well
   * @param request the headers of the request that produced the response
   */
  SharedResponse(
      ClientDriver.Head head,
      byte[] body,
      @Nullable Throwable bodyFailure,
      RequestHeaders request) {
    this.status = head.status();
    this.reason = Objects.requireNonNullElse(head.reason(), "");
    this.headers = List.copyOf(head.headers());
    this.body = body;
    this.bodyFailure = bodyFailure;
    this.varyValues = varyValues(this.headers, request);
    this.detail = head.detail();
  }

  /**
   * Returns what the adapter kept to rebuild the response besides status, headers and body (the
   * {@code detail} of a client driver's head, or what a server adapter recorded), or {@code null}.
   */
  public @Nullable Object detail() {
    return detail;
  }

  /** Returns the status code. */
  public int status() {
    return status;
  }

  /** Returns the reason phrase; empty when there was none. */
  public String reason() {
    return reason;
  }

  /** Returns every header in order, names as received. */
  public List<Map.Entry<String, @Nullable String>> headers() {
    return headers;
  }

  /** Returns the values of the header {@code name} (any case), in order. */
  public List<@Nullable String> headerValues(String name) {
    List<@Nullable String> values = new ArrayList<>(1);
    for (Map.Entry<String, @Nullable String> header : headers) {
      if (header.getKey().equalsIgnoreCase(name)) {
        values.add(header.getValue());
      }
    }
    return values;
  }

  /** Returns the length of the body in bytes. */
  public int bodyLength() {
    return body.length;
  }

  /**
   * Returns a new stream over the body; each caller reads its own. When the body ended in a
   * {@linkplain #bodyFailure() failure}, a read past its bytes throws that failure.
   */
  public InputStream bodyStream() {
    return bodyFailure == null
        ? new ByteArrayInputStream(body)
        : new EndsInFailure(
            body, bodyFailure instanceof IOException io ? io : new IOException(bodyFailure));
  }

  /**
   * Returns what ended the body before its end, after the bytes of {@link #bodyBuffer()}, or
   * {@code null} if the body ended well.
   */
  public @Nullable Throwable bodyFailure() {
    return bodyFailure;
  }

  /** Returns a new read-only buffer over the body, without its failure if it has one. */
  public ByteBuffer bodyBuffer() {
    return ByteBuffer.wrap(body).asReadOnlyBuffer();
  }

  /** Returns a copy of the body, without its failure if it has one. */
  public byte[] bodyCopy() {
    return body.clone();
  }

  /**
   * Returns whether a server must not copy the header {@code name} (any case) to another
   * response: a hop-by-hop header of RFC 9110 section 7.6.1, or one that this response's
   * {@code Connection} header names.
   */
  public boolean isHopByHop(String name) {
    return SharingRules.isHopByHop(name, headers);
  }

  /** Returns the lower-case names of the request headers this response varies on, in order. */
  Set<String> varyNames() {
    return varyValues.keySet();
  }

  /** Returns whether a request with these headers may share this response, given its Vary. */
  boolean canServe(RequestHeaders request) {
    for (Map.Entry<String, List<@Nullable String>> vary : varyValues.entrySet()) {
      if (!vary.getValue().equals(request.values(vary.getKey()))) {
        return false;
      }
    }
    return true;
  }

  private static Map<String, List<@Nullable String>> varyValues(
      List<Map.Entry<String, @Nullable String>> headers, RequestHeaders request) {
    Map<String, List<@Nullable String>> values = new LinkedHashMap<>();
    for (Map.Entry<String, @Nullable String> header : headers) {
      if (header.getKey().equalsIgnoreCase("vary") && header.getValue() != null) {
        // every name, empty ones too, which are skipped
        for (String name : header.getValue().split(",", /* limit= */ -1)) {
          String lower = name.strip().toLowerCase(Locale.ROOT);
          if (!lower.isEmpty()) {
            // not List.copyOf: a client's header map may hold a null value, which then matches
            // only a null value, as in the key (the client may send it as an empty value)
            values.put(lower, Collections.unmodifiableList(new ArrayList<>(request.values(lower))));
          }
        }
      }
    }
    return Collections.unmodifiableMap(values);
  }

  @Override
  public String toString() {
    return "SharedResponse{status="
        + status
        + ", headers="
        + headers.size()
        + ", bodyLength="
        + body.length
        + (bodyFailure == null ? "" : ", bodyFailure=" + bodyFailure)
        + "}";
  }

  /** The bytes of a body, then the failure that ended it, thrown by every read past them. */
  private static final class EndsInFailure extends InputStream {

    private final ByteArrayInputStream bytes;
    private final IOException failure;

    EndsInFailure(byte[] bytes, IOException failure) {
      this.bytes = new ByteArrayInputStream(bytes);
      this.failure = failure;
    }

    @Override
    public int read() throws IOException {
      int next = bytes.read();
      if (next < 0) {
        throw failure;
      }
      return next;
    }

    @Override
    public int read(byte[] into, int offset, int length) throws IOException {
      if (length == 0) {
        return 0;
      }
      int n = bytes.read(into, offset, length);
      if (n < 0) {
        throw failure;
      }
      return n;
    }

    @Override
    public int available() {
      return bytes.available();
    }
  }
}
