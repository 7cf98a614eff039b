package io.github.collapseexecutor.servlet;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.adapter.DetailCodec;
import io.github.collapseexecutor.http.adapter.ProducedHeaders;
import io.github.collapseexecutor.http.adapter.ProducedResponse;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The settings a chain set on its response travel to another instance with the rest of what it
 * produced, so that a replay there sets them too and the container writes the same headers.
 */
class ResponseSettingsTest {

  private static final DetailCodec<ProducedResponse> DETAIL =
      ProducedResponse.codec(ResponseSettings.CODEC);

  @Test
  void theSettingsAChainMadeTravelWithWhatItProduced() throws IOException {
    ResponseSettings settings = new ResponseSettings(Locale.CANADA_FRENCH, "ISO-8859-1", 16384);

    ProducedResponse read = travel(produced(settings));

    assertThat(read.extension()).isEqualTo(settings);
    assertThat(read.bodyCharset()).isEqualTo(StandardCharsets.UTF_8);
    assertThat(read.inPieces()).isTrue();
    assertThat(read.reset()).isTrue();
  }

  @Test
  void aChainThatSetNoneTravelsWithNone() throws IOException {
    assertThat(travel(produced(ResponseSettings.NONE)).extension())
        .isEqualTo(ResponseSettings.NONE);
  }

  private static ProducedResponse produced(ResponseSettings settings) {
    return ProducedResponse.builder(new ProducedHeaders.Produced(List.of(), Set.of(), Set.of()))
        .reset(true)
        .bodyReset(true)
        .bodyCharset(StandardCharsets.UTF_8)
        .inPieces(true)
        .extension(settings)
        .build();
  }

  private static ProducedResponse travel(ProducedResponse produced) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      DETAIL.write(produced, out);
    }
    DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes.toByteArray()));
    ProducedResponse read = DETAIL.read(in);
    assertThat(in.available()).as("bytes left after the detail").isZero();
    return read;
  }
}
