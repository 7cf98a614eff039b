package io.github.collapseexecutor.spring.boot.autoconfigure.support;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;
import org.springframework.http.HttpHeaders;

/**
 * The request headers that Spring Boot's HTTP service clients write their API version in
 * ({@code spring.http.serviceclient.<group>.apiversion.insert.header}, Spring Boot 4): the
 * client's {@code ApiVersionInserter} sets the header before the collapse interceptor or filter
 * function sees the request, but no key rule names it, so the clients' keys hold the values of
 * these headers. An inserter the application sets on a builder itself is out of sight here: the
 * header it writes is named in a collapse policy's {@code collapse-request-headers}.
 *
 * <p>Public for the auto-configurations in this module's other packages; not for applications.
 */
public final class ClientApiVersionHeaders {

  private static final String SERVICE_CLIENTS = "spring.http.serviceclient";
  private static final String INSERT_HEADER = ".apiversion.insert.header";

  private final List<String> names;

  private ClientApiVersionHeaders(List<String> names) {
    this.names = names;
  }

  /** Returns the headers that the properties of {@code environment} insert a version in. */
  public static ClientApiVersionHeaders of(Environment environment) {
    Map<String, String> properties =
        Binder.get(environment)
            .bind(SERVICE_CLIENTS, Bindable.mapOf(String.class, String.class))
            .orElse(Map.of());
    TreeSet<String> names = new TreeSet<>();
    properties.forEach(
        (key, value) -> {
          if (key.endsWith(INSERT_HEADER) && !value.isBlank()) {
            names.add(value.trim().toLowerCase(Locale.ROOT));
          }
        });
    return new ClientApiVersionHeaders(List.copyOf(names));
  }

  /** Returns whether no header carries a version. */
  public boolean isEmpty() {
    return names.isEmpty();
  }

  /** Returns the values of the version headers in {@code headers}, compared with equals. */
  public Object valuesIn(HttpHeaders headers) {
    List<Object> values = new ArrayList<>(names.size());
    for (String name : names) {
      values.add(headers.get(name));
    }
    return values;
  }
}
