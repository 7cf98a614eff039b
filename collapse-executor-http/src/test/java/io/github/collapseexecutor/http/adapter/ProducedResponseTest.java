package io.github.collapseexecutor.http.adapter;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.collapseexecutor.http.RequestHeaders;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInput;
import java.io.DataInputStream;
import java.io.DataOutput;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * What a server's chain produced, as it travels to another instance: all of it but the headers'
 * values (they travel with the response) and an exception (which keeps the response on its
 * instance), the adapter's extension through the adapter's own codec.
 */
class ProducedResponseTest {

  /** An extension of two values, as a container's settings. */
  record Settings(String locale, int bufferSize) {}

  private static final DetailCodec<Settings> SETTINGS =
      new DetailCodec<>() {
        @Override
        public void write(Settings settings, DataOutput out) throws IOException {
          out.writeUTF(settings.locale());
          out.writeInt(settings.bufferSize());
        }

        @Override
        public Settings read(DataInput in) throws IOException {
          return new Settings(in.readUTF(), in.readInt());
        }
      };

  private static final ProducedHeaders.Produced HEADERS =
      new ProducedHeaders.Produced(
          List.of(HeaderLists.entry("Cache-Control", "max-age=60")),
          Set.of("cache-control"),
          Set.of("x-trace", "x-request-id"));

  @Test
  void everythingButTheHeaderValuesTravels() throws IOException {
    ProducedResponse produced =
        ProducedResponse.builder(HEADERS)
            .reset(true)
            .bodyReset(true)
            .bodyCharset(ISO_8859_1)
            .inPieces(true)
            .pathPattern("/quotes/{symbol}")
            .extension(new Settings("fr-CA", 16384))
            .build();

    ProducedResponse read = travel(produced, ProducedResponse.codec(SETTINGS));

    assertThat(read)
        .isEqualTo(
            ProducedResponse.builder(
                    new ProducedHeaders.Produced(List.of(), HEADERS.replaced(), HEADERS.removed()))
                .reset(true)
                .bodyReset(true)
                .bodyCharset(ISO_8859_1)
                .inPieces(true)
                .pathPattern("/quotes/{symbol}")
                .extension(new Settings("fr-CA", 16384))
                .build());
  }

  @Test
  void whatAChainLeftUnsetTravelsUnset() throws IOException {
    ProducedResponse produced =
        ProducedResponse.builder(new ProducedHeaders.Produced(List.of(), Set.of(), Set.of()))
            .build();

    assertThat(travel(produced, ProducedResponse.codec(null))).isEqualTo(produced);
  }

  @Test
  void aResponseWhoseChainNotedAnExceptionStaysOnItsInstance() {
    ProducedResponse produced =
        ProducedResponse.builder(HEADERS)
            .bodyCharset(UTF_8)
            .pathPattern("/quotes/{symbol}")
            .error(new IllegalStateException("noted"))
            .build();

    assertThat(SharedResponseBytes.of(shared(produced), ProducedResponse.codec(null))).isNull();
  }

  @Test
  void anExtensionWithoutACodecStaysOnItsInstance() {
    ProducedResponse produced =
        ProducedResponse.builder(HEADERS).extension(new Settings("fr-CA", 0)).build();

    assertThat(SharedResponseBytes.of(shared(produced), ProducedResponse.codec(null))).isNull();
    assertThat(SharedResponseBytes.of(shared(produced), ProducedResponse.codec(SETTINGS)))
        .isNotNull();
  }

  @Test
  void bytesWithAnExtensionAreNotReadWithoutItsCodec() throws IOException {
    byte[] bytes =
        bytes(
            ProducedResponse.builder(HEADERS).extension(new Settings("fr-CA", 0)).build(),
            ProducedResponse.codec(SETTINGS));

    assertThatThrownBy(() -> ProducedResponse.codec(null).read(input(bytes)))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void bytesCutShortAreNotAProducedResponse() throws IOException {
    byte[] whole =
        bytes(
            ProducedResponse.builder(HEADERS)
                .reset(true)
                .bodyCharset(UTF_8)
                .pathPattern("/quotes")
                .build(),
            ProducedResponse.codec(null));

    assertThatThrownBy(
            () -> ProducedResponse.codec(null).read(input(Arrays.copyOf(whole, whole.length - 1))))
        .isInstanceOf(IOException.class);
  }

  private static ProducedResponse travel(
      ProducedResponse produced, DetailCodec<ProducedResponse> codec) throws IOException {
    DataInputStream in = input(bytes(produced, codec));
    ProducedResponse read = codec.read(in);
    assertThat(in.available()).as("bytes left after the detail").isZero();
    return read;
  }

  private static byte[] bytes(ProducedResponse produced, DetailCodec<ProducedResponse> codec)
      throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      codec.write(produced, out);
    }
    return bytes.toByteArray();
  }

  private static DataInputStream input(byte[] bytes) {
    return new DataInputStream(new ByteArrayInputStream(bytes));
  }

  private static SharedResponse shared(@Nullable Object detail) {
    return new SharedResponse(
        new ClientDriver.Head(200, null, HEADERS.headers(), detail),
        "ada".getBytes(UTF_8),
        null,
        RequestHeaders.of(name -> List.of(), List::of));
  }
}
