package io.github.collapseexecutor.samples.web;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Primary;
import org.springframework.test.context.ActiveProfiles;

/**
 * The sample application on a random port, without its start-up report, with a
 * {@link GatedUserStore} and an {@link ArrivalBarrier} in front of {@code /test/*} and
 * {@code /mixed/*}, so that a test's concurrent calls overlap. The test classes that use it share
 * one context.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@SpringBootTest(
    classes = SampleApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = "sample.startup-report.enabled=false")
@ActiveProfiles(SampleApplication.PROFILE)
@Import(GatedSampleTest.Gates.class)
@interface GatedSampleTest {

  @TestConfiguration(proxyBeanMethods = false)
  class Gates {

    @Bean
    @Primary
    GatedUserStore gatedUserStore() {
      return new GatedUserStore();
    }

    @Bean
    ArrivalBarrier arrivalBarrier() {
      return new ArrivalBarrier();
    }

    /** Runs before the collapse filter, which runs last. */
    @Bean
    FilterRegistrationBean<ArrivalBarrier> arrivalBarrierRegistration(ArrivalBarrier barrier) {
      FilterRegistrationBean<ArrivalBarrier> registration = new FilterRegistrationBean<>(barrier);
      registration.addUrlPatterns("/test/*", "/mixed/*");
      registration.setOrder(0);
      return registration;
    }
  }
}
