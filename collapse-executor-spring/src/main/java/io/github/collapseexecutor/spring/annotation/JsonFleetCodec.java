package io.github.collapseexecutor.spring.annotation;

import io.github.collapseexecutor.fleet.FleetCodec;
import java.util.Arrays;
import java.util.Objects;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import org.springframework.core.ResolvableType;

/**
 * The results of a {@link Collapsible} method as JSON, written and read by the application's
 * Jackson mapper (the one {@link JacksonResultCopier} or its Jackson 2 twin uses), as the method's
 * declared type. A result is shared only if what another instance reads back from its JSON is, to
 * its caller, the result itself ({@link CrossingRule}), and writes the same JSON again: a field
 * Jackson leaves out, a subclass read back as its base class, or a map sorted by a comparator of
 * its own keeps the result on its instance, as the callers of another instance could tell the
 * difference.
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
    if (result == null) {
      // a method may return null: nothing to share, the waiting instances make their own calls
      return null;
    }
    byte[] bytes = json.write(result);
    @Nullable Object rebuilt;
    try {
      rebuilt = json.read(bytes, type);
    } catch (RuntimeException e) {
      refused.accept("its JSON does not read back as " + type + ": " + e.getClass().getName());
      return null;
    }
    String difference = CrossingRule.difference(result, rebuilt);
    if (difference == null && rebuilt != null && !Arrays.equals(bytes, json.write(rebuilt))) {
      difference = "the result, read back, writes other JSON";
    }
    if (difference != null) {
      refused.accept(difference);
      return null;
    }
    return bytes;
  }

  @Override
  public Object decode(byte[] bytes) {
    // a null result is never written (the coordinator shares none), so none is read
    return Objects.requireNonNull(json.read(bytes, type), "result");
  }
}
