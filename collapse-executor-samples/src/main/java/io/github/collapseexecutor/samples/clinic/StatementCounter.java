package io.github.collapseexecutor.samples.clinic;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import javax.sql.DataSource;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.jdbc.datasource.DelegatingDataSource;

/**
 * Counts the SQL statements the application executes, through a wrapper of its
 * {@link DataSource}, and makes each take {@code latency} first, as a database across a network
 * would: the embedded H2 answers in microseconds, so that requests would rarely overlap.
 */
public final class StatementCounter implements BeanPostProcessor {

  private final AtomicLong statements = new AtomicLong();
  private final Duration latency;

  /** Creates a counter whose statements each take {@code latency} more. */
  public StatementCounter(Duration latency) {
    this.latency = latency;
  }

  /** Returns how many statements were executed so far. */
  public long statements() {
    return statements.get();
  }

  @Override
  public Object postProcessAfterInitialization(Object bean, String beanName) {
    if (bean instanceof DataSource dataSource && !(bean instanceof CountingDataSource)) {
      return new CountingDataSource(dataSource);
    }
    return bean;
  }

  private final class CountingDataSource extends DelegatingDataSource {

    CountingDataSource(DataSource target) {
      super(target);
    }

    @Override
    public Connection getConnection() throws SQLException {
      return proxy(Connection.class, super.getConnection());
    }

    @Override
    public Connection getConnection(String username, String password) throws SQLException {
      return proxy(Connection.class, super.getConnection(username, password));
    }
  }

  private <T> T proxy(Class<T> type, T target) {
    InvocationHandler handler = (proxy, method, args) -> invoke(target, method, args);
    return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, handler));
  }

  private Object invoke(Object target, Method method, Object[] args) throws Throwable {
    if (target instanceof Statement && method.getName().startsWith("execute")) {
      statements.incrementAndGet();
      if (!latency.isZero()) {
        Thread.sleep(latency.toMillis());
      }
    }
    Object result;
    try {
      result = method.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
    // a statement the connection made: PreparedStatement, CallableStatement or Statement
    if (result instanceof Statement statement
        && Statement.class.isAssignableFrom(method.getReturnType())) {
      return proxy(castTo(method.getReturnType()), statement);
    }
    return result;
  }

  @SuppressWarnings("unchecked")
  private static Class<Statement> castTo(Class<?> statementType) {
    return (Class<Statement>) statementType;
  }
}
