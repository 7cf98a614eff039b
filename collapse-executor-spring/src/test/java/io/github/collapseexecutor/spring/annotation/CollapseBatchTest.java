package io.github.collapseexecutor.spring.annotation;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.testing.annotation.UserApplication;
import io.github.collapseexecutor.testing.annotation.UserService;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;

@Timeout(60)
final class CollapseBatchTest {

  @Test
  void twoHundredConcurrentCallsMakeBatchesOfManyArgumentsAndEachCallerGetsItsOwnValue()
      throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(UserApplication.class)) {
      UserService users = context.getBean(UserService.class);

      List<Object> results = users.crowd().run(200, i -> users.user(i));

      assertThat(results).isEqualTo(IntStream.range(0, 200).mapToObj(i -> "user " + i).toList());
      // the first call runs alone and holds the slot until the 199 others queued
      List<List<Integer>> batches = List.copyOf(users.batches());
      assertThat(batches).hasSizeBetween(2, 4);
      assertThat(batches.subList(1, batches.size()))
          .allSatisfy(batch -> assertThat(batch).hasSizeGreaterThanOrEqualTo(99));
      assertThat(batches).allSatisfy(batch -> assertThat(batch).hasSizeLessThanOrEqualTo(100));
    }
  }

  @Test
  void aListResultIsMatchedToTheArgumentsByPositionAndEqualArgumentsAreSentOnce() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(UserApplication.class)) {
      UserService users = context.getBean(UserService.class);

      List<Object> results = users.crowd().run(50, i -> users.listed(i % 5));

      assertThat(results).isEqualTo(IntStream.range(0, 50).mapToObj(i -> "user " + i % 5).toList());
      assertThat(users.batches()).allSatisfy(batch -> assertThat(batch).doesNotHaveDuplicates());
    }
  }

  @Test
  void anArgumentMissingFromTheMapFailsOnlyItsCaller() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(UserApplication.class)) {
      UserService users = context.getBean(UserService.class);

      List<Object> results = users.crowd().run(20, i -> users.withGap(i));

      assertThat((Throwable) results.get(13))
          .isInstanceOf(IllegalStateException.class)
          .hasMessage("UserService.usersWithGap(Collection) returned no entry for argument 13");
      List<Object> others = new ArrayList<>(results);
      others.remove(13);
      assertThat(others).allSatisfy(result -> assertThat(result).isInstanceOf(String.class));
    }
  }

  @Test
  void aListOfTheWrongSizeFailsTheCallersOfThatBatchNamingTheirArguments() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(UserApplication.class)) {
      UserService users = context.getBean(UserService.class);

      List<Object> results = users.crowd().run(10, i -> users.clipped(i));

      // a batch of one argument gets its one result; every larger batch gets one result short,
      // and each of its callers is told so, with the batch's size and its own argument
      for (List<Integer> batch : users.batches()) {
        for (int id : batch) {
          if (batch.size() == 1) {
            assertThat(results.get(id)).isEqualTo("user " + id);
          } else {
            assertThat((Throwable) results.get(id))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage(
                    "UserService.shortUsers(List) returned "
                        + (batch.size() - 1)
                        + " results for "
                        + batch.size()
                        + " arguments, so none is known to be the"
                        + " result for argument "
                        + id);
          }
        }
      }
      assertThat(users.batches())
          .flatExtracting(batch -> batch)
          .containsExactlyInAnyOrder(0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
      assertThat(users.batches()).anySatisfy(batch -> assertThat(batch).hasSizeGreaterThan(1));
    }
  }

  @Test
  void aNullArgumentRunsTheMethodItself() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(UserApplication.class)) {
      UserService users = context.getBean(UserService.class);

      assertThat(users.user(null)).isEqualTo("nobody");
      assertThat(users.batches()).isEmpty();
    }
  }
}
