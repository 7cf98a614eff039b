package io.github.collapseexecutor.testing.annotation;

import io.github.collapseexecutor.spring.annotation.CollapseBatch;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * A bean of {@code @CollapseBatch} methods answering {@code "user <id>"}, whose batch methods
 * record each batch of ids and hold the first one in a {@link Crowd}; some of them answer wrong,
 * as a batch method may. A test reads both through the accessors: the bean it holds is a proxy
 * whose own fields are unset.
 */
public class UserService {

  private final Crowd crowd = new Crowd();
  private final Collection<List<Integer>> batches = new ConcurrentLinkedQueue<>();

  public Crowd crowd() {
    return crowd;
  }

  /** Returns the ids of each batch the batch methods were called with, in order. */
  public Collection<List<Integer>> batches() {
    return batches;
  }

  /** Batched on the {@code users} executor; a {@code null} id, which no batch takes, is nobody. */
  @CollapseBatch(batchMethod = "users", executor = "users")
  public String user(Integer id) {
    return id == null ? "nobody" : users(List.of(id)).get(id);
  }

  /** The batch method of {@link #user}: a map by id. */
  public Map<Integer, String> users(List<Integer> ids) {
    batches.add(ids);
    crowd.hold();
    Map<Integer, String> users = new LinkedHashMap<>();
    ids.forEach(id -> users.put(id, "user " + id));
    return users;
  }

  /** Batched by {@link #listedUsers}. */
  @CollapseBatch(batchMethod = "listedUsers")
  public String listed(int id) {
    throw new UnsupportedOperationException("collapsed");
  }

  /** A list of results, in the order of the ids. */
  public List<String> listedUsers(List<Integer> ids) {
    batches.add(ids);
    crowd.hold();
    return ids.stream().map(id -> "user " + id).toList();
  }

  /** Batched by {@link #usersWithGap}. */
  @CollapseBatch(batchMethod = "usersWithGap")
  public String withGap(int id) {
    throw new UnsupportedOperationException("collapsed");
  }

  /** A map that leaves out id 13. */
  public Map<Integer, String> usersWithGap(Collection<Integer> ids) {
    crowd.hold();
    Map<Integer, String> users = new LinkedHashMap<>();
    ids.stream().filter(id -> id != 13).forEach(id -> users.put(id, "user " + id));
    return users;
  }

  /** Batched by {@link #shortUsers}. */
  @CollapseBatch(batchMethod = "shortUsers")
  public String clipped(int id) {
    throw new UnsupportedOperationException("collapsed");
  }

  /** A list one result short for a batch of more than one id. */
  public List<String> shortUsers(List<Integer> ids) {
    batches.add(ids);
    crowd.hold();
    return ids.stream().skip(ids.size() > 1 ? 1 : 0).map(id -> "user " + id).toList();
  }
}
