package io.github.collapseexecutor.samples.web;

import io.github.collapseexecutor.samples.batch.User;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * The users behind the user API, in memory: users 1 to {@value #USERS}, each lookup taking
 * {@code sample.users.latency} (default 20 ms) like a database round trip, single or batch. Counts
 * its calls, so that the report and the tests can see what collapsing saved.
 */
@Component
class UserStore {

  /** How many users there are, with ids from 1. */
  public static final int USERS = 1000;

  private final Duration latency;
  private final AtomicLong calls = new AtomicLong();

  UserStore(@Value("${sample.users.latency:20ms}") Duration latency) {
    this.latency = latency;
  }

  /** Returns the user with {@code id}, if there is one; one call. */
  public Optional<User> find(long id) throws InterruptedException {
    return findAll(List.of(id)).stream().findFirst();
  }

  /** Returns the users among {@code ids} that exist, in the order asked; one call for all. */
  public List<User> findAll(Collection<Long> ids) throws InterruptedException {
    calls.incrementAndGet();
    Thread.sleep(latency.toMillis());
    return ids.stream()
        .filter(id -> id >= 1 && id <= USERS)
        .map(id -> new User(id, "user " + id))
        .toList();
  }

  /** Returns how many calls were made, single and batch, since the application started. */
  public long calls() {
    return calls.get();
  }
}
