package io.github.collapseexecutor.spring.http.client;

import java.lang.reflect.Field;
import java.util.Iterator;
import org.jspecify.annotations.Nullable;
import org.springframework.http.client.ClientHttpRequestExecution;

/**
 * Tells whether an interceptor runs last in its chain, from the execution Spring hands it. No
 * public API of Spring says, so this reads the execution as each Spring line builds it: Spring 7
 * ends the chain in an execution of its own class; Spring 6.2 walks one iterator over the
 * interceptors, which has no next one after the last. Any other execution counts as not last,
 * which costs collapse and never lets a later interceptor's credentials go unseen.
 */
final class ChainEnd {

  /** Spring 7's execution after the last interceptor. */
  private static final String END_OF_CHAIN = "$EndOfChainRequestExecution";

  /** Spring 6.2's one execution, and its iterator over the interceptors still to run. */
  private static final String SPRING_6_EXECUTION =
      "org.springframework.http.client.InterceptingClientHttpRequest$InterceptingRequestExecution";

  private static final @Nullable Field SPRING_6_REMAINING = spring6Remaining();

  private ChainEnd() {}

  static boolean isLast(ClientHttpRequestExecution execution) {
    Class<?> type = execution.getClass();
    if (type.getName().endsWith(END_OF_CHAIN)) {
      return true;
    }
    Field remaining = SPRING_6_REMAINING;
    if (remaining == null || type != remaining.getDeclaringClass()) {
      return false;
    }
    try {
      return !((Iterator<?>) remaining.get(execution)).hasNext();
    } catch (IllegalAccessException | RuntimeException unreadable) {
      return false;
    }
  }

  private static @Nullable Field spring6Remaining() {
    try {
      Field field =
          Class.forName(
                  SPRING_6_EXECUTION, false, ClientHttpRequestExecution.class.getClassLoader())
              .getDeclaredField("iterator");
      field.setAccessible(true);
      return field;
    } catch (ReflectiveOperationException | RuntimeException spring7) {
      return null;
    }
  }
}
