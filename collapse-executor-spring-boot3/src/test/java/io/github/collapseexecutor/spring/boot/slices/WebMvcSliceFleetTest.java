package io.github.collapseexecutor.spring.boot.slices;

import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.context.annotation.Import;

/** Spring Boot 3.5's {@code @WebMvcTest} of an application whose client section has a fleet. */
@WebMvcTest(properties = "collapse.executor.rest-template.fleet=true")
@Import(WebMvcSliceFleetCases.OwnFleet.class)
final class WebMvcSliceFleetTest extends WebMvcSliceFleetCases {}
