package io.github.collapseexecutor.spring.annotation;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import org.junit.jupiter.api.Test;

/** The names a key expression reads from {@code #root}, as the Spring Boot page lists them. */
final class KeyRootTest {

  private final ProfileService target = new ProfileService();

  @Test
  void aKeyReadsTheMethodItsNameTheArgumentsAndTheTargetFromTheRoot() throws Exception {
    Method method = ProfileService.class.getMethod("profile", long.class, String.class);
    Object[] args = {42L, "trace-1"};

    assertThat(key(method, "#root.method", args)).isEqualTo(method);
    assertThat(key(method, "#root.methodName", args)).isEqualTo("profile");
    assertThat(key(method, "#root.args[0]", args)).isEqualTo(42L);
    assertThat(key(method, "#root.target", args)).isSameAs(target);
    assertThat(key(method, "#p0", args)).isEqualTo(42L);
  }

  private Object key(Method method, String expression, Object[] args) {
    KeyExpression key = KeyExpression.parse(method, expression);
    assertThat(key).isNotNull();
    return key.evaluate(target, args);
  }

  /** A bean with a method whose key an expression picks. */
  public static final class ProfileService {

    public String profile(long userId, String traceId) {
      return userId + traceId;
    }
  }
}
