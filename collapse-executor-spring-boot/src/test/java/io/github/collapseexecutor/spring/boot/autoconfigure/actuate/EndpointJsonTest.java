package io.github.collapseexecutor.spring.boot.autoconfigure.actuate;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;
import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.CollapsePolicy;
import io.github.collapseexecutor.http.CollapsePolicy.ShareUncacheable;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseDescription.BatchOptionsDescription;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseDescription.CoreExecutorDescription;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseDescription.Counts;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseDescription.ExecutorDescription;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseDescription.GroupDescription;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseDescription.MethodDescription;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseDescription.NamedExecutorDescription;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseDescription.RecentEvent;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseDescription.RunCounts;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseDescription.SwitchDescription;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseDescription.Traffic;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/**
 * The {@code collapse} endpoint's answer as JSON, on Jackson 3 (Spring Boot 4's) and Jackson 2
 * (Spring Boot 3's): every property, named and ordered as the endpoint has always written them,
 * though Jackson finds no accessor of a class by itself and Jackson 3 sorts the properties it
 * finds by name.
 */
final class EndpointJsonTest {

  private static final String JSON =
      "{\"executors\":[{\"name\":\"servlet\","
          + "\"integration\":\"servlet\",\"requests\":10,\"backendCalls\":7,\"collapseRatio\":0.3,"
          + "\"counts\":{\"passedThrough\":1,\"led\":2,\"replayed\":3,\"fellBack\":4},"
          + "\"unshared\":{\"vary\":1},\"maxBodyBytes\":1024,\"sensitiveHeaders\":[\"authorization\"],"
          + "\"sensitiveHeaderPatterns\":[\"token\"],\"nonSensitiveHeaders\":[\"x-trace-token\"],"
          + "\"waitTimeoutMillis\":30000,\"hitForPassTtlMillis\":120000,\"varyTtlMillis\":0,"
          + "\"groups\":[{\"name\":\"/user/*\",\"uris\":[\"/user/*\"],\"uriRegexes\":[],"
          + "\"collapsePolicyName\":\"p1\",\"collapseRequestHeaders\":[\"accept-language\"],"
          + "\"collapseRequestQueries\":[\"sample\"],\"shareUncacheable\":\"NEVER\","
          + "\"acceptHeadersInKey\":false,\"sharedAcrossAddresses\":true,\"requests\":10,"
          + "\"backendCalls\":7,\"collapseRatio\":0.3,"
          + "\"counts\":{\"passedThrough\":1,\"led\":2,\"replayed\":3,\"fellBack\":4},"
          + "\"unshared\":{\"vary\":1}}],\"settings\":{\"order\":5}}],"
          + "\"batchOptions\":{\"waitThreshold\":10,\"collectingWaitTimeMillis\":-1,"
          + "\"maxBatchSize\":100,\"maxConcurrentBatches\":16,\"adaptiveConcurrency\":true,"
          + "\"maxPendingInputs\":1000},"
          + "\"namedExecutors\":[{\"name\":\"users\",\"options\":{\"waitThreshold\":10,"
          + "\"collectingWaitTimeMillis\":-1,\"maxBatchSize\":100,\"maxConcurrentBatches\":16,"
          + "\"adaptiveConcurrency\":true,\"maxPendingInputs\":1000},\"timeoutMillis\":2000,"
          + "\"methods\":[{\"method\":\"UserService.user(Long)\",\"name\":\"UserService.user\","
          + "\"annotation\":\"CollapseBatch\",\"executor\":\"users\","
          + "\"batchMethod\":\"UserService.users(List)\",\"counts\":{\"calls\":4,\"runs\":1,"
          + "\"collapseRatio\":0.75,\"failedRuns\":0,\"rejected\":1,\"timedOut\":2,"
          + "\"copied\":2,\"unshared\":{\"mutable-result\":1}},"
          + "\"runMillisP50\":12.5,\"copyMillisP50\":0.25}],"
          + "\"counts\":{\"calls\":4,\"runs\":1,\"collapseRatio\":0.75,\"failedRuns\":0,"
          + "\"rejected\":1,\"timedOut\":2,\"copied\":2,"
          + "\"unshared\":{\"mutable-result\":1}}}],"
          + "\"coreExecutors\":[{\"name\":\"grpc\",\"collapsing\":false,\"counts\":{\"calls\":4,"
          + "\"runs\":1,\"collapseRatio\":0.75,\"failedRuns\":0,\"rejected\":1,\"timedOut\":2,"
          + "\"copied\":2,\"unshared\":{\"mutable-result\":1}}}],"
          + "\"collapsingOff\":[{\"executor\":\"servlet\",\"groups\":[\"/user/*\"],"
          + "\"collapsing\":false}],"
          + "\"recentEvents\":[{\"time\":\"2026-01-02T03:04:05Z\",\"executor\":\"servlet\","
          + "\"type\":\"unshared\",\"size\":null,\"waitMillis\":null,\"executeMillis\":null,"
          + "\"failure\":null,\"group\":\"/user/*\",\"reason\":\"vary\"}],\"fleet\":null}";

