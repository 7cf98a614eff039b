package io.github.collapseexecutor.spring.boot.autoconfigure.okhttp;

import io.github.collapseexecutor.okhttp.CollapseInterceptor;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.CollapseOkHttpProperties;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.ApplyToChosenBeans;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.ClientWiring;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.HttpAdapterSupport;
import java.util.List;
import java.util.Map;
import okhttp3.OkHttpClient;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

/**
 * The collapse interceptor of OkHttp, configured by the {@code collapse.executor.okhttp} section.
 * Spring Boot builds no {@code OkHttpClient}, so add it yourself, as an application interceptor
 * after the ones that add headers:
 *
 * <pre>{@code
 * @Bean
 * OkHttpClient okHttpClient(CollapseInterceptor collapse) {
 *   return new OkHttpClient.Builder().addInterceptor(collapse).build();
 * }
 * }</pre>
 *
 * <p>Or name the {@code OkHttpClient} beans in {@code apply-to-beans}: each is replaced by a copy
 * built with {@code newBuilder()}, which shares its connection pool and dispatcher, with a
 * partition of the interceptor added last ({@link CollapseInterceptor#partition(OkHttpClient,
 * String)}), named after the bean: the name under which its calls collapse beyond this instance,
 * where the section asks for that.
 *
 * <p>Off when {@code collapse.executor.enabled} or {@code collapse.executor.okhttp.enabled} is
 * false, or when OkHttp or the {@code collapse-executor-okhttp} artifact is missing.
 */
@AutoConfiguration(after = CollapseExecutorAutoConfiguration.class)
@ConditionalOnClass({OkHttpClient.class, CollapseInterceptor.class})
@ConditionalOnBooleanProperty(name = "collapse.executor.enabled", matchIfMissing = true)
@ConditionalOnBooleanProperty(name = "collapse.executor.okhttp.enabled", matchIfMissing = true)
@EnableConfigurationProperties(CollapseOkHttpProperties.class)
public final class CollapseOkHttpAutoConfiguration {

  /** The integration tag and executor name of the interceptor. */
  public static final String INTEGRATION = CollapseInterceptor.DEFAULT_NAME;

  @Bean
  @ConditionalOnMissingBean
  CollapseInterceptor collapseOkHttpInterceptor(
      CollapseOkHttpProperties section, HttpAdapterSupport adapters) {
    return adapters.newAdapter(INTEGRATION, section, CollapseInterceptor::new, Map.of());
  }

  /**
   * Says where the interceptor went, and warns when its collapse groups reach no client: Spring
   * Boot builds no OkHttpClient, so only apply-to-beans or a client of the application's takes it.
   */
  @Bean
  ClientWiring collapseOkHttpWiring(CollapseOkHttpProperties section) {
    return ClientWiring.byBeansOnly(
        CollapseOkHttpAutoConfiguration.class, section, CollapseInterceptor.class);
  }

  /** Adds a partition of the interceptor, last, to the OkHttpClient beans of apply-to-beans. */
  @Bean
  static ApplyToChosenBeans collapseOkHttpApplyToBeans(
      Environment environment, ObjectProvider<CollapseInterceptor> interceptor) {
    return ApplyToChosenBeans.of(
        environment,
        INTEGRATION,
        List.of(OkHttpClient.class),
        (client, name) -> withInterceptor((OkHttpClient) client, name, interceptor.getObject()));
  }

  /** Adds a partition named after the client's bean, the client's name beyond this instance. */
  private static OkHttpClient withInterceptor(
      OkHttpClient client, String beanName, CollapseInterceptor interceptor) {
    boolean held =
        client.interceptors().stream()
            .anyMatch(
                one ->
                    one instanceof CollapseInterceptor collapse
                        && collapse.stats() == interceptor.stats());
    return held ? client : interceptor.partition(client, beanName);
  }
}
