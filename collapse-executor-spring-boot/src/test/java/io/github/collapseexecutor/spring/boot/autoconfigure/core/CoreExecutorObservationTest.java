package io.github.collapseexecutor.spring.boot.autoconfigure.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.collapseexecutor.core.BlockingCallableGroupCollapseExecutor;
import io.github.collapseexecutor.core.CollapseExecutorOptions;
import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.micrometer.DefaultCollapseObservationConvention;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorAutoConfiguration;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistryAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * Executors an application builds from the {@code CollapseExecutorOptions} bean are observed as
 * {@code collapse.call} when an {@link ObservationRegistry} bean exists: one observation per run,
 * a child of the observation current on the thread that ran it, the parent of what the run
 * observes, with the executor's name, the run's size and outcome.
 */
@Timeout(60)
final class CoreExecutorObservationTest {

  private final TestObservationRegistry registry = TestObservationRegistry.create();

  private ApplicationContextRunner withLoader() {
    return new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(CollapseExecutorAutoConfiguration.class))
        .withBean(ObservationRegistry.class, () -> registry)
        .withBean(UserLoaderConfiguration.class);
  }

  @Test
  void aBatchIsOneSharedCallObservationAroundItsBackendCall() {
    withLoader()
        .run(
            context -> {
              UserLoader users = context.getBean(UserLoader.class);

              Object user =
                  Observation.createNotStarted("caller", registry).observe(() -> users.execute(7L));

              assertThat(user).isEqualTo("user 7");
              TestObservationRegistryAssert.assertThat(registry)
                  .hasNumberOfObservationsWithNameEqualTo(
                      DefaultCollapseObservationConvention.NAME, 1)
                  .hasObservationWithNameEqualTo(DefaultCollapseObservationConvention.NAME)
                  .that()
                  .hasContextualNameEqualTo("collapse users")
                  .hasLowCardinalityKeyValue("executor", "users")
                  .hasLowCardinalityKeyValue("group", "none")
                  .hasLowCardinalityKeyValue("outcome", "shared")
                  .hasHighCardinalityKeyValue("collapse.batch.size", "1")
                  .hasParentObservationContextMatching(parent -> "caller".equals(parent.getName()));
              TestObservationRegistryAssert.assertThat(registry)
                  .hasObservationWithNameEqualTo(UserLoader.BACKEND)
                  .that()
                  .hasParentObservationContextMatching(
                      parent -> DefaultCollapseObservationConvention.NAME.equals(parent.getName()));
            });
  }

  @Test
  void aFailedBatchIsAFailedSharedCall() {
    withLoader()
        .run(
            context -> {
              UserLoader users = context.getBean(UserLoader.class);
              users.failWith(new IllegalStateException("down"));

              assertThatThrownBy(() -> users.execute(7L)).hasMessage("down");

              TestObservationRegistryAssert.assertThat(registry)
                  .hasObservationWithNameEqualTo(DefaultCollapseObservationConvention.NAME)
                  .that()
                  .hasLowCardinalityKeyValue("outcome", "failed")
                  .assertThatError()
                  .hasMessage("down");
            });
  }

  @Test
  void aSameKeyExecutorOnTheBeansListenerIsObservedToo() {
    withLoader()
        .run(
            context -> {
              CollapseExecutorOptions options = context.getBean(CollapseExecutorOptions.class);
              try (var profiles =
                  new BlockingCallableGroupCollapseExecutor("profiles", options.listener())) {

                assertThat(profiles.execute("k", () -> "profile")).isEqualTo("profile");
              }

              TestObservationRegistryAssert.assertThat(registry)
                  .hasObservationWithNameEqualTo(DefaultCollapseObservationConvention.NAME)
                  .that()
                  .hasContextualNameEqualTo("collapse profiles")
                  .hasHighCardinalityKeyValue("collapse.batch.size", "1");
            });
  }

  /** The health indicator listens for refused calls; with it off, nothing listens at all. */
  @Test
  void withoutARegistryNothingIsObserved() {
    new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(CollapseExecutorAutoConfiguration.class))
        .withPropertyValues("management.health.collapse.enabled=false")
        .run(
            context ->
                assertThat(context.getBean(CollapseExecutorOptions.class).listener())
                    .isSameAs(CollapseListener.NONE));
  }
}
