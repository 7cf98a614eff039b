package io.github.collapseexecutor.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.core.CollapseExecutorOptions;
import io.github.collapseexecutor.http.CollapsePolicy.ShareUncacheable;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.KeyMemory;
import io.github.collapseexecutor.http.WriteScope;
import io.github.collapseexecutor.okhttp.CollapseInterceptor;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.CollapseRestTemplateProperties;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.CollapseWebClientProperties;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.HttpSection;
import io.github.collapseexecutor.spring.boot.autoconfigure.okhttp.CollapseOkHttpAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.restclient.CollapseRestClientAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.webclient.CollapseWebClientAutoConfiguration;
import io.github.collapseexecutor.spring.http.client.CollapseHttpRequestInterceptor;
import io.github.collapseexecutor.spring.http.reactive.CollapseExchangeFilterFunction;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

final class CollapseExecutorAutoConfigurationTest {

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  CollapseExecutorAutoConfiguration.class,
                  CollapseRestClientAutoConfiguration.class,
                  CollapseWebClientAutoConfiguration.class,
                  CollapseOkHttpAutoConfiguration.class));

  @Test
  void bindsTheTopLevelAndSectionKeys() {
    runner
        .withPropertyValues(
            "collapse.executor.enabled=true",
            "collapse.executor.wait-threshold=20",
            "collapse.executor.collecting-wait-time=5",
            "collapse.executor.rest-template.enabled=true",
            "collapse.executor.rest-template.collapse-policies.sample-policy1"
                + ".collapse-request-headers=authorization",
            "collapse.executor.rest-template.collapse-policies.sample-policy1"
                + ".collapse-request-queries=sample",
            "collapse.executor.rest-template.collapse-groups[0].uris=/user/*,/test/noop*",
            "collapse.executor.rest-template.collapse-groups[1].collapse-policy-name=sample-policy1",
            "collapse.executor.rest-template.collapse-groups[1].uris=/samples/*",
            "collapse.executor.web-client.collapse-groups[0].uris=/web/*",
            "collapse.executor.servlet.collapse-groups[0].uri-regexes=/orders/[0-9]+")
        .run(
            context -> {
              CollapseExecutorProperties properties =
                  context.getBean(CollapseExecutorProperties.class);
              assertThat(properties.getWaitThreshold()).isEqualTo(20);
              assertThat(properties.getCollectingWaitTime()).isEqualTo(Duration.ofMillis(5));
              HttpSection rest = context.getBean(CollapseRestTemplateProperties.class);
              assertThat(
                      rest.getCollapsePolicies().get("sample-policy1").getCollapseRequestHeaders())
                  .containsExactly("authorization");
              assertThat(
                      rest.getCollapsePolicies().get("sample-policy1").getCollapseRequestQueries())
                  .containsExactly("sample");
              assertThat(rest.getCollapseGroups()).hasSize(2);
              assertThat(rest.getCollapseGroups().get(0).getUris())
                  .containsExactly("/user/*", "/test/noop*");
              assertThat(rest.getCollapseGroups().get(1).getCollapsePolicyName())
                  .isEqualTo("sample-policy1");
              assertThat(
                      context
                          .getBean(CollapseWebClientProperties.class)
                          .getCollapseGroups()
                          .get(0)
                          .getUris())
                  .containsExactly("/web/*");
            });
  }

  @Test
  void sensitiveHeadersAddUpInEverySectionAndAcceptLeftOutPerPolicy() {
    runner
        .withPropertyValues(
            "collapse.executor.sensitive-headers=X-Tenant",
            "collapse.executor.non-sensitive-headers=cookie,x-trace-token",
            "collapse.executor.sensitive-header-patterns=credential",
            "collapse.executor.okhttp.sensitive-headers=x-region",
            "collapse.executor.rest-template.collapse-policies.p1.accept-headers-in-key=false")
        .run(
            context -> {
              List<CollapseExecutorDescriptor> executors =
                  context.getBean(CollapseExecutors.class).list();
              HttpCollapseOptions rest = executor(executors, "rest-template").options();
              Set<String> builtInButCookie =
                  new HashSet<>(HttpCollapseOptions.DEFAULT_SENSITIVE_HEADERS);
              builtInButCookie.remove("cookie");
              assertThat(rest.sensitiveHeaders())
                  .containsAll(builtInButCookie)
                  .contains("x-tenant")
                  .doesNotContain("cookie", "x-region");
              assertThat(rest.nonSensitiveHeaders())
                  .containsExactlyInAnyOrder("cookie", "x-trace-token");
              assertThat(rest.sensitiveHeaderPatterns())
                  .containsAll(HttpCollapseOptions.DEFAULT_SENSITIVE_HEADER_PATTERNS)
                  .contains("credential");
              assertThat(rest.policies().get("p1").acceptHeadersInKey()).isFalse();
              assertThat(executor(executors, "okhttp").options().sensitiveHeaders())
                  .containsAll(builtInButCookie)
                  .contains("x-tenant", "x-region");
            });
  }

  @Test
  void adaptersAreBuiltFromTheirSections() {
    runner
        .withPropertyValues(
            "collapse.executor.max-body-size=64KB",
            "collapse.executor.rest-template.collapse-policies.p1.collapse-request-queries=sample",
            "collapse.executor.rest-template.collapse-groups[0].collapse-policy-name=p1",
            "collapse.executor.rest-template.collapse-groups[0].uris=/samples/*",
            "collapse.executor.okhttp.max-body-size=2KB",
            "collapse.executor.okhttp.sensitive-headers=x-tenant")
        .run(
            context -> {
              List<CollapseExecutorDescriptor> executors =
                  context.getBean(CollapseExecutors.class).list();
              assertThat(executors)
                  .extracting(CollapseExecutorDescriptor::integration)
                  .containsExactlyInAnyOrder("rest-template", "web-client", "okhttp");
              CollapseExecutorDescriptor rest = executor(executors, "rest-template");
              assertThat(rest.name()).isEqualTo("rest-template");
              assertThat(rest.options().maxBodyBytes()).isEqualTo(64 * 1024);
              assertThat(rest.options().sensitiveHeaders())
                  .isEqualTo(HttpCollapseOptions.DEFAULT_SENSITIVE_HEADERS);
              assertThat(rest.options().sensitiveHeaderPatterns())
                  .isEqualTo(HttpCollapseOptions.DEFAULT_SENSITIVE_HEADER_PATTERNS);
              assertThat(rest.options().policies().get("p1").acceptHeadersInKey()).isTrue();
              assertThat(rest.options().groups())
                  .singleElement()
                  .satisfies(group -> assertThat(group.uris()).containsExactly("/samples/*"));
              assertThat(rest.options().policies().get("p1").collapseRequestQueries())
                  .containsExactly("sample");
              CollapseExecutorDescriptor okhttp = executor(executors, "okhttp");
              assertThat(okhttp.options().maxBodyBytes()).isEqualTo(2 * 1024);
              assertThat(okhttp.options().sensitiveHeaders())
                  .containsAll(HttpCollapseOptions.DEFAULT_SENSITIVE_HEADERS)
                  .contains("x-tenant");
              assertThat(executor(executors, "web-client").options().groups()).isEmpty();
            });
  }

  @Test
  void providesBatchExecutorOptionsFromProperties() {
    runner
        .withPropertyValues(
            "collapse.executor.wait-threshold=3",
            "collapse.executor.collecting-wait-time=-1",
            "collapse.executor.max-batch-size=100",
            "collapse.executor.max-concurrent-batches=4",
            "collapse.executor.adaptive-concurrency=false",
            "collapse.executor.max-pending-inputs=1000")
        .run(
            context -> {
              CollapseExecutorOptions options = context.getBean(CollapseExecutorOptions.class);
              assertThat(options.waitThreshold()).isEqualTo(3);
              assertThat(options.collectingWaitTime()).isEqualTo(CollapseExecutorOptions.NO_WAIT);
              assertThat(options.maxBatchSize()).isEqualTo(100);
              assertThat(options.maxConcurrentBatches()).isEqualTo(4);
              assertThat(options.adaptiveConcurrency()).isFalse();
              assertThat(options.maxPendingInputs()).isEqualTo(1000);
            });
  }

  @Test
  void batchExecutorOptionsDefaultToTheCoreDefaults() {
    runner.run(
        context -> {
          CollapseExecutorOptions options = context.getBean(CollapseExecutorOptions.class);
          CollapseExecutorOptions defaults = CollapseExecutorOptions.defaults();
          assertThat(options.waitThreshold()).isEqualTo(defaults.waitThreshold());
          assertThat(options.collectingWaitTime()).isEqualTo(defaults.collectingWaitTime());
          assertThat(options.maxBatchSize()).isEqualTo(defaults.maxBatchSize());
          assertThat(options.maxConcurrentBatches()).isEqualTo(defaults.maxConcurrentBatches());
          assertThat(options.adaptiveConcurrency()).isEqualTo(defaults.adaptiveConcurrency());
          assertThat(options.maxPendingInputs()).isEqualTo(defaults.maxPendingInputs());
          assertThat(
                  executor(context.getBean(CollapseExecutors.class).list(), "okhttp")
                      .options()
                      .maxBodyBytes())
              .isEqualTo(HttpCollapseOptions.DEFAULT_MAX_BODY_BYTES);
        });
  }

  @Test
  void backsOffWhenUserDefinesExecutorOptions() {
    CollapseExecutorOptions mine = CollapseExecutorOptions.builder().name("mine").build();
    runner
        .withBean(CollapseExecutorOptions.class, () -> mine)
        .run(context -> assertThat(context).getBean(CollapseExecutorOptions.class).isSameAs(mine));
  }

  @Test
  void backsOffWhenUserDefinesExecutorRegistry() {
    CollapseExecutors mine = new CollapseExecutors();
    runner
        .withBean(CollapseExecutors.class, () -> mine)
        .run(
            context -> {
              assertThat(context).getBean(CollapseExecutors.class).isSameAs(mine);
              assertThat(mine.list()).hasSize(3);
            });
  }

  @Test
  void nothingWhenMasterSwitchOff() {
    runner
        .withPropertyValues(
            "collapse.executor.enabled=false",
            "collapse.executor.rest-template.collapse-groups[0].collapse-policy-name=missing")
        .run(
            context ->
                assertThat(context)
                    .hasNotFailed()
                    .doesNotHaveBean(CollapseExecutorProperties.class)
                    .doesNotHaveBean(CollapseExecutors.class)
                    .doesNotHaveBean(CollapseExecutorOptions.class)
                    .doesNotHaveBean(CollapseHttpRequestInterceptor.class)
                    .doesNotHaveBean(CollapseExchangeFilterFunction.class)
                    .doesNotHaveBean(CollapseInterceptor.class));
  }

  @Test
  void failsOnUnknownDurationUnit() {
    runner
        .withPropertyValues("collapse.executor.collecting-wait-time=5xs")
        .run(
            context ->
                assertThat(StartupFailures.messages(context))
                    .contains("collapse.executor.collecting-wait-time")
                    .contains("5xs"));
  }

  @Test
  void failsOnUnknownDataSizeUnit() {
    runner
        .withPropertyValues("collapse.executor.max-body-size=12QB")
        .run(
            context ->
                assertThat(StartupFailures.messages(context))
                    .contains("collapse.executor.max-body-size")
                    .contains("12QB"));
  }

  @Test
  void eachAdapterWaitsAsLongAsItsSectionSays() {
    runner
        .withPropertyValues(
            "collapse.executor.rest-template.wait-timeout=250ms",
            "collapse.executor.okhttp.wait-timeout=2s")
        .run(
            context -> {
              List<CollapseExecutorDescriptor> executors =
                  context.getBean(CollapseExecutors.class).list();
              assertThat(executor(executors, "rest-template").options().waitTimeout())
                  .isEqualTo(Duration.ofMillis(250));
              assertThat(executor(executors, "okhttp").options().waitTimeout())
                  .isEqualTo(Duration.ofSeconds(2));
              assertThat(executor(executors, "web-client").options().waitTimeout())
                  .isEqualTo(Duration.ofSeconds(30));
            });
  }

  @Test
  void policiesSayWhetherUncacheableResponsesAreSharedAndSectionsHowLongHitForPassLasts() {
    runner
        .withPropertyValues(
            "collapse.executor.rest-template.collapse-policies.strict.share-uncacheable=never",
            "collapse.executor.rest-template.collapse-policies.open.collapse-request-queries=q",
            "collapse.executor.rest-template.hit-for-pass-ttl=5s",
            "collapse.executor.rest-template.hit-for-pass-max-keys=7")
        .run(
            context -> {
              List<CollapseExecutorDescriptor> executors =
                  context.getBean(CollapseExecutors.class).list();
              HttpCollapseOptions rest = executor(executors, "rest-template").options();
              assertThat(rest.policies().get("strict").shareUncacheable())
                  .isEqualTo(ShareUncacheable.NEVER);
              assertThat(rest.policies().get("open").shareUncacheable())
                  .isEqualTo(ShareUncacheable.WITHIN_CREDENTIALS);
              assertThat(rest.hitForPassTtl()).isEqualTo(Duration.ofSeconds(5));
              assertThat(rest.hitForPassMaxKeys()).isEqualTo(7);
              HttpCollapseOptions okhttp = executor(executors, "okhttp").options();
              assertThat(okhttp.hitForPassTtl())
                  .isEqualTo(HttpCollapseOptions.DEFAULT_HIT_FOR_PASS_TTL);
              assertThat(okhttp.hitForPassMaxKeys())
                  .isEqualTo(HttpCollapseOptions.DEFAULT_HIT_FOR_PASS_MAX_KEYS);
            });
  }

  @Test
  void keyMemorySetAtTheTopLevelIsInheritedBySectionsThatDoNotSetTheirOwn() {
    runner
        .withPropertyValues(
            "collapse.executor.hit-for-pass-ttl=10s",
            "collapse.executor.hit-for-pass-max-keys=50",
            "collapse.executor.vary-ttl=0",
            "collapse.executor.vary-max-keys=20",
            "collapse.executor.okhttp.vary-ttl=3s",
            "collapse.executor.okhttp.vary-max-keys=30",
            "collapse.executor.okhttp.hit-for-pass-ttl=0")
        .run(
            context -> {
              List<CollapseExecutorDescriptor> executors =
                  context.getBean(CollapseExecutors.class).list();
              assertThat(executor(executors, "rest-template").options().keyMemory())
                  .isEqualTo(
                      KeyMemory.defaults()
                          .withHitForPassTtl(Duration.ofSeconds(10))
                          .withHitForPassMaxKeys(50)
                          .withVaryTtl(Duration.ZERO)
                          .withVaryMaxKeys(20));
              assertThat(executor(executors, "okhttp").options().keyMemory())
                  .isEqualTo(
                      KeyMemory.defaults()
                          .withHitForPassTtl(Duration.ZERO)
                          .withHitForPassMaxKeys(50)
                          .withVaryTtl(Duration.ofSeconds(3))
                          .withVaryMaxKeys(30));
            });
  }

  @Test
  void writeScopeSetAtTheTopLevelIsInheritedBySectionsThatDoNotSetTheirOwn() {
    runner
        .withPropertyValues(
            "collapse.executor.write-scope=own-group",
            "collapse.executor.okhttp.write-scope=all-groups")
        .run(
            context -> {
              List<CollapseExecutorDescriptor> executors =
                  context.getBean(CollapseExecutors.class).list();
              assertThat(executor(executors, "rest-template").options().writeScope())
                  .isEqualTo(WriteScope.OWN_GROUP);
              assertThat(executor(executors, "okhttp").options().writeScope())
                  .isEqualTo(WriteScope.ALL_GROUPS);
            });
  }

  @Test
  void modeSetAtTheTopLevelIsInheritedBySectionsThatDoNotSetTheirOwn() {
    runner
        .withPropertyValues(
            "collapse.executor.mode=observe", "collapse.executor.okhttp.mode=collapse")
        .run(
            context -> {
              List<CollapseExecutorDescriptor> executors =
                  context.getBean(CollapseExecutors.class).list();
              assertThat(executor(executors, "rest-template").options().observeOnly()).isTrue();
              assertThat(executor(executors, "okhttp").options().observeOnly()).isFalse();
            });
  }

  @Test
  void writeScopeIsEveryGroupWhenNotSet() {
    runner.run(
        context ->
            assertThat(context.getBean(CollapseExecutors.class).list())
                .isNotEmpty()
                .allSatisfy(
                    executor ->
                        assertThat(executor.options().writeScope())
                            .isEqualTo(WriteScope.ALL_GROUPS)));
  }

  @Test
  void keyMemoryTakesTheLibrarysDefaultsWhenNotSet() {
    runner.run(
        context ->
            assertThat(context.getBean(CollapseExecutors.class).list())
                .isNotEmpty()
                .allSatisfy(
                    executor ->
                        assertThat(executor.options().keyMemory())
                            .isEqualTo(KeyMemory.defaults())));
  }

  private static CollapseExecutorDescriptor executor(
      List<CollapseExecutorDescriptor> executors, String integration) {
    return executors.stream()
        .filter(e -> e.integration().equals(integration))
        .findFirst()
        .orElseThrow();
  }
}
