package io.github.collapseexecutor.samples.web;

import io.github.collapseexecutor.samples.batch.User;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.service.annotation.GetExchange;
import org.springframework.web.util.UriBuilderFactory;

/**
 * The user API as a Spring HTTP interface. Backed by a RestClient with the collapse interceptor
 * (see {@link ClientConfiguration#userApi}), it collapses exactly as that RestClient does.
 */
interface UserApi {

  /** {@code GET /user/{id}} on the server whose URIs {@code server} builds. */
  @GetExchange("/user/{id}")
  User user(UriBuilderFactory server, @PathVariable("id") long id);
}
