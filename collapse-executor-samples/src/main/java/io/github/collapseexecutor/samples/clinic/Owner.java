package io.github.collapseexecutor.samples.clinic;

import jakarta.persistence.CascadeType;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.OneToMany;
import jakarta.persistence.OrderBy;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import java.util.ArrayList;
import java.util.List;

/** A pet owner, with the pets as a lazy collection: a page reads them as it renders. */
@Entity
public class Owner {

  @Id
  @GeneratedValue(strategy = GenerationType.IDENTITY)
  private Long id;

  @NotBlank private String firstName;

  @NotBlank private String lastName;

  @NotBlank private String city;

  @Pattern(regexp = "\\d{10}", message = "ten digits")
  private String telephone;

  @OneToMany(mappedBy = "owner", cascade = CascadeType.ALL)
  @OrderBy("id")
  private List<Pet> pets = new ArrayList<>();

  protected Owner() {}

  public Owner(String firstName, String lastName, String city, String telephone) {
    this.firstName = firstName;
    this.lastName = lastName;
    this.city = city;
    this.telephone = telephone;
  }

  /** Adds {@code pet} to this owner's pets, as its owner. */
  public Pet addPet(Pet pet) {
    pet.setOwner(this);
    pets.add(pet);
    return pet;
  }

  public Long getId() {
    return id;
  }

  public String getFirstName() {
    return firstName;
  }

  public void setFirstName(String firstName) {
    this.firstName = firstName;
  }

  public String getLastName() {
    return lastName;
  }

  public void setLastName(String lastName) {
    this.lastName = lastName;
  }

  public String getCity() {
    return city;
  }

  public void setCity(String city) {
    this.city = city;
  }

  public String getTelephone() {
    return telephone;
  }

  public void setTelephone(String telephone) {
    this.telephone = telephone;
  }

  public List<Pet> getPets() {
    return pets;
  }
}
