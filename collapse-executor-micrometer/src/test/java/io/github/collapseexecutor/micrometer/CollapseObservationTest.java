package io.github.collapseexecutor.micrometer;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.spring.http.client.CollapseHttpRequestInterceptor;
import io.micrometer.common.KeyValue;
import io.micrometer.common.KeyValues;
import io.micrometer.observation.Observation;
import io.micrometer.observation.tck.TestObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistryAssert;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.http.HttpMethod;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.client.RestClient;

/**
 * The observation of each shared call and the {@code collapse.outcome} key on each request's own
 * observation, with RestClient's {@code http.client.requests} as that observation, against a real
 * backend on loopback.
 */
final class CollapseObservationTest {

  private static final int N = 8;

  private final TestObservationRegistry registry = TestObservationRegistry.create();
  private final MeetingBackend backend = new MeetingBackend();

  @AfterEach
  void stop() {
    backend.close();
  }

  @Test
  void identicalRequestsMakeOneSharedCallObservationAndSayWhoLedAndWhoJoined() throws Exception {
    RestClient client =
        client(
            HttpCollapseOptions.builder()
                .name("users")
                .group(CollapseGroup.ofUris("/user/*"))
                .observations(CollapseObservations.of(registry))
                .build());

    List<Object> bodies =
        backend.meet(N, () -> client.get().uri("/user/1").retrieve().body(String.class));

    assertThat(bodies).containsOnly("answer");
    assertThat(backend.calls()).isEqualTo(1);
    TestObservationRegistryAssert.assertThat(registry)
        .hasNumberOfObservationsWithNameEqualTo(DefaultCollapseObservationConvention.NAME, 1)
        .hasObservationWithNameEqualTo(DefaultCollapseObservationConvention.NAME)
        .that()
        .hasContextualNameEqualTo("collapse users")
        .hasLowCardinalityKeyValue("executor", "users")
        .hasLowCardinalityKeyValue("group", "/user/*")
        .hasLowCardinalityKeyValue("outcome", "shared")
        .hasLowCardinalityKeyValue("reason", "none")
        .hasHighCardinalityKeyValue("collapse.batch.size", Integer.toString(N))
        .hasParentObservationContextMatching(
            parent -> parent.getName().equals("http.client.requests"));
    assertThat(callerOutcomes()).isEqualTo(Map.of("led", 1L, "joined", (long) N - 1));
    assertThat(callerKeys("collapse.reason")).isEmpty();
  }

  @Test
  void requestsThatCouldNotShareSayTheyFellBackAndWhy() throws Exception {
    RestClient client =
        client(
            HttpCollapseOptions.builder()
                .group(CollapseGroup.ofUris("/cookie"))
                .observations(CollapseObservations.of(registry))
                .build());

    backend.meet(N, () -> client.get().uri("/cookie").retrieve().body(String.class));

    assertThat(backend.calls()).isEqualTo(N);
    TestObservationRegistryAssert.assertThat(registry)
        .hasObservationWithNameEqualTo(DefaultCollapseObservationConvention.NAME)
        .that()
        .hasLowCardinalityKeyValue("outcome", "refused")
        .hasLowCardinalityKeyValue("reason", "set-cookie");
    assertThat(callerOutcomes()).isEqualTo(Map.of("led", 1L, "fell-back", (long) N - 1));
    assertThat(callerKeys("collapse.reason")).containsOnly("set-cookie");
  }

  @Test
  @Timeout(30)
  void withSharedCallsTurnedOffByAPredicateRequestsStillSayWhatTheyDidAndWhy() throws Exception {
    registry
        .observationConfig()
        .observationPredicate(
            (name, context) -> !name.equals(DefaultCollapseObservationConvention.NAME));
    RestClient client =
        client(
            HttpCollapseOptions.builder()
                .group(CollapseGroup.ofUris("/cookie"))
                .observations(CollapseObservations.of(registry))
                .build());

    backend.meet(N, () -> client.get().uri("/cookie").retrieve().body(String.class));

    TestObservationRegistryAssert.assertThat(registry)
        .hasNumberOfObservationsWithNameEqualTo(DefaultCollapseObservationConvention.NAME, 0);
    assertThat(callerOutcomes()).isEqualTo(Map.of("led", 1L, "fell-back", (long) N - 1));
    assertThat(callerKeys("collapse.reason")).hasSize(N).containsOnly("set-cookie");
  }

