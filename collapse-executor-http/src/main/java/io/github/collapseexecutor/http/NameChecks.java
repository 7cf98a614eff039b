package io.github.collapseexecutor.http;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/** Checks the names (of headers, parameters, groups, policies) this package's value types take. */
final class NameChecks {

  private NameChecks() {}

  /**
   * Returns {@code names} stripped, in lower case when {@code lowerCase}, in their order.
   *
   * @param setting the setting the names are for, which a rejection names
   * @throws IllegalArgumentException if a name is null or blank
   */
  static List<String> checked(String setting, Collection<String> names, boolean lowerCase) {
    Objects.requireNonNull(names, setting);
    List<String> checked = new ArrayList<>(names.size());
    for (String name : names) {
      if (name == null || name.isBlank()) {
        throw new IllegalArgumentException(setting + " must not hold a blank name: " + names);
      }
      String stripped = name.strip();
      checked.add(lowerCase ? stripped.toLowerCase(Locale.ROOT) : stripped);
    }
    return checked;
  }

  /**
   * Returns {@code value}.
   *
   * @param setting the setting the value is for, which a rejection names
   * @throws IllegalArgumentException if {@code value} is blank
   */
  static String nonBlank(String setting, String value) {
    if (Objects.requireNonNull(value, setting).isBlank()) {
      throw new IllegalArgumentException(setting + " must not be blank: '" + value + "'");
    }
    return value;
  }
}
