package io.github.collapseexecutor.spring.boot.autoconfigure.actuate;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.github.collapseexecutor.http.HttpCollapseStats;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The counters of {@link HttpCollapseStats}.
 *
 * <p>Made by the endpoint; its JSON properties are its accessors, in the order declared here.
 */
@JsonPropertyOrder({"passedThrough", "led", "replayed", "fellBack"})
public final class Counts {

  private final long passedThrough;
  private final long led;
  private final long replayed;
  private final long fellBack;

  Counts(long passedThrough, long led, long replayed, long fellBack) {
    this.passedThrough = passedThrough;
    this.led = led;
    this.replayed = replayed;
    this.fellBack = fellBack;
  }

  /** Returns the requests that could not collapse. */
  @JsonProperty
  public long passedThrough() {
    return passedThrough;
  }

  /** Returns the requests that made a shared call. */
  @JsonProperty
  public long led() {
    return led;
  }

  /** Returns the requests served another's response. */
  @JsonProperty
  public long replayed() {
    return replayed;
  }

  /** Returns the requests that waited, then made their own call. */
  @JsonProperty
  public long fellBack() {
    return fellBack;
  }

  @Override
  public boolean equals(@Nullable Object other) {
    return other instanceof Counts that
        && passedThrough == that.passedThrough
        && led == that.led
        && replayed == that.replayed
        && fellBack == that.fellBack;
  }

  @Override
  public int hashCode() {
    return Objects.hash(passedThrough, led, replayed, fellBack);
  }

  @Override
  public String toString() {
    return "Counts[passedThrough="
        + passedThrough
        + ", led="
        + led
        + ", replayed="
        + replayed
        + ", fellBack="
        + fellBack
        + "]";
  }
}
