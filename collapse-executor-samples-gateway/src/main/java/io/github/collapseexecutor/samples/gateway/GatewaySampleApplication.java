package io.github.collapseexecutor.samples.gateway;

import io.github.collapseexecutor.samples.gateway.Burst.Outcome;
import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.core.env.Environment;

/**
 * A Spring Cloud Gateway with two routes to the same slow upstream, one with the {@code Collapse}
 * filter and one without (see {@code application.yml}). It starts the upstream itself, on
 * loopback, then sends a burst of identical GETs through each route and prints how many upstream
 * calls each burst made, then exits; with {@code --sample.keep-running=true} it keeps serving.
 *
 * <pre>
 * ./mvnw -q -pl collapse-executor-samples-gateway -am -DskipTests package exec:java
 * </pre>
 */
@SpringBootApplication(proxyBeanMethods = false)
public class GatewaySampleApplication {

  /** The path the route with the Collapse filter takes. */
  static final String COLLAPSED = "/collapsed/prices/eur";

  /** The path the route without it takes. */
  static final String DIRECT = "/direct/prices/eur";

  /** Runs the sample; arguments are Spring Boot's, e.g. {@code --sample.keep-running=true}. */
  public static void main(String[] args) throws Exception {
    run(args);
  }

  /**
   * Starts the upstream and the gateway, sends the bursts, prints and returns their outcomes;
   * stops both unless {@code sample.keep-running} is set.
   */
  static List<Outcome> run(String... args) throws Exception {
    SlowUpstream upstream = SlowUpstream.start();
    List<String> all = new ArrayList<>(List.of(args));
    all.add("--upstream.uri=" + upstream.uri());
    SpringApplication application = new SpringApplication(GatewaySampleApplication.class);
    application.addListeners((ContextClosedEvent closed) -> upstream.close());
    ConfigurableApplicationContext gateway;
    try {
      gateway = application.run(all.toArray(String[]::new));
    } catch (RuntimeException e) {
      upstream.close();
      throw e;
    }
    boolean keepRunning = false;
    boolean sent = false;
    try {
      Environment environment = gateway.getEnvironment();
      int requests = environment.getProperty("sample.requests", Integer.class, 50);
      keepRunning = environment.getProperty("sample.keep-running", Boolean.class, false);
      String base =
          "http://127.0.0.1:" + ((WebServerApplicationContext) gateway).getWebServer().getPort();
      Burst burst = new Burst(base, gateway.getBean(Arrivals.class), upstream);
      Outcome collapsed = burst.send(COLLAPSED, requests);
      Outcome direct = burst.send(DIRECT, requests);
      System.out.println("with Collapse: " + collapsed);
      System.out.println("without:       " + direct);
      if (keepRunning) {
        System.out.printf(
            "gateway at %s: try %s/collapsed/prices/usd and %s/direct/prices/usd%n",
            base, base, base);
      }
      sent = true;
      return List.of(collapsed, direct);
    } finally {
      if (!(sent && keepRunning)) {
        gateway.close();
      }
    }
  }

  @Bean
  Arrivals arrivals() {
    return new Arrivals();
  }
}
