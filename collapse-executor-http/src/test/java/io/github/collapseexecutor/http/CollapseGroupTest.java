package io.github.collapseexecutor.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.collapseexecutor.http.CollapsePolicy.ShareUncacheable;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

final class CollapseGroupTest {

  @Test
  void aGroupIsNamedAfterItsFirstPatternUnlessGivenAName() {
    assertThat(CollapseGroup.ofUris("/users/*", "/teams/*").name()).isEqualTo("/users/*");
    assertThat(CollapseGroup.ofRegexes("/orders/[0-9]+").name()).isEqualTo("/orders/[0-9]+");
    assertThat(CollapseGroup.builder().uris(List.of("/a")).uriRegexes(List.of("/b")).build().name())
        .isEqualTo("/a");
    assertThat(CollapseGroup.ofUris("/users/*").withName("users").name()).isEqualTo("users");
    assertThat(CollapseGroup.builder().uriRegexes(List.of("/x.*")).name("x").build())
        .isEqualTo(CollapseGroup.ofRegexes("/x.*").withName("x"));
  }

  @Test
  void aPatternThatCanNeverMatchOrIsMissingIsRejectedByItsIndex() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> CollapseGroup.ofUris("/ok", "/a/**/b"))
        .withMessageStartingWith("uris[1]: uri pattern '/a/**/b' can never match: ");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> CollapseGroup.builder().uris(Arrays.asList("/ok", null)))
        .withMessage("uris[1]: a uri pattern must not be null");
  }

  @Test
  void theBuilderRejectsEachBadSettingWhenItIsSet() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> CollapseGroup.builder().uris(List.of("/ok", "users/*")))
        .withMessage("uris[1]: uri pattern 'users/*' can never match: it must start with '/'");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> CollapseGroup.builder().uriRegexes(List.of("/orders/[0-9")))
        .withMessageStartingWith("uri regex does not compile: /orders/[0-9 (Unclosed character");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> CollapseGroup.builder().name(" "))
        .withMessage("name must not be blank: ' '");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> CollapseGroup.builder().collapsePolicyName(""))
        .withMessage("collapsePolicyName must not be blank: ''");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> CollapseGroup.builder().name("none").build())
        .withMessage("a collapse group needs at least one uri or uri regex");
  }

  /** The configuration once accepted an empty regex that the group took; it matches no path. */
  @Test
  void anEmptyUriRegexIsRejectedWhereverTheGroupIsMade() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> CollapseGroup.ofRegexes(""))
        .withMessage("uri regex must not be blank: ''");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> CollapseGroup.builder().uriRegexes(List.of("")));
  }

  @Test
  void optionsRejectTwoGroupsWithOneNameNamingBoth() {
    HttpCollapseOptions.Builder options =
        HttpCollapseOptions.builder()
            .group(CollapseGroup.ofUris("/users/*"))
            .group(CollapseGroup.ofUris("/orders/*"))
            .group(CollapseGroup.ofUris("/people/*").withName("/users/*"));
    assertThatThrownBy(options::build)
        .isInstanceOfSatisfying(
            CollapseGroupConflictException.class,
            conflict -> {
              assertThat(conflict)
                  .hasMessage(
                      "collapse groups 0 and 2 are both named '/users/*'; give one a name of its own");
              assertThat(conflict.setting()).isEqualTo("name");
              assertThat(conflict.value()).isEqualTo("/users/*");
              assertThat(conflict.groups()).containsExactly(0, 2);
            });
  }

  @Test
  void optionsRejectAGroupThatNamesAnUndefinedPolicyNamingIt() {
    HttpCollapseOptions.Builder options =
        HttpCollapseOptions.builder()
            .policy("p1", CollapsePolicy.DEFAULT)
            .group(CollapseGroup.ofUris("/users/*"))
            .group(CollapseGroup.ofUris("p2", List.of("/samples/*")));
    assertThatThrownBy(options::build)
        .isInstanceOfSatisfying(
            CollapseGroupConflictException.class,
            conflict -> {
              assertThat(conflict)
                  .hasMessage(
                      "collapse group '/samples/*' names collapse policy"
                          + " 'p2', which is not defined; defined: [p1]");
              assertThat(conflict.setting()).isEqualTo("collapsePolicyName");
              assertThat(conflict.groups()).containsExactly(1);
            });
  }

  @Test
  void policiesAreBuiltOneCheckedSettingAtATime() {
    CollapsePolicy policy =
        CollapsePolicy.builder()
            .collapseRequestHeaders(List.of(" X-Tenant "))
            .collapseRequestQueries(List.of("q"))
            .shareUncacheable(ShareUncacheable.NEVER)
            .acceptHeadersInKey(false)
            .build();
    assertThat(policy)
        .isEqualTo(
            CollapsePolicy.of(List.of("x-tenant"), List.of("q"))
                .withShareUncacheable(ShareUncacheable.NEVER)
                .withAcceptHeadersInKey(false));
    assertThat(CollapsePolicy.builder().build()).isEqualTo(CollapsePolicy.DEFAULT);
    assertThatIllegalArgumentException()
        .isThrownBy(() -> CollapsePolicy.builder().collapseRequestQueries(List.of("q", " ")))
        .withMessage("collapseRequestQueries must not hold a blank name: [q,  ]");
  }

  @Test
  void aBodyLimitCountedInALongMustFitOneBuffer() {
    assertThat(
            HttpCollapseOptions.builder()
                .maxBodyBytes((long) Integer.MAX_VALUE)
                .build()
                .maxBodyBytes())
        .isEqualTo(Integer.MAX_VALUE);
    assertThatIllegalArgumentException()
        .isThrownBy(() -> HttpCollapseOptions.builder().maxBodyBytes(Integer.MAX_VALUE + 1L))
        .withMessage("maxBodyBytes must be between 0 and 2147483647: 2147483648");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> HttpCollapseOptions.builder().maxBodyBytes(-1));
  }
}
