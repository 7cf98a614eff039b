package io.github.collapseexecutor.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.collapseexecutor.spring.annotation.CollapseBatch;
import io.github.collapseexecutor.spring.annotation.Collapsible;
import io.github.collapseexecutor.spring.annotation.MisconfiguredMethodException;
import io.github.collapseexecutor.spring.boot.autoconfigure.annotation.CollapseAnnotationAutoConfiguration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.access.prepost.PostFilter;

/**
 * An annotated method that cannot be collapsed stops the application with a failure analysis that
 * names the bean, the method and what to change, not with the stack of the bean's creation.
 */
@ExtendWith(OutputCaptureExtension.class)
final class MisconfiguredMethodFailureAnalyzerTest {

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  CollapseExecutorAutoConfiguration.class,
                  CollapseAnnotationAutoConfiguration.class));

  @Test
  void aBatchMethodThatDoesNotExistIsDescribedWithTheBeanTheMethodAndWhatToChange() {
    runner
        .withBean("users", MissingBatchMethod.class)
        .run(
            context -> {
              FailureAnalysis analysis =
                  new MisconfiguredMethodFailureAnalyzer().analyze(context.getStartupFailure());
              assertThat(analysis).isNotNull();
              assertThat(analysis.getDescription())
                  .contains("Bean: users (" + MissingBatchMethod.class.getName() + ")")
                  .contains("Method: MissingBatchMethod.load(String)")
                  .contains("Annotation: @CollapseBatch")
                  .contains("Reason: no method 'loadAl' in MissingBatchMethod");
              assertThat(analysis.getAction())
                  .startsWith(
                      "Set batchMethod to the name of a method of"
                          + " MissingBatchMethod that takes a List or Collection of the arguments");
            });
  }

  @Test
  void aPostFilterOnACollapsibleMethodIsDescribedWithWhatToChange() {
    runner
        .withBean("filtered", PostFiltered.class)
        .run(
            context -> {
              FailureAnalysis analysis =
                  new MisconfiguredMethodFailureAnalyzer().analyze(context.getStartupFailure());
              assertThat(analysis.getDescription())
                  .contains("Method: PostFiltered.all(String)")
                  .contains("Annotation: @Collapsible")
                  .contains("Reason: @PostFilter filters the returned collection in place");
              assertThat(analysis.getAction())
                  .startsWith("Remove @PostFilter from the method, or remove @Collapsible");
            });
  }

  @Test
  void anExecutorThatIsNotConfiguredIsDescribedWithTheConfiguredOnes() {
    runner
        .withPropertyValues("collapse.executor.executors.users.max-batch-size=10")
        .withBean("named", UnknownExecutor.class)
        .run(
            context -> {
              MisconfiguredMethodException failure = misconfigured(context.getStartupFailure());
              assertThat(failure.reason()).startsWith("executor 'userz' is not configured");
              assertThat(failure.action())
                  .isEqualTo(
                      "Name one of [default, users] in executor, or"
                          + " configure collapse.executor.executors.userz.");
            });
  }

  @Test
  void aKeyThatDoesNotParseKeepsTheParserErrorAsItsCause() {
    runner
        .withBean("badKey", BadKey.class)
        .run(
            context -> {
              MisconfiguredMethodException failure = misconfigured(context.getStartupFailure());
              assertThat(failure.bean()).isEqualTo("badKey (" + BadKey.class.getName() + ")");
              assertThat(failure.getCause())
                  .isInstanceOf(org.springframework.expression.ParseException.class);
            });
  }

  @Test
  void springBootPrintsTheAnalysisInsteadOfTheBeanCreationStack(CapturedOutput output) {
    SpringApplicationBuilder application =
        new SpringApplicationBuilder(WithMissingBatchMethod.class).web(WebApplicationType.NONE);
    assertThatThrownBy(application::run).hasRootCauseInstanceOf(MisconfiguredMethodException.class);
    assertThat(output)
        .contains("APPLICATION FAILED TO START")
        .contains("A collapse annotation cannot be applied as written:")
        .contains("Bean: missingBatchMethod (" + MissingBatchMethod.class.getName() + ")")
        .contains("Action:")
        .as("no stack trace of the bean creation is printed")
        .doesNotContain("at org.springframework.beans.factory.support.AbstractBeanFactory");
  }

  private static MisconfiguredMethodException misconfigured(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof MisconfiguredMethodException misconfigured) {
        return misconfigured;
      }
    }
    throw new AssertionError("no MisconfiguredMethodException in " + failure);
  }

  static class MissingBatchMethod {
    @CollapseBatch(batchMethod = "loadAl")
    public String load(String id) {
      return id;
    }

    public List<String> loadAll(List<String> ids) {
      return ids;
    }
  }

  static class PostFiltered {
    @Collapsible
    @PostFilter("filterObject != 'secret'")
    public List<String> all(String id) {
      return List.of(id);
    }
  }

  static class UnknownExecutor {
    @Collapsible(executor = "userz")
    public String load(String id) {
      return id;
    }
  }

  static class BadKey {
    @Collapsible(key = "#p0.")
    public String load(String id) {
      return id;
    }
  }

  /** An application whose one annotated bean names a batch method it does not have. */
  @Configuration(proxyBeanMethods = false)
  @ImportAutoConfiguration({
    CollapseExecutorAutoConfiguration.class,
    CollapseAnnotationAutoConfiguration.class
  })
  static class WithMissingBatchMethod {

    @Bean
    MissingBatchMethod missingBatchMethod() {
      return new MissingBatchMethod();
    }
  }
}
