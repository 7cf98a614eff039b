package io.github.collapseexecutor.spring.annotation;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.testing.annotation.HeldService;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.MessageSource;
import org.springframework.context.annotation.Bean;
import org.springframework.context.i18n.LocaleContextHolder;
import org.springframework.context.support.StaticMessageSource;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * A Spring MVC application whose {@link Collapsible} method answers in the caller's language,
 * which Spring MVC sets in {@code LocaleContextHolder} from {@code Accept-Language}: callers of
 * different languages held in one call never get each other's language, and callers of one
 * language still share.
 */
@SpringBootTest(
    classes = CallerLocaleTest.App.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_EACH_TEST_METHOD)
@Timeout(60)
final class CallerLocaleTest {

  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(20)).build();

  @LocalServerPort private int port;

  @Autowired private Greetings greetings;

  @Test
  void frenchAndEnglishCallersHeldInOneCallEachGetTheirOwnLanguage() throws Exception {
    List<Object> bodies = greetings.crowd().runThrough(40, i -> greet(i % 2 == 0 ? "fr" : "en"));

    for (int i = 0; i < bodies.size(); i++) {
      assertThat(bodies.get(i))
          .as("caller %d", i)
          .isEqualTo(i % 2 == 0 ? "Bonjour, client 7" : "Hello, customer 7");
    }
    assertThat(greetings.runs().get()).as("method runs").isBetween(2, 21);
  }

  @Test
  void callersOfOneLanguageStillShare() throws Exception {
    List<Object> bodies = greetings.crowd().runThrough(50, i -> greet("fr"));

    assertThat(bodies).containsOnly("Bonjour, client 7");
    assertThat(greetings.runs().get()).as("method runs").isBetween(1, 5);
  }

  private Object greet(String language) {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/greetings/7"))
            .header("Accept-Language", language)
            .timeout(Duration.ofSeconds(20))
            .GET()
            .build();
    try {
      return http.send(request, HttpResponse.BodyHandlers.ofString()).body();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  /** Greets a customer in the language of {@code LocaleContextHolder}. */
  static class Greetings extends HeldService {

    private final MessageSource messages;

    Greetings(MessageSource messages) {
      this.messages = messages;
    }

    @Collapsible
    public String greeting(int customer) {
      enter();
      return messages.getMessage(
          "greeting", new Object[] {customer}, LocaleContextHolder.getLocale());
    }
  }

  @RestController
  @RequestMapping("/greetings")
  static class GreetingController {

    private final Greetings greetings;

    GreetingController(Greetings greetings) {
      this.greetings = greetings;
    }

    @GetMapping("/{customer}")
    String greet(@PathVariable("customer") int customer) {
      greetings.crowd().arrive();
      return greetings.greeting(customer);
    }
  }

  @SpringBootConfiguration
  @EnableAutoConfiguration
  static class App {

    @Bean
    StaticMessageSource messageSource() {
      StaticMessageSource messages = new StaticMessageSource();
      messages.addMessage("greeting", Locale.ENGLISH, "Hello, customer {0}");
      messages.addMessage("greeting", Locale.FRENCH, "Bonjour, client {0}");
      return messages;
    }

    @Bean
    Greetings greetings(MessageSource messageSource) {
      return new Greetings(messageSource);
    }

    @Bean
    GreetingController greetingController(Greetings greetings) {
      return new GreetingController(greetings);
    }
  }
}
