package io.github.collapseexecutor.grpc;

import io.github.collapseexecutor.fleet.Fleet;
import io.github.collapseexecutor.http.SensitiveHeaders;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.MethodDescriptor;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * A grpc-java {@link ClientInterceptor} that collapses concurrent identical unary calls into one:
 * the first caller's call goes out, and the callers that make an equal call while it is in flight
 * wait for it, each receiving a response message of its own. Streaming methods, and every call the
 * rules below keep apart, pass straight through.
 *
 * <pre>{@code
 * CollapseClientInterceptor collapse = CollapseClientInterceptor.builder()
 *     .methods(name -> name.startsWith("catalogue.Catalogue/"))
 *     .build();
 * ManagedChannel channel = Grpc.newChannelBuilder(target, credentials)
 *     .intercept(collapse, authInterceptor) // authInterceptor runs first, collapse sees its metadata
 *     .build();
 * }</pre>
 *
 * <p>Who shares with whom (the identity rule of {@code docs/security.md}): the decision is taken
 * when a caller half-closes, and two calls are equal when these are:
 * <ul>
 *   <li>the full method name, the authority ({@link CallOptions#getAuthority()} or the channel's),
 *       and the request message serialized with the method's request marshaller;</li>
 *   <li>the values of the sensitive metadata keys, by the rules of a {@link SensitiveHeaders}
 *       ({@link Builder#sensitiveMetadata}): {@code authorization}, {@code cookie} and the other
 *       credential and identity names and name fragments that the HTTP adapters keep apart;</li>
 *   <li>the channel this interceptor was added to, by identity: its TLS identity (a client
 *       certificate), its trust and its channel credentials belong to it, so a channel with
 *       another certificate never shares with this one (what its call credentials read per
 *       caller does not: see below);</li>
 *   <li>the call options that can change the outcome: wait-for-ready and the message size
 *       limits;</li>
 *   <li>what the application declares tells its callers apart ({@link Builder#callerIdentity}),
 *       evaluated for each caller in its own context with its own call options.</li>
 * </ul>
 * A call whose options carry {@link io.grpc.CallCredentials} does not collapse, since they add
 * metadata this interceptor never sees, unless the application declares them shared by its
 * callers ({@link Builder#callCredentialsShared}); the credentials object then joins the key.
 * Interceptors that add metadata must run before this one: add this interceptor first.
 * Channel call credentials (the {@link io.grpc.CallCredentials} of a
 * {@link io.grpc.CompositeChannelCredentials}) and interceptors that run after this one (closer to
 * the transport) are not seen: when they read per-caller state from the {@link io.grpc.Context}
 * or from custom call options, a shared call goes out for every caller as its first caller's, so
 * declare what they read with {@link Builder#callerIdentity}.
 *
 * <p>Each caller gets its own response message, parsed from the shared serialized response with
 * the method's response marshaller, its own copies of the headers and trailers, and its own
 * {@link io.grpc.Status} on failure. A caller whose deadline passes, whose context is cancelled or
 * that cancels its call gets {@code DEADLINE_EXCEEDED} or {@code CANCELLED} alone, with the
 * status a plain call would end with, while the others keep waiting; the shared call is cancelled
 * only when every caller has left. The shared call goes out in a fork of the first caller's
 * {@link io.grpc.Context} (its values, not its cancellation) with the first caller's deadline, so
 * that the server sees the deadline it would see without collapse and can give up on the work
 * when it passes. A caller that joined with a later deadline, or none, does not take that end as
 * its outcome: such callers send the call again together, with the latest of their deadlines.
 * Each caller's listener runs on its own call executor, in its own context.
 *
 * <p>With a fleet tier ({@link Builder#fleet}), the first caller of a key on each instance also
 * collapses with the other instances of the application: one instance sends the call, and the
 * others' callers get their own copies of the reply it received.
 *
 * <p>Thread-safe. {@link #setCollapsing setCollapsing(false)} lets new calls pass straight
 * through until it is turned on again, as the {@code collapse} actuator endpoint does by the
 * interceptor's {@link #name()}; {@link #close()} does so for good.
 */
public final class CollapseClientInterceptor extends InterceptorBase implements ClientInterceptor {

  /** The name of an interceptor built without {@link Builder#name}. */
  public static final String DEFAULT_NAME = "grpc";

  private final Predicate<String> methods;
  private final boolean callCredentialsShared;
  private final CallJoiner calls;
  private final UnaryCallKeys keys;

  /** What counts the calls when this interceptor only observes, or null when it collapses. */
  private final @Nullable ObservedCalls observed;

  private CollapseClientInterceptor(Builder builder) {
    super(builder.executor());
    this.methods = builder.methods;
    this.callCredentialsShared = builder.callCredentialsShared;
    this.keys = new UnaryCallKeys(builder.sensitiveMetadata, builder.callerIdentity);
    this.calls = new CallJoiner(executor, keys, builder.starts.apply(name()));
    this.observed = builder.observed();
  }

  /** Returns a builder with the defaults: every unary method, the default sensitive keys. */
  public static Builder builder() {
    return new Builder();
  }

  @Override
  public <ReqT, RespT> ClientCall<ReqT, RespT> interceptCall(
      MethodDescriptor<ReqT, RespT> method, CallOptions callOptions, Channel next) {
    if (calls.closed() || !isCollapsing() || !collapses(method, callOptions)) {
      return next.newCall(method, callOptions);
    }
    CollapsingCall.Target<ReqT, RespT> target =
        new CollapsingCall.Target<>(method, callOptions, next);
    if (observed != null) {
      return new ObservingCall<>(target, keys, observed);
    }
    return new CollapsingCall<>(target, calls);
  }

  private boolean collapses(MethodDescriptor<?, ?> method, CallOptions callOptions) {
    return method.getType() == MethodDescriptor.MethodType.UNARY
        && methods.test(method.getFullMethodName())
        && (callOptions.getCredentials() == null || callCredentialsShared);
  }

  /**
   * Stops collapsing: calls made from now on pass straight through; shared calls in flight finish
   * for the callers that joined them, and their deadlines still end their waits. Idempotent.
   */
  @Override
  public void close() {
    calls.close();
  }

  @Override
  public String toString() {
    return "CollapseClientInterceptor{name="
        + name()
        + ", collapsing="
        + isCollapsing()
        + ", closed="
        + calls.closed()
        + "}";
  }

  /**
   * Builds a {@link CollapseClientInterceptor}; each setter checks its value at once. Not
   * thread-safe; build once and share the interceptor.
   */
  public static final class Builder extends InterceptorBuilder<Builder> {

    private boolean callCredentialsShared;
    private @Nullable Function<? super CallOptions, ?> callerIdentity;

    /** Where the leaders of the interceptor of a name start their shared calls. */
    private Function<String, CallJoiner.Start> starts = name -> CallJoiner.Start.HERE;

    private Builder() {
      super(DEFAULT_NAME);
    }

    @Override
    Builder self() {
      return this;
    }

    /**
     * Declares whether the {@link io.grpc.CallCredentials} that calls carry in their options are
     * shared by the application's callers, so that calls with them may collapse; calls with the
     * same credentials object then share. Default: false, and a call with credentials passes
     * through, since the metadata they add is never seen here.
     */
    public Builder callCredentialsShared(boolean shared) {
      this.callCredentialsShared = shared;
      return this;
    }

    /**
     * Declares what tells the application's callers apart beyond what this interceptor sees: its
     * answer joins each call's key, compared with {@code equals}, so callers with different
     * answers never share; {@code null} is an answer like any other. Default: none, and nothing
     * joins the key.
     *
     * <p>Declare here whatever the code below this interceptor reads per caller, since the shared
     * call goes out in a fork of the first caller's {@link io.grpc.Context} and with its
     * {@link CallOptions}: the {@link io.grpc.CallCredentials} of the channel's credentials
     * ({@link io.grpc.CompositeChannelCredentials}), which this interceptor never sees, and
     * interceptors that run after it, when they pick a token or a tenant from a {@code Context} key
     * or a custom {@link CallOptions.Key}. Answer with the value they read:
     *
     * <pre>{@code
     * CollapseClientInterceptor.builder()
     *     .callerIdentity(options -> USER_TOKEN.get())  // the Context key the credentials read
     *     .build();
     * }</pre>
     *
     * <p>It is called once for each call that may collapse, on the thread that half-closes it,
     * with the caller's own context attached (the one current when the call was started) and the
     * caller's call options; it must be fast. A call for which it throws goes out on its own.
     */
    public Builder callerIdentity(Function<? super CallOptions, ?> identity) {
      this.callerIdentity = Objects.requireNonNull(identity, "identity");
      return this;
    }

    /**
     * Makes the unary calls collapse across the instances of the application too, through
     * {@code fleet} (such as {@code RedisFleet.of(coordinator)} of
     * {@code collapse-executor-redis}): the first caller of a key on an instance asks the tier,
     * and one instance sends the call while the others take the reply it received, if it ended
     * with {@code OK}; else they send their own. A caller waits for another instance no longer
     * than its deadline, and 30 s without one, holding no thread.
     *
     * <p>{@code channelName} names the channel, alike on every instance: its target, TLS identity
     * and channel credentials, which the key compares by the channel's identity on one instance.
     * It stands for the first channel this interceptor collapses a call on; calls on any other
     * channel, with call credentials (compared by identity) or with a caller identity whose
     * {@code equals} another instance cannot compare, collapse on their instance only. Default:
     * no fleet tier.
     *
     * @throws IllegalArgumentException if {@code channelName} is blank
     */
    public Builder fleet(Fleet fleet, String channelName) {
      Objects.requireNonNull(channelName, "channelName");
      if (channelName.isBlank()) {
        throw new IllegalArgumentException("channelName must not be blank");
      }
      return fleet(fleet, options -> channelName);
    }

    /**
     * {@link #fleet(Fleet, String)} for an interceptor shared by several channels, each named
     * by what {@code channelNames} reads of a call's options (a {@link CallOptions.Key} that an
     * interceptor the application added to the channel sets, as the Spring Boot integration
     * does); a call it names {@code null}, or for which it throws, stays on its instance. Each
     * name stands for the first channel a call with that name collapses on.
     */
    public Builder fleet(
        Fleet fleet, Function<? super CallOptions, @Nullable String> channelNames) {
      Objects.requireNonNull(fleet, "fleet");
      Objects.requireNonNull(channelNames, "channelNames");
      this.starts = name -> new FleetSharedCall(fleet, name, channelNames);
      return this;
    }

    /** Returns a new interceptor with these settings. */
    public CollapseClientInterceptor build() {
      return new CollapseClientInterceptor(this);
    }
  }
}
