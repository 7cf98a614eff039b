package io.github.collapseexecutor.samples.batch;

import java.util.Collection;
import java.util.Map;

/** A user service that answers for many ids in one call, at about the cost of one. */
public interface UserService {

  /**
   * Returns the users found among {@code ids}, by id; ids with no user are absent from the map.
   * Costs one round trip however many ids it is given.
   */
  Map<Long, User> getUsers(Collection<Long> ids) throws InterruptedException;
}
