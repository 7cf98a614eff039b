package io.github.collapseexecutor.spring.boot.autoconfigure.actuate;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.core.CollapseExecutorOptions;
import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.CollapseKey;
import io.github.collapseexecutor.http.CollapsePolicy;
import io.github.collapseexecutor.http.CollapseRules;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.RequestHeaders;
import io.github.collapseexecutor.http.RequestTarget;
import io.github.collapseexecutor.http.UnsharedReason;
import io.github.collapseexecutor.http.adapter.CountingStats;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorDescriptor;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutors;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseDescription.Counts;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseDescription.ExecutorDescription;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseDescription.GroupDescription;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseDescription.Traffic;
import io.github.collapseexecutor.spring.boot.autoconfigure.okhttp.CollapseOkHttpAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.restclient.CollapseRestClientAutoConfiguration;
import io.github.collapseexecutor.spring.http.client.CollapseHttpRequestInterceptor;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

final class CollapseEndpointAutoConfigurationTest {

  private static final RequestHeaders NO_HEADERS = RequestHeaders.of(name -> List.of(), List::of);

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  CollapseExecutorAutoConfiguration.class,
                  CollapseRestClientAutoConfiguration.class,
                  CollapseOkHttpAutoConfiguration.class,
                  CollapseEndpointAutoConfiguration.class))
          .withPropertyValues("management.endpoints.web.exposure.include=collapse");

  @Test
  void listsEachExecutorWithGroupsSettingsAndCounts() {
    runner
        .withPropertyValues(
            "collapse.executor.wait-threshold=7",
            "collapse.executor.rest-template.collapse-policies.sample-policy1"
                + ".collapse-request-headers=authorization",
            "collapse.executor.rest-template.collapse-policies.sample-policy1"
                + ".collapse-request-queries=sample",
            "collapse.executor.rest-template.collapse-policies.sample-policy1"
                + ".accept-headers-in-key=false",
            "collapse.executor.rest-template.collapse-policies.sample-policy1"
                + ".shared-across-addresses=true",
            "collapse.executor.rest-template.collapse-groups[0].uris=/user/*,/test/noop*",
            "collapse.executor.rest-template.collapse-groups[1].collapse-policy-name=sample-policy1",
            "collapse.executor.rest-template.collapse-groups[1].uris=/samples/*",
            "collapse.executor.rest-template.collapse-groups[1].name=samples",
            "collapse.executor.rest-template.vary-ttl=45s")
        .run(
            context -> {
              CollapseExecutorDescriptor restExecutor =
                  context.getBean(CollapseExecutors.class).list().stream()
                      .filter(e -> e.name().equals("rest-template"))
                      .findFirst()
                      .orElseThrow();
              CollapseRules rules = new CollapseRules(restExecutor.options());
              CollapseKey user =
                  rules.keyFor(
                      RequestTarget.builder("GET", URI.create("http://users/user/1")).build());
              CollapseKey sample =
                  rules.keyFor(
                      RequestTarget.builder("GET", URI.create("http://users/samples/1")).build());
              CountingStats stats =
                  CountingStats.of(context.getBean(CollapseHttpRequestInterceptor.class).stats());
              stats.led(user);
              stats.replayed(user);
              stats.replayed(user);
              stats.fellBack(sample);
              stats.unshared(sample, UnsharedReason.SET_COOKIE);
              stats.passedThrough(null);
              CollapseDescription description = context.getBean(CollapseEndpoint.class).collapse();
              assertThat(description.executors())
                  .extracting(ExecutorDescription::name)
                  .containsExactlyInAnyOrder("rest-template", "okhttp");
              ExecutorDescription rest = executor(description, "rest-template");
              assertThat(rest.integration()).isEqualTo("rest-template");
              assertThat(rest.traffic().requests()).isEqualTo(5);
              assertThat(rest.traffic().backendCalls()).isEqualTo(3);
              assertThat(rest.traffic().collapseRatio()).isEqualTo(0.4);
              assertThat(rest.traffic().counts()).isEqualTo(new Counts(1, 1, 2, 1));
              assertThat(rest.traffic().unshared()).isEqualTo(Map.of("set-cookie", 1L));
              assertThat(rest.waitTimeoutMillis()).isEqualTo(30_000);
              assertThat(rest.hitForPassTtlMillis()).isEqualTo(120_000);
              assertThat(rest.varyTtlMillis()).isEqualTo(45_000);
              assertThat(rest.maxBodyBytes()).isEqualTo(1024 * 1024);
              assertThat(rest.sensitiveHeaders())
                  .containsExactly(
                      "api-key",
                      "authorization",
                      "cookie",
                      "proxy-authorization",
                      "x-access-token",
                      "x-api-key",
                      "x-auth-token");
              assertThat(rest.sensitiveHeaderPatterns())
                  .containsExactlyElementsOf(
                      new TreeSet<>(HttpCollapseOptions.DEFAULT_SENSITIVE_HEADER_PATTERNS));
              assertThat(rest.nonSensitiveHeaders()).isEmpty();
              assertThat(rest.settings()).containsEntry("customizeRestClientBuilder", false);
              assertThat(rest.groups())
                  .containsExactly(
                      new GroupDescription(
                          CollapseGroup.ofUris("/user/*", "/test/noop*"),
                          CollapsePolicy.DEFAULT,
                          new Traffic(3, 1, 2.0 / 3, new Counts(0, 1, 2, 0), Map.of(), null)),
                      new GroupDescription(
                          CollapseGroup.builder()
                              .name("samples")
                              .uris(List.of("/samples/*"))
                              .collapsePolicyName("sample-policy1")
                              .build(),
                          CollapsePolicy.builder()
                              .collapseRequestHeaders(List.of("authorization"))
                              .collapseRequestQueries(List.of("sample"))
                              .acceptHeadersInKey(false)
                              .sharedAcrossAddresses(true)
                              .build(),
                          new Traffic(
                              1, 1, 0.0, new Counts(0, 0, 0, 1), Map.of("set-cookie", 1L), null)));
              assertThat(executor(description, "okhttp").traffic().collapseRatio()).isZero();
              assertThat(description.batchOptions().waitThreshold()).isEqualTo(7);
              assertThat(description.batchOptions().collectingWaitTimeMillis())
                  .isEqualTo(CollapseExecutorOptions.DEFAULT_COLLECTING_WAIT_TIME.toMillis());
              assertThat(description.batchOptions().maxConcurrentBatches())
                  .isEqualTo(CollapseExecutorOptions.DEFAULT_MAX_CONCURRENT_BATCHES);
              assertThat(description.batchOptions().adaptiveConcurrency()).isTrue();
            });
  }

  @Test
  void noEndpointUnlessExposed() {
    new ApplicationContextRunner()
        .withConfiguration(
            AutoConfigurations.of(
                CollapseExecutorAutoConfiguration.class, CollapseEndpointAutoConfiguration.class))
        .run(context -> assertThat(context).doesNotHaveBean(CollapseEndpoint.class));
  }

  @Test
  void noEndpointWhenMasterSwitchOff() {
    runner
        .withPropertyValues("collapse.executor.enabled=false")
        .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(CollapseEndpoint.class));
  }

  @Test
  void noEndpointWithoutActuator() {
    runner
        .withClassLoader(new FilteredClassLoader(Endpoint.class))
        .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(CollapseEndpoint.class));
  }

  @Test
  void backsOffWhenUserDefinesEndpoint() {
    CollapseEndpoint mine = new CollapseEndpoint(new CollapseExecutors(), null);
    runner
        .withBean(CollapseEndpoint.class, () -> mine)
        .run(context -> assertThat(context).getBean(CollapseEndpoint.class).isSameAs(mine));
  }

  @Test
  void anObservingSectionShowsWhatCollapseWouldHaveDonePerGroup() {
    runner
        .withPropertyValues(
            "collapse.executor.rest-template.mode=observe",
            "collapse.executor.rest-template.collapse-groups[0].uris=/user/*")
        .run(
            context -> {
              CollapseExecutorDescriptor restExecutor =
                  context.getBean(CollapseExecutors.class).list().stream()
                      .filter(e -> e.name().equals("rest-template"))
                      .findFirst()
                      .orElseThrow();
              CollapseKey user =
                  new CollapseRules(restExecutor.options())
                      .keyFor(
                          RequestTarget.builder("GET", URI.create("http://users/user/1")).build());
              CountingStats stats =
                  CountingStats.of(context.getBean(CollapseHttpRequestInterceptor.class).stats());
              stats.passedThrough(user);
              stats.passedThrough(user);
              stats.wouldJoin(user);
              stats.wouldSave(user);
              stats.fanIn(user, "/user/* #000001", 2);

              CollapseDescription description = context.getBean(CollapseEndpoint.class).collapse();

              Traffic.Observed observed =
                  executor(description, "rest-template").groups().get(0).traffic().observed();
              assertThat(observed).isNotNull();
              assertThat(observed.wouldJoin()).isOne();
              assertThat(observed.wouldSaveRatio()).isEqualTo(0.5);
              assertThat(observed.fanIn()).containsEntry("2", 1L).containsEntry("1", 0L);
              assertThat(observed.topKeys()).containsExactly(Map.entry("/user/* #000001", 1L));
              assertThat(executor(description, "okhttp").traffic().observed()).isNull();
            });
  }

  private static ExecutorDescription executor(CollapseDescription description, String name) {
    return description.executors().stream()
        .filter(e -> e.name().equals(name))
        .findFirst()
        .orElseThrow();
  }
}
