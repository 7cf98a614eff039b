package io.github.collapseexecutor.spring.annotation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.collapseexecutor.testing.annotation.HeldService;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.aopalliance.intercept.MethodInterceptor;
import org.aopalliance.intercept.MethodInvocation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.aop.framework.ProxyFactory;
import org.springframework.aop.support.DefaultPointcutAdvisor;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;

/**
 * A bean that is already a frozen proxy takes no more advice, so the collapse advice can only
 * wrap it from outside, before all of the proxy's own advice. That is right when the proxy's
 * advice belongs after the collapse advice (as a transaction does); when it must run for each
 * caller (as method security does), callers who join would skip it, so the bean fails to start.
 */
@Timeout(60)
final class FrozenProxyTest {

  @Test
  void aFrozenProxyWithAdviceThatRunsPerCallerFailsItsBeanAtStartup() {
    assertThatThrownBy(() -> new AnnotationConfigApplicationContext(PerCallerAdvice.class).close())
        .rootCause()
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("Bean 'quotes'")
        .hasMessageContaining("frozen proxy")
        .hasMessageContaining(Counting.class.getName());
  }

  @Test
  void aFrozenProxyWhoseAdviceGoesAfterCollapseIsWrappedAndItsCallersShare() throws Exception {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(LateAdvice.class)) {
      Quotes quotes = context.getBean(Quotes.class);
      Counting late = context.getBean(Counting.class);

      List<Object> results = quotes.crowd().run(8, i -> quotes.quote("acme"));

      assertThat(results).containsOnly("quote of acme");
      assertThat(quotes.runs().get()).as("the callers shared one run").isEqualTo(1);
      assertThat(late.calls().get()).as("the proxy's own advice ran inside the run").isEqualTo(1);
    }
  }

  private static Quotes frozen(Counting advice) {
    ProxyFactory factory = new ProxyFactory(new Quotes());
    factory.setProxyTargetClass(true);
    factory.addAdvisor(
        new DefaultPointcutAdvisor(advice) {
          @Override
          public int getOrder() {
            return advice.order;
          }
        });
    factory.setFrozen(true);
    return (Quotes) factory.getProxy();
  }

  @Configuration(proxyBeanMethods = false)
  @EnableCollapsing
  static class PerCallerAdvice {

    @Bean
    Counting counting() {
      return new Counting(Ordered.HIGHEST_PRECEDENCE);
    }

    @Bean
    Quotes quotes(Counting counting) {
      return frozen(counting);
    }
  }

  @Configuration(proxyBeanMethods = false)
  @EnableCollapsing
  static class LateAdvice {

    @Bean
    Counting counting() {
      return new Counting(Ordered.LOWEST_PRECEDENCE);
    }

    @Bean
    Quotes quotes(Counting counting) {
      return frozen(counting);
    }
  }

  /** Advice at an order of its own that counts the calls of {@code quote} it sees. */
  static final class Counting implements MethodInterceptor {

    private final int order;
    private final AtomicInteger calls = new AtomicInteger();

    Counting(int order) {
      this.order = order;
    }

    AtomicInteger calls() {
      return calls;
    }

    @Override
    public Object invoke(MethodInvocation invocation) throws Throwable {
      if (invocation.getMethod().getName().equals("quote")) {
        calls.incrementAndGet();
      }
      return invocation.proceed();
    }
  }

  static class Quotes extends HeldService {

    @Collapsible
    public String quote(String symbol) {
      enter();
      return "quote of " + symbol;
    }
  }
}
