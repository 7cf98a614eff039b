package io.github.collapseexecutor.samples.clinic;

import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.stereotype.Component;

/** The owners, pets and vets the clinic starts with, on an empty database. */
@Component
final class ClinicData implements ApplicationRunner {

  private final Clinic clinic;
  private final VetRepository vets;

  ClinicData(Clinic clinic, VetRepository vets) {
    this.clinic = clinic;
    this.vets = vets;
  }

  @Override
  public void run(ApplicationArguments args) {
    owner("Ada", "Park", "Lyon", "0472000001", "Biscuit", "dog", "Pepper", "cat");
    owner("Tomas", "Berg", "Oslo", "2200000002", "Fjord", "horse");
    owner("Mina", "Okafor", "Lagos", "0100000003", "Kiwi", "parrot");
    owner("Jean", "Martin", "Nantes", "0240000004", "Filou", "cat", "Noisette", "rabbit");
    owner("Sara", "Lind", "Malmo", "0400000005", "Sill", "fish");
    vets.save(new Vet("Ines Costa", "surgery"));
    vets.save(new Vet("Omar Haddad", "dentistry"));
    vets.save(new Vet("Lena Vogel", "radiology"));
  }

  private void owner(String first, String last, String city, String telephone, String... pets) {
    Owner owner = new Owner(first, last, city, telephone);
    for (int i = 0; i < pets.length; i += 2) {
      owner.addPet(new Pet(pets[i], pets[i + 1]));
    }
    clinic.save(owner);
  }
}
