package io.github.collapseexecutor.spring.boot.slices;

import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;

/** Spring Boot 4's {@code @WebMvcTest} of the application that injects the collapse interceptor. */
@WebMvcTest
final class WebMvcSliceTest extends WebMvcSliceCases {}
