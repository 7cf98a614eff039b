package io.github.collapseexecutor.samples.web;

import io.github.collapseexecutor.samples.batch.User;

/** Gets a user from the user API, {@code GET /user/{id}}, through one HTTP client. */
@FunctionalInterface
interface UserClient {

  User user(long id) throws Exception;
}
