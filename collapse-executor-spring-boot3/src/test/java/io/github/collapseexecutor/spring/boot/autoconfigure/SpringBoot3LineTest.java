package io.github.collapseexecutor.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.collapseexecutor.spring.annotation.JacksonResultCopier;
import io.github.collapseexecutor.spring.annotation.ResultCopier;
import io.github.collapseexecutor.spring.boot.autoconfigure.annotation.CollapseAnnotationAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.restclient.CollapseRestClientAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.webclient.CollapseWebClientAutoConfiguration;
import io.github.collapseexecutor.spring.http.client.CollapseHttpRequestInterceptor;
import io.github.collapseexecutor.spring.http.reactive.CollapseExchangeFilterFunction;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootVersion;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.web.client.RestClientAutoConfiguration;
import org.springframework.boot.autoconfigure.web.client.RestTemplateAutoConfiguration;
import org.springframework.boot.autoconfigure.web.reactive.function.client.WebClientAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.web.client.RestTemplateBuilder;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.io.support.SpringFactoriesLoader;
import org.springframework.http.client.ClientHttpRequestInterceptor;
import org.springframework.web.client.RestClient;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * What differs on Spring Boot 3: the line this artifact accepts, Spring Boot 3's builder
 * customizers, and Jackson 2's result copier. The rest of the Spring Boot module's tests run here
 * unchanged, from that module's sources.
 */
final class SpringBoot3LineTest {

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  CollapseExecutorAutoConfiguration.class,
                  CollapseRestClientAutoConfiguration.class,
                  CollapseWebClientAutoConfiguration.class,
                  CollapseAnnotationAutoConfiguration.class,
                  RestClientAutoConfiguration.class,
                  RestTemplateAutoConfiguration.class,
                  WebClientAutoConfiguration.class));

  @Test
  void springBoot4StopsStartupNamingTheVersionAndTheArtifactToUse() {
    assertThatIllegalStateException()
        .isThrownBy(() -> SpringBootLineCheck.check("4.1.1"))
        .withMessageStartingWith("collapse-executor-spring-boot3 is built for Spring Boot 3.x")
        .withMessageContaining("runs Spring Boot 4.1.1")
        .withMessageContaining("Depend on collapse-executor-spring-boot-starter instead")
        .withMessageContaining("collapse.executor.enabled=false");
  }

  @Test
  void theLineItIsBuiltForPasses() {
    assertThatCode(
            () -> {
              SpringBootLineCheck.check("3.5.7");
              SpringBootLineCheck.check("3.5.0-RC1");
              SpringBootLineCheck.check(null);
            })
        .doesNotThrowAnyException();
  }

  @Test
  void anApplicationOnThisSpringBootStartsWithTheCheckRegistered() {
    assertThat(SpringBootVersion.getVersion()).startsWith("3.5.");
    assertThat(
            SpringFactoriesLoader.forDefaultResourceLocation()
                .load(ApplicationContextInitializer.class))
        .anyMatch(SpringBootLineCheck.class::isInstance);
    SpringApplication application = new SpringApplication(Empty.class);
    application.setWebApplicationType(WebApplicationType.NONE);
    try (ConfigurableApplicationContext context = application.run()) {
      assertThat(context.isActive()).isTrue();
    }
  }

  @Test
  void httpServiceGroupsStopStartupSayingThereAreNoneOnThisLine() {
    runner
        .withPropertyValues("collapse.executor.http-service-groups=catalogue")
        .run(
            context -> {
              assertThat(context).hasFailed();
              assertThat(context.getStartupFailure())
                  .rootCause()
                  .isInstanceOf(InvalidPropertiesException.class)
                  .hasMessageContaining("collapse.executor.http-service-groups")
                  .hasMessageContaining("no HTTP service groups");
            });
    runner.run(context -> assertThat(context).hasNotFailed());
  }

  @Test
  void springBoot3sRestClientBuilderGetsAPartitionWhenAskedTo() {
    runner
        .withPropertyValues("collapse.executor.rest-template.customize-rest-client-builder=true")
        .run(
            context -> {
              RestClient.Builder builder = context.getBean(RestClient.Builder.class);
              builder.requestInterceptors(
                  interceptors ->
                      assertThat(interceptors)
                          .singleElement()
                          .isInstanceOf(CollapseHttpRequestInterceptor.class)
                          .isNotSameAs(context.getBean(CollapseHttpRequestInterceptor.class)));
            });
  }

  @Test
  void springBoot3sRestTemplateBuilderGetsAPartitionWhenAskedTo() {
    runner
        .withPropertyValues("collapse.executor.rest-template.customize-rest-template-builder=true")
        .run(
            context -> {
              List<ClientHttpRequestInterceptor> interceptors =
                  context.getBean(RestTemplateBuilder.class).build().getInterceptors();
              assertThat(interceptors)
                  .singleElement()
                  .isInstanceOf(CollapseHttpRequestInterceptor.class);
            });
  }

  @Test
  void springBoot3sWebClientBuilderGetsAPartitionWhenAskedTo() {
    runner
        .withPropertyValues("collapse.executor.web-client.customize-web-client-builder=true")
        .run(
            context ->
                context
                    .getBean(WebClient.Builder.class)
                    .filters(
                        filters ->
                            assertThat(filters)
                                .singleElement()
                                .isInstanceOf(CollapseExchangeFilterFunction.class)));
  }

  @Test
  void noBuilderIsCustomizedUnlessAskedTo() {
    runner.run(
        context -> {
          context
              .getBean(RestClient.Builder.class)
              .requestInterceptors(interceptors -> assertThat(interceptors).isEmpty());
          context
              .getBean(WebClient.Builder.class)
              .filters(filters -> assertThat(filters).isEmpty());
        });
  }

  @Test
  void jackson2sCopierTakesTheSharedNameWithTheApplicationsMapper() {
    ObjectMapper mapper = new ObjectMapper();
    // Jackson 3 is on this class path too, as another library may bring it to an application
    // on Spring Boot 3: the application's Jackson 2 mapper is still the one results go through
    runner
        .withBean(ObjectMapper.class, () -> mapper)
        .run(
            context -> {
              ResultCopier copier =
                  context.getBean(JacksonResultCopier.BEAN_NAME, ResultCopier.class);
              assertThat(copier.getClass().getSimpleName()).isEqualTo("Jackson2ResultCopier");
              assertThat(copier).extracting("mapper").isSameAs(mapper);
            });
  }

  @Configuration(proxyBeanMethods = false)
  static class Empty {}
}
