package io.github.collapseexecutor.samples.batch;

import io.github.collapseexecutor.core.Bundle;
import io.github.collapseexecutor.core.CollapseExecutorAsyncSupport;
import io.github.collapseexecutor.core.CollapseExecutorOptions;
import io.github.collapseexecutor.core.Input;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.concurrent.CompletableFuture;

/**
 * Turns single {@link #getUser(long)} calls into one {@link UserService#getUsers(Collection)}
 * call that runs on the loader's own threads; callers get a future at once and never block.
 *
 * <p>An id the service does not know fails its own caller's future with
 * {@link NoSuchElementException}; the other futures of the batch complete with their users.
 */
public final class AsyncUserLoader
    extends CollapseExecutorAsyncSupport<Long, User, Map<Long, User>> {

  private final UserService service;

  /**
   * @param maxConcurrentCalls how many {@code getUsers} calls may be in flight at once; inputs
   *     that arrive while all are busy form the next batch
   */
  public AsyncUserLoader(UserService service, int maxConcurrentCalls) {
    super(
        CollapseExecutorOptions.builder()
            .name("async-users")
            .maxBatchSize(BlockingUserLoader.MAX_IDS_PER_CALL)
            .maxConcurrentBatches(maxConcurrentCalls)
            .build());
    this.service = service;
  }

  /** Returns a future of the user with {@code id}. */
  public CompletableFuture<User> getUser(long id) {
    return execute(id);
  }

  @Override
  protected Map<Long, User> doExecute(Collection<Input<Long>> inputs) throws InterruptedException {
    return service.getUsers(inputs.stream().map(Input::value).distinct().toList());
  }

  @Override
  protected void bindingOutput(
      Map<Long, User> users, List<Bundle<Long, CompletableFuture<User>>> bundles) {
    for (Bundle<Long, CompletableFuture<User>> bundle : bundles) {
      User user = users.get(bundle.value());
      if (user != null) {
        bundle.bindOutput(CompletableFuture.completedFuture(user));
      } else {
        bundle.fail(new NoSuchElementException("no user " + bundle.value()));
      }
    }
  }
}
