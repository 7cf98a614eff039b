package io.github.collapseexecutor.samples.clinic;

import io.github.collapseexecutor.spring.annotation.Collapsible;
import java.util.List;
import java.util.Optional;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;

/**
 * The owners. Its reads are {@code @Collapsible}: concurrent equal calls make one query, whose
 * result each caller gets, except where the result holds an entity ({@link #findById}): each
 * caller then runs its own query, in its own persistence context, as without collapse.
 */
public interface OwnerRepository extends JpaRepository<Owner, Long> {

  /** The number of owners: a {@code long}, shared. */
  @Override
  @Collapsible
  long count();

  /** The owners list, as records: shared (each caller that joined gets a copy of the list). */
  @Collapsible
  @Query(
      "select new io.github.collapseexecutor.samples.clinic.OwnerRow("
          + "o.id, o.firstName, o.lastName, o.city, size(o.pets)) "
          + "from Owner o order by o.lastName, o.id")
  List<OwnerRow> findRows();

  /**
   * An owner, as an entity: never handed to another caller (reason {@code managed-result}), since
   * it belongs to the persistence context of the request that loaded it.
   */
  @Override
  @Collapsible
  Optional<Owner> findById(Long id);
}
