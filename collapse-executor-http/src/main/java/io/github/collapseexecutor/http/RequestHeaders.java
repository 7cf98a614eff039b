package io.github.collapseexecutor.http;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * Read access to the headers of one request, whatever the library that holds them.
 *
 * <p>An adapter's view holds what the request will carry when it is sent, as far as the adapter
 * can tell: a client's cookie API adds its cookies to {@code Cookie}, for instance, though the
 * client writes them into the headers only later.
 */
@FunctionalInterface
public interface RequestHeaders {

  /** The name of the request header that carries cookies. */
  String COOKIE = "Cookie";

  /**
   * Returns the values of the header {@code name} (any case) in order; empty when absent. A value
   * is {@code null} where the library's headers hold one (Spring's {@code HttpHeaders} take one).
   */
  List<@Nullable String> values(String name);

  /**
   * Returns the names of the headers present, as sent (a name may appear in more than one case).
   * {@link CollapseRules} needs them to find the headers that are sensitive by their name; a view
   * that only answers {@link #values(String)} (enough to check {@code Vary}) cannot build a key.
   *
   * @throws UnsupportedOperationException if this view cannot list its names
   */
  default Collection<String> names() {
    throw new UnsupportedOperationException(
        "this view of the request headers cannot list their names: " + getClass().getName());
  }

  /**
   * Returns this view with one more {@code Cookie} value, {@code cookies}: the cookies a client
   * adds when it sends the request ({@code "a=1; b=2"}), after the {@code Cookie} headers
   * already present.
   */
  default RequestHeaders withCookies(String cookies) {
    RequestHeaders headers = this;
    return of(
        name -> {
          List<@Nullable String> values = headers.values(name);
          if (!name.equalsIgnoreCase(COOKIE)) {
            return values;
          }
          List<@Nullable String> withCookies = new ArrayList<>(values.size() + 1);
          withCookies.addAll(values);
          withCookies.add(cookies);
          return withCookies;
        },
        () -> {
          Set<String> names = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
          names.addAll(headers.names());
          names.add(COOKIE);
          return names;
        });
  }

  /** Returns a view made of a function that answers values and one that lists the names. */
  static RequestHeaders of(
      Function<String, List<@Nullable String>> values,
      Supplier<? extends Collection<String>> names) {
    return new RequestHeaders() {
      @Override
      public List<@Nullable String> values(String name) {
        return values.apply(name);
      }

      @Override
      public Collection<String> names() {
        return names.get();
      }
    };
  }

  /**
   * Returns a view over {@code entries}, one per header name with its values, as a library that
   * keeps its headers in a map hands them out; a name matches in any case. The view reads
   * {@code entries} on each call, so it sees headers added later.
   */
  static RequestHeaders ofEntries(
      Collection<? extends Map.Entry<String, ? extends List<@Nullable String>>> entries) {
    return of(
        name -> {
          List<@Nullable String> values = new ArrayList<>(1);
          for (Map.Entry<String, ? extends List<@Nullable String>> entry : entries) {
            if (entry.getKey().equalsIgnoreCase(name)) {
              values.addAll(entry.getValue());
            }
          }
          return values;
        },
        () -> entries.stream().map(Map.Entry::getKey).toList());
  }
}
