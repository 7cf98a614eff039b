package io.github.collapseexecutor.spring.annotation;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.testing.annotation.HeldService;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.TimeZone;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.i18n.LocaleContextHolder;
import org.springframework.context.i18n.SimpleTimeZoneAwareLocaleContext;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;
import org.springframework.web.filter.reactive.ServerWebExchangeContextFilter;
import reactor.core.publisher.Mono;
import reactor.util.context.Context;

/**
 * The time zone of {@code LocaleContextHolder}, and the locale of a WebFlux exchange in a
 * subscriber's Reactor context, tell callers apart as the thread's locale does: a method that
 * formats a time in the caller's zone, or a {@code Mono} method that reads the language of the
 * exchange it serves, never answers one caller with another's.
 */
@Timeout(60)
final class CallerLocaleContextTest {

  private static final Instant NOON_UTC = Instant.parse("2026-01-01T12:00:00Z");

  @Test
  void callersOfOneLocaleInTwoTimeZonesNeverShareARun() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class)) {
      Clocks clocks = context.getBean(Clocks.class);

      List<Object> results =
          clocks
              .crowd()
              .run(
                  20,
                  i -> {
                    LocaleContextHolder.setLocaleContext(
                        new SimpleTimeZoneAwareLocaleContext(
                            Locale.FRENCH,
                            TimeZone.getTimeZone(
                                i % 2 == 0 ? "Europe/Paris" : "America/Montreal")));
                    try {
                      return clocks.noon();
                    } finally {
                      LocaleContextHolder.resetLocaleContext();
                    }
                  });

      for (int i = 0; i < results.size(); i++) {
        assertThat(results.get(i)).as("caller %d", i).isEqualTo(i % 2 == 0 ? "13:00" : "07:00");
      }
      assertThat(clocks.runs().get()).as("method runs").isBetween(2, 11);
    }
  }

  @Test
  void subscribersServingExchangesOfTwoLanguagesNeverShareARun() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class)) {
      Clocks clocks = context.getBean(Clocks.class);

      // waiting on a future, which the crowd sees as parked (block() waits on a lock)
      List<Object> results =
          clocks
              .crowd()
              .run(
                  40,
                  i -> join(clocks.language().contextWrite(exchangeIn(i % 2 == 0 ? "fr" : "en"))));

      for (int i = 0; i < results.size(); i++) {
        assertThat(results.get(i)).as("caller %d", i).isEqualTo(i % 2 == 0 ? "fr" : "en");
      }
    }
  }

  @Test
  void subscribersServingExchangesOfOneLanguageStillShare() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class)) {
      Clocks clocks = context.getBean(Clocks.class);

      List<Object> results =
          clocks.crowd().run(20, i -> join(clocks.language().contextWrite(exchangeIn("fr"))));

      assertThat(results).containsOnly("fr");
      assertThat(clocks.runs().get()).as("method runs").isEqualTo(1);
    }
  }

  /** The context {@link ServerWebExchangeContextFilter} gives a request in {@code language}. */
  private static Context exchangeIn(String language) {
    MockServerWebExchange exchange =
        MockServerWebExchange.from(
            MockServerHttpRequest.get("/clock").header("Accept-Language", language));
    return Context.of(ServerWebExchangeContextFilter.EXCHANGE_CONTEXT_ATTRIBUTE, exchange);
  }

  private static Object join(Mono<String> mono) {
    try {
      return mono.toFuture().get(20, TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  @Configuration(proxyBeanMethods = false)
  @EnableCollapsing
  static class Services {

    @Bean
    Clocks clocks() {
      return new Clocks();
    }
  }

  static class Clocks extends HeldService {

    /** Noon UTC in the caller's time zone. */
    @Collapsible
    public String noon() {
      enter();
      return DateTimeFormatter.ofPattern("HH:mm")
          .withZone(ZoneId.of(LocaleContextHolder.getTimeZone().getID()))
          .format(NOON_UTC);
    }

    /** The language of the exchange the subscriber serves. */
    @Collapsible
    public Mono<String> language() {
      enter();
      return Mono.deferContextual(
          context ->
              Mono.justOrEmpty(
                  ServerWebExchangeContextFilter.getExchange(context)
                      .map(exchange -> exchange.getLocaleContext().getLocale().getLanguage())));
    }
  }
}
