package io.github.collapseexecutor.samples.web;

import io.github.collapseexecutor.samples.batch.User;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

/** The user API the application's own clients call: one user, or many in one request. */
@RestController
final class UserController {

  private final UserStore store;

  UserController(UserStore store) {
    this.store = store;
  }

  /** {@code GET /user/42}: the user, or 404. */
  @GetMapping("/user/{id}")
  User user(@PathVariable("id") long id) throws InterruptedException {
    return store
        .find(id)
        .orElseThrow(() -> new ResponseStatusException(HttpStatus.NOT_FOUND, "no user " + id));
  }

  /** {@code GET /users?ids=1,2,3}: the users found among the ids, in one store call. */
  @GetMapping("/users")
  List<User> users(@RequestParam("ids") List<Long> ids) throws InterruptedException {
    return store.findAll(ids);
  }
}
