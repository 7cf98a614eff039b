package io.github.collapseexecutor.spring.boot.slices;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** The application's controller, which the web slices test. */
@RestController
class GreetingController {

  @GetMapping("/greeting")
  String greeting() {
    return "hello";
  }
}
