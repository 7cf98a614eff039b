package io.github.collapseexecutor.spring.annotation;

import io.github.collapseexecutor.benchmarks.UserDto;
import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.spring.observation.MethodObserver;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.springframework.data.domain.PageImpl;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Sort;
import tools.jackson.databind.json.JsonMapper;

/**
 * What a caller that joined a {@code @Collapsible} method's run pays for its own copy of the
 * result, against the call it did not make: {@link #joinerCopy()} hands one result to a joiner as
 * the annotations do (the look at the result is made once per run, and each joiner's copy after
 * it), {@link #firstJoiner()} looks at a new result each time as well, and {@link #call()} is the
 * baseline, a 1 ms backend call (parked, as a remote call waits for I/O).
 *
 * <p>{@code shape}: {@code page} is a Spring Data page of 20 mutable DTOs (the library rebuilds
 * the page, the application's Jackson 3 mapper copies each DTO), {@code list} an {@code ArrayList}
 * of 200 of them, {@code records} a page of 20 records (shared as it is: no copy).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Thread)
public class ResultCopyBenchmark {

  @Param({"page", "list", "records"})
  public String shape;

  private Object result;
  private JoinerResults joiner;
  private SharedResults shared;

  @Setup
  public void setUp() {
    result = result(shape);
    SharedResults rule = new SharedResults(new JacksonResultCopier(JsonMapper.shared()));
    shared = rule;
    joiner =
        new JoinerResults(
            "Users.page",
            ResultCopies.NONE,
            () -> rule,
            new MethodReports("Users.page", MethodObserver.NONE, CollapseListener.NONE));
    if (joiner.forJoiner(result) instanceof OwnCall own) {
      throw new IllegalStateException(shape + " is not shared: " + own);
    }
  }

  /** A joiner's copy of the run's result, looked at once for the run. */
  @Benchmark
  public Object joinerCopy() {
    return joiner.forJoiner(result);
  }

  /** The look at a result of a new run, and the copy of its first joiner. */
  @Benchmark
  public Object firstJoiner() {
    SharedResults.Look look = shared.look(result);
    return shared.copy(result, look);
  }

  /** The call a joiner did not make: 1 ms. */
  @Benchmark
  public void call() {
    LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
  }

  private static Object result(String shape) {
    return switch (shape) {
      case "page" -> new PageImpl<>(dtos(20), PageRequest.of(3, 20, Sort.by("name")), 1000);
      case "list" -> new ArrayList<>(dtos(200));
      case "records" ->
          new PageImpl<>(
              dtos(20).stream().map(dto -> new UserRecord(dto.getId(), dto.getName())).toList(),
              PageRequest.of(3, 20),
              1000);
      default -> throw new IllegalArgumentException("shape: " + shape);
    };
  }

  private static List<UserDto> dtos(int count) {
    List<UserDto> dtos = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      dtos.add(UserDto.numbered(i));
    }
    return dtos;
  }

  /** The same, immutable. */
  public record UserRecord(Long id, String name) {}
}
