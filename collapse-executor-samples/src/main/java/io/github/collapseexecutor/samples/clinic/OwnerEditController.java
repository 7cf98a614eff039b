package io.github.collapseexecutor.samples.clinic;

import jakarta.validation.Valid;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Controller;
import org.springframework.validation.BindingResult;
import org.springframework.web.bind.WebDataBinder;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.InitBinder;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * The owner form, bound onto the entity itself, as many applications do: a submission that does
 * not validate changes the entity of its own request only, and shows the form again with what was
 * typed. Were that entity shared with another request, the other's page would show those values.
 */
@Controller
@RequestMapping("/owners/{id}/edit")
final class OwnerEditController {

  private final OwnerRepository owners;
  private final Clinic clinic;

  OwnerEditController(OwnerRepository owners, Clinic clinic) {
    this.owners = owners;
    this.clinic = clinic;
  }

  @InitBinder
  void allowFormFields(WebDataBinder binder) {
    binder.setAllowedFields("firstName", "lastName", "city", "telephone");
  }

  @ModelAttribute("owner")
  Owner owner(@PathVariable("id") long id) {
    return owners
        .findById(id)
        .orElseThrow(() -> new ResponseStatusException(HttpStatus.NOT_FOUND, "no owner " + id));
  }

  @GetMapping
  String form() {
    return "owner-edit";
  }

  @PostMapping
  String save(
      @Valid @ModelAttribute("owner") Owner owner,
      BindingResult form,
      RedirectAttributes redirect) {
    if (form.hasErrors()) {
      return "owner-edit";
    }
    clinic.save(owner);
    redirect.addFlashAttribute("message", "Owner saved");
    return "redirect:/owners/{id}";
  }
}
