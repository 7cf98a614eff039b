package io.github.collapseexecutor.samples.clinic;

import io.github.collapseexecutor.spring.annotation.Collapsible;
import java.util.List;
import java.util.Optional;
import org.springframework.cache.annotation.Cacheable;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;
import org.springframework.data.repository.Repository;

/**
 * The repositories as docs/adding-collapse.md shows them, shortened from {@link OwnerRepository}
 * and {@link VetRepository}, with the statements 50 concurrent callers make beside each read
 * (DocSnippetsTest in the Spring Boot module holds them to the page). Compiled only: nested, so
 * that Spring Data never makes them repositories.
 */
final class AddingCollapseDocExamples {

  private AddingCollapseDocExamples() {}

  // docs/adding-collapse.md: the reads
  // spotless:off: the docs show this code as written here
  public interface OwnerRepository extends JpaRepository<Owner, Long> {
    @Override @Collapsible long count();                           // 50 callers: 1 statement
    @Collapsible @Query("select new ...OwnerRow(o.id, o.lastName, size(o.pets)) from Owner o")
    List<OwnerRow> findRows();                                     // a record projection: 1
    @Override @Collapsible Optional<Owner> findById(Long id);      // an entity: 50
  }

  public interface VetRepository extends Repository<Vet, Long> {
    @Cacheable("vets") @Collapsible List<VetRow> findRows();       // empty cache: 1, not 12
  }
  // spotless:on
}
