package io.github.collapseexecutor.samples.batch;

import java.time.Duration;
import java.util.Collection;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Stands in for a remote user service that knows users 1 to {@code userCount}: each call takes
 * {@code latency} whatever the number of ids, and is counted.
 */
public final class RemoteUserService implements UserService {

  private final long userCount;
  private final Duration latency;
  private final AtomicLong calls = new AtomicLong();
  private final AtomicLong ids = new AtomicLong();

  public RemoteUserService(long userCount, Duration latency) {
    this.userCount = userCount;
    this.latency = latency;
  }

  @Override
  public Map<Long, User> getUsers(Collection<Long> requested) throws InterruptedException {
    calls.incrementAndGet();
    ids.addAndGet(requested.size());
    Thread.sleep(latency.toMillis());
    return requested.stream()
        .filter(id -> id >= 1 && id <= userCount)
        .distinct()
        .map(id -> new User(id, "user " + id))
        .collect(Collectors.toMap(User::id, Function.identity()));
  }

  /** Returns how many calls reached the service. */
  public long calls() {
    return calls.get();
  }

  /** Returns how many ids the service was asked for, over all calls. */
  public long ids() {
    return ids.get();
  }
}
