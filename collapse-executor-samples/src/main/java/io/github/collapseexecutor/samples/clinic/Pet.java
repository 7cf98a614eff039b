package io.github.collapseexecutor.samples.clinic;

import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.ManyToOne;

/** A pet of an {@link Owner}. */
@Entity
public class Pet {

  @Id
  @GeneratedValue(strategy = GenerationType.IDENTITY)
  private Long id;

  private String name;

  private String kind;

  @ManyToOne(fetch = FetchType.LAZY, optional = false)
  private Owner owner;

  protected Pet() {}

  public Pet(String name, String kind) {
    this.name = name;
    this.kind = kind;
  }

  public Long getId() {
    return id;
  }

  public String getName() {
    return name;
  }

  public String getKind() {
    return kind;
  }

  public Owner getOwner() {
    return owner;
  }

  void setOwner(Owner owner) {
    this.owner = owner;
  }
}
