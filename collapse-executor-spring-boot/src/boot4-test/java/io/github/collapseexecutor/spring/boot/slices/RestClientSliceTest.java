package io.github.collapseexecutor.spring.boot.slices;

import org.springframework.boot.restclient.test.autoconfigure.RestClientTest;

/** Spring Boot 4's {@code @RestClientTest} of the application's client. */
@RestClientTest(
    value = UsersClient.class,
    properties = "collapse.executor.rest-template.collapse-groups[0].uris=/users/*")
final class RestClientSliceTest extends RestClientSliceCases {}
