package io.github.collapseexecutor.spring.boot.autoconfigure.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.grpc.CollapseServerInterceptor;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.CollapseGrpcServerProperties;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.grpc.server.GlobalServerInterceptor;

final class CollapseGrpcServerAutoConfigurationTest {

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  CollapseExecutorAutoConfiguration.class,
                  CollapseGrpcServerAutoConfiguration.class));

  @Test
  void registersTheInterceptorAsAGlobalServerInterceptor() {
    runner.run(
        context -> {
          assertThat(context).hasSingleBean(CollapseServerInterceptor.class);
          assertThat(context.getBean(CollapseServerInterceptor.class).name())
              .isEqualTo("grpc-server");
          assertThat(
                  context.findAnnotationOnBean(
                      "collapseGrpcServerInterceptor", GlobalServerInterceptor.class))
              .isNotNull();
        });
  }

  @Test
  void bindsTheSection() {
    runner
        .withPropertyValues(
            "collapse.executor.grpc.server.methods=catalogue.Catalogue/*",
            "collapse.executor.grpc.server.sensitive-metadata=x-tenant",
            "collapse.executor.grpc.server.wait-timeout=2s")
        .run(
            context -> {
              CollapseGrpcServerProperties section =
                  context.getBean(CollapseGrpcServerProperties.class);
              assertThat(section.getMethods()).containsExactly("catalogue.Catalogue/*");
              assertThat(section.getSensitiveMetadata()).containsExactly("x-tenant");
              assertThat(section.getWaitTimeout()).isEqualTo(Duration.ofSeconds(2));
              assertThat(context).hasSingleBean(CollapseServerInterceptor.class);
            });
  }

  @Test
  void theClientSwitchLeavesTheServerOn() {
    runner
        .withPropertyValues("collapse.executor.grpc.enabled=false")
        .run(context -> assertThat(context).hasSingleBean(CollapseServerInterceptor.class));
  }

  @Test
  void backsOffWhenUserDefinesInterceptor() {
    CollapseServerInterceptor mine = CollapseServerInterceptor.builder().name("mine").build();
    runner
        .withBean(CollapseServerInterceptor.class, () -> mine)
        .run(
            context -> assertThat(context).getBean(CollapseServerInterceptor.class).isSameAs(mine));
  }

  @Test
  void noInterceptorWhenTheServerSectionIsOff() {
    runner
        .withPropertyValues("collapse.executor.grpc.server.enabled=false")
        .run(
            context ->
                assertThat(context)
                    .hasNotFailed()
                    .doesNotHaveBean(CollapseServerInterceptor.class));
  }

  @Test
  void noInterceptorWhenMasterSwitchOff() {
    runner
        .withPropertyValues("collapse.executor.enabled=false")
        .run(context -> assertThat(context).doesNotHaveBean(CollapseServerInterceptor.class));
  }

  @Test
  void noInterceptorWithoutTheGrpcArtifact() {
    runner
        .withClassLoader(new FilteredClassLoader(CollapseServerInterceptor.class))
        .run(
            context ->
                assertThat(context)
                    .hasNotFailed()
                    .doesNotHaveBean(CollapseServerInterceptor.class));
  }

  @Test
  void noInterceptorWithoutSpringGrpc() {
    runner
        .withClassLoader(new FilteredClassLoader(GlobalServerInterceptor.class))
        .run(
            context ->
                assertThat(context)
                    .hasNotFailed()
                    .doesNotHaveBean(CollapseServerInterceptor.class));
  }
}
