package io.github.collapseexecutor.samples.clinic;

import java.time.Duration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.cache.annotation.EnableCaching;
import org.springframework.context.annotation.Bean;

/**
 * The clinic: owners and their pets, vets, on Spring Data JPA and an embedded H2, with Thymeleaf
 * pages. Its configuration is {@code application-clinic.yml}: {@code @Collapsible} on the
 * repository reads, the servlet filter on the pages.
 *
 * <p>{@code main} starts it twice, with collapse and without ({@code collapse.executor.enabled=false}),
 * sends both the same requests and prints what collapsed, what did not and why
 * ({@link ClinicReport}); run it as {@code docs/samples/clinic.md} says. Arguments go to both
 * instances, such as {@code --spring.datasource.url=jdbc:postgresql://...}.
 */
@SpringBootApplication
@EnableCaching
public class ClinicApplication {

  /** The profile that holds the application's configuration. */
  public static final String PROFILE = "clinic";

  /** Returns a builder of the application with its profile. */
  public static SpringApplicationBuilder builder() {
    return new SpringApplicationBuilder(ClinicApplication.class).profiles(PROFILE);
  }

  /** Counts statements, each {@code sample.clinic.statement-latency} long. */
  @Bean
  static StatementCounter statementCounter(
      @Value("${sample.clinic.statement-latency:0ms}") Duration latency) {
    return new StatementCounter(latency);
  }

  public static void main(String[] args) throws Exception {
    try (ClinicServer with = ClinicServer.start(true, args);
        ClinicServer without = ClinicServer.start(false, args)) {
      System.out.println(ClinicReport.measure(without, with));
    }
  }
}
