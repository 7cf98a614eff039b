package io.github.collapseexecutor.http.adapter;

import io.github.collapseexecutor.core.Incubating;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;

/**
 * What of an adapter's detail of a response ({@link SharedResponse#detail()}) travels with the
 * response to another instance of the application, and how that instance rebuilds it, so that a
 * replay there gives its caller what a replay here would: a client's protocol version and TLS
 * handshake ({@link TlsHandshake}), what a server's chain produced ({@link ProducedResponse}).
 * An adapter states it once, for servers and clients alike ({@link ServerExchange#detailCodec()},
 * {@link ClientDriver#detailCodec()}); the protocol writes the rest of the response around it.
 *
 * <p>{@link DataFields} writes what {@link DataOutput} has no field for: a block of bytes that
 * carries its length, a text that may be absent.
 *
 * <p>A response without a detail travels without one. A response whose detail cannot be written
 * is shared on its instance only; bytes that cannot be read make the request on the other
 * instance make its own call, or run its own chain.
 *
 * <pre>{@code
 * static final DetailCodec<Protocol> PROTOCOL = new DetailCodec<>() {
 *   public void write(Protocol protocol, DataOutput out) throws IOException {
 *     out.writeUTF(protocol.name());
 *   }
 *   public Protocol read(DataInput in) throws IOException {
 *     return Protocol.valueOf(in.readUTF());
 *   }
 * };
 * }</pre>
 *
 * @param <D> the adapter's type of detail
 */
@Incubating
public interface DetailCodec<D> {

  /**
   * Writes what another instance needs of {@code detail}.
   *
   * @throws IOException if {@code out} fails, or a text is longer than {@code writeUTF} takes
   * @throws IllegalArgumentException if {@code detail} holds what cannot leave this instance (an
   *     exception, a client's own objects): the response is then shared here only
   */
  void write(D detail, DataOutput out) throws IOException;

  /**
   * Reads, on another instance, the whole of a detail that {@link #write} wrote.
   *
   * @throws IOException if {@code in} ends early or does not hold such a detail
   * @throws IllegalArgumentException likewise, for a value that does not fit
   */
  D read(DataInput in) throws IOException;
}
