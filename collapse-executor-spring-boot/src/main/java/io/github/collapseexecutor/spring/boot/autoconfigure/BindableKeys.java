package io.github.collapseexecutor.spring.boot.autoconfigure;

import java.beans.PropertyDescriptor;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.util.Collection;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.springframework.beans.BeanUtils;
import org.springframework.boot.context.properties.bind.BindConstructorProvider;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.convert.ApplicationConversionService;
import org.springframework.core.DefaultParameterNameDiscoverer;
import org.springframework.core.ParameterNameDiscoverer;
import org.springframework.core.ResolvableType;
import org.springframework.util.ClassUtils;

/**
 * Adds to a {@link KeyTree} the keys a type binds, read from the type the way Spring Boot's binder
 * reads it: JavaBean properties (a setter, or a getter of a nested object, list or map), or the
 * parameters of its binding constructor; lists and arrays by item, maps by value. A type of the
 * JDK, an enum, a type converted from text ({@code DataSize}) or a type with nothing to bind
 * takes a value.
 */
final class BindableKeys {

  private static final ParameterNameDiscoverer PARAMETER_NAMES =
      new DefaultParameterNameDiscoverer();

  private BindableKeys() {}

  /** Adds the keys of {@code type} below {@code node}. */
  static void add(KeyTree node, Class<?> type) {
    add(node, ResolvableType.forClass(type), new HashSet<>());
  }

  private static void add(KeyTree node, ResolvableType type, Set<Class<?>> enclosing) {
    Class<?> resolved = type.resolve(Object.class);
    if (resolved.isArray() || Collection.class.isAssignableFrom(resolved)) {
      node.takesValue();
      add(node.items(), resolved.isArray() ? type.getComponentType()
          : type.asCollection().getGeneric(0), enclosing);
    } else if (Map.class.isAssignableFrom(resolved)) {
      ResolvableType valueType = type.asMap().getGeneric(1);
      if (isObject(valueType.resolve(Object.class))) {
        add(node.values(), valueType, enclosing);
      } else {
        // a map of plain values takes keys with dots in them: every name below is one
        node.openBelow();
      }
    } else if (!isObject(resolved)) {
      node.takesValue();
    } else if (!enclosing.add(resolved)) {
      // a type that holds itself binds without end; what is below it is not checked
      node.openBelow();
    } else {
      addProperties(node, resolved, enclosing);
      enclosing.remove(resolved);
    }
  }

  private static void addProperties(KeyTree node, Class<?> type, Set<Class<?>> enclosing) {
    Constructor<?> constructor =
        BindConstructorProvider.DEFAULT.getBindConstructor(Bindable.of(type), false);
    if (constructor != null) {
      String[] names = PARAMETER_NAMES.getParameterNames(constructor);
      for (int i = 0; names != null && i < names.length; i++) {
        add(node.child(dashed(names[i])), ResolvableType.forConstructorParameter(constructor, i),
            enclosing);
      }
      return;
    }
    for (PropertyDescriptor property : BeanUtils.getPropertyDescriptors(type)) {
      ResolvableType propertyType = typeOf(property, type);
      if (propertyType != null && (property.getWriteMethod() != null
          || !isValue(propertyType.resolve(Object.class)))) {
        add(node.child(dashed(property.getName())), propertyType, enclosing);
      }
    }
  }

  private static ResolvableType typeOf(PropertyDescriptor property, Class<?> owner) {
    Method getter = property.getReadMethod();
    if (getter != null && getter.getDeclaringClass() != Object.class) {
      return ResolvableType.forMethodReturnType(getter, owner);
    }
    Method setter = property.getWriteMethod();
    return setter == null ? null : ResolvableType.forMethodParameter(setter, 0, owner);
  }

  /** Returns whether {@code type} binds as one value: it has no keys of its own. */
  private static boolean isValue(Class<?> type) {
    return !isObject(type) && !type.isArray() && !Collection.class.isAssignableFrom(type)
        && !Map.class.isAssignableFrom(type);
  }

  /** Returns whether {@code type} is an object the binder fills key by key. */
  private static boolean isObject(Class<?> type) {
    if (ClassUtils.isPrimitiveOrWrapper(type) || type.isEnum() || type.isArray()
        || type.getName().startsWith("java.") || type.getName().startsWith("javax.")
        || Collection.class.isAssignableFrom(type) || Map.class.isAssignableFrom(type)
        || ApplicationConversionService.getSharedInstance().canConvert(String.class, type)) {
      return false;
    }
    if (BindConstructorProvider.DEFAULT.getBindConstructor(Bindable.of(type), false) != null) {
      return true;
    }
    for (PropertyDescriptor property : BeanUtils.getPropertyDescriptors(type)) {
      if (property.getWriteMethod() != null) {
        return true;
      }
    }
    return false;
  }

  /** Returns a Java name in the dashed form keys are written in: {@code maxBatchSize}. */
  private static String dashed(String javaName) {
    StringBuilder dashed = new StringBuilder();
    for (char c : javaName.toCharArray()) {
      if (Character.isUpperCase(c)) {
        dashed.append('-').append(Character.toLowerCase(c));
      } else {
        dashed.append(c);
      }
    }
    return dashed.toString();
  }
}
