package io.github.collapseexecutor.samples.batch;

import io.github.collapseexecutor.core.Bundle;
import io.github.collapseexecutor.core.CollapseExecutorBlockingSupport;
import io.github.collapseexecutor.core.CollapseExecutorOptions;
import io.github.collapseexecutor.core.Input;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;

/**
 * Turns single {@link #getUser(long)} calls made by concurrent threads into one
 * {@link UserService#getUsers(Collection)} call; callers block until their user arrives.
 *
 * <p>An id the service does not know fails its own caller with {@link NoSuchElementException};
 * the other callers of the batch get their users. A failed service call fails every caller of
 * that batch.
 */
public final class BlockingUserLoader
    extends CollapseExecutorBlockingSupport<Long, User, Map<Long, User>> {

  /** The most ids one {@code getUsers} call may carry. */
  public static final int MAX_IDS_PER_CALL = 100;

  private final UserService service;

  public BlockingUserLoader(UserService service) {
    super(CollapseExecutorOptions.builder().name("users").maxBatchSize(MAX_IDS_PER_CALL).build());
    this.service = service;
  }

  /** Returns the user with {@code id}, loaded together with the ids other threads ask for now. */
  public User getUser(long id) {
    return execute(id);
  }

  // spotless:off: the docs show this code as written here
  @Override
  protected Map<Long, User> doExecute(Collection<Input<Long>> inputs) throws InterruptedException {
    // a batch may hold one id several times, once per caller; the service needs it once
    return service.getUsers(inputs.stream().map(Input::value).distinct().toList());
  }

  @Override
  protected void bindingOutput(Map<Long, User> users, List<Bundle<Long, User>> bundles) {
    for (Bundle<Long, User> bundle : bundles) {
      User user = users.get(bundle.value());
      if (user != null) {
        bundle.bindOutput(user);
      } else {
        bundle.fail(new NoSuchElementException("no user " + bundle.value()));
      }
    }
  }
  // spotless:on
}