  @Test
  void requestsThatNoGroupTakesAreLeftAloneAndMakeNoSharedCallObservation() {
    RestClient client =
        client(
            HttpCollapseOptions.builder()
                .group(CollapseGroup.ofUris("/user/*"))
                .observations(CollapseObservations.of(registry))
                .build());

    client.post().uri("/user/1").body("x").retrieve().toBodilessEntity();
    client.get().uri("/other").retrieve().toBodilessEntity();

    TestObservationRegistryAssert.assertThat(registry)
        .hasNumberOfObservationsWithNameEqualTo(DefaultCollapseObservationConvention.NAME, 0)
        .hasNumberOfObservationsWithNameEqualTo("http.client.requests", 2);
    assertThat(callerOutcomes()).isEmpty();
    assertThat(callerKeys("collapse.reason")).isEmpty();
  }

  @Test
  void aGetWithABodySaysItsBodyKeptItFromCollapsing() {
    RestClient client =
        client(
            HttpCollapseOptions.builder()
                .group(CollapseGroup.ofUris("/user/*"))
                .observations(CollapseObservations.of(registry))
                .build());

    client.method(HttpMethod.GET).uri("/user/1").body("x").retrieve().toBodilessEntity();

    assertThat(callerOutcomes()).isEqualTo(Map.of("not-collapsed", 1L));
    assertThat(callerKeys("collapse.reason")).containsExactly("request-body");
  }

  @Test
  void aConventionOfTheApplicationNamesAndTagsTheSharedCall() throws Exception {
    CollapseObservationConvention custom =
        new DefaultCollapseObservationConvention() {
          @Override
          public String getName() {
            return "backend.shared";
          }

          @Override
          public KeyValues getLowCardinalityKeyValues(CollapseObservationContext context) {
            return super.getLowCardinalityKeyValues(context).and("region", "eu");
          }
        };
    RestClient client =
        client(
            HttpCollapseOptions.builder()
                .group(CollapseGroup.ofUris("/user/*"))
                .observations(CollapseObservations.of(registry).withConvention(custom))
                .build());

    backend.meet(2, () -> client.get().uri("/user/2").retrieve().body(String.class));

    TestObservationRegistryAssert.assertThat(registry)
        .hasNumberOfObservationsWithNameEqualTo(DefaultCollapseObservationConvention.NAME, 0)
        .hasObservationWithNameEqualTo("backend.shared")
        .that()
        .hasLowCardinalityKeyValue("region", "eu")
        .hasLowCardinalityKeyValue("outcome", "shared");
  }

  private RestClient client(HttpCollapseOptions options) {
    return RestClient.builder()
        .requestFactory(new JdkClientHttpRequestFactory())
        .baseUrl(backend.baseUrl())
        .observationRegistry(registry)
        .requestInterceptor(new CollapseHttpRequestInterceptor(options))
        .build();
  }

  /** Counts the requests' observations by their {@code collapse.outcome}. */
  private Map<String, Long> callerOutcomes() {
    return callerKeys("collapse.outcome").stream()
        .collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
  }

  private List<String> callerKeys(String key) {
    List<Observation.Context> requests = new java.util.ArrayList<>();
    TestObservationRegistryAssert.assertThat(registry)
        .hasHandledContextsThatSatisfy(
            contexts ->
                contexts.stream()
                    .filter(context -> "http.client.requests".equals(context.getName()))
                    .forEach(requests::add));
    return requests.stream()
        .map(context -> context.getHighCardinalityKeyValue(key))
        .filter(value -> value != null)
        .map(KeyValue::getValue)
        .toList();
  }
}
