package io.github.collapseexecutor.spring.boot.autoconfigure.restclient;

import io.github.collapseexecutor.spring.boot.autoconfigure.BuilderFixture;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.LineFixtures;
import io.github.collapseexecutor.spring.http.client.CollapseHttpRequestInterceptor;
import io.github.collapseexecutor.testing.http.ClientCertificateContract;
import io.github.collapseexecutor.testing.http.ClientCertificates;
import io.github.collapseexecutor.testing.http.ClientFixture;
import io.github.collapseexecutor.testing.http.Outcome;
import java.util.Map;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.client.RestClient;

/**
 * Client certificates through the interceptor the auto-configuration adds to Spring Boot's
 * {@code RestClient.Builder}: each certificate's client is built from a builder of its own, given
 * a request factory that presents the certificate, where the interceptor cannot see it.
 */
final class RestClientBuildersClientCertificateTest implements ClientCertificateContract {

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  CollapseExecutorAutoConfiguration.class,
                  CollapseRestClientAutoConfiguration.class,
                  LineFixtures.REST_CLIENT_AUTO_CONFIGURATION))
          .withPropertyValues(
              "collapse.executor.rest-template.customize-rest-client-builder=true",
              "collapse.executor.rest-template.collapse-groups[0].uris=" + GROUP);

  @Override
  public ClientFixture fixture() {
    return new BuilderFixture<RestClient>(
        runner,
        (context, baseUrl, tls) ->
            context
                .getBean(RestClient.Builder.class)
                .baseUrl(baseUrl)
                .requestFactory(
                    new JdkClientHttpRequestFactory(ClientCertificates.jdkHttpClient(tls)))
                .build(),
        (client, target) ->
            Outcome.of(200, Map.of(), client.get().uri(target).retrieve().body(byte[].class)),
        context -> context.getBean(CollapseHttpRequestInterceptor.class).stats());
  }
}
