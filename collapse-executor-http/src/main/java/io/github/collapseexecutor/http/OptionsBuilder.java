package io.github.collapseexecutor.http;

import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.fleet.Fleet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The settings {@link HttpCollapseOptions.Builder} collects, and their setters, which validate at
 * once. Applications use them through {@link HttpCollapseOptions#builder()}; this class only keeps
 * the builder apart from the options it builds.
 */
abstract sealed class OptionsBuilder permits HttpCollapseOptions.Builder {

  @Nullable String name;
  final List<CollapseGroup> groups = new ArrayList<>();
  final Map<String, CollapsePolicy> policies = new LinkedHashMap<>();
  SensitiveHeaders sensitiveHeaderSettings = SensitiveHeaders.defaults();
  int maxBodyBytes = HttpCollapseOptions.DEFAULT_MAX_BODY_BYTES;
  Duration waitTimeout = HttpCollapseOptions.DEFAULT_WAIT_TIMEOUT;
  CollapseListener listener = CollapseListener.NONE;
  CallObserver.@Nullable Factory observations;
  KeyMemory keyMemory = KeyMemory.defaults();
  @Nullable Fleet fleet;
  WriteScope writeScope = WriteScope.ALL_GROUPS;
  boolean observeOnly;

  OptionsBuilder() {}

  /** Sets the name used in messages and reports. */
  public HttpCollapseOptions.Builder name(String name) {
    this.name = NameChecks.nonBlank("name", name);
    return self();
  }

  /** Adds a collapse group; groups are tried in the order added. */
  public HttpCollapseOptions.Builder group(CollapseGroup group) {
    groups.add(Objects.requireNonNull(group, "group"));
    return self();
  }

  /** Adds collapse groups, as bound from a {@code collapse-groups} list. */
  public HttpCollapseOptions.Builder groups(List<CollapseGroup> groups) {
    Objects.requireNonNull(groups, "groups").forEach(this::group);
    return self();
  }

  /**
   * Adds a named policy for groups to refer to.
   *
   * @throws IllegalArgumentException if {@code name} is blank
   */
  public HttpCollapseOptions.Builder policy(String name, CollapsePolicy policy) {
    policies.put(
        NameChecks.nonBlank("policy name", name), Objects.requireNonNull(policy, "policy"));
    return self();
  }

  /** Adds named policies, as bound from a {@code collapse-policies} map. */
  public HttpCollapseOptions.Builder policies(Map<String, CollapsePolicy> policies) {
    Objects.requireNonNull(policies, "policies").forEach(this::policy);
    return self();
  }

  /**
   * Replaces which request headers carry a credential (default
   * {@link SensitiveHeaders#defaults()}): the names, patterns and exemptions all at once.
   */
  public HttpCollapseOptions.Builder sensitiveHeaderSettings(
      SensitiveHeaders sensitiveHeaderSettings) {
    this.sensitiveHeaderSettings =
        Objects.requireNonNull(sensitiveHeaderSettings, "sensitiveHeaderSettings");
    return self();
  }

  /**
   * Adds request headers that always join the key, beside the built-in ones and those added
   * before; see {@link SensitiveHeaders#withAdded(Collection)}.
   */
  public HttpCollapseOptions.Builder sensitiveHeaders(Collection<String> names) {
    return sensitiveHeaderSettings(sensitiveHeaderSettings.withAdded(names));
  }

  /**
   * Makes request headers not sensitive, even built-in ones or those a pattern names; see
   * {@link SensitiveHeaders#withRemoved(Collection)}.
   */
  public HttpCollapseOptions.Builder removeSensitiveHeaders(Collection<String> names) {
    return sensitiveHeaderSettings(sensitiveHeaderSettings.withRemoved(names));
  }

  /**
   * Adds parts of a header name that make the header sensitive, beside
   * {@link HttpCollapseOptions#DEFAULT_SENSITIVE_HEADER_PATTERNS} and those added before; see
   * {@link SensitiveHeaders#withAddedPatterns(Collection)}.
   */
  public HttpCollapseOptions.Builder sensitiveHeaderPatterns(Collection<String> patterns) {
    return sensitiveHeaderSettings(sensitiveHeaderSettings.withAddedPatterns(patterns));
  }

  /**
   * Sets the largest response body, in bytes, that is buffered to share. A response with a
   * larger body is not shared: its caller reads it as it streams in and the callers that waited
   * for it make their own calls. Each shared response holds its body in memory once while
   * callers read it. Default {@value HttpCollapseOptions#DEFAULT_MAX_BODY_BYTES}.
   *
   * @throws IllegalArgumentException if {@code maxBodyBytes} is negative
   */
  public HttpCollapseOptions.Builder maxBodyBytes(int maxBodyBytes) {
    return maxBodyBytes((long) maxBodyBytes);
  }

  /**
   * As {@link #maxBodyBytes(int)}, for a size counted in a {@code long}.
   *
   * @throws IllegalArgumentException if {@code maxBodyBytes} is negative or over 2 GiB - 1
   */
  public HttpCollapseOptions.Builder maxBodyBytes(long maxBodyBytes) {
    this.maxBodyBytes = Checks.intSize("maxBodyBytes", maxBodyBytes);
    return self();
  }

  /**
   * Sets how long a request that joined an identical request's call waits for its response.
   * When the time is up, the waiting request stops waiting and makes its own call, exactly as
   * if collapse were off: the client adapters call the backend (the caller's own client
   * timeouts then apply to that call), the servlet filter runs the filter chain. The call it
   * waited for goes on for the others, and the request is counted as
   * {@link HttpCollapseStats#fellBack()} and reported to the listener as
   * {@link CollapseListener#callTimedOut(String)}. The request that makes a shared call is
   * never cut short by this timeout. Default {@link HttpCollapseOptions#DEFAULT_WAIT_TIMEOUT}.
   *
   * <p>Set it below the time after which your callers would rather pay for a second call than
   * keep waiting, and above the usual latency of the collapsed endpoints: a waiter that gives up
   * adds the very call collapse saved.
   *
   * @throws IllegalArgumentException if {@code waitTimeout} is zero or negative
   */
  public HttpCollapseOptions.Builder waitTimeout(Duration waitTimeout) {
    this.waitTimeout = Checks.positive("waitTimeout", waitTimeout);
    return self();
  }

  /** Sets the listener that receives a report for every shared call (its size is the callers). */
  public HttpCollapseOptions.Builder listener(CollapseListener listener) {
    this.listener = Objects.requireNonNull(listener, "listener");
    return self();
  }

  /**
   * Sets how shared calls and requests are observed, such as {@code CollapseObservations.of(
   * observationRegistry)} of {@code collapse-executor-micrometer}; none by default.
   */
  public HttpCollapseOptions.Builder observations(CallObserver.Factory observations) {
    this.observations = Objects.requireNonNull(observations, "observations");
    return self();
  }

  /**
   * Replaces what is remembered about a key between requests (default
   * {@link KeyMemory#defaults()}): the hit-for-pass and {@code Vary} tables at once.
   */
  public HttpCollapseOptions.Builder keyMemory(KeyMemory keyMemory) {
    this.keyMemory = Objects.requireNonNull(keyMemory, "keyMemory");
    return self();
  }

  /** Sets {@link KeyMemory#hitForPassTtl()}; see {@link KeyMemory#withHitForPassTtl}. */
  public HttpCollapseOptions.Builder hitForPassTtl(Duration hitForPassTtl) {
    return keyMemory(keyMemory.withHitForPassTtl(hitForPassTtl));
  }

  /** Sets {@link KeyMemory#hitForPassMaxKeys()}; see {@link KeyMemory#withHitForPassMaxKeys}. */
  public HttpCollapseOptions.Builder hitForPassMaxKeys(int hitForPassMaxKeys) {
    return keyMemory(keyMemory.withHitForPassMaxKeys(hitForPassMaxKeys));
  }

  /** Sets {@link KeyMemory#varyTtl()}; see {@link KeyMemory#withVaryTtl}. */
  public HttpCollapseOptions.Builder varyTtl(Duration varyTtl) {
    return keyMemory(keyMemory.withVaryTtl(varyTtl));
  }

  /** Sets {@link KeyMemory#varyMaxKeys()}; see {@link KeyMemory#withVaryMaxKeys}. */
  public HttpCollapseOptions.Builder varyMaxKeys(int varyMaxKeys) {
    return keyMemory(keyMemory.withVaryMaxKeys(varyMaxKeys));
  }

  /**
   * Sets the tier that makes one call per key across the instances of the application
   * ({@link Fleet}); none by default. The request that leads a key on its instance asks it:
   * every request of the servlet and WebFlux filters, and of a client adapter the requests of a
   * named client (a partition named with {@code partition(name)}, the same name on every
   * instance; RestClient's interceptor and WebClient's filter are themselves the client named
   * after their executor); an unnamed partition's requests stay on their instance. One instance
   * makes the call or runs the chain for all of them, and the others take the response it
   * produced, waiting for it at most the wait timeout (the non-blocking adapters without holding
   * a thread). Only a response every caller with the key may have crosses, and a key part another
   * instance cannot compare (a {@code keyPart} value compared by identity, say) keeps the request
   * on its instance.
   */
  public HttpCollapseOptions.Builder fleet(Fleet fleet) {
    this.fleet = Objects.requireNonNull(fleet, "fleet");
    return self();
  }

  /**
   * Sets which reads a completed write ends joining for; {@link WriteScope#ALL_GROUPS} by
   * default.
   */
  public HttpCollapseOptions.Builder writeScope(WriteScope writeScope) {
    this.writeScope = Objects.requireNonNull(writeScope, "writeScope");
    return self();
  }

  /**
   * Sets whether the adapter only observes: with {@code true}, nothing collapses, every request
   * makes its own call on its own thread, with its own headers and body, as with no adapter at
   * all, and the adapter counts what collapse would have done, by the same keys: the requests
   * that would have joined a call in progress and the calls that would have saved, why a
   * response would not have been shared, measured on the response each request really got,
   * the callers per would-be call and the keys that would have been joined most
   * ({@link HttpCollapseStats#wouldJoin()} and the methods after it). Collapse only ({@code
   * false}) by default.
   */
  public HttpCollapseOptions.Builder observeOnly(boolean observeOnly) {
    this.observeOnly = observeOnly;
    return self();
  }

  private HttpCollapseOptions.Builder self() {
    return (HttpCollapseOptions.Builder) this;
  }
}
