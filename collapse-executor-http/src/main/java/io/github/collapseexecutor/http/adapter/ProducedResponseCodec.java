package io.github.collapseexecutor.http.adapter;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.nio.charset.Charset;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The one way a {@link ProducedResponse} travels to another instance, for every server adapter:
 * the names a replay replaces and removes, the resets, how the body was written, the path
 * pattern, then the adapter's extension through its own codec. The headers' values travel with
 * the shared response.
 */
final class ProducedResponseCodec implements DetailCodec<ProducedResponse> {

  private final @Nullable DetailCodec<?> extension;

  ProducedResponseCodec(@Nullable DetailCodec<?> extension) {
    this.extension = extension;
  }

  @Override
  public void write(ProducedResponse produced, DataOutput out) throws IOException {
    if (produced.error() != null) {
      // an exception does not travel: the response stays here, with what it tells observations
      throw new IllegalArgumentException("a response whose chain noted an exception");
    }
    names(produced.headers().replaced(), out);
    names(produced.headers().removed(), out);
    out.writeBoolean(produced.reset());
    out.writeBoolean(produced.bodyReset());
    Charset charset = produced.bodyCharset();
    DataFields.writeOptionalText(charset == null ? null : charset.name(), out);
    out.writeBoolean(produced.inPieces());
    DataFields.writeOptionalText(produced.pathPattern(), out);
    Object value = produced.extension();
    out.writeBoolean(value != null);
    if (value != null) {
      extensionCodec().write(value, out);
    }
  }

  @Override
  public ProducedResponse read(DataInput in) throws IOException {
    // the headers are the shared response's own: a replay reads them there
    ProducedHeaders.Produced headers =
        new ProducedHeaders.Produced(List.of(), names(in), names(in));
    boolean reset = in.readBoolean();
    boolean bodyReset = in.readBoolean();
    String charset = DataFields.readOptionalText(in);
    boolean inPieces = in.readBoolean();
    String pathPattern = DataFields.readOptionalText(in);
    Object value = in.readBoolean() ? extensionCodec().read(in) : null;
    return ProducedResponse.builder(headers)
        .reset(reset)
        .bodyReset(bodyReset)
        .bodyCharset(charset == null ? null : Charset.forName(charset))
        .inPieces(inPieces)
        .pathPattern(pathPattern)
        .extension(value)
        .build();
  }

  /**
   * Returns the adapter's codec of its extension as one of any value: the extension is the one
   * its own adapter recorded, and one of another type fails the codec's cast, which keeps the
   * response on its instance.
   */
  @SuppressWarnings("unchecked")
  private DetailCodec<Object> extensionCodec() {
    if (extension == null) {
      throw new IllegalArgumentException("the adapter's extension does not travel");
    }
    return (DetailCodec<Object>) extension;
  }

  private static void names(Set<String> names, DataOutput out) throws IOException {
    out.writeInt(names.size());
    for (String name : names) {
      out.writeUTF(name);
    }
  }

  private static Set<String> names(DataInput in) throws IOException {
    int count = in.readInt();
    if (count < 0) {
      throw new IOException("not a set of names: " + count);
    }
    Set<String> names = new HashSet<>();
    for (int i = 0; i < count; i++) {
      names.add(in.readUTF());
    }
    return names;
  }
}
