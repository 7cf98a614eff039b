package io.github.collapseexecutor.spring.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Gathers concurrent calls of a Spring bean's one-argument method into one call of its batch
 * method, which takes the list of arguments, and hands each caller the result for its own
 * argument.
 *
 * <pre>{@code
 * @Service
 * class UserService {
 *   @CollapseBatch(batchMethod = "users", executor = "users")
 *   public User user(Long id) {
 *     return users(List.of(id)).get(id);   // runs only for calls that are not collapsed
 *   }
 *
 *   public Map<Long, User> users(List<Long> ids) {
 *     return repository.findAllById(ids);  // one query for every caller waiting at this moment
 *   }
 * }
 * }</pre>
 *
 * <h2>The batch method</h2>
 * A method of the same bean with one {@code List} or {@code Collection} parameter of the
 * argument's type, returning either a {@code List} of results in the order of the arguments (same
 * size), or a {@code Map} from argument to result. Each distinct argument (by {@code equals})
 * appears once in the list; equal arguments get the same result. Its signature is checked at
 * startup. It is called through the bean's proxy, so its own annotations ({@code @Transactional},
 * for example) apply.
 *
 * <h2>Outcomes</h2>
 * Each caller gets the result for its argument. An argument missing from the map fails its own
 * caller only; a list of the wrong size fails the callers of that batch; both with an
 * {@link IllegalStateException} that names the batch method and the argument. An exception of the
 * batch method reaches every caller of the batch. A {@code null} argument is not collapsed: the
 * annotated method runs as it is.
 *
 * <p>The first caller of each argument gets the batch's result for it, unless it holds a JPA
 * entity: then that caller, whose result was computed on another caller's thread, calls the
 * method itself. Each other caller with that argument gets what a caller that joined a
 * {@link Collapsible} run gets: the same object where no caller can change it, else a copy, or
 * else a call of its own. Every caller of a failed batch gets the same exception instance. Name
 * a {@link ResultCopier} in {@link #resultCopier()} to copy results of your own.
 *
 * <h2>Callers</h2>
 * Calls share a batch only when the application could not tell their callers apart: with Spring
 * Security, only calls of the same principal (see {@link CallerIdentity}). The batch method runs
 * on the thread of the first caller of its batch that still waits, and so sees that caller's
 * thread-bound context; every other caller of the batch has the same identity.
 * Method security and every other advice ordered before {@link CollapseAdviceOrder#ORDER} run
 * for each caller before it joins a batch.
 *
 * <h2>Settings</h2>
 * The batch size, concurrent batches, pending inputs, collecting wait and timeout come from the
 * {@link #executor()} of {@code collapse.executor.executors}. As with every Spring AOP feature, a
 * call from inside the same bean is not collapsed, and the method must be neither private nor
 * final; it must return a value.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface CollapseBatch {

  /** The name of the batch method of the same bean. */
  String batchMethod();

  /**
   * The name of an executor of {@code collapse.executor.executors} whose settings the batches
   * use; empty for {@code default}. An unknown name stops the application at startup.
   */
  String executor() default "";

  /**
   * Whether calls of callers that {@link CallerIdentity} tells apart (other users, other tenants)
   * may share a batch. Set it only for a batch method whose results depend on nothing but its
   * arguments. {@code shared-across-callers} on the named executor turns it on for every method
   * that uses it.
   */
  boolean sharedAcrossCallers() default false;

  /**
   * The name of a {@link ResultCopier} bean that copies the result for each caller whose argument
   * equals an earlier caller's in the same batch. Empty (the default): the {@code result-copier}
   * of the named executor, and without one, no copies. A name that is not a {@code ResultCopier}
   * bean, or a copier that cannot copy the method's result type, stops the application at startup.
   */
  String resultCopier() default "";
}
