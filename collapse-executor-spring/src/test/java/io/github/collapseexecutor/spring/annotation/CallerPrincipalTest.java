package io.github.collapseexecutor.spring.annotation;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.testing.annotation.HeldService;
import java.security.Principal;
import java.util.List;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.authority.AuthorityUtils;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.core.userdetails.User;

/**
 * Callers whose principals have the same name and authorities but differ in what else the
 * principal holds: in a multi-tenant application usernames are unique per tenant only, and a
 * method that reads the tenant from the authenticated principal must never answer "admin" of one
 * tenant with the run of "admin" of another. Equal principals of one user still share.
 */
@Timeout(60)
final class CallerPrincipalTest {

  private static final List<GrantedAuthority> ADMIN =
      AuthorityUtils.createAuthorityList("ROLE_ADMIN");

  @Test
  void theSameUsernameInTwoTenantsNeverSharesARun() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class)) {
      Dashboards dashboards = context.getBean(Dashboards.class);

      List<Object> results =
          dashboards
              .crowd()
              .run(
                  2,
                  as(
                      i -> new TenantPrincipal(i == 0 ? "acme" : "evil", "admin"),
                      i -> dashboards.dashboard(1)));

      assertThat(results)
          .containsExactly(
              "dashboard 1 of tenant acme for admin", "dashboard 1 of tenant evil for admin");
      assertThat(dashboards.runs().get()).as("method runs").isEqualTo(2);
    }
  }

  @Test
  void aUserSubclassThatAddsATenantNeverSharesAcrossTenants() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class)) {
      Dashboards dashboards = context.getBean(Dashboards.class);

      // TenantUser inherits User's equals, which compares the username only
      List<Object> results =
          dashboards
              .crowd()
              .run(
                  2,
                  as(
                      i -> new TenantUser("admin", i == 0 ? "acme" : "evil"),
                      i -> dashboards.dashboard(1)));

      assertThat(results)
          .containsExactly(
              "dashboard 1 of tenant acme for admin", "dashboard 1 of tenant evil for admin");
      assertThat(dashboards.runs().get()).as("method runs").isEqualTo(2);
    }
  }

  @Test
  void equalPrincipalsOfOneUserStillShareOneRun() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class)) {
      Dashboards dashboards = context.getBean(Dashboards.class);

      // a new, equal principal for every call, as each request authenticates anew
      List<Object> results =
          dashboards
              .crowd()
              .run(20, as(i -> new TenantPrincipal("acme", "admin"), i -> dashboards.dashboard(1)));

      assertThat(results).containsOnly("dashboard 1 of tenant acme for admin");
      assertThat(dashboards.runs().get()).as("method runs").isEqualTo(1);
    }
  }

  @Test
  void springUsersOfTheSameUsernameStillShareOneRun() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class)) {
      Dashboards dashboards = context.getBean(Dashboards.class);

      List<Object> results =
          dashboards
              .crowd()
              .run(20, as(i -> new User("alice", "n/a", ADMIN), i -> dashboards.name(1)));

      assertThat(results).containsOnly("1 for alice");
      assertThat(dashboards.runs().get()).as("method runs").isEqualTo(1);
    }
  }

  @Test
  void aPrincipalWithoutEqualsSharesAsTheSameObject() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class)) {
      Dashboards dashboards = context.getBean(Dashboards.class);
      Account account = new Account("bob");

      // one object for every call, as the requests of one session hold
      List<Object> results = dashboards.crowd().run(20, as(i -> account, i -> dashboards.name(1)));

      assertThat(results).containsOnly("1 for bob");
      assertThat(dashboards.runs().get()).as("method runs").isEqualTo(1);
    }
  }

  @Test
  void twoPrincipalsWithoutEqualsNeverShareARun() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Services.class)) {
      Dashboards dashboards = context.getBean(Dashboards.class);

      // nothing says that two accounts of the same name are the same caller
      List<Object> results =
          dashboards.crowd().run(2, as(i -> new Account("bob"), i -> dashboards.name(1)));

      assertThat(results).containsOnly("1 for bob");
      assertThat(dashboards.runs().get()).as("method runs").isEqualTo(2);
    }
  }

  /** Runs each call authenticated as {@code principal(i)}, with the authority ROLE_ADMIN. */
  private static IntFunction<Object> as(IntFunction<Object> principal, IntFunction<Object> call) {
    return i -> {
      SecurityContextHolder.getContext()
          .setAuthentication(
              UsernamePasswordAuthenticationToken.authenticated(principal.apply(i), null, ADMIN));
      try {
        return call.apply(i);
      } finally {
        SecurityContextHolder.clearContext();
      }
    };
  }

  /** A principal whose username is unique within its tenant only. */
  record TenantPrincipal(String tenant, String username) implements Principal {

    @Override
    public String getName() {
      return username;
    }
  }

  /** A Spring Security user whose username is unique within its tenant only. */
  static final class TenantUser extends User {

    private final String tenant;

    TenantUser(String username, String tenant) {
      super(username, "n/a", ADMIN);
      this.tenant = tenant;
    }

    String tenant() {
      return tenant;
    }
  }

  /** A principal that keeps {@code Object}'s {@code equals}. */
  static final class Account implements Principal {

    private final String name;

    Account(String name) {
      this.name = name;
    }

    @Override
    public String getName() {
      return name;
    }
  }

  @Configuration(proxyBeanMethods = false)
  @EnableCollapsing
  static class Services {

    @Bean
    Dashboards dashboards() {
      return new Dashboards();
    }
  }

  static class Dashboards extends HeldService {

    @Collapsible
    public String dashboard(int id) {
      enter();
      Object principal = SecurityContextHolder.getContext().getAuthentication().getPrincipal();
      String tenant =
          principal instanceof TenantUser user
              ? user.tenant()
              : ((TenantPrincipal) principal).tenant();
      return "dashboard "
          + id
          + " of tenant "
          + tenant
          + " for "
          + SecurityContextHolder.getContext().getAuthentication().getName();
    }

    @Collapsible
    public String name(int id) {
      enter();
      return id + " for " + SecurityContextHolder.getContext().getAuthentication().getName();
    }
  }
}
