package io.github.collapseexecutor.spring.annotation;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.annotation.CollapseAnnotationAutoConfiguration;
import io.github.collapseexecutor.testing.annotation.Crowd;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.stereotype.Service;

/** The README's annotation snippet, kept compiling and working. */
@Timeout(60)
final class ReadmeAnnotationExamplesTest {

  record Profile(long userId) {}

  record User(long id) {}

  static final class ProfileClient {
    final Crowd crowd = new Crowd();
    final AtomicInteger loads = new AtomicInteger();

    Profile load(long userId) {
      loads.incrementAndGet();
      crowd.hold();
      return new Profile(userId);
    }
  }

  static final class UserRepository {
    final Crowd crowd = new Crowd();
    final AtomicInteger loads = new AtomicInteger();

    Map<Long, User> loadAll(List<Long> ids) {
      loads.incrementAndGet();
      crowd.hold();
      return ids.stream().collect(Collectors.toMap(id -> id, User::new));
    }
  }

  private final ProfileClient profileClient = new ProfileClient();
  private final UserRepository userRepository = new UserRepository();

  // README: annotations (an inner class, so that it reaches the clients above as the README's
  // bean reaches its own)
  // spotless:off: the docs show this code as written here
  @Service
  class UserService {
    // Same key: 200 threads asking for one profile at once make one backend call.
    @Collapsible
    public Profile profile(long userId) {
      return profileClient.load(userId);
    }

    // Batch: single user(id) calls made at the same moment become one users(ids) call.
    @CollapseBatch(batchMethod = "users")
    public User user(Long id) {
      return users(List.of(id)).get(id);
    }

    public Map<Long, User> users(List<Long> ids) {
      return userRepository.loadAll(ids);
    }
  }
  // spotless:on

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  CollapseExecutorAutoConfiguration.class,
                  CollapseAnnotationAutoConfiguration.class))
          .withBean(UserService.class, () -> new UserService());

  @Test
  void sameKeySnippet() {
    runner.run(
        context -> {
          UserService service = context.getBean(UserService.class);

          List<Object> profiles = profileClient.crowd.run(200, i -> service.profile(7));

          assertThat(profiles).containsOnly(new Profile(7));
          assertThat(profileClient.loads).hasValue(1);
        });
  }

  @Test
  void batchSnippet() {
    runner.run(
        context -> {
          UserService service = context.getBean(UserService.class);

          List<Object> users = userRepository.crowd.run(200, i -> service.user((long) i));

          assertThat(users).isEqualTo(IntStream.range(0, 200).mapToObj(i -> new User(i)).toList());
          // the first caller's batch alone, then the 199 that queued behind it
          assertThat(userRepository.loads).hasValueBetween(2, 4);
        });
  }
}
