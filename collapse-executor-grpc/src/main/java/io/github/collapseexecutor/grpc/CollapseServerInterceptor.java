package io.github.collapseexecutor.grpc;

import io.github.collapseexecutor.core.FutureCallableGroupCollapseExecutor.Place;
import io.github.collapseexecutor.http.SensitiveHeaders;
import io.grpc.Context;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * A grpc-java {@link ServerInterceptor} that collapses concurrent identical unary calls into one
 * run of the handler: the first call runs it, and the calls equal to it that arrive while it runs
 * receive what it sent, each on its own call. Streaming methods, and every call the rules below
 * keep apart, pass straight through.
 *
 * <pre>{@code
 * CollapseServerInterceptor collapse = CollapseServerInterceptor.builder()
 *     .methods(name -> name.startsWith("catalogue.Catalogue/"))
 *     .build();
 * Server server = Grpc.newServerBuilderForPort(port, credentials)
 *     .addService(ServerInterceptors.intercept(catalogue, collapse, authInterceptor))
 *     .build();  // authInterceptor runs first: collapse sees only callers it let in
 * }</pre>
 *
 * <p>Who shares with whom (the identity rule of {@code docs/security.md}): two calls are equal
 * when these are, taken when the caller half-closes:
 * <ul>
 *   <li>the full method name, the authority the caller addressed, and the request message
 *       serialized with the method's request marshaller;</li>
 *   <li>the values of the sensitive metadata keys, by the rules of a {@link SensitiveHeaders}
 *       ({@link Builder#sensitiveMetadata}): {@code authorization}, {@code cookie} and the other
 *       credential and identity names the client interceptor and the HTTP adapters keep apart;</li>
 *   <li>the certificate chain the caller presented over TLS
 *       ({@link io.grpc.Grpc#TRANSPORT_ATTR_SSL_SESSION});</li>
 *   <li>what the application declares tells its callers apart ({@link Builder#callerIdentity}),
 *       such as the principal a security interceptor put in the {@link Context}, asked of each
 *       caller in its own context.</li>
 * </ul>
 *
 * <p>Each caller's call receives what the handler sent, in order: the headers, the response
 * message (serialized once and parsed for each caller), and the status, its description and the
 * trailers it closed with, failures included, since the handler answered them for a call none of
 * whose callers had left: a caller cannot tell its answer from a plain call's. A response whose
 * metadata names one caller must not be shared: keep such methods out with {@link
 * Builder#methods}, or put what tells callers apart in the key.
 *
 * <p>Each caller keeps its own deadline and cancellation. The handler runs in a fork of the first
 * caller's {@link Context}: its values, not its deadline nor its cancellation, so that the first
 * caller's leaving or deadline never ends the others' answer; that context is cancelled when
 * every caller has left, and the handler stops as it would for a plain call whose client left. A
 * caller that cancels, or whose deadline passes, leaves alone. A caller that waits longer than
 * {@link Builder#waitTimeout} stops waiting and runs the handler on its own call.
 *
 * <p>Thread-safe. {@link #setCollapsing setCollapsing(false)} lets new calls pass straight
 * through until it is turned on again, as the {@code collapse} actuator endpoint does by the
 * interceptor's {@link #name()}; {@link #close()} does so for good.
 */
public final class CollapseServerInterceptor extends InterceptorBase implements ServerInterceptor {

  /** The name of an interceptor built without {@link Builder#name}. */
  public static final String DEFAULT_NAME = "grpc-server";

  /** The longest a caller waits for a shared run by default. */
  public static final Duration DEFAULT_WAIT_TIMEOUT = Duration.ofSeconds(30);

  private final Predicate<String> methods;
  private final ServerCallKeys keys;
  private final long waitTimeoutNanos;
  private final Joiner joiner = new Joiner();

  /** What counts the calls when this interceptor only observes, or null when it collapses. */
  private final @Nullable ObservedCalls observed;

  private volatile boolean closed;

  private CollapseServerInterceptor(Builder builder) {
    super(builder.executor());
    this.methods = builder.methods;
    this.keys =
        new ServerCallKeys(new SensitiveMetadata(builder.sensitiveMetadata), builder.identity);
    this.waitTimeoutNanos = builder.waitTimeout.toNanos();
    this.observed = builder.observed();
  }

  /** Returns a builder with the defaults: every unary method, the default sensitive keys. */
  public static Builder builder() {
    return new Builder();
  }

  @Override
  public <ReqT, RespT> ServerCall.Listener<ReqT> interceptCall(
      ServerCall<ReqT, RespT> call, Metadata headers, ServerCallHandler<ReqT, RespT> next) {
    MethodDescriptor<ReqT, RespT> method = call.getMethodDescriptor();
    if (closed
        || !isCollapsing()
        || method.getType() != MethodDescriptor.MethodType.UNARY
        || !methods.test(method.getFullMethodName())) {
      return next.startCall(call, headers);
    }
    if (observed != null) {
      return ObservingServerCall.start(call, headers, next, keys, observed);
    }
    // as grpc-java's unary handler asks: the request, and one more to tell a client that sends two
    call.request(2);
    return new ServerCaller<>(call, next, headers, joiner);
  }

  /**
   * Stops collapsing: calls received from now on pass straight through; runs in progress finish
   * for the callers that joined them. Idempotent.
   */
  @Override
  public void close() {
    closed = true;
    executor.close();
  }

  @Override
  public String toString() {
    return "CollapseServerInterceptor{name="
        + name()
        + ", collapsing="
        + isCollapsing()
        + ", closed="
        + closed
        + "}";
  }

  /** Joins callers to the runs of their keys on the core's executor. */
  private final class Joiner implements ServerCaller.Joiner {

    @Override
    public <ReqT, RespT> ServerCaller.@Nullable Joined join(
        ServerCall<ReqT, RespT> call,
        ServerCallHandler<ReqT, RespT> next,
        Metadata headers,
        ReqT request,
        Context context) {
      if (closed || context.isCancelled()) {
        return null;
      }
      ServerCallKey key = keys.of(call, request, headers);
      if (key == null) {
        return null;
      }
      Place<ServerReply> place;
      try {
        place = executor.join(key);
      } catch (IllegalStateException closedMeanwhile) {
        return null;
      }
      if (!place.leads()) {
        return new ServerCaller.Joined(place.future(), null);
      }
      SharedHandlerRun<ReqT, RespT> run =
          new SharedHandlerRun<>(call, next, headers, request, context);
      place.lead(run::reply);
      return new ServerCaller.Joined(place.future(), run::run);
    }

    @Override
    public ScheduledFuture<?> afterWaitTimeout(Runnable task) {
      return DeadlineTimer.INSTANCE.schedule(task, waitTimeoutNanos, TimeUnit.NANOSECONDS);
    }

    @Override
    public void runElsewhere(Runnable task) {
      OwnRuns.INSTANCE.execute(task);
    }
  }

  /**
   * The threads of the callers that waited too long and run the handler on their own, which may
   * block as a handler does on a server's executor; rare, so made as needed.
   */
  private static final class OwnRuns {

    static final ExecutorService INSTANCE =
        Executors.newCachedThreadPool(
            task -> {
              Thread thread = new Thread(task, "collapse-grpc-server-own-runs");
              thread.setDaemon(true);
              return thread;
            });

    private OwnRuns() {}
  }

  /**
   * Builds a {@link CollapseServerInterceptor}; each setter checks its value at once. Not
   * thread-safe; build once and share the interceptor.
   */
  public static final class Builder extends InterceptorBuilder<Builder> {

    private @Nullable Function<? super ServerCall<?, ?>, ?> identity;
    private Duration waitTimeout = DEFAULT_WAIT_TIMEOUT;

    private Builder() {
      super(DEFAULT_NAME);
    }

    @Override
    Builder self() {
      return this;
    }

    /**
     * Declares what tells callers apart beyond their metadata and certificate, such as the
     * principal an authentication interceptor that runs before this one put in the {@link
     * Context}: its answer joins the key, compared with {@code equals}, so callers with different
     * answers never share; {@code null} is an answer like any other. It is asked once for each
     * call that may collapse, in the caller's context, on the thread that half-closes it; it must
     * be fast. A call for which it throws runs on its own. Default: nothing joins the key.
     *
     * <pre>{@code
     * CollapseServerInterceptor.builder()
     *     .callerIdentity(call -> PRINCIPAL.get())  // the Context key the auth interceptor sets
     *     .build();
     * }</pre>
     */
    public Builder callerIdentity(Function<? super ServerCall<?, ?>, ?> identity) {
      this.identity = Objects.requireNonNull(identity, "identity");
      return this;
    }

    /**
     * Sets the longest a caller waits for a shared run, after which it runs the handler on its
     * own call; its own deadline ends its wait earlier. Default: {@link #DEFAULT_WAIT_TIMEOUT}.
     *
     * @throws IllegalArgumentException if {@code timeout} is not positive
     */
    public Builder waitTimeout(Duration timeout) {
      Objects.requireNonNull(timeout, "timeout");
      if (timeout.isNegative() || timeout.isZero()) {
        throw new IllegalArgumentException("timeout must be positive: " + timeout);
      }
      this.waitTimeout = timeout;
      return this;
    }

    /** Returns a new interceptor with these settings. */
    public CollapseServerInterceptor build() {
      return new CollapseServerInterceptor(this);
    }
  }
}
