package io.github.collapseexecutor.spring.boot.autoconfigure.actuate;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.CollapsePolicy;
import io.github.collapseexecutor.http.ShareUncacheable;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One collapse group with the policy it uses and the live counts of the requests it took: the GET
 * and HEAD requests without a body whose path it was the first group to match.
 *
 * <p>Made by the endpoint; its JSON properties are its accessors, in the order declared here.
 */
@JsonPropertyOrder({
  "name",
  "uris",
  "uriRegexes",
  "collapsePolicyName",
  "collapseRequestHeaders",
  "collapseRequestQueries",
  "shareUncacheable",
  "acceptHeadersInKey",
  "sharedAcrossAddresses",
  "traffic"
})
public final class GroupDescription {

  private final CollapseGroup group;
  private final CollapsePolicy policy;
  private final Traffic traffic;

  /** Describes {@code group}, which keys by {@code policy}, and the requests it took. */
  GroupDescription(CollapseGroup group, CollapsePolicy policy, Traffic traffic) {
    this.group = group;
    this.policy = policy;
    this.traffic = traffic;
  }

  /** Returns the group's name, as the metrics and the log name it. */
  @JsonProperty
  public String name() {
    return group.name();
  }

  /** Returns the Ant-style path patterns. */
  @JsonProperty
  public List<String> uris() {
    return group.uris();
  }

  /** Returns the regular expressions for the whole path. */
  @JsonProperty
  public List<String> uriRegexes() {
    return group.uriRegexes();
  }

  /** Returns the policy's name, or {@code null} for the default policy. */
  @JsonProperty
  public @Nullable String collapsePolicyName() {
    return group.collapsePolicyName();
  }

  /** Returns the headers the policy adds to the key. */
  @JsonProperty
  public List<String> collapseRequestHeaders() {
    return policy.collapseRequestHeaders();
  }

  /** Returns the query parameters that alone count, or empty for all. */
  @JsonProperty
  public List<String> collapseRequestQueries() {
    return policy.collapseRequestQueries();
  }

  /** Returns whether the policy shares uncacheable responses. */
  @JsonProperty
  public ShareUncacheable shareUncacheable() {
    return policy.shareUncacheable();
  }

  /** Returns whether {@code Accept} and {@code Accept-Language} join the key. */
  @JsonProperty
  public boolean acceptHeadersInKey() {
    return policy.acceptHeadersInKey();
  }

  /** Returns whether the servlet filter shares across client addresses. */
  @JsonProperty
  public boolean sharedAcrossAddresses() {
    return policy.sharedAcrossAddresses();
  }

  /** Returns the requests taken, which the JSON shows among this description's properties. */
  @JsonProperty
  @JsonUnwrapped
  public Traffic traffic() {
    return traffic;
  }

  @Override
  public boolean equals(@Nullable Object other) {
    return other instanceof GroupDescription that
        && group.equals(that.group)
        && policy.equals(that.policy)
        && traffic.equals(that.traffic);
  }

  @Override
  public int hashCode() {
    return Objects.hash(group, policy, traffic);
  }

  @Override
  public String toString() {
    return "GroupDescription[group=" + group + ", policy=" + policy + ", traffic=" + traffic + "]";
  }
}
