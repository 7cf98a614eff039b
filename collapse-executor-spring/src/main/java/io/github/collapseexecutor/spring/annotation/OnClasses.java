package io.github.collapseexecutor.spring.annotation;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.context.annotation.Condition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.Conditional;
import org.springframework.core.annotation.MergedAnnotation;
import org.springframework.core.type.AnnotatedTypeMetadata;
import org.springframework.util.ClassUtils;

/**
 * Registers the configuration it marks only when every class {@link #value()} names is on the
 * class path and none of {@link #absent()}: Spring Boot's {@code @ConditionalOnClass} for
 * {@link EnableCollapsing}, which works without Spring Boot. Names, not classes, so that reading
 * the annotation loads none of them.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Conditional(OnClasses.Present.class)
@interface OnClasses {

  /** The classes that must be present. */
  String[] value();

  /** The classes that must be absent. */
  String[] absent() default {};

  /** Checks the class path for the names of {@link OnClasses}. */
  final class Present implements Condition {

    @Override
    public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
      MergedAnnotation<OnClasses> names = metadata.getAnnotations().get(OnClasses.class);
      if (!names.isPresent()) {
        return true;
      }
      ClassLoader loader = context.getClassLoader();
      for (String name : names.getStringArray("value")) {
        if (!ClassUtils.isPresent(name, loader)) {
          return false;
        }
      }
      for (String name : names.getStringArray("absent")) {
        if (ClassUtils.isPresent(name, loader)) {
          return false;
        }
      }
      return true;
    }
  }
}
