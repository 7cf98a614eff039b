package io.github.collapseexecutor.spring.annotation;

import io.github.collapseexecutor.testing.annotation.Crowd;
import io.github.collapseexecutor.testing.identity.TwoCallersContract;
import java.security.Principal;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.authentication.TestingAuthenticationToken;
import org.springframework.security.config.annotation.method.configuration.EnableMethodSecurity;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;

/**
 * An annotated method as the {@link TwoCallersContract} drives it, behind Spring Security's
 * method security: a caller's identity is its principal in the security context, and the method
 * answers with the principal it runs as. {@link Crowd} holds the first run until every other
 * caller waits for it.
 */
final class AnnotationSubject implements TwoCallersContract.Subject {

  /** The identity in the security context, which the method reads as its caller. */
  static final String PRINCIPAL = "principal";

  /**
   * The identity as a field of the principal beside a name every caller shares, as a tenant in a
   * multi-tenant application where names are unique per tenant only.
   */
  static final String PRINCIPAL_FIELD = "principal-field";

  /** A principal whose tenant tells callers apart, though they share one name. */
  record TenantPrincipal(String tenant, String name) implements Principal {

    @Override
    public String getName() {
      return name;
    }
  }

  private final ConfigurableApplicationContext context;
  private final WhoAmI whoAmI;
  private final IntFunction<String> call;

  private AnnotationSubject(boolean batch) {
    this.context = new AnnotationConfigApplicationContext(Services.class);
    this.whoAmI = context.getBean(WhoAmI.class);
    // one key for every same-key caller, an item of its own for every batched one
    this.call = batch ? whoAmI::batched : i -> whoAmI.collapsible(1);
  }

  /** A {@code @Collapsible} method. */
  static AnnotationSubject collapsible() {
    return new AnnotationSubject(/* batch= */ false);
  }

  /** A {@code @CollapseBatch} method. */
  static AnnotationSubject batch() {
    return new AnnotationSubject(/* batch= */ true);
  }

  @Override
  public List<String> channels() {
    return List.of(PRINCIPAL, PRINCIPAL_FIELD);
  }

  @Override
  public List<String> round(int callers, String channel, IntFunction<String> identity)
      throws Exception {
    whoAmI.startRound();
    List<Object> answers =
        whoAmI
            .crowd()
            .run(
                callers,
                i -> {
                  Object principal =
                      channel.equals(PRINCIPAL_FIELD)
                          ? new TenantPrincipal(identity.apply(i), "admin")
                          : identity.apply(i);
                  SecurityContextHolder.getContext()
                      .setAuthentication(
                          new TestingAuthenticationToken(principal, null, "ROLE_USER"));
                  try {
                    return call.apply(i);
                  } finally {
                    SecurityContextHolder.clearContext();
                  }
                });
    return answers.stream().map(String::valueOf).toList();
  }

  @Override
  public int runs() {
    return whoAmI.runs().get();
  }

  @Override
  public void close() {
    context.close();
  }

  @Configuration(proxyBeanMethods = false)
  @EnableMethodSecurity
  @EnableCollapsing
  static class Services {

    @Bean
    WhoAmI whoAmI() {
      return new WhoAmI();
    }
  }

  static class WhoAmI {

    private volatile Crowd crowd = new Crowd();
    private final AtomicInteger runs = new AtomicInteger();

    void startRound() {
      crowd = new Crowd();
      runs.set(0);
    }

    Crowd crowd() {
      return crowd;
    }

    AtomicInteger runs() {
      return runs;
    }

    @Collapsible
    public String collapsible(int item) {
      runs.incrementAndGet();
      crowd.hold();
      return "[" + principal() + "]";
    }

    @CollapseBatch(batchMethod = "all")
    public String batched(Integer item) {
      return all(List.of(item)).get(item);
    }

    public Map<Integer, String> all(Collection<Integer> items) {
      runs.incrementAndGet();
      crowd.hold();
      Map<Integer, String> answers = new LinkedHashMap<>();
      items.forEach(item -> answers.put(item, "[" + principal() + "]"));
      return answers;
    }

    private static String principal() {
      Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
      return authentication.getPrincipal() instanceof TenantPrincipal tenant
          ? tenant.tenant()
          : authentication.getName();
    }
  }
}
