package io.github.collapseexecutor.samples.clinic;

import io.github.collapseexecutor.spring.annotation.Collapsible;
import java.util.List;
import org.springframework.cache.annotation.Cacheable;
import org.springframework.data.jpa.repository.Query;
import org.springframework.data.repository.Repository;

/**
 * The vets, cached: collapse sits before the cache, so the callers that find it empty at once
 * make one query between them instead of one each.
 */
public interface VetRepository extends Repository<Vet, Long> {

  /** Every vet, by name. */
  @Cacheable("vets")
  @Collapsible
  @Query(
      "select new io.github.collapseexecutor.samples.clinic.VetRow(v.name, v.specialty) "
          + "from Vet v order by v.name")
  List<VetRow> findRows();

  /** Saves a vet. */
  Vet save(Vet vet);
}
