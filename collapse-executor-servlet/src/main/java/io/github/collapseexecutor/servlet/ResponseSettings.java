package io.github.collapseexecutor.servlet;

import io.github.collapseexecutor.http.adapter.DataFields;
import io.github.collapseexecutor.http.adapter.DetailCodec;
import io.github.collapseexecutor.http.adapter.ProducedResponse;
import jakarta.servlet.http.HttpServletResponse;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * What the collapsed part of a chain set on its response that is no header while the chain runs,
 * and that the container turns into headers only when it commits the response: a replay sets it
 * on the waiting request's response too, so that the container writes the same headers there. It
 * is the servlet's {@link ProducedResponse#extension()}; a flush of the response before its end
 * is the produced response's own ({@link ProducedResponse#inPieces()}).
 *
 * <ul>
 *   <li>{@code setLocale}: Tomcat writes {@code Content-Language} from the response's locale, and
 *       takes the charset the application maps the locale to;</li>
 *   <li>{@code setCharacterEncoding(String)}: the charset of a {@code Content-Type} set
 *       afterwards, by the chain or by a filter before the collapse filter;</li>
 *   <li>{@code setBufferSize}: a body that fits in the buffer is sent with the
 *       {@code Content-Length} the container counts, a larger one in chunks.</li>
 * </ul>
 *
 * @param locale the locale the chain set, or {@code null} if it set none
 * @param characterEncoding the character encoding in effect once the chain set one, or
 *     {@code null} if it set none
 * @param bufferSize the buffer size the chain set, or 0 if it set none
 */
record ResponseSettings(
    @Nullable Locale locale, @Nullable String characterEncoding, int bufferSize) {

  /** A chain that set none of them. */
  static final ResponseSettings NONE = new ResponseSettings(null, null, 0);

  /** How the settings travel to another instance, with the rest of the produced response. */
  static final DetailCodec<ResponseSettings> CODEC =
      new DetailCodec<>() {
        @Override
        public void write(ResponseSettings settings, DataOutput out) throws IOException {
          Locale locale = settings.locale();
          DataFields.writeOptionalText(locale == null ? null : locale.toLanguageTag(), out);
          DataFields.writeOptionalText(settings.characterEncoding(), out);
          out.writeInt(settings.bufferSize());
        }

        @Override
        public ResponseSettings read(DataInput in) throws IOException {
          String locale = DataFields.readOptionalText(in);
          String characterEncoding = DataFields.readOptionalText(in);
          int bufferSize = in.readInt();
          if (bufferSize < 0) {
            throw new IOException("not a buffer size: " + bufferSize);
          }
          return new ResponseSettings(
              locale == null ? null : Locale.forLanguageTag(locale), characterEncoding, bufferSize);
        }
      };

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

  /** What a {@link RecordingServletResponse} notes of the chain's calls while it runs. */
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

    /** Returns the settings, as {@code response} holds them now, of what the chain set. */
    ResponseSettings of(HttpServletResponse response) {
      return new ResponseSettings(
          locale ? response.getLocale() : null,
          characterEncoding ? response.getCharacterEncoding() : null,
          bufferSize);
    }
  }
}
