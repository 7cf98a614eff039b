package io.github.collapseexecutor.spring.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Collapses concurrent calls of a Spring bean's method with equal arguments: the first call runs
 * the method, the calls made while it runs wait for it, and every caller gets its result or its
 * exception. Callers join a call in progress only; nothing is cached.
 *
 * <pre>{@code
 * @Service
 * class ProfileService {
 *   @Collapsible
 *   Profile profile(long userId) {
 *     return profileClient.load(userId);   // 200 concurrent calls for one user: one load
 *   }
 * }
 * }</pre>
 *
 * <h2>Return types</h2>
 * A plain value: callers block, and a checked exception the method declares reaches them as
 * thrown. A {@code CompletableFuture} or {@code CompletionStage}: the first caller's future is
 * shared, each caller gets a future of its own and may cancel it alone. A Reactor {@code Mono}
 * (when Reactor is on the class path): the call runs when the first caller subscribes, and is
 * shared with those that subscribe while it runs. Methods returning {@code void} or another
 * reactive type cannot be collapsed and stop the application at startup.
 *
 * <h2>Keys</h2>
 * By default calls collapse when they are made on the same bean, to the same method, with
 * arguments that are equal by {@code equals} (arrays by their contents): include in the arguments
 * everything the result depends on, and give argument types a value-based {@code equals} and
 * {@code hashCode}. A {@link #key()} expression replaces the arguments, as in Spring's cache
 * annotations.
 *
 * <h2>Results</h2>
 * The caller that ran the method gets its result. A caller that joined gets the same object
 * where no caller can change it (a record, a {@code String}, an unmodifiable collection of such
 * values), else a copy (the JDK's mutable collections; another class the application's Jackson
 * copier copies faithfully); a result holding a JPA entity, or a mutable object nothing copies
 * faithfully, is not handed over: the caller calls the method itself, and the method is called
 * directly for a while. For a failure every caller gets the same exception instance. A
 * {@link ResultCopier} named in {@link #resultCopier()} gives each caller that joined a copy of
 * its own, whatever the result.
 *
 * <h2>Writes</h2>
 * A call that arrives after a write completed never joins a run that started before it: a
 * transaction committed by the application's transaction managers, or a {@link CollapseBarrier}
 * method that returned.
 *
 * <h2>Callers</h2>
 * Calls share a run only when the application could not tell their callers apart: with Spring
 * Security, only calls of the same principal; a {@link CallerIdentity} bean adds what else a
 * method reads from thread-bound state (a tenant), and a {@link ReactiveCallerIdentity} from a
 * subscriber's context. The run executes on the leading caller's thread and sees its thread-bound
 * context, which every sharer's identity equals: a joiner's result was computed under the
 * leader's context. A {@code Mono} method is called when the leading subscriber subscribes,
 * perhaps on another thread: it gets the thread-locals its caller had where it called the method
 * (restored with Micrometer's context-propagation, when on the class path) and the subscriber's
 * Reactor context. Method security
 * ({@code @PreAuthorize}, {@code @Secured}, {@code @RolesAllowed}, {@code @PostAuthorize}) and
 * every other advice ordered before {@link CollapseAdviceOrder#ORDER} run for each caller, before
 * it joins and on the result it gets; see {@link CollapseAdviceOrder} for the order against
 * transactions, caching and retries.
 *
 * <h2>Where it applies</h2>
 * On a method, or on a class or interface for its public methods that return a value (not its
 * {@link CollapseBarrier} methods), including the interface of a Spring Data repository, which
 * Spring Data implements with a JDK proxy. It works through a Spring AOP proxy, so a call from
 * inside the same bean ({@code this.profile(id)}) is not collapsed, and the method must be
 * neither private nor final.
 */
@Target({ElementType.METHOD, ElementType.TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface Collapsible {

  /**
   * A SpEL expression for the key, evaluated against the arguments as in Spring's cache
   * annotations: {@code #p0} or {@code #a0} is the first argument, {@code #userId} the argument of
   * that name (with {@code -parameters}), {@code #root.args} all of them. Calls to the same method
   * with equal keys collapse. Empty (the default): the arguments themselves.
   */
  String key() default "";

  /**
   * The name of an executor of {@code collapse.executor.executors} whose timeout applies (reports
   * and metrics carry the method's name, {@code ProfileService.profile}); empty for
   * {@code default}. An unknown name stops the application at startup.
   */
  String executor() default "";

  /**
   * Whether callers that {@link CallerIdentity} tells apart (other users, other tenants) may
   * share a run. Set it only for a method whose result depends on nothing but its key: a
   * catalogue lookup, a public exchange rate. {@code shared-across-callers} on the named
   * executor turns it on for every method that uses it. Method security still runs for each
   * caller.
   */
  boolean sharedAcrossCallers() default false;

  /**
   * The name of a {@link ResultCopier} bean that copies the result for each caller that joined
   * another caller's run, such as {@value JacksonResultCopier#BEAN_NAME}. Empty (the default): the
   * {@code result-copier} of the named executor, and without one, no copies. A name that is not
   * a {@code ResultCopier} bean, or a copier that cannot copy the method's result type, stops the
   * application at startup.
   */
  String resultCopier() default "";

  /**
   * Whether the calls also collapse across the instances of the application, through the
   * application's fleet tier (a {@code Fleet} bean; {@code collapse-executor-redis} makes one on
   * Redis): the caller that leads a key on its instance asks the tier, and one instance of the
   * fleet runs the method while the others take its result: the value itself, or the value of
   * the future or {@code Mono} it returns, whose callers wait for another instance without
   * holding a thread. {@code fleet} on the named executor turns it on for every method that uses
   * it.
   *
   * <p>Two calls on different instances share only if they would share on one: same bean name,
   * method, key and caller identity. Redis sees a keyed digest of them, never the values. A call
   * whose key or identity holds a value whose {@code equals} another instance cannot check (a
   * class compared by identity, a record with an {@code equals} of its own) stays on its
   * instance, as does a result that cannot cross: results cross through the application's
   * {@code FleetCodec} bean for the result type, or else as JSON, where the caller on the other
   * instance could not tell what Jackson reads back from its own call's result. When Redis is
   * down or slow the calls go on as local collapse. The caller that leads on its instance waits
   * for another instance at most its executor's {@code timeout}, then runs the method itself.
   *
   * <p>The tier reaches the methods through {@code collapse-executor-spring-fleet}: Spring Boot's
   * auto-configuration brings it; without Spring Boot, import its
   * {@code CollapsibleFleetConfiguration} beside {@link EnableCollapsing}. Without it, no
   * {@code Fleet} bean, or no codec for the result type, the application stops at startup.
   */
  boolean fleet() default false;
}
