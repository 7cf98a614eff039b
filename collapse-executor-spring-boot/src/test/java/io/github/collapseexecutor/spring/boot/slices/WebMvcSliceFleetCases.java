package io.github.collapseexecutor.spring.boot.slices;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.fleet.Fleet;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutors;
import io.github.collapseexecutor.spring.boot.autoconfigure.restclient.CollapseRestClientAutoConfiguration;
import io.github.collapseexecutor.testing.http.LocalOnlyFleet;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;

/**
 * A {@code @WebMvcTest} of an application whose client section says {@code fleet: true}, with a
 * {@code Fleet} bean of the test's own, on either Spring Boot line: the slice lists the wiring of
 * the {@code fleet} keys with the adapters, so the interceptor gets the test's tier, as it does in
 * the application. The concrete classes set the property and import {@link OwnFleet}.
 */
public abstract class WebMvcSliceFleetCases {

  @Autowired private CollapseExecutors executors;

  @Autowired private Fleet fleet;

  @Test
  void theInterceptorOfAFleetSectionGetsTheTestsTier() {
    assertThat(executors.list())
        .filteredOn(
            executor ->
                executor.integration().equals(CollapseRestClientAutoConfiguration.INTEGRATION))
        .singleElement()
        .satisfies(executor -> assertThat(executor.options().fleet()).isSameAs(fleet));
  }

  /** The test's tier: one that keeps every call on its instance. */
  @TestConfiguration(proxyBeanMethods = false)
  public static class OwnFleet {

    @Bean
    Fleet localOnlyFleet() {
      return new LocalOnlyFleet();
    }
  }
}
