package io.github.collapseexecutor.http.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.collapseexecutor.http.RequestHeaders;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Bodies read whole, cut at the limit or ended by a failure, whatever length the response
 * announced, read from a stream that hands out a few bytes at a time as a socket does.
 */
final class BoundedBodyTest {

  private static final int LIMIT = 10_000;

  @ParameterizedTest(name = "{0} bytes, {1} announced")
  @CsvSource({
    "0, -1",
    "0, 0",
    "1, -1",
    "1, 1",
    "64, -1",
    "64, 64",
    "511, -1",
    "512, -1",
    "513, -1",
    "5000, -1",
    "5000, 5000",
    // a wrong length only costs a copy
    "5000, 100",
    "100, 5000",
    "5000, 20000",
    "10000, -1",
    "10000, 10000"
  })
  void aBodyWithinTheLimitIsReadWhole(int length, long announced) throws IOException {
    byte[] body = body(length);

    BoundedBody read = BoundedBody.read(new Trickle(body), LIMIT, announced);

    assertThat(read.complete()).isTrue();
    assertThat(read.bytes()).isEqualTo(body);
    assertThat(read.stream().readAllBytes()).isEqualTo(body);
  }

  @ParameterizedTest(name = "{0} bytes, {1} announced")
  @CsvSource({
    "10001, -1",
    "10001, 10001",
    "30000, -1",
    "30000, 30000",
    "30000, 10",
    "30000, 10000"
  })
  void aBodyOverTheLimitIsTheReadPartThenTheRestOfTheStream(int length, long announced)
      throws IOException {
    byte[] body = body(length);
    Trickle in = new Trickle(body);

    BoundedBody read = BoundedBody.read(in, LIMIT, announced);

    assertThat(read.complete()).isFalse();
    assertThat(in.served)
        .as("read no further than one byte over the limit")
        .isLessThanOrEqualTo(LIMIT + 1);
    assertThatThrownBy(read::bytes).isInstanceOf(IllegalStateException.class);
    assertThat(read.stream().readAllBytes()).isEqualTo(body);
  }

  @ParameterizedTest(name = "{0} announced")
  @CsvSource({"-1", "0", "1"})
  void aZeroLimitTakesOnlyTheEmptyBody(long announced) throws IOException {
    assertThat(BoundedBody.read(new Trickle(new byte[0]), 0, announced).bytes()).isEmpty();
    assertThat(BoundedBody.read(new Trickle(body(1)), 0, announced).complete()).isFalse();
  }

  @ParameterizedTest(name = "{0} bytes, {1} announced")
  @CsvSource({"0, -1", "100, -1", "100, 1000", "600, -1", "600, 600"})
  void aBodyThatFailsIsWhatArrivedThenTheFailure(int length, long announced) throws IOException {
    byte[] body = body(length);
    IOException reset = new IOException("Connection reset");
    InputStream failing =
        new SequenceInputStream(
            new Trickle(body),
            new InputStream() {
              @Override
              public int read() throws IOException {
                throw reset;
              }
            });

    BoundedBody read = BoundedBody.read(failing, LIMIT, announced);

    assertThat(read.complete()).isTrue();
    assertThat(read.bytes()).isEqualTo(body);
    assertThat(read.failure()).isSameAs(reset);
    SharedResponse snapshot =
        new SharedResponse(
            ClientDriver.Head.of(200, null, List.of()),
            read.bytes(),
            read.failure(),
            RequestHeaders.of(name -> List.of(), List::of));
    for (int caller = 0; caller < 2; caller++) {
      InputStream replayed = snapshot.bodyStream();
      assertThat(replayed.readNBytes(length)).isEqualTo(body);
      assertThatThrownBy(replayed::read).isSameAs(reset);
    }
  }

  private static byte[] body(int length) {
    byte[] body = new byte[length];
    new Random(length).nextBytes(body);
    return body;
  }

  /** Hands out at most 7 bytes a read, and counts what it served. */
  private static final class Trickle extends InputStream {

    private final ByteArrayInputStream in;
    private int served;

    Trickle(byte[] body) {
      this.in = new ByteArrayInputStream(body);
    }

    @Override
    public int read() {
      int next = in.read();
      served += next < 0 ? 0 : 1;
      return next;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) {
      int n = in.read(buffer, offset, Math.min(length, 7));
      served += Math.max(n, 0);
      return n;
    }
  }
}
