package io.github.collapseexecutor.spring.boot.slices;

import org.springframework.boot.webflux.test.autoconfigure.WebFluxTest;

/** Spring Boot 4's {@code @WebFluxTest} of the application that injects the collapse filter. */
@WebFluxTest
final class WebFluxSliceTest extends WebFluxSliceCases {}
