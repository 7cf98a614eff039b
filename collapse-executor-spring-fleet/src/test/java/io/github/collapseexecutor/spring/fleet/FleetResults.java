package io.github.collapseexecutor.spring.fleet;

import com.fasterxml.jackson.annotation.JsonIgnore;
import org.jspecify.annotations.Nullable;

/**
 * Results of {@link Quotes} that are not records, whose way through JSON across the fleet is
 * less plain than a {@link Quote}'s.
 */
public final class FleetResults {

  private FleetResults() {}

  /** A result whose class keeps Object's equals, every field of which JSON gives back. */
  public static final class Opaque {

    public @Nullable Quote quote;

    public Opaque() {}

    Opaque(Quote quote) {
      this.quote = quote;
    }
  }

  /** Equal by id, as DTOs often are; the note, which JSON leaves out, says which call made it. */
  public static final class Profile {

    public String id = "";
    @JsonIgnore public @Nullable String note;

    public Profile() {}

    Profile(String id, String note) {
      this.id = id;
      this.note = note;
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof Profile profile && profile.id.equals(id);
    }

    @Override
    public int hashCode() {
      return id.hashCode();
    }
  }

  /** The type a method declares. */
  public static class Animal {
    public @Nullable String name;
  }

  /** The type it returns. */
  public static final class Dog extends Animal {
    public @Nullable String breed;
  }
}
