/**
 * Spring Boot auto-configuration of collapse: the {@code collapse.executor} properties, one
 * auto-configuration per integration (RestClient and RestTemplate, WebClient, OkHttp, the servlet
 * filter), and the batch executor options. Registered only in
 * {@code META-INF/spring/org.springframework.boot.autoconfigure.AutoConfiguration.imports}; see
 * {@code docs/spring-boot.md} for every property.
 *
 * <p>Parameters, return values and fields are non-null unless marked {@code @Nullable}.
 */
@NullMarked
package io.github.collapseexecutor.spring.boot.autoconfigure;

import org.jspecify.annotations.NullMarked;
