package io.github.collapseexecutor.spring.annotation;

import org.springframework.core.Ordered;

/**
 * Where the collapse advice of {@link Collapsible} and {@link CollapseBatch} methods sits among a
 * bean's other advice. Advice ordered before it (a lower order) runs for every caller; advice
 * ordered after it runs once per shared run or batch, on the caller that leads it.
 *
 * <table>
 *   <caption>The collapse advice against Spring's own</caption>
 *   <tr><th>advice</th><th>its order</th><th>so, with collapse</th></tr>
 *   <tr><td>method security: {@code @PreFilter}, {@code @PreAuthorize}, {@code @Secured},
 *       {@code @RolesAllowed}, {@code @PostAuthorize}</td><td>100 to 600</td>
 *       <td>before: each caller is authorized before it joins or leads, and a denied caller gets
 *       the exception it gets without collapse; {@code @PostAuthorize} checks the result for each
 *       caller</td></tr>
 *   <tr><td>method validation: {@code @Validated} beans</td><td>none</td>
 *       <td>before, whatever the order of the post-processors: each caller's arguments are
 *       validated before it joins, and an invalid one fails its own caller only</td></tr>
 *   <tr><td>{@code @Transactional}</td><td>lowest precedence</td>
 *       <td>after: only the run or batch opens a transaction; a waiting caller holds no
 *       connection</td></tr>
 *   <tr><td>{@code @Cacheable}</td><td>lowest precedence</td>
 *       <td>after: the leader reads and fills the cache for every sharer</td></tr>
 *   <tr><td>Spring Framework's {@code @ConcurrencyLimit} and {@code @Retryable}, added by
 *       their own post-processors</td><td>none</td>
 *       <td>after: only a run or batch takes a permit or retries</td></tr>
 *   <tr><td>an {@code @Aspect}, such as Micrometer's {@code @Observed}</td>
 *       <td>lowest precedence unless it says otherwise</td>
 *       <td>after: one observation per run, while each caller's own span carries
 *       {@code collapse.outcome}; an aspect ordered below {@link #ORDER} runs for every
 *       caller</td></tr>
 * </table>
 *
 * <p>{@code @PostFilter} filters the returned collection in place, which every sharer holds: an
 * annotated method with it stops the application at startup.
 */
public final class CollapseAdviceOrder {

  /**
   * The order of the collapse advice: after method security (and method validation, which has no
   * order of its own), before everything else.
   */
  public static final int ORDER = Ordered.LOWEST_PRECEDENCE - 100;

  private CollapseAdviceOrder() {}
}
