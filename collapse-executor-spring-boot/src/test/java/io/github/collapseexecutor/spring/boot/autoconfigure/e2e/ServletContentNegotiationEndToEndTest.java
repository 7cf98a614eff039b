package io.github.collapseexecutor.spring.boot.autoconfigure.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.testing.http.Concurrently;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.MessageSource;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.context.support.StaticMessageSource;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The servlet filter with its default key in front of a Spring MVC endpoint that picks its
 * representation from {@code Accept} ({@code produces}) and its language from
 * {@code Accept-Language} ({@code MessageSource}), and sends no {@code Vary}: callers that ask for
 * different representations at once each get their own.
 */
@SpringBootTest(
    classes = ServletContentNegotiationEndToEndTest.App.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = "collapse.executor.servlet.collapse-groups[0].uris=/user/*")
@Timeout(60)
final class ServletContentNegotiationEndToEndTest {

  private static final int N = 12;

  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(20)).build();

  @LocalServerPort private int port;

  @Autowired private ServerGate gate;

  private HttpResponse<String> get(String accept, String language) throws Exception {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/user/greeting"))
            .header("Accept", accept)
            .header("Accept-Language", language)
            .timeout(Duration.ofSeconds(20))
            .GET()
            .build();
    return http.send(request, HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void eachCallerGetsTheMediaTypeAndLanguageItAskedFor() throws Exception {
    List<String> accepts = List.of("text/plain", "application/json");
    List<String> languages = List.of("en", "de");
    gate.expect(N);
    AtomicInteger next = new AtomicInteger();

    List<String> wrong =
        Concurrently.run(
                N,
                () -> {
                  int i = next.getAndIncrement();
                  String accept = accepts.get(i % 2);
                  String language = languages.get(i / 2 % 2);
                  HttpResponse<String> response = get(accept, language);
                  String greeting = language.equals("de") ? "Hallo" : "Hello";
                  String expected =
                      accept.equals("text/plain")
                          ? greeting
                          : "{\"greeting\":\"" + greeting + "\"}";
                  String contentType = response.headers().firstValue("Content-Type").orElse("");
                  return response.body().equals(expected) && contentType.startsWith(accept)
                      ? null
                      : accept + " " + language + " got " + contentType + " " + response.body();
                })
            .stream()
            .filter(outcome -> outcome != null)
            .toList();

    assertThat(wrong).as("callers that got another representation").isEmpty();
    assertThat(gate.handled()).as("callers that asked alike still share").isLessThan(N);
  }

  @SpringBootConfiguration
  @EnableAutoConfiguration
  @Import(Greetings.class)
  static class App {

    @Bean
    ServerGate serverGate() {
      return new ServerGate();
    }

    @Bean
    FilterRegistrationBean<?> arrivalsFilter(ServerGate gate) {
      FilterRegistrationBean<?> registration =
          new FilterRegistrationBean<>(
              (request, response, chain) -> {
                gate.arrived();
                chain.doFilter(request, response);
              });
      registration.setOrder(0);
      return registration;
    }

    @Bean
    MessageSource messageSource() {
      StaticMessageSource messages = new StaticMessageSource();
      messages.addMessage("greeting", Locale.ENGLISH, "Hello");
      messages.addMessage("greeting", Locale.GERMAN, "Hallo");
      return messages;
    }
  }

  /** Negotiates without saying so: Spring MVC sends no Vary for either choice. */
  @RestController
  static class Greetings {

    private final ServerGate gate;
    private final MessageSource messages;

    Greetings(ServerGate gate, MessageSource messages) {
      this.gate = gate;
      this.messages = messages;
    }

    @GetMapping(value = "/user/greeting", produces = MediaType.TEXT_PLAIN_VALUE)
    String text(Locale locale) throws InterruptedException {
      gate.handle();
      return messages.getMessage("greeting", null, locale);
    }

    @GetMapping(value = "/user/greeting", produces = MediaType.APPLICATION_JSON_VALUE)
    Map<String, String> json(Locale locale) throws InterruptedException {
      gate.handle();
      return Map.of("greeting", messages.getMessage("greeting", null, locale));
    }
  }
}
