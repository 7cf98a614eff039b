package io.github.collapseexecutor.micrometer;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.core.SharedCallOutcome;
import io.micrometer.common.KeyValue;
import io.micrometer.common.KeyValues;
import org.junit.jupiter.api.Test;

/** The keys of a shared call follow its context from start to end, whatever was asked before. */
final class DefaultCollapseObservationConventionTest {

  private final DefaultCollapseObservationConvention convention =
      new DefaultCollapseObservationConvention();

  @Test
  void keysFollowTheContextFromInProgressToHowTheCallEnded() {
    CollapseObservationContext first = new CollapseObservationContext("users", "/user/*");
    CollapseObservationContext second = new CollapseObservationContext("users", null);

    assertThat(keys(first))
        .containsExactly("executor=users", "group=/user/*", "outcome=in-progress", "reason=none");
    first.ended(3, SharedCallOutcome.REFUSED, "set-cookie");
    assertThat(keys(first))
        .containsExactly("executor=users", "group=/user/*", "outcome=refused", "reason=set-cookie");
    assertThat(keys(second))
        .containsExactly("executor=users", "group=none", "outcome=in-progress", "reason=none");
    assertThat(convention.getHighCardinalityKeyValues(first))
        .containsExactly(KeyValue.of("collapse.batch.size", "3"));
  }

  @Test
  void callsWithTheSameValuesGetTheSameKeys() {
    CollapseObservationContext one = new CollapseObservationContext("users", "/user/*");
    CollapseObservationContext other = new CollapseObservationContext("users", "/user/*");

    assertThat(convention.getLowCardinalityKeyValues(other))
        .isSameAs(convention.getLowCardinalityKeyValues(one));
  }

  private String[] keys(CollapseObservationContext context) {
    KeyValues keys = convention.getLowCardinalityKeyValues(context);
    return keys.stream().map(key -> key.getKey() + "=" + key.getValue()).toArray(String[]::new);
  }
}
