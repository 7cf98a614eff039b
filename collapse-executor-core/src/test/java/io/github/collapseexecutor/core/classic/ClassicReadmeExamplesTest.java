package io.github.collapseexecutor.core.classic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.collapseexecutor.core.Input;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The five code examples of the classic collapse-executor README compile against this library with
 * only their imports changed (the classes beside this one), and do what that README says: the
 * three same-key examples print their greeting and end, and the batch examples' code hands each
 * caller its own output.
 */
@Timeout(120)
final class ClassicReadmeExamplesTest {

  @Test
  void theBlockingSameKeyExamplePrintsItsGreeting() throws Exception {
    assertThat(runMain(BlockingCollapseExecutorExample.class))
        .containsExactly("Hello World Collapse Executor. Blocking");
  }

  @Test
  void theAsyncSameKeyExampleRunsOnThePoolItSetPrintsItsGreetingAndExits() throws Exception {
    assertThat(runMain(AsyncCollapseExecutorExample.class))
        .containsExactly("Hello World Collapse Executor. Async");
  }

  @Test
  void theFutureSameKeyExamplePrintsItsGreetingAndExits() throws Exception {
    assertThat(runMain(FutureCollapseExecutorExample.class))
        .containsExactly("Hello World Collapse Executor. Future");
  }

  /**
   * The example leaves {@code bindingOutput} for the user to write; as written, its caller fails at
   * once with an error that names the input it did not bind, where the classic executor left the
   * caller waiting forever.
   */
  @Test
  void theBlockingBatchExampleAsWrittenFailsItsCallerNamingTheUnboundInput() {
    CustomBlockingCollapseExecutor executor = new CustomBlockingCollapseExecutor();

    assertThatThrownBy(() -> executor.execute(42L))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "bindingOutput of CustomBlockingCollapseExecutor did not bind an output for"
                + " input 42");
  }

  /**
   * The blocking batch example with both its methods filled in as their comments ask, in the
   * classic names ({@code input.getInput()}, {@code bundle.getInput()}): each caller gets the user
   * of its own id.
   */
  @Test
  void theBlockingBatchExampleFilledInWithClassicNamesGivesEachCallerItsOwnUser() throws Exception {
    var executor =
        new CustomBlockingCollapseExecutor() {
          @Override
          protected Map<Long, UserEntity> doExecute(Collection<Input<Long>> inputs) {
            Map<Long, UserEntity> users = new java.util.HashMap<>();
            for (Input<Long> input : inputs) {
              users.put(
                  input.getInput(), new UserEntity(input.getInput(), "user" + input.getInput()));
            }
            return users;
          }

          @Override
          protected void bindingOutput(
              Map<Long, UserEntity> users,
              List<io.github.collapseexecutor.core.Bundle<Long, UserEntity>> bundles) {
            for (var bundle : bundles) {
              bundle.bindOutput(users.get(bundle.getInput()));
            }
          }
        };
    ExecutorService callers = Executors.newFixedThreadPool(4);
    try (executor) {
      List<java.util.concurrent.Future<UserEntity>> users = new ArrayList<>();
      for (long id = 1; id <= 8; id++) {
        long own = id;
        users.add(callers.submit(() -> executor.execute(own)));
      }
      for (int i = 0; i < users.size(); i++) {
        long id = i + 1;
        assertThat(users.get(i).get(10, TimeUnit.SECONDS))
            .isEqualTo(new UserEntity(id, "user" + id));
      }
    } finally {
      callers.shutdownNow();
    }
  }

  /**
   * The async example with its {@code doExecute} filled in, on the pool the README says it needs:
   * its {@code bindingOutput}, which finds each caller's user with {@code bundle.getInput()}, gives
   * every caller its own, in batches that ran on that pool. The filled-in {@code doExecute} reads
   * each input by its classic name, {@code input.getInput()}.
   */
  @Test
  void theAsyncBatchExampleGivesEachCallerItsOwnUserFromBatchesOnThePoolItSet() throws Exception {
    CountDownLatch firstBatchHeld = new CountDownLatch(1);
    List<List<Long>> batches = new CopyOnWriteArrayList<>();
    List<String> threads = new CopyOnWriteArrayList<>();
    var executor =
        new io.github.collapseexecutor.core.classic.async.CustomBlockingCollapseExecutor() {
          @Override
          protected Map<Long, UserEntity> doExecute(Collection<Input<Long>> inputs) {
            List<Long> ids = new ArrayList<>();
            for (Input<Long> input : inputs) {
              ids.add(input.getInput());
            }
            batches.add(ids);
            threads.add(Thread.currentThread().getName());
            await(firstBatchHeld);
            return ids.stream()
                .distinct()
                .collect(
                    Collectors.toMap(Function.identity(), id -> new UserEntity(id, "user" + id)));
          }
        };
    ExecutorService pool =
        Executors.newFixedThreadPool(4, task -> new Thread(task, "classic-pool"));
    try (executor) {
      executor.setExecutor(pool);

      CompletableFuture<UserEntity> first = executor.execute(1L);
      List<CompletableFuture<UserEntity>> later = new ArrayList<>();
      for (long id = 2; id <= 6; id++) {
        later.add(executor.execute(id));
      }
      firstBatchHeld.countDown();

      assertThat(first.get(10, TimeUnit.SECONDS)).isEqualTo(new UserEntity(1L, "user1"));
      for (int i = 0; i < later.size(); i++) {
        long id = i + 2;
        assertThat(later.get(i).get(10, TimeUnit.SECONDS))
            .isEqualTo(new UserEntity(id, "user" + id));
      }
      assertThat(batches.stream().flatMap(List::stream))
          .containsExactlyInAnyOrder(1L, 2L, 3L, 4L, 5L, 6L);
      assertThat(batches.get(0)).containsExactly(1L);
      assertThat(threads).allMatch("classic-pool"::equals);
    } finally {
      pool.shutdownNow();
    }
  }

  /** Runs {@code main} of {@code example} in a JVM of its own, and returns the lines it printed. */
  private static List<String> runMain(Class<?> example) throws Exception {
    Path output = Files.createTempFile("classic-example", ".log");
    try {
      Process process =
          new ProcessBuilder(
                  Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                  "-cp",
                  System.getProperty("java.class.path"),
                  example.getName())
              .redirectErrorStream(true)
              .redirectOutput(output.toFile())
              .start();
      boolean ended = process.waitFor(100, TimeUnit.SECONDS);
      if (!ended) {
        process.destroyForcibly();
      }
      String printed = Files.readString(output, StandardCharsets.UTF_8);
      assertThat(ended).as("%s ended within 100 s; it printed:%n%s", example, printed).isTrue();
      assertThat(process.exitValue()).as("exit code; it printed:%n%s", printed).isZero();
      return printed.lines().toList();
    } finally {
      Files.deleteIfExists(output);
    }
  }

  private static void await(CountDownLatch latch) {
    try {
      if (!latch.await(10, TimeUnit.SECONDS)) {
        throw new AssertionError("the test never let the first batch go");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }
}
