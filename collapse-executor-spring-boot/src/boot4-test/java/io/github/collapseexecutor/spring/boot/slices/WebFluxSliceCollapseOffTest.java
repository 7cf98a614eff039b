package io.github.collapseexecutor.spring.boot.slices;

import org.springframework.boot.webflux.test.autoconfigure.WebFluxTest;

/**
 * Spring Boot 4's {@code @WebFluxTest} of the application that injects the collapse filter,
 * with collapse switched off: the filter bean is there, passing every request through.
 */
@WebFluxTest(properties = "collapse.executor.enabled=false")
final class WebFluxSliceCollapseOffTest extends WebFluxSliceCases {}
