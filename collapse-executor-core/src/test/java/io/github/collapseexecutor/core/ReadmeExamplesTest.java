package io.github.collapseexecutor.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The README's snippets, kept compiling and working. */
final class ReadmeExamplesTest {

  record Profile(long userId) {}

  record User(long id) {}

  static final class ProfileClient {
    Profile load(long userId) {
      return new Profile(userId);
    }
  }

  static final class UserRepository {
    Map<Long, User> loadAll(Collection<Long> ids) {
      return ids.stream()
          .filter(id -> id < 1000)
          .distinct()
          .collect(Collectors.toMap(id -> id, User::new));
    }
  }

  private final ProfileClient profileClient = new ProfileClient();
  private final UserRepository userRepository = new UserRepository();

  @Test
  void sameKeyAndBatchSnippet() {
    long userId = 7;
    // README: same key, then batch
    // spotless:off: the docs show this code as written here
    // Same key: 200 threads asking for one profile at once make one backend call.
    BlockingCallableGroupCollapseExecutor profiles = new BlockingCallableGroupCollapseExecutor();
    Profile profile = profiles.execute("profile:" + userId, () -> profileClient.load(userId));

    // Batch: single load(id) calls made at the same moment become one loadAll(ids) call.
    final class UserLoader extends CollapseExecutorBlockingSupport<Long, User, Map<Long, User>> {
      @Override
      protected Map<Long, User> doExecute(Collection<Input<Long>> ids) {
        return userRepository.loadAll(ids.stream().map(Input::value).toList());
      }

      @Override
      protected void bindingOutput(Map<Long, User> users, List<Bundle<Long, User>> bundles) {
        for (Bundle<Long, User> bundle : bundles) {
          User user = users.get(bundle.value());
          if (user != null) {
            bundle.bindOutput(user);
          } else { // only this caller fails
            bundle.fail(new NoSuchElementException("no user " + bundle.value()));
          }
        }
      }
    }
    UserLoader userLoader = new UserLoader();
    User user = userLoader.execute(42L);
    // spotless:on

    assertThat(profile).isEqualTo(new Profile(7));
    assertThat(user).isEqualTo(new User(42));
    assertThatThrownBy(() -> userLoader.execute(4242L))
        .isInstanceOf(NoSuchElementException.class)
        .hasMessage("no user 4242");
  }

  @Test
  void batchFunctionSnippet() {
    // README: batch function
    // spotless:off: the docs show this code as written here
    // Map<Long, User> loadAll(Collection<Long> ids): each caller gets the user of its id, and an id
    // missing from the map fails only its caller.
    var users = MappedBatchFunction.blocking(userRepository::loadAll);
    User user = users.execute(42L);
    // spotless:on

    assertThat(user).isEqualTo(new User(42));
    assertThatThrownBy(() -> users.execute(4242L))
        .isInstanceOf(NoSuchElementException.class)
        .hasMessage("BlockingBatchFunction: the batch function returned no value for key 4242");
  }
}
