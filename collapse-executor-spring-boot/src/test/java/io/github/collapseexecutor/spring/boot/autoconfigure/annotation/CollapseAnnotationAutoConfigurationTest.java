package io.github.collapseexecutor.spring.boot.autoconfigure.annotation;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.collapseexecutor.spring.annotation.CollapseMethods;
import io.github.collapseexecutor.spring.annotation.Collapsible;
import io.github.collapseexecutor.spring.annotation.JacksonResultCopier;
import io.github.collapseexecutor.spring.annotation.ResultCopier;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorAutoConfiguration;
import io.github.collapseexecutor.spring.observation.MethodObserver;
import io.micrometer.common.KeyValue;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.springframework.aop.support.AopUtils;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import tools.jackson.databind.json.JsonMapper;

final class CollapseAnnotationAutoConfigurationTest {

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  CollapseExecutorAutoConfiguration.class,
                  CollapseAnnotationAutoConfiguration.class))
          .withBean(Annotated.class)
          .withBean(Plain.class);

  @Test
  void proxiesOnlyTheBeansWithAnnotatedMethods() {
    runner.run(
        context -> {
          assertThat(AopUtils.isAopProxy(context.getBean(Annotated.class))).isTrue();
          assertThat(AopUtils.isAopProxy(context.getBean(Plain.class))).isFalse();
          assertThat(context.getBean(CollapseMethods.class).list())
              .singleElement()
              .satisfies(method -> assertThat(method.method()).isEqualTo("Annotated.load(String)"));
        });
  }

  @Test
  void noProxyWhenAnnotationsAreDisabled() {
    runner
        .withPropertyValues("collapse.executor.annotations.enabled=false")
        .run(
            context -> {
              assertThat(context).doesNotHaveBean(CollapseMethods.class);
              assertThat(AopUtils.isAopProxy(context.getBean(Annotated.class))).isFalse();
            });
  }

  @Test
  void noProxyWhenCollapseIsDisabled() {
    runner
        .withPropertyValues("collapse.executor.enabled=false")
        .run(
            context -> assertThat(AopUtils.isAopProxy(context.getBean(Annotated.class))).isFalse());
  }

  @Test
  void noProxyWithoutSpringAop() {
    runner
        .withClassLoader(new FilteredClassLoader("org.aopalliance"))
        .run(context -> assertThat(context).doesNotHaveBean(CollapseMethods.class));
  }

  @Test
  void registersTheJacksonResultCopierWithTheApplicationsMapper() {
    JsonMapper mapper = JsonMapper.builder().build();
    runner
        .withBean(JsonMapper.class, () -> mapper)
        .run(
            context -> {
              JacksonResultCopier copier =
                  context.getBean(JacksonResultCopier.BEAN_NAME, JacksonResultCopier.class);
              assertThat(copier).extracting("mapper").isSameAs(mapper);
            });
  }

  @Test
  void registersTheJackson2ResultCopierUnderTheSameNameWhenJackson3IsMissing() {
    ObjectMapper mapper = new ObjectMapper();
    withoutProxies()
        .withClassLoader(new FilteredClassLoader("tools.jackson"))
        .withBean(ObjectMapper.class, () -> mapper)
        .run(
            context -> {
              ResultCopier copier =
                  context.getBean(JacksonResultCopier.BEAN_NAME, ResultCopier.class);
              assertThat(copier.getClass().getSimpleName()).isEqualTo("Jackson2ResultCopier");
              assertThat(copier).extracting("mapper").isSameAs(mapper);
            });
  }

  @Test
  void noJacksonResultCopierWithoutJackson() {
    withoutProxies()
        .withClassLoader(new FilteredClassLoader("tools.jackson", "com.fasterxml.jackson"))
        .run(
            context ->
                assertThat(context).hasNotFailed().doesNotHaveBean(JacksonResultCopier.BEAN_NAME));
  }

  /** No annotated bean: a filtering class loader cannot define proxy classes. */
  private static ApplicationContextRunner withoutProxies() {
    return new ApplicationContextRunner()
        .withConfiguration(
            AutoConfigurations.of(
                CollapseExecutorAutoConfiguration.class,
                CollapseAnnotationAutoConfiguration.class));
  }

  @Test
  void backsOffWhenUserDefinesAJacksonResultCopier() {
    JacksonResultCopier own = new JacksonResultCopier(JsonMapper.shared());
    runner
        .withBean(JacksonResultCopier.BEAN_NAME, JacksonResultCopier.class, () -> own)
        .run(context -> assertThat(context.getBean(JacksonResultCopier.BEAN_NAME)).isSameAs(own));
  }

  /** Each run is one {@code collapse.call}, and the caller's own observation says it led. */
  @Test
  void observesTheMethodsOnTheObservationRegistry() {
    List<Observation.Context> stopped = new CopyOnWriteArrayList<>();
    ObservationRegistry registry = ObservationRegistry.create();
    registry
        .observationConfig()
        .observationHandler(
            new ObservationHandler<>() {
              @Override
              public void onStop(Observation.Context observation) {
                stopped.add(observation);
              }

              @Override
              public boolean supportsContext(Observation.Context observation) {
                return true;
              }
            });
    runner
        .withBean(ObservationRegistry.class, () -> registry)
        .run(
            context -> {
              Annotated annotated = context.getBean(Annotated.class);
              assertThat(
                      Observation.createNotStarted("caller", registry)
                          .observe(() -> annotated.load("a")))
                  .isEqualTo("a");
              assertThat(stopped)
                  .extracting(Observation.Context::getName)
                  .containsExactly("collapse.call", "caller");
              assertThat(stopped.get(1).getHighCardinalityKeyValue("collapse.outcome"))
                  .isNotNull()
                  .extracting(KeyValue::getValue)
                  .isEqualTo("led");
            });
  }

  @Test
  void observesTheMethodsWithoutAnObservationRegistryToo() {
    runner.run(
        context -> {
          assertThat(context).hasSingleBean(MethodObserver.class);
          assertThat(context.getBean(Annotated.class).load("a")).isEqualTo("a");
        });
  }

  @Test
  void backsOffWhenUserDefinesAMethodObserver() {
    MethodObserver own = new MethodObserver() {};
    runner
        .withBean(MethodObserver.class, () -> own)
        .run(context -> assertThat(context.getBean(MethodObserver.class)).isSameAs(own));
  }

  static class Annotated {
    @Collapsible
    public String load(String id) {
      return id;
    }
  }

  static class Plain {
    public String load(String id) {
      return id;
    }
  }
}
