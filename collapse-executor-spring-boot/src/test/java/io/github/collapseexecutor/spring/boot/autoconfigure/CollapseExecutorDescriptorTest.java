package io.github.collapseexecutor.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.spring.http.client.CollapseHttpRequestInterceptor;
import org.junit.jupiter.api.Test;

final class CollapseExecutorDescriptorTest {

  private final HttpCollapseOptions twoGroups =
      HttpCollapseOptions.builder()
          .group(CollapseGroup.ofUris("/a/*"))
          .group(CollapseGroup.ofUris("/b/*"))
          .build();

  @Test
  void takesTheStatsOfTheAdapterBuiltOnTheOptions() {
    CollapseHttpRequestInterceptor adapter = new CollapseHttpRequestInterceptor(twoGroups);

    CollapseExecutorDescriptor descriptor =
        CollapseExecutorDescriptor.builder("mine", twoGroups, adapter.stats()).build();

    assertThat(descriptor.stats().groups()).hasSize(2);
  }

  @Test
  void rejectsStatsThatDoNotCountTheGroupsOfTheOptions() {
    CollapseHttpRequestInterceptor other =
        new CollapseHttpRequestInterceptor(HttpCollapseOptions.builder().build());

    assertThatThrownBy(
            () -> CollapseExecutorDescriptor.builder("mine", twoGroups, other.stats()).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith(
            "stats of executor mine count 0 collapse groups, but its options " + "have 2");
  }
}