  @Test
  void jackson3WritesEveryPropertyInItsOrder() {
    assertThat(JsonMapper.builder().build().writeValueAsString(answer())).isEqualTo(JSON);
  }

  @Test
  void jackson2WritesEveryPropertyInItsOrder() throws Exception {
    // Spring Boot 3 registers the java.time module; a time's text is all this test needs of it
    ObjectMapper mapper =
        new ObjectMapper()
            .registerModule(
                new SimpleModule().addSerializer(Instant.class, ToStringSerializer.instance));
    assertThat(mapper.writeValueAsString(answer())).isEqualTo(JSON);
  }

  @Test
  void anObservingMethodsCountsSayWhatCollapseWouldHaveDone() throws Exception {
    RunCounts observed =
        RunCounts.of(
            50,
            50,
            0,
            0,
            0,
            0,
            Map.of("mutable-result", 9L),
            Traffic.Observed.of(49, 40, 50, List.of(0L, 0L, 0L, 0L, 0L, 1L, 0L), Map.of()));
    String json =
        "{\"calls\":50,\"runs\":50,\"collapseRatio\":0.0,\"failedRuns\":0,\"rejected\":0,"
            + "\"timedOut\":0,\"copied\":0,\"unshared\":{\"mutable-result\":9},"
            + "\"observed\":{\"wouldJoin\":49,\"wouldSave\":40,\"wouldSaveRatio\":0.8,"
            + "\"fanIn\":{\"1\":0,\"2\":0,\"3-4\":0,\"5-8\":0,\"9-16\":0,\"17-64\":1,"
            + "\"65+\":0},\"topKeys\":{}}}";

    assertThat(JsonMapper.builder().build().writeValueAsString(observed)).isEqualTo(json);
    assertThat(new ObjectMapper().writeValueAsString(observed)).isEqualTo(json);
    assertThat(observed.plus(RunCounts.NONE)).isEqualTo(observed);
  }

  @Test
  void anObservingAdaptersTrafficSaysWhatCollapseWouldHaveDone() throws Exception {
    Traffic observed =
        new Traffic(
            50,
            50,
            0.0,
            new Counts(50, 0, 0, 0),
            Map.of("set-cookie", 1L),
            new Traffic.Observed(
                49,
                48,
                0.96,
                new LinkedHashMap<>(Map.of("1", 0L)),
                new LinkedHashMap<>(Map.of("/items/* #0a1b2c", 49L))));
    String json =
        "{\"requests\":50,\"backendCalls\":50,\"collapseRatio\":0.0,"
            + "\"counts\":{\"passedThrough\":50,\"led\":0,\"replayed\":0,\"fellBack\":0},"
            + "\"unshared\":{\"set-cookie\":1},\"observed\":{\"wouldJoin\":49,"
            + "\"wouldSave\":48,\"wouldSaveRatio\":0.96,\"fanIn\":{\"1\":0},"
            + "\"topKeys\":{\"/items/* #0a1b2c\":49}}}";

    assertThat(JsonMapper.builder().build().writeValueAsString(observed)).isEqualTo(json);
    assertThat(new ObjectMapper().writeValueAsString(observed)).isEqualTo(json);
  }

  private static CollapseDescription answer() {
    Counts counts = new Counts(1, 2, 3, 4);
    GroupDescription group =
        new GroupDescription(
            CollapseGroup.ofUris("p1", List.of("/user/*")),
            CollapsePolicy.builder()
                .collapseRequestHeaders(List.of("accept-language"))
                .collapseRequestQueries(List.of("sample"))
                .shareUncacheable(ShareUncacheable.NEVER)
                .acceptHeadersInKey(false)
                .sharedAcrossAddresses(true)
                .build(),
            new Traffic(10, 7, 0.3, counts, Map.of("vary", 1L), null));
    ExecutorDescription executor =
        new ExecutorDescription(
            "servlet",
            "servlet",
            new Traffic(10, 7, 0.3, counts, Map.of("vary", 1L), null),
            1024,
            List.of("authorization"),
            List.of("token"),
            List.of("x-trace-token"),
            30_000,
            120_000,
            0,
            List.of(group),
            Map.of("order", 5));
    BatchOptionsDescription options = new BatchOptionsDescription(10, -1, 100, 16, true, 1000);
    RunCounts runs = RunCounts.of(4, 1, 0, 1, 2, 2, Map.of("mutable-result", 1L));
    MethodDescription method =
        new MethodDescription(
            "UserService.user(Long)",
            "UserService.user",
            "CollapseBatch",
            "users",
            "UserService.users(List)",
            runs,
            12.5,
            0.25);
    NamedExecutorDescription named =
        new NamedExecutorDescription("users", options, 2000L, List.of(method), runs);
    RecentEvent event =
        new RecentEvent(
            Instant.parse("2026-01-02T03:04:05Z"),
            "servlet",
            "unshared",
            null,
            null,
            null,
            null,
            "/user/*",
            "vary");
    return new CollapseDescription(
        List.of(executor),
        options,
        List.of(named),
        List.of(new CoreExecutorDescription("grpc", false, runs)),
        List.of(new SwitchDescription("servlet", List.of("/user/*"), false)),
        List.of(event),
        Collections.singletonMap("fleet", null));
  }
}
