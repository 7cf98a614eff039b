package io.github.collapseexecutor.testing.annotation;

import io.github.collapseexecutor.spring.annotation.EnableCollapsing;
import org.springframework.context.annotation.Configuration;

/**
 * {@link EnableCollapsing} on a configuration class of its own, for a test that registers it
 * beside the application's: before or after them, as an order of registration matters to it.
 */
@Configuration(proxyBeanMethods = false)
@EnableCollapsing
public class Collapsing {}
