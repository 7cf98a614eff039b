package io.github.collapseexecutor.servlet;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * What the collapsed part of a chain set on its response that is no header while the chain runs,
 * and that the container turns into headers only when it commits the response: a replay sets it
 * on the waiting request's response too, so that the container writes the same headers there.
 *
 * <ul>
 *   <li>{@code setLocale}: Tomcat writes {@code Content-Language} from the response's locale, and
 *       takes the charset the application maps the locale to;</li>
 *   <li>{@code setCharacterEncoding}: the charset of a {@code Content-Type} set afterwards, by
 *       the chain or by a filter before the collapse filter;</li>
 *   <li>{@code setBufferSize}: a body that fits in the buffer is sent with the
 *       {@code Content-Length} the container counts, a larger one in chunks;</li>
 *   <li>a flush ({@code flushBuffer()}, or a flush of the output stream or writer, as Spring's
 *       message converters do): the container commits the response before its end, so it is sent
 *       in chunks, without a {@code Content-Length}; the body the filter holds back is sent the
 *       same way once whole.</li>
 * </ul>
 *
 * @param locale the locale the chain set, or {@code null} if it set none
 * @param characterEncoding the character encoding in effect once the chain set one, or
 *     {@code null} if it set none
 * @param bufferSize the buffer size the chain set, or 0 if it set none
 * @param flushed whether the chain flushed the response before its end
 */
record ResponseSettings(@Nullable Locale locale, @Nullable String characterEncoding,
    int bufferSize, boolean flushed) {

  /** A chain that set none of them. */
  static final ResponseSettings NONE = new ResponseSettings(null, null, 0, false);

  /**
   * Sets the locale, the character encoding and the buffer size on {@code response}, before its
   * headers and body are written. After a chain that reset its response ({@code cleared}), the
   * locale and character encoding that the filters before it had set are cleared first.
   */
  void applyBeforeBody(HttpServletResponse response, boolean cleared) {
    if (cleared) {
      // Servlet 6 takes null for both: back to the container's defaults, as after reset()
      response.setLocale(null);
      response.setCharacterEncoding((String) null);
    }
    if (locale != null) {
      response.setLocale(locale);
    }
    if (characterEncoding != null) {
      response.setCharacterEncoding(characterEncoding);
    }
    if (bufferSize > 0) {
      try {
        response.setBufferSize(bufferSize);
      } catch (IllegalStateException written) {
        // a filter before the collapse filter wrote to the response already, as it had to the
        // first request's, whose chain then could not set the size either
      }
    }
  }

  /** Flushes {@code response} once its body is written, if the chain had flushed it. */
  void applyAfterBody(HttpServletResponse response) throws IOException {
    if (flushed) {
      response.flushBuffer();
    }
  }

  /** What a {@link RecordingResponse} notes of the chain's calls while it runs. */
  static final class Noted {

    private boolean locale;
    private boolean characterEncoding;
    private int bufferSize;

    void locale() {
      locale = true;
    }

    void characterEncoding() {
      characterEncoding = true;
    }

    void bufferSize(int size) {
      bufferSize = size;
    }

    /** The chain reset the response: the locale and character encoding it had set are gone. */
    void reset() {
      locale = false;
      characterEncoding = false;
    }

    /**
     * Returns the settings, as {@code response} holds them now, of what the chain set; it
     * {@code flushed} the response or not.
     */
    ResponseSettings of(HttpServletResponse response, boolean flushed) {
      return new ResponseSettings(locale ? response.getLocale() : null,
          characterEncoding ? response.getCharacterEncoding() : null, bufferSize, flushed);
    }
  }
}
