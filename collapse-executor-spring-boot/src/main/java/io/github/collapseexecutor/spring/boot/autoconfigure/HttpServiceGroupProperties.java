package io.github.collapseexecutor.spring.boot.autoconfigure;

import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The {@code collapse.executor.http-service-groups} switch: which of Spring's HTTP service groups
 * ({@code @HttpExchange} interfaces imported with {@code @ImportHttpServices}, configured under
 * {@code spring.http.serviceclient.<group>}) collapse. A group backed by a {@code RestClient} gets
 * the interceptor of the {@code rest-template} section, one backed by a {@code WebClient} the
 * filter function of the {@code web-client} section, each added last.
 */
@ConfigurationProperties("collapse.executor")
public class HttpServiceGroupProperties {

  /**
   * Names of the HTTP service groups whose clients get the collapse adapter, which collapses by
   * the collapse groups of the section of the group's client type.
   */
  private List<String> httpServiceGroups = new ArrayList<>();

  public List<String> getHttpServiceGroups() {
    return httpServiceGroups;
  }

  public void setHttpServiceGroups(List<String> httpServiceGroups) {
    this.httpServiceGroups = httpServiceGroups;
  }
}
