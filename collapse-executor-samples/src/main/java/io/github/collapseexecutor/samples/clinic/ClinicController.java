package io.github.collapseexecutor.samples.clinic;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;

/**
 * The welcome page, in the request's locale (Spring MVC sets it on the response, so Tomcat sends
 * {@code Content-Language}); the vets, cached; and a page that fails, which Spring Boot's error
 * handling answers with a 500.
 */
@Controller
final class ClinicController {

  private final OwnerRepository owners;
  private final VetRepository vets;

  ClinicController(OwnerRepository owners, VetRepository vets) {
    this.owners = owners;
    this.vets = vets;
  }

  @GetMapping("/")
  String welcome(Model model) {
    model.addAttribute("count", owners.count());
    return "welcome";
  }

  @GetMapping("/vets")
  String vets(Model model) {
    model.addAttribute("vets", vets.findRows());
    return "vets";
  }

  @GetMapping("/records")
  @SuppressWarnings("DoNotCallSuggester") // an endpoint that fails on purpose, as the sample shows
  String records() {
    throw new IllegalStateException("the records office is closed");
  }
}
