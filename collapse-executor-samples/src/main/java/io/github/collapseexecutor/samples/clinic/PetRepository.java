package io.github.collapseexecutor.samples.clinic;

import org.springframework.data.jpa.repository.JpaRepository;

/** The pets; nothing collapses here. */
public interface PetRepository extends JpaRepository<Pet, Long> {}
