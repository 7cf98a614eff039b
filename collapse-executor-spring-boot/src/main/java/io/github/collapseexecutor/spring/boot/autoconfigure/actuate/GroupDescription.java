package io.github.collapseexecutor.spring.boot.autoconfigure.actuate;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
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

  private final String name;
  private final List<String> uris;
  private final List<String> uriRegexes;
  private final @Nullable String collapsePolicyName;
  private final List<String> collapseRequestHeaders;
  private final List<String> collapseRequestQueries;
  private final ShareUncacheable shareUncacheable;
  private final boolean acceptHeadersInKey;
  private final boolean sharedAcrossAddresses;
  private final Traffic traffic;

  GroupDescription(
      String name,
      List<String> uris,
      List<String> uriRegexes,
      @Nullable String collapsePolicyName,
      List<String> collapseRequestHeaders,
      List<String> collapseRequestQueries,
      ShareUncacheable shareUncacheable,
      boolean acceptHeadersInKey,
      boolean sharedAcrossAddresses,
      Traffic traffic) {
    this.name = name;
    this.uris = uris;
    this.uriRegexes = uriRegexes;
    this.collapsePolicyName = collapsePolicyName;
    this.collapseRequestHeaders = collapseRequestHeaders;
    this.collapseRequestQueries = collapseRequestQueries;
    this.shareUncacheable = shareUncacheable;
    this.acceptHeadersInKey = acceptHeadersInKey;
    this.sharedAcrossAddresses = sharedAcrossAddresses;
    this.traffic = traffic;
  }

  /** Returns the group's name, as the metrics and the log name it. */
  @JsonProperty
  public String name() {
    return name;
  }

  /** Returns the Ant-style path patterns. */
  @JsonProperty
  public List<String> uris() {
    return uris;
  }

  /** Returns the regular expressions for the whole path. */
  @JsonProperty
  public List<String> uriRegexes() {
    return uriRegexes;
  }

  /** Returns the policy's name, or {@code null} for the default policy. */
  @JsonProperty
  public @Nullable String collapsePolicyName() {
    return collapsePolicyName;
  }

  /** Returns the headers the policy adds to the key. */
  @JsonProperty
  public List<String> collapseRequestHeaders() {
    return collapseRequestHeaders;
  }

  /** Returns the query parameters that alone count, or empty for all. */
  @JsonProperty
  public List<String> collapseRequestQueries() {
    return collapseRequestQueries;
  }

  /** Returns whether the policy shares uncacheable responses. */
  @JsonProperty
  public ShareUncacheable shareUncacheable() {
    return shareUncacheable;
  }

  /** Returns whether {@code Accept} and {@code Accept-Language} join the key. */
  @JsonProperty
  public boolean acceptHeadersInKey() {
    return acceptHeadersInKey;
  }

  /** Returns whether the servlet filter shares across client addresses. */
  @JsonProperty
  public boolean sharedAcrossAddresses() {
    return sharedAcrossAddresses;
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
        && name.equals(that.name)
        && uris.equals(that.uris)
        && uriRegexes.equals(that.uriRegexes)
        && Objects.equals(collapsePolicyName, that.collapsePolicyName)
        && collapseRequestHeaders.equals(that.collapseRequestHeaders)
        && collapseRequestQueries.equals(that.collapseRequestQueries)
        && shareUncacheable.equals(that.shareUncacheable)
        && acceptHeadersInKey == that.acceptHeadersInKey
        && sharedAcrossAddresses == that.sharedAcrossAddresses
        && traffic.equals(that.traffic);
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        name,
        uris,
        uriRegexes,
        collapsePolicyName,
        collapseRequestHeaders,
        collapseRequestQueries,
        shareUncacheable,
        acceptHeadersInKey,
        sharedAcrossAddresses,
        traffic);
  }

  @Override
  public String toString() {
    return "GroupDescription[name="
        + name
        + ", uris="
        + uris
        + ", uriRegexes="
        + uriRegexes
        + ", collapsePolicyName="
        + collapsePolicyName
        + ", collapseRequestHeaders="
        + collapseRequestHeaders
        + ", collapseRequestQueries="
        + collapseRequestQueries
        + ", shareUncacheable="
        + shareUncacheable
        + ", acceptHeadersInKey="
        + acceptHeadersInKey
        + ", sharedAcrossAddresses="
        + sharedAcrossAddresses
        + ", traffic="
        + traffic
        + "]";
  }
}
