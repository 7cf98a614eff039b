package io.github.collapseexecutor.spring.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.context.annotation.Import;

/**
 * Collapses the calls of bean methods annotated with {@link Collapsible} or {@link CollapseBatch}
 * in a Spring application without Spring Boot (Spring Boot's auto-configuration does the same on
 * its own). Put it on a configuration class:
 *
 * <pre>{@code
 * @Configuration
 * @EnableCollapsing
 * class AppConfiguration {
 *
 *   @Bean
 *   ProfileService profileService() {
 *     return new ProfileService(); // has a @Collapsible method
 *   }
 * }
 * }</pre>
 *
 * <p>It registers the {@link CollapseMethods} of the context, the post-processor that proxies the
 * beans with annotated methods (each method is checked when its bean is created, and one that
 * cannot be collapsed fails the bean's creation with a {@link MisconfiguredMethodException}), the
 * caller identities of what is on the class path (Spring's locale context always; Spring
 * Security's principal, Spring's transactions and their reactive forms where present), with
 * Spring's transactions a listener on each {@code ConfigurableTransactionManager} that counts its
 * commits as writes ({@link CollapseBarrier}), and, with Jackson on the class path, the
 * {@link JacksonResultCopier} under
 * {@value JacksonResultCopier#BEAN_NAME} unless a bean has that name, with the application's
 * mapper: its Jackson 3 {@code JsonMapper}, else its Jackson 2 {@code ObjectMapper} (then the copier
 * is the Jackson 2 twin), else Jackson 3's shared one where Jackson 3 is on the class path. From the context it takes, if
 * present: a {@link io.github.collapseexecutor.spring.NamedExecutors} bean with the executors the
 * annotations name (else one {@value io.github.collapseexecutor.spring.NamedExecutors#DEFAULT}
 * executor with the core's default options), every {@link CallerIdentity} and
 * {@link ReactiveCallerIdentity} bean, a {@link LeaderRoutes} bean that routes the leaders' runs
 * of some methods elsewhere, and a
 * {@link io.github.collapseexecutor.spring.observation.MethodObserver} bean that observes each
 * run (collapse-executor-micrometer's {@code MicrometerMethodObservers} observes it as
 * {@code collapse.call}); without one, runs are not observed.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
// the configuration is package-private on purpose: only Spring reads it, through the module's
// opens
@SuppressWarnings("exports")
@Import(CollapsingConfiguration.class)
public @interface EnableCollapsing {}
