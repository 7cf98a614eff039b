package io.github.collapseexecutor.spring.annotation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.collapseexecutor.core.CollapseExecutorOptions;
import io.github.collapseexecutor.spring.NamedExecutor;
import io.github.collapseexecutor.spring.NamedExecutors;
import io.github.collapseexecutor.spring.annotation.CollapseMethods.CollapsedMethod;
import io.github.collapseexecutor.testing.annotation.HeldService;
import java.time.Duration;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.beans.factory.BeanCreationException;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** A plain Spring application, no Spring Boot: {@code @EnableCollapsing} is all it adds. */
@Timeout(60)
final class EnableCollapsingTest {

  @Test
  void concurrentCallsOfACollapsibleMethodShareOneRun() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(PlainApplication.class)) {
      Profiles profiles = context.getBean(Profiles.class);

      List<Object> results = profiles.crowd().run(50, i -> profiles.profile(7));

      assertThat(results).containsOnly("profile 7");
      assertThat(profiles.runs().get()).isEqualTo(1);
    }
  }

  @Test
  void concurrentCallsOfABatchMethodShareOneBatch() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(PlainApplication.class)) {
      Profiles profiles = context.getBean(Profiles.class);

      List<Object> results = profiles.crowd().run(20, i -> profiles.batched(i));

      for (int i = 0; i < 20; i++) {
        assertThat(results.get(i)).isEqualTo("batched " + i);
      }
      // the first call runs alone and holds its batch until the 19 others queued behind it
      assertThat(profiles.runs().get()).isBetween(2, 4);
    }
  }

  @Test
  void theExecutorsOfAUserBeanAreTheOnesTheAnnotationsName() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(PlainApplication.class, OwnExecutors.class)) {
      CollapseMethods methods = context.getBean(CollapseMethods.class);
      context.getBean(Quick.class);

      assertThat(methods.list()).extracting(CollapsedMethod::executor).contains("quick");
    }
  }

  @Test
  void aMethodNamingAnUnknownExecutorFailsItsBeanWithTheName() {
    assertThatThrownBy(
            () ->
                new AnnotationConfigApplicationContext(PlainApplication.class, QuickOnly.class)
                    .close())
        .isInstanceOf(BeanCreationException.class)
        .rootCause()
        .hasMessageContaining("quick");
  }

  @Test
  void theMethodsOfTheContextAreListedWithTheirExecutor() {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(PlainApplication.class)) {
      context.getBean(Profiles.class);

      assertThat(context.getBean(CollapseMethods.class).list())
          .extracting(CollapsedMethod::executor)
          .containsOnly(NamedExecutors.DEFAULT);
    }
  }

  @Configuration(proxyBeanMethods = false)
  @EnableCollapsing
  static class PlainApplication {

    @Bean
    Profiles profiles() {
      return new Profiles();
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class OwnExecutors {

    @Bean
    NamedExecutors namedExecutors() {
      Map<String, NamedExecutor> executors = new LinkedHashMap<>();
      for (String name : List.of(NamedExecutors.DEFAULT, "quick")) {
        executors.put(
            name,
            NamedExecutor.builder(name, CollapseExecutorOptions.builder().name(name).build())
                .timeout(Duration.ofSeconds(5))
                .build());
      }
      return new NamedExecutors(executors);
    }

    @Bean
    Quick quick() {
      return new Quick();
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class QuickOnly {

    @Bean
    Quick quick() {
      return new Quick();
    }
  }

  static class Profiles extends HeldService {

    @Collapsible
    public String profile(int id) {
      enter();
      return "profile " + id;
    }

    @CollapseBatch(batchMethod = "all")
    public String batched(Integer id) {
      return all(List.of(id)).get(id);
    }

    public Map<Integer, String> all(Collection<Integer> ids) {
      enter();
      Map<Integer, String> answers = new LinkedHashMap<>();
      ids.forEach(id -> answers.put(id, "batched " + id));
      return answers;
    }
  }

  static class Quick {

    @Collapsible(executor = "quick")
    public String answer(int id) {
      return "answer " + id;
    }
  }
}
