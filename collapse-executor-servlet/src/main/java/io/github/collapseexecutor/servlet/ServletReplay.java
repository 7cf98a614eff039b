package io.github.collapseexecutor.servlet;

import io.github.collapseexecutor.http.adapter.ProducedResponse;
import io.github.collapseexecutor.http.adapter.SharedResponse;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.util.Collection;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Writes a shared response onto a waiting request's own response, which already holds what the
 * filters before the collapse filter set on it. The recorded headers are only those the chain
 * produced ({@link ProducedResponse}): added to the waiting request's own, or set over them where
 * the chain had replaced the leading request's values. What the chain cleared of the leading
 * request's response, the replay clears of the waiting request's: the headers it removed, and
 * after a {@code reset()} every header the waiting request's own filters had set before it began
 * to wait, as its own run of the chain would have.
 */
final class ServletReplay {

  /** The request attribute that holds the headers a waiting request had when it began to wait. */
  private static final String OUTER_HEADERS = ServletReplay.class.getName() + ".outerHeaders";

  private ServletReplay() {}

  /**
   * Remembers the names of the headers on {@code response} when its request begins to wait, the
   * first time only: its filters before the collapse filter set them, and a chain that resets the
   * response clears them. A later dispatch of the request may find headers those filters set
   * after the chain returned, which a reset does not reach.
   */
  static void rememberOuterHeaders(HttpServletRequest request, HttpServletResponse response) {
    if (request.getAttribute(OUTER_HEADERS) != null) {
      return;
    }
    Set<String> names = new HashSet<>();
    for (String name : ContainerHeaders.of(response).keySet()) {
      names.add(name.toLowerCase(Locale.ROOT));
    }
    request.setAttribute(OUTER_HEADERS, names);
  }

  /**
   * Writes {@code shared}, recorded by a {@link RecordingServletResponse}, onto {@code response}:
   * its body through the response's output stream, or through its writer if a filter before the
   * collapse filter took that, decoded in the charset the chain wrote it in; and tells the
   * server's own observation of {@code request} what the chain told the leading request's
   * ({@link ServerObservation}).
   *
   * @return false, having written nothing, if the filters before took the writer and the chain
   *     wrote bytes: this request's own run of the chain could not have written them either, and
   *     it runs the chain itself
   */
  static boolean write(
      SharedResponse shared, HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    // what the filter kept of the response it shared
    ProducedResponse produced =
        (ProducedResponse) Objects.requireNonNull(shared.detail(), "detail");
    Body body = shared.bodyLength() > 0 ? Body.of(response, produced.bodyCharset()) : null;
    if (shared.bodyLength() > 0 && body == null) {
      return false;
    }
    ServerObservation.tell(produced.pathPattern(), produced.error(), request);
    response.setStatus(shared.status());
    clear(produced, request, response);
    ResponseSettings settings =
        produced.extension() instanceof ResponseSettings set ? set : ResponseSettings.NONE;
    settings.applyBeforeBody(response, produced.reset());
    Set<String> set = new HashSet<>();
    for (Map.Entry<String, @Nullable String> header : shared.headers()) {
      String name = header.getKey();
      String lower = name.toLowerCase(Locale.ROOT);
      if (lower.equals("content-type")) {
        response.setContentType(header.getValue());
      } else if (!lower.equals("content-length") && !shared.isHopByHop(name)) {
        if (produced.headers().replaced().contains(lower) && set.add(lower)) {
          response.setHeader(name, header.getValue()); // its first value replaces, others add
        } else {
          response.addHeader(name, header.getValue());
        }
      }
    }
    if (body != null) {
      body.write(shared, response);
    }
    if (produced.inPieces()) {
      // the chain flushed before its end: the container sent its response in chunks
      response.flushBuffer();
    }
    return true;
  }

  /** Where a replayed body goes: the response's output stream, or its writer. */
  private record Body(
      @Nullable ServletOutputStream stream,
      @Nullable PrintWriter writer,
      @Nullable Charset charset) {

    /** Takes the output stream, or else the writer if {@code charset} can decode the body. */
    static @Nullable Body of(HttpServletResponse response, @Nullable Charset charset)
        throws IOException {
      try {
        return new Body(response.getOutputStream(), null, null);
      } catch (IllegalStateException writerTaken) {
        return charset == null ? null : new Body(null, response.getWriter(), charset);
      }
    }

    void write(SharedResponse shared, HttpServletResponse response) throws IOException {
      if (stream != null) {
        if (!shared.headerValues("Content-Length").isEmpty()) {
          // the chain gave its length; else the container counts it, or chunks a body larger
          // than its buffer, as it did the first request's
          response.setContentLength(shared.bodyLength());
        }
        shared.bodyStream().transferTo(stream);
      } else {
        // the writer's charset may not be the chain's: the container counts the length
        Objects.requireNonNull(writer, "writer")
            .write(new String(shared.bodyStream().readAllBytes(), charset));
      }
    }
  }

  private static void clear(
      ProducedResponse produced, HttpServletRequest request, HttpServletResponse response) {
    @SuppressWarnings("unchecked")
    Collection<String> cleared =
        produced.reset()
            ? (Collection<String>) request.getAttribute(OUTER_HEADERS)
            : produced.headers().removed();
    for (String name : cleared == null ? Set.<String>of() : cleared) {
      if (name.equals("content-type")) {
        response.setContentType(null);
      } else if (!name.equals("content-length")) {
        response.setHeader(name, null); // removes it (Servlet 6)
      }
    }
    if (produced.bodyReset() && !response.isCommitted()) {
      response.resetBuffer();
    }
  }
}
