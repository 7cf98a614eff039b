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
import org.springframework.web.client.RestTemplate;
import org.springframework.web.util.DefaultUriBuilderFactory;

/**
 * Client certificates through the interceptor the auto-configuration adds to the templates of
 * Spring Boot's {@code RestTemplateBuilder}: both certificates' templates are built from the one
 * builder bean, each given a request factory that presents its certificate. The builder is
 * immutable and calls its customizers for every template it builds, so each template is a
 * partition of its own.
 */
final class RestTemplateBuilderClientCertificateTest implements ClientCertificateContract {

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  CollapseExecutorAutoConfiguration.class,
                  CollapseRestClientAutoConfiguration.class,
                  LineFixtures.REST_TEMPLATE_AUTO_CONFIGURATION))
          .withPropertyValues(
              "collapse.executor.rest-template.customize-rest-template-builder=true",
              "collapse.executor.rest-template.collapse-groups[0].uris=" + GROUP);

  @Override
  public ClientFixture fixture() {
    return new BuilderFixture<RestTemplate>(
        runner,
        (context, baseUrl, tls) ->
            LineFixtures.restTemplates(context)
                .uriTemplateHandler(new DefaultUriBuilderFactory(baseUrl))
                .requestFactory(
                    () -> new JdkClientHttpRequestFactory(ClientCertificates.jdkHttpClient(tls)))
                .build(),
        (client, target) -> Outcome.of(200, Map.of(), client.getForObject(target, byte[].class)),
        context -> context.getBean(CollapseHttpRequestInterceptor.class).stats());
  }
}
