package io.github.collapseexecutor.spring.boot.slices;

import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;

/** Spring Boot 3.5's {@code @WebMvcTest} of the application that injects the collapse interceptor. */
@WebMvcTest
final class WebMvcSliceTest extends WebMvcSliceCases {}
