package io.github.collapseexecutor.spring.annotation;

import java.util.Locale;
import java.util.TimeZone;
import org.jspecify.annotations.Nullable;
import org.springframework.context.i18n.LocaleContext;
import org.springframework.context.i18n.LocaleContextHolder;

/**
 * The caller's locale and time zone in Spring's {@link LocaleContextHolder}, which Spring MVC sets
 * for each request from its {@code LocaleResolver} ({@code Accept-Language} by default): a method
 * that localizes a message or formats a date through {@code MessageSource},
 * {@code LocaleContextHolder.getLocale()} or {@code getTimeZone()} answers each caller in its own
 * language and zone, so callers of different locales or time zones never share a run. Callers with
 * no locale context share with each other only: each of them reads the application's defaults.
 */
final class LocaleContextCallerIdentity implements CallerIdentity {

  @Override
  public @Nullable Object current() {
    return of(LocaleContextHolder.getLocaleContext());
  }

  /**
   * Returns the locale and time zone that a method reads through {@link LocaleContextHolder}
   * while {@code context} is set, or {@code null} for no context.
   */
  static @Nullable Object of(@Nullable LocaleContext context) {
    // LocaleContextHolder falls back to the application's defaults for what a context leaves out
    return context == null
        ? null
        : new CallerLocale(
            LocaleContextHolder.getLocale(context), LocaleContextHolder.getTimeZone(context));
  }

  /** The locale and time zone a caller's call is answered in. */
  private record CallerLocale(Locale locale, TimeZone zone) {}
}
