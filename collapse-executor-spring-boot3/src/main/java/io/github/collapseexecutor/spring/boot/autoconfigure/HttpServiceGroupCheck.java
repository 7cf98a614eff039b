package io.github.collapseexecutor.spring.boot.autoconfigure;

import org.springframework.context.annotation.Configuration;

/**
 * Nothing to check: HTTP service groups are Spring Framework 7's, which Spring Boot 3 does not
 * run, so {@code collapse.executor.http-service-groups} names none there.
 */
@Configuration(proxyBeanMethods = false)
class HttpServiceGroupCheck {}
