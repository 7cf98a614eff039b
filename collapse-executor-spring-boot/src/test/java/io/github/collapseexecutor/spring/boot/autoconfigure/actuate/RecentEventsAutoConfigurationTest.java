package io.github.collapseexecutor.spring.boot.autoconfigure.actuate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.http.CollapseKey;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.RequestHeaders;
import io.github.collapseexecutor.http.RequestTarget;
import io.github.collapseexecutor.http.adapter.ResponseRecording;
import io.github.collapseexecutor.http.adapter.ServerCollapser;
import io.github.collapseexecutor.http.adapter.ServerExchange;
import io.github.collapseexecutor.http.adapter.SharedResponse;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutors;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseListenerFactory;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseDescription.RecentEvent;
import io.github.collapseexecutor.spring.boot.autoconfigure.restclient.CollapseRestClientAutoConfiguration;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;

final class RecentEventsAutoConfigurationTest {

  private static final RequestHeaders NONE = RequestHeaders.of(name -> List.of(), List::of);

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  CollapseExecutorAutoConfiguration.class,
                  CollapseRestClientAutoConfiguration.class,
                  CollapseEndpointAutoConfiguration.class))
          .withPropertyValues(
              "management.endpoints.web.exposure.include=collapse",
              "collapse.executor.rest-template.collapse-groups[0].uris=/users/*");

  @Test
  void anAdaptersUnsharedRequestsReachTheRingBesideOtherListeners() {
    runner
        .withBean(
            "otherListener",
            CollapseListenerFactory.class,
            () -> integration -> new CollapseListener() {})
        .run(
            context -> {
              HttpCollapseOptions options = restTemplateOptions(context);
              try (ServerCollapser collapser = new ServerCollapser(options, "test")) {
                CollapseKey key =
                    collapser
                        .rules()
                        .keyFor(
                            RequestTarget.builder("GET", URI.create("http://backend.test/users/1"))
                                .headers(NONE)
                                .build());
                collapser.serve(
                    key, NONE, new RecordedOnce(List.of(Map.entry("Set-Cookie", "s=1"))));
              }

              List<RecentEvent> events =
                  context.getBean(CollapseEndpoint.class).collapse().recentEvents();
              assertThat(events)
                  .extracting(RecentEvent::type, RecentEvent::group, RecentEvent::reason)
                  .as("newest first: the shared call ended after its leader refused to share")
                  .containsExactly(
                      tuple("batch", null, null), tuple("unshared", "/users/*", "set-cookie"));
            });
  }

  @Test
  void zeroRecentEventsListensToNothing() {
    runner
        .withPropertyValues("collapse.executor.endpoint.recent-events=0")
        .run(
            context -> {
              assertThat(restTemplateOptions(context).listener()).isSameAs(CollapseListener.NONE);
              assertThat(context.getBean(CollapseEndpoint.class).collapse().recentEvents())
                  .isEmpty();
            });
  }

  @Test
  void moreRecentEventsThanTheBoundStopTheApplication() {
    runner
        .withPropertyValues("collapse.executor.endpoint.recent-events=1001")
        .run(
            context ->
                assertThat(context)
                    .hasFailed()
                    .getFailure()
                    .rootCause()
                    .hasMessageContaining("1001"));
  }

  private static HttpCollapseOptions restTemplateOptions(ApplicationContext context) {
    return context.getBean(CollapseExecutors.class).list().stream()
        .filter(executor -> executor.name().equals("rest-template"))
        .findFirst()
        .orElseThrow()
        .options();
  }

  /** A request that leads, and whose chain produces one response with these headers. */
  private record RecordedOnce(List<Map.Entry<String, String>> headers)
      implements ServerExchange<RuntimeException> {

    @Override
    public CompletionStage<?> record(ResponseRecording recording) {
      recording.recorded(200, List.copyOf(headers), new byte[0], null);
      return DONE;
    }

    @Override
    public CompletionStage<?> proceed() {
      throw new UnsupportedOperationException("the request leads");
    }

    @Override
    public CompletionStage<?> replay(SharedResponse shared) {
      throw new UnsupportedOperationException("the request leads");
    }

    @Override
    public boolean suspend(Runnable leave) {
      throw new UnsupportedOperationException("the request leads");
    }

    @Override
    public CompletionStage<?> resume(ServerCollapser.Continuation next) {
      throw new UnsupportedOperationException("the request leads");
    }
  }
}
