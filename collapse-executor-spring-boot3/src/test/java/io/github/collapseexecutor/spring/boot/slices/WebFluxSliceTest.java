package io.github.collapseexecutor.spring.boot.slices;

import org.springframework.boot.test.autoconfigure.web.reactive.WebFluxTest;

/** Spring Boot 3.5's {@code @WebFluxTest} of the application that injects the collapse filter. */
@WebFluxTest
final class WebFluxSliceTest extends WebFluxSliceCases {}
