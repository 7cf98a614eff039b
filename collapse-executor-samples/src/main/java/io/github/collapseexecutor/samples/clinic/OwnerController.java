package io.github.collapseexecutor.samples.clinic;

import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * The owners list, an owner's page (the entity, its pets read lazily as the page renders, under
 * open-in-view) and the form that adds a pet: it commits, then redirects with a one-time message.
 */
@Controller
@RequestMapping("/owners")
final class OwnerController {

  private final OwnerRepository owners;
  private final Clinic clinic;

  OwnerController(OwnerRepository owners, Clinic clinic) {
    this.owners = owners;
    this.clinic = clinic;
  }

  @GetMapping
  String list(Model model) {
    model.addAttribute("count", owners.count());
    model.addAttribute("owners", owners.findRows());
    return "owners";
  }

  @GetMapping("/{id}")
  String show(@PathVariable("id") long id, Model model) {
    model.addAttribute(
        "owner",
        owners
            .findById(id)
            .orElseThrow(
                () -> new ResponseStatusException(HttpStatus.NOT_FOUND, "no owner " + id)));
    return "owner";
  }

  @PostMapping("/{id}/pets")
  String addPet(
      @PathVariable("id") long id,
      @RequestParam("name") String name,
      @RequestParam("kind") String kind,
      RedirectAttributes redirect) {
    clinic.addPet(id, name, kind);
    redirect.addFlashAttribute("message", name + " was added");
    return "redirect:/owners/{id}";
  }
}
