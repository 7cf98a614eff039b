package io.github.collapseexecutor.samples.clinic;

import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.web.server.ResponseStatusException;

/**
 * The clinic's writes, each a transaction: once it committed, a read that arrives never joins a
 * run of a {@code @Collapsible} method that started before it.
 */
@Service
public class Clinic {

  private final OwnerRepository owners;
  private final PetRepository pets;

  Clinic(OwnerRepository owners, PetRepository pets) {
    this.owners = owners;
    this.pets = pets;
  }

  /** Adds a pet to owner {@code ownerId}. */
  @Transactional
  public Pet addPet(long ownerId, String name, String kind) {
    if (!owners.existsById(ownerId)) {
      throw new ResponseStatusException(HttpStatus.NOT_FOUND, "no owner " + ownerId);
    }
    return pets.save(owners.getReferenceById(ownerId).addPet(new Pet(name, kind)));
  }

  /** Saves an owner, new or changed. */
  @Transactional
  public Owner save(Owner owner) {
    return owners.save(owner);
  }
}
