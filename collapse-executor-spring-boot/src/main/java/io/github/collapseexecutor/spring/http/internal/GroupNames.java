package io.github.collapseexecutor.spring.http.internal;

import io.github.collapseexecutor.spring.http.CollapseGroup;
import java.util.ArrayList;
import java.util.List;

/** The name metrics and observations give a collapse group. */
public final class GroupNames {

  private GroupNames() {}

  /** Names a group by what it matches, which stays the same when groups are reordered. */
  public static String of(CollapseGroup group) {
    List<String> patterns = new ArrayList<>(group.uris());
    patterns.addAll(group.uriRegexes());
    return String.join(",", patterns);
  }
}
