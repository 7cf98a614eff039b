package io.github.collapseexecutor.spring.annotation;

import io.github.collapseexecutor.redis.FleetCodec;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.core.ResolvableType;

/**
 * The results of a {@link Collapsible} method as JSON, written and read by the application's
 * Jackson mapper (the one {@link JacksonResultCopier} or its Jackson 2 twin uses), as the method's
 * declared type. A result is shared only if reading its JSON back gives a result equal to it: a
 * field Jackson leaves out, a type it reads back as another, or a class without an
 * {@code equals} of its own keeps the result on its instance, as the callers of another instance
 * could tell the difference.
 */
final class JsonFleetCodec implements FleetCodec<Object> {

  private final JacksonCopier<?> json;
  private final ResolvableType type;

  JsonFleetCodec(JacksonCopier<?> json, ResolvableType type) {
    this.json = json;
    this.type = type;
  }

  @Override
  public byte @Nullable [] encode(@Nullable Object result) {
    if (result == null) {
      // a method may return null: nothing to share, the waiting instances make their own calls
      return null;
    }
    byte[] bytes = json.write(result);
    return Objects.deepEquals(result, json.read(bytes, type)) ? bytes : null;
  }

  @Override
  public Object decode(byte[] bytes) {
    // a null result is never written (the coordinator shares none), so none is read
    return Objects.requireNonNull(json.read(bytes, type), "result");
  }
}
