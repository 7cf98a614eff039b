package io.github.collapseexecutor.spring.boot.autoconfigure.webclient;

import io.github.collapseexecutor.spring.boot.autoconfigure.BuilderFixture;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.LineFixtures;
import io.github.collapseexecutor.spring.http.reactive.CollapseExchangeFilterFunction;
import io.github.collapseexecutor.testing.http.ClientCertificateContract;
import io.github.collapseexecutor.testing.http.ClientCertificates;
import io.github.collapseexecutor.testing.http.ClientFixture;
import io.github.collapseexecutor.testing.http.Outcome;
import java.time.Duration;
import java.util.Map;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.http.client.reactive.JdkClientHttpConnector;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * Client certificates through the filter the auto-configuration adds to Spring Boot's
 * {@code WebClient.Builder}: each certificate's client is built from a builder of its own, given a
 * connector that presents the certificate, where the filter cannot see it.
 */
final class WebClientBuildersClientCertificateTest implements ClientCertificateContract {

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  CollapseExecutorAutoConfiguration.class,
                  CollapseWebClientAutoConfiguration.class,
                  LineFixtures.WEB_CLIENT_AUTO_CONFIGURATION))
          .withPropertyValues(
              "collapse.executor.web-client.customize-web-client-builder=true",
              "collapse.executor.web-client.collapse-groups[0].uris=" + GROUP);

  @Override
  public ClientFixture fixture() {
    return new BuilderFixture<WebClient>(
        runner,
        (context, baseUrl, tls) ->
            context
                .getBean(WebClient.Builder.class)
                .baseUrl(baseUrl)
                .clientConnector(new JdkClientHttpConnector(ClientCertificates.jdkHttpClient(tls)))
                .build(),
        (client, target) ->
            Outcome.of(
                200,
                Map.of(),
                client
                    .get()
                    .uri(target)
                    .retrieve()
                    .bodyToMono(byte[].class)
                    .block(Duration.ofSeconds(20))),
        context -> context.getBean(CollapseExchangeFilterFunction.class).stats());
  }
}
