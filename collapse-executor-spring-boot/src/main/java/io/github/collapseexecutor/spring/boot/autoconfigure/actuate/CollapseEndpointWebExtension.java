package io.github.collapseexecutor.spring.boot.autoconfigure.actuate;

import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorDescriptor;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseDescription.NamedExecutorDescription;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseDescription.SwitchDescription;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;
import org.springframework.boot.actuate.endpoint.web.annotation.EndpointWebExtension;

/**
 * The {@code collapse} endpoint over HTTP: one executor by name, whatever kind it is, and the
 * switch, answering every request it refuses with a 400 whose body says why and what exists.
 * Spring Boot answers an endpoint's own bad request with a bare 400 unless the application
 * includes error messages, and checks a missing or malformed {@code collapsing} before the
 * operation runs; the switch takes both parameters as given and checks them itself, so that every
 * refusal names its cause.
 */
@EndpointWebExtension(endpoint = CollapseEndpoint.class)
final class CollapseEndpointWebExtension {

  private final CollapseEndpoint endpoint;
  private final CollapseSwitches switches;

  CollapseEndpointWebExtension(CollapseEndpoint endpoint, CollapseSwitches switches) {
    this.endpoint = Objects.requireNonNull(endpoint, "endpoint");
    this.switches = Objects.requireNonNull(switches, "switches");
  }

  /**
   * Returns the named executor {@code name} as {@link CollapseEndpoint#executor} does, or else the
   * HTTP executor of that name (a client adapter, the servlet or WebFlux filter, a gateway
   * route's filter), or else the core executor of that name (an executor bean, a gRPC
   * interceptor), looked up in that order; a 404 when none has the name.
   */
  @ReadOperation
  public WebEndpointResponse<Object> executor(@Selector String name) {
    NamedExecutorDescription named = endpoint.executor(name);
    if (named != null) {
      return new WebEndpointResponse<>(named);
    }
    CollapseExecutorDescriptor http = switches.httpExecutor(name);
    if (http != null) {
      return new WebEndpointResponse<>(EndpointDescriptions.describe(http));
    }
    return endpoint.coreExecutors().stream()
        .filter(core -> core.name().equals(name))
        .findFirst()
        .map(core -> new WebEndpointResponse<Object>(core))
        .orElseGet(() -> new WebEndpointResponse<>(WebEndpointResponse.STATUS_NOT_FOUND));
  }

  /**
   * Turns collapsing off or on as {@link CollapseEndpoint#switchCollapsing} does; a 400 with a
   * message when {@code collapsing} is missing or not a boolean, or nothing has the name.
   *
   * <p>The optional parameters carry Spring's own {@code @Nullable} beside JSpecify's, which
   * Spring Boot 3's actuator needs to tell an optional parameter.
   */
  @WriteOperation
  @SuppressWarnings("deprecation") // Spring's @Nullable is deprecated in Spring Framework 7 only
  public WebEndpointResponse<Object> switchCollapsing(
      @Selector String name,
      @org.springframework.lang.Nullable @Nullable String collapsing,
      @org.springframework.lang.Nullable @Nullable String group) {
    if (collapsing == null || !(collapsing.equals("true") || collapsing.equals("false"))) {
      return badRequest(
          (collapsing == null
                  ? "collapsing is missing"
                  : "collapsing must be true or false, not '" + collapsing + "'")
              + ": send {\"collapsing\": false} to turn collapsing off, true to turn it on, with an"
              + " optional \"group\"; "
              + switches.switchable());
    }
    try {
      List<SwitchDescription> switched =
          switches.turn(name, group, Boolean.parseBoolean(collapsing));
      return new WebEndpointResponse<>(switched);
    } catch (InvalidEndpointRequestException refused) {
      // every refusal of CollapseSwitches carries its reason; Boot declares it nullable
      return badRequest(Objects.requireNonNullElse(refused.getReason(), "bad request"));
    }
  }

  private static WebEndpointResponse<Object> badRequest(String message) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("status", WebEndpointResponse.STATUS_BAD_REQUEST);
    body.put("error", "Bad Request");
    body.put("message", message);
    return new WebEndpointResponse<>(body, WebEndpointResponse.STATUS_BAD_REQUEST);
  }
}
