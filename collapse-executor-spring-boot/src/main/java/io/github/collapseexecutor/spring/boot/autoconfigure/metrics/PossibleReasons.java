package io.github.collapseexecutor.spring.boot.autoconfigure.metrics;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.CollapsePolicy;
import io.github.collapseexecutor.http.ShareUncacheable;
import io.github.collapseexecutor.http.UnsharedReason;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorDescriptor;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseServletFilterAutoConfiguration;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The reasons an adapter's requests can go unshared, given how it is configured: a meter for a
 * reason that cannot happen would stay at zero whatever the traffic.
 */
final class PossibleReasons {

  private PossibleReasons() {}

  /** Returns the reasons that can happen to requests of {@code groups} of {@code executor}. */
  static Set<UnsharedReason> of(CollapseExecutorDescriptor executor, List<CollapseGroup> groups) {
    Set<UnsharedReason> reasons = EnumSet.allOf(UnsharedReason.class);
    if (!CollapseServletFilterAutoConfiguration.INTEGRATION.equals(executor.integration())) {
      // only a servlet chain answers in ways that cannot be recorded
      reasons.remove(UnsharedReason.NOT_RECORDED);
    }
    if (executor.options().hitForPassTtl().isZero()) {
      reasons.remove(UnsharedReason.HIT_FOR_PASS);
    }
    if (groups.stream().noneMatch(group -> policy(executor, group).shareUncacheable()
        == ShareUncacheable.NEVER)) {
      reasons.remove(UnsharedReason.UNCACHEABLE);
    }
    return reasons;
  }

  private static CollapsePolicy policy(CollapseExecutorDescriptor executor, CollapseGroup group) {
    String name = group.collapsePolicyName();
    // the options were built only if every group's policy was added
    return name == null ? CollapsePolicy.DEFAULT
        : Objects.requireNonNull(executor.options().policies().get(name));
  }
}
