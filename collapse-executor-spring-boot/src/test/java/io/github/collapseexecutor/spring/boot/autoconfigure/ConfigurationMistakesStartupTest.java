package io.github.collapseexecutor.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.collapseexecutor.spring.boot.autoconfigure.restclient.CollapseRestClientAutoConfiguration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Configuration;

/**
 * What Spring Boot prints when a YAML file under {@code collapse.executor} holds a mistake: the key
 * as written in YAML, the value as written, the file and line it was set on, and a link to the
 * reference of every key.
 */
@ExtendWith(OutputCaptureExtension.class)
final class ConfigurationMistakesStartupTest {

  private static final String REFERENCE =
      "https://github.com/collapse-executor/collapse-executor/blob/main/docs/spring-boot.md";

  @Test
  void aBadValueIsPrintedAsWrittenWithItsFileAndLine(CapturedOutput output) {
    assertThatThrownBy(() -> start("bad-value.yml")).isNotNull();
    assertThat(output)
        .contains("APPLICATION FAILED TO START")
        .contains(
            """
            Invalid collapse configuration:

                Property: collapse.executor.rest-template.wait-timeout
                Value: '-5s'
                Origin: class path resource [collapse-mistakes/bad-value.yml]""")
        .contains("bad-value.yml] - 4:21\n    Reason: must be positive\n")
        .contains("Every collapse.executor key, its default and its meaning: " + REFERENCE)
        .doesNotContain("PT-5S")
        .doesNotContain("waitTimeout");
  }

  @Test
  void theRestClientSectionUsersGuessIsAnsweredWithTheKeyTheyMeant(CapturedOutput output) {
    assertThatThrownBy(() -> start("rest-client.yml")).isNotNull();
    assertThat(output)
        .contains("APPLICATION FAILED TO START")
        .contains(
            "collapse.executor.rest-client.customize-rest-client-builder is not a known key;"
                + " did you mean collapse.executor.rest-template.customize-rest-client-builder?\n"
                + "    Origin: class path resource [collapse-mistakes/rest-client.yml]")
        .contains("rest-client.yml] - 4:38")
        .contains("Every collapse.executor key: " + REFERENCE);
  }

  @Test
  void everyMistakeOfAFileIsReportedAtOnceWithItsKeyValueAndOrigin(CapturedOutput output) {
    assertThatThrownBy(() -> start("every-mistake.yml")).isNotNull();
    String origin = "Origin: class path resource [collapse-mistakes/every-mistake.yml] - ";
    assertThat(output)
        .contains("APPLICATION FAILED TO START")
        // values the binder cannot read: each one, not the first only
        .contains(
            "Property: collapse.executor.max-batch-size\n    Value: 'many'\n    "
                + origin
                + "3:21\n    Reason: cannot be read as an Integer")
        .contains("Property: collapse.executor.rest-template.wait-timeout\n    Value: 'soon'")
        .contains("Property: collapse.executor.rest-template.max-body-size\n    Value: 'lots'")
        // values the builders reject, beside them: a pattern, then two undefined policies
        .contains("Property: collapse.executor.rest-template.collapse-groups[0].uris")
        .contains("can never match")
        .contains(
            "Property: collapse.executor.rest-template.collapse-groups[1]"
                + ".collapse-policy-name\n    Value: 'per-user'")
        .contains(
            "Property: collapse.executor.rest-template.collapse-groups[2]"
                + ".collapse-policy-name\n    Value: 'per-tenant'")
        .contains("which is not defined; defined: [per-client]");
  }

  private static void start(String file) {
    new SpringApplicationBuilder(WithCollapse.class)
        .web(WebApplicationType.NONE)
        .run("--spring.config.additional-location=classpath:/collapse-mistakes/" + file)
        .close();
  }

  /** An application with the core and RestClient auto-configurations. */
  @Configuration(proxyBeanMethods = false)
  @ImportAutoConfiguration({
    CollapseExecutorAutoConfiguration.class,
    CollapseRestClientAutoConfiguration.class
  })
  static class WithCollapse {}
}
