package io.github.collapseexecutor.spring.boot.autoconfigure;

import io.github.collapseexecutor.grpc.CollapseClientInterceptor;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.okhttp.CollapseInterceptor;
import io.github.collapseexecutor.spring.boot.autoconfigure.grpc.CollapseGrpcClientAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.okhttp.CollapseOkHttpAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.restclient.CollapseRestClientAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.webclient.CollapseWebClientAutoConfiguration;
import io.github.collapseexecutor.spring.http.client.CollapseHttpRequestInterceptor;
import io.github.collapseexecutor.spring.http.reactive.CollapseExchangeFilterFunction;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The client adapter beans of the sections that are off ({@code collapse.executor.enabled} or a
 * section's {@code enabled} false), as pass-through adapters: an application whose configuration
 * injects {@link CollapseHttpRequestInterceptor}, {@link CollapseExchangeFilterFunction}, OkHttp's
 * {@link CollapseInterceptor} or gRPC's {@link CollapseClientInterceptor} still starts, and every
 * request goes through them to the backend as if they were not there. They collapse nothing and
 * have no collapse group, executor thread, meter or endpoint entry; each counts its requests as
 * passed through in its own {@code stats()}, and nothing adds them to a client. A section that is
 * on has its real adapter, from its own auto-configuration, and this one adds nothing.
 */
@AutoConfiguration(
    after = {
      CollapseRestClientAutoConfiguration.class,
      CollapseWebClientAutoConfiguration.class,
      CollapseOkHttpAutoConfiguration.class,
      CollapseGrpcClientAutoConfiguration.class
    })
public final class CollapsePassThroughAutoConfiguration {

  /** Options with no collapse group: every request passes through. */
  private static HttpCollapseOptions passThrough() {
    return HttpCollapseOptions.builder().build();
  }

  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(
      name = {
        "org.springframework.web.client.RestClient",
        "io.github.collapseexecutor.spring.http.client.CollapseHttpRequestInterceptor"
      })
  static class RestClientPassThrough {

    @Bean
    @ConditionalOnMissingBean
    CollapseHttpRequestInterceptor collapseHttpRequestInterceptor() {
      return new CollapseHttpRequestInterceptor(passThrough());
    }
  }

  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(
      name = {
        "org.springframework.web.reactive.function.client.WebClient",
        "io.github.collapseexecutor.spring.http.reactive.CollapseExchangeFilterFunction"
      })
  static class WebClientPassThrough {

    @Bean
    @ConditionalOnMissingBean
    CollapseExchangeFilterFunction collapseExchangeFilterFunction() {
      return new CollapseExchangeFilterFunction(passThrough());
    }
  }

  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(
      name = {"okhttp3.OkHttpClient", "io.github.collapseexecutor.okhttp.CollapseInterceptor"})
  static class OkHttpPassThrough {

    @Bean
    @ConditionalOnMissingBean
    CollapseInterceptor collapseOkHttpInterceptor() {
      return new CollapseInterceptor(passThrough());
    }
  }

  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(
      name = {
        "io.grpc.ClientInterceptor",
        "io.github.collapseexecutor.grpc.CollapseClientInterceptor"
      })
  static class GrpcPassThrough {

    /** No method collapses; not global, so no channel takes it unless given it by hand. */
    @Bean
    @ConditionalOnMissingBean
    CollapseClientInterceptor collapseGrpcClientInterceptor() {
      return CollapseClientInterceptor.builder().methods(fullMethodName -> false).build();
    }
  }
}
