package io.github.collapseexecutor.http.adapter;

import io.github.collapseexecutor.core.Incubating;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * Flattens a library's headers into the one list of name-value pairs the adapters return
 * ({@link ClientDriver.Head#headers()}, {@link ResponseRecording#recorded}) and a
 * {@link SharedResponse} holds: one entry per value, in order, names as received. A value may be
 * {@code null}, as some libraries' header maps allow.
 */
@Incubating
public final class HeaderLists {

  private HeaderLists() {}

  /**
   * Returns every header that {@code forEach} reports, one entry per value, in order. Pass a
   * headers object's own {@code forEach}: {@code HeaderLists.of(response.getHeaders()::forEach)}.
   */
  public static List<Map.Entry<String, @Nullable String>> of(
      Consumer<BiConsumer<String, List<@Nullable String>>> forEach) {
    List<Map.Entry<String, @Nullable String>> headers = new ArrayList<>();
    forEach.accept((name, values) -> values.forEach(value -> headers.add(entry(name, value))));
    return headers;
  }

  /** Returns one header as an immutable entry. */
  public static Map.Entry<String, @Nullable String> entry(String name, @Nullable String value) {
    return new AbstractMap.SimpleImmutableEntry<>(name, value);
  }
}
