package io.github.collapseexecutor.testing.http;

import io.github.collapseexecutor.fleet.Fleet;
import java.time.Duration;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A fleet tier that runs every call on its instance, as the Redis tier does while its store is
 * down: for tests of where a tier is handed, not of what it does.
 */
public final class LocalOnlyFleet implements Fleet {

  @Override
  public <X extends Exception> byte @Nullable [] call(
      List<String> key, Duration maxWait, Call<X> call) throws X {
    call.call();
    return null;
  }
}
