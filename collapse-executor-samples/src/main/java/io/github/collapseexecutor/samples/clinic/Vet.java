package io.github.collapseexecutor.samples.clinic;

import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;

/** A vet of the clinic: the list the vets page shows, which rarely changes. */
@Entity
public class Vet {

  @Id
  @GeneratedValue(strategy = GenerationType.IDENTITY)
  private Long id;

  private String name;

  private String specialty;

  protected Vet() {}

  public Vet(String name, String specialty) {
    this.name = name;
    this.specialty = specialty;
  }

  public Long getId() {
    return id;
  }

  public String getName() {
    return name;
  }

  public String getSpecialty() {
    return specialty;
  }
}
