package io.github.collapseexecutor.benchmarks.load.gateway;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;

/** A Spring Cloud Gateway whose routes come from its properties alone. */
@SpringBootConfiguration(proxyBeanMethods = false)
@EnableAutoConfiguration
public class GatewayApplication {

  public static void main(String[] args) {
    SpringApplication.run(GatewayApplication.class, args);
  }
}
