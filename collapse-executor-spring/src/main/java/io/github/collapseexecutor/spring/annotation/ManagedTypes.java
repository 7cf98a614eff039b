package io.github.collapseexecutor.spring.annotation;

import java.lang.annotation.Annotation;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Tells the classes whose instances a persistence context manages: JPA entities (a class
 * annotated {@code jakarta.persistence.Entity}, or a subclass of one, as Hibernate's proxies
 * are), Hibernate's proxies and persistent collections, and entities enhanced by Hibernate. Known
 * by name, so that nothing of JPA or Hibernate need be on the class path.
 */
final class ManagedTypes {

  private static final String ENTITY = "jakarta.persistence.Entity";

  private static final Set<String> MANAGED_INTERFACES =
      Set.of(
          "org.hibernate.proxy.HibernateProxy",
          "org.hibernate.collection.spi.PersistentCollection",
          "org.hibernate.engine.spi.ManagedEntity");

  private ManagedTypes() {}

  /**
   * Returns the name of the entity class {@code type} is or belongs to, or {@code null} if its
   * instances are not managed.
   */
  static @Nullable String entityOf(Class<?> type) {
    for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
      for (Annotation annotation : c.getDeclaredAnnotations()) {
        if (annotation.annotationType().getName().equals(ENTITY)) {
          return c.getName();
        }
      }
    }
    return implementsManaged(type) ? type.getName() : null;
  }

  private static boolean implementsManaged(Class<?> type) {
    for (Class<?> c = type; c != null; c = c.getSuperclass()) {
      for (Class<?> declared : c.getInterfaces()) {
        if (MANAGED_INTERFACES.contains(declared.getName()) || implementsManaged(declared)) {
          return true;
        }
      }
    }
    return false;
  }
}
