package io.github.collapseexecutor.http.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import org.junit.jupiter.api.Test;

class DataFieldsTest {

  @Test
  void blocksAndOptionalTextsReadBackAsWritten() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    DataFields.writeBlock(new byte[] {1, 2, 3}, out);
    DataFields.writeBlock(new byte[0], out);
    DataFields.writeOptionalText("fr-CH", out);
    DataFields.writeOptionalText(null, out);

    DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes.toByteArray()));
    assertThat(DataFields.readBlock(in)).containsExactly(1, 2, 3);
    assertThat(DataFields.readBlock(in)).isEmpty();
    assertThat(DataFields.readOptionalText(in)).isEqualTo("fr-CH");
    assertThat(DataFields.readOptionalText(in)).isNull();
    assertThat(in.available()).isZero();
  }

  @Test
  void aLengthPastTheEndIsAnErrorNotAnAllocation() throws IOException {
    assertThatThrownBy(() -> DataFields.readBlock(blockOfLength(Integer.MAX_VALUE, 4)))
        .isInstanceOf(IOException.class)
        .hasMessage("a length past the end");
    assertThatThrownBy(() -> DataFields.readBlock(blockOfLength(5, 4)))
        .isInstanceOf(IOException.class);
    assertThatThrownBy(() -> DataFields.readBlock(blockOfLength(-1, 4)))
        .isInstanceOf(IOException.class);
    assertThat(DataFields.readBlock(blockOfLength(4, 4))).hasSize(4);
  }

  /** Returns a stream holding {@code length} and then {@code present} bytes. */
  private static DataInputStream blockOfLength(int length, int present) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    out.writeInt(length);
    out.write(new byte[present]);
    return new DataInputStream(new ByteArrayInputStream(bytes.toByteArray()));
  }
}
