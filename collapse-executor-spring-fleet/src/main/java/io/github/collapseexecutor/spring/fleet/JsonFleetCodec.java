package io.github.collapseexecutor.spring.fleet;

import io.github.collapseexecutor.fleet.FleetCodec;
import io.github.collapseexecutor.spring.annotation.JacksonCopier;
import java.util.Objects;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import org.springframework.core.ResolvableType;

/**
 * The results of a {@code @Collapsible} method as JSON, written and read by the application's
 * Jackson mapper (the one its {@link JacksonCopier} uses), as the method's declared type. A result
 * is shared only if what another instance reads back from its JSON is, to its caller, the result
 * itself ({@link JacksonCopier#writeFaithful}): a field Jackson leaves out, a subclass read back
 * as its base class, or a map sorted by a comparator of its own keeps the result on its instance,
 * as the callers of another instance could tell the difference.
 */
final class JsonFleetCodec implements FleetCodec<Object> {

  private final JacksonCopier<?> json;
  private final ResolvableType type;
  private final Consumer<String> refused;

  /**
   * @param refused told why a result did not cross: the first difference found, naming fields
   *     and classes, not values
   */
  JsonFleetCodec(JacksonCopier<?> json, ResolvableType type, Consumer<String> refused) {
    this.json = json;
    this.type = type;
    this.refused = refused;
  }

  @Override
  public byte @Nullable [] encode(@Nullable Object result) {
    // a method may return null: nothing to share, the waiting instances make their own calls
    return result == null ? null : json.writeFaithful(result, type, refused);
  }

  @Override
  public Object decode(byte[] bytes) {
    // a null result is never written (the coordinator shares none), so none is read
    return Objects.requireNonNull(json.read(bytes, type), "result");
  }
}
