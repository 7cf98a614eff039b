package io.github.collapseexecutor.micrometer;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.CollapsePolicy;
import io.github.collapseexecutor.http.CollapsePolicy.ShareUncacheable;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.UnsharedReason;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The reasons an adapter's requests can go unshared, given how it is configured: a meter for a
 * reason that cannot happen would stay at zero whatever the traffic.
 */
final class PossibleReasons {

  /** The server filters' integrations, the adapters whose chain may change a session. */
  private static final Set<String> SERVER_INTEGRATIONS =
      Set.of(HttpCollapseStatsMeterBinder.SERVLET_INTEGRATION, "webflux");

  private PossibleReasons() {}

  /**
   * Returns the reasons that can happen to requests of {@code groups} of the adapter of
   * {@code integration} built from {@code options}.
   */
  static Set<UnsharedReason> of(
      String integration, HttpCollapseOptions options, List<CollapseGroup> groups) {
    Set<UnsharedReason> reasons = EnumSet.allOf(UnsharedReason.class);
    if (!HttpCollapseStatsMeterBinder.SERVLET_INTEGRATION.equals(integration)) {
      // only a servlet chain answers in ways that cannot be recorded
      reasons.remove(UnsharedReason.NOT_RECORDED);
    }
    if (!SERVER_INTEGRATIONS.contains(integration)) {
      // only a server's chain has a session to change
      reasons.remove(UnsharedReason.SESSION_CHANGED);
    } else {
      // a server keys the request as it arrived: nothing below it sends another
      reasons.remove(UnsharedReason.REQUEST_CHANGED);
    }
    if (options.hitForPassTtl().isZero()) {
      reasons.remove(UnsharedReason.HIT_FOR_PASS);
    }
    if (groups.stream()
        .noneMatch(group -> policy(options, group).shareUncacheable() == ShareUncacheable.NEVER)) {
      reasons.remove(UnsharedReason.UNCACHEABLE);
    }
    return reasons;
  }

  private static CollapsePolicy policy(HttpCollapseOptions options, CollapseGroup group) {
    String name = group.collapsePolicyName();
    // the options were built only if every group's policy was added
    return name == null
        ? CollapsePolicy.DEFAULT
        : Objects.requireNonNull(options.policies().get(name));
  }
}
