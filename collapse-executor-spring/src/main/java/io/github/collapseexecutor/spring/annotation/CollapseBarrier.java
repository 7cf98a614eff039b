package io.github.collapseexecutor.spring.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a method that changes what collapsed methods read. When it returns, normally or with an
 * exception, later calls of {@link Collapsible} methods never join a run that started before it
 * returned: a read that follows the write reads after it. For a method returning a
 * {@code CompletionStage} or a Reactor {@code Mono}, also when its future or {@code Mono}
 * completes; for a Kotlin {@code suspend fun}, when it returns.
 *
 * <pre>{@code
 * @CollapseBarrier
 * public void rename(long userId, String name) {
 *   jdbcTemplate.update("update users set name = ? where id = ?", name, userId);  // autocommit
 * }
 * }</pre>
 *
 * <p>Transactions that a Spring transaction manager of the application commits count as writes
 * already (every {@code ConfigurableTransactionManager} bean; read-only ones are no write): mark
 * the writes Spring's transactions do not see, such as autocommit JDBC, a call to a remote API
 * or a message sent to a service that the collapsed methods read from. Only the calls of this
 * instance of the application are kept in order: the callers of another instance, which does not
 * see its barriers, may still take a result read before.
 *
 * <p>It works through a Spring AOP proxy, as {@link Collapsible} does: the method must be neither
 * private nor final, and a call from inside the same bean does not pass the barrier. A method
 * cannot be both a barrier and collapsed: two calls of a write must not share one run.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface CollapseBarrier {}
