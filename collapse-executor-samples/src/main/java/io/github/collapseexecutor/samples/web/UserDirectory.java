package io.github.collapseexecutor.samples.web;

import io.github.collapseexecutor.samples.batch.User;
import io.github.collapseexecutor.spring.annotation.CollapseBatch;
import io.github.collapseexecutor.spring.annotation.Collapsible;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.springframework.stereotype.Service;

/**
 * The user store behind two annotated methods, the way a Spring application collapses without a
 * support class: concurrent {@link #profile} calls for one user share one store call, and
 * concurrent {@link #user} calls for different users become one {@link #users} call. The batches
 * take their settings from {@code collapse.executor.executors.users} in
 * {@code application-sample.yml}.
 */
@Service
class UserDirectory {

  private final UserStore store;

  UserDirectory(UserStore store) {
    this.store = store;
  }

  /** Returns the user with {@code id}; callers asking for the same user at once share a call. */
  @Collapsible
  public Optional<User> profile(long id) throws InterruptedException {
    return store.find(id);
  }

  /**
   * Returns the user with {@code id}; callers asking at once are answered by one {@link #users}
   * call. The body runs only when the call is not collapsed (a call from inside this bean).
   */
  @CollapseBatch(batchMethod = "users", executor = "users")
  public Optional<User> user(Long id) throws InterruptedException {
    return users(List.of(id)).get(id);
  }

  /** Returns each of {@code ids} with its user, if there is one: one store call for all. */
  public Map<Long, Optional<User>> users(List<Long> ids) throws InterruptedException {
    Map<Long, User> found =
        store.findAll(ids).stream().collect(Collectors.toMap(User::id, Function.identity()));
    Map<Long, Optional<User>> users = new HashMap<>();
    ids.forEach(id -> users.put(id, Optional.ofNullable(found.get(id))));
    return users;
  }
}
