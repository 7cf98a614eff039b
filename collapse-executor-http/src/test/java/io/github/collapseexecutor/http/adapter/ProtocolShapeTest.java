package io.github.collapseexecutor.http.adapter;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Holds the shape of the protocol's classes: a constructor that needs more than five values is
 * asking for the object those values make together, and a class that reads another's fields
 * holds behaviour that belongs to the other. Read from the compiled classes of this package.
 */
final class ProtocolShapeTest {

  private static final int MOST_PARAMETERS = 5;

  @Test
  void noConstructorTakesMoreThanFiveParameters() throws Exception {
    List<String> tooMany = new ArrayList<>();
    for (Class<?> type : classesOfThisPackage()) {
      for (Constructor<?> constructor : type.getDeclaredConstructors()) {
        if (!constructor.isSynthetic() && declaredParameters(constructor) > MOST_PARAMETERS) {
          tooMany.add(constructor.toString());
        }
      }
    }
    assertThat(tooMany).isEmpty();
  }

  @Test
  void everyFieldButAConstantIsPrivate() throws Exception {
    List<String> open = new ArrayList<>();
    for (Class<?> type : classesOfThisPackage()) {
      for (Field field : type.getDeclaredFields()) {
        int modifiers = field.getModifiers();
        boolean constant = Modifier.isStatic(modifiers) && Modifier.isFinal(modifiers);
        if (!field.isSynthetic() && !constant && !Modifier.isPrivate(modifiers)) {
          open.add(field.toString());
        }
      }
    }
    assertThat(open).isEmpty();
  }

  /** The parameters a constructor's source declares: an enum's or inner class's are implicit. */
  private static int declaredParameters(Constructor<?> constructor) {
    Class<?> type = constructor.getDeclaringClass();
    int implicit =
        type.isEnum() ? 2 : type.isMemberClass() && !Modifier.isStatic(type.getModifiers()) ? 1 : 0;
    return constructor.getParameterCount() - implicit;
  }

  /** The classes of this package but the anonymous and local ones, whose captures are implicit. */
  private static List<Class<?>> classesOfThisPackage()
      throws IOException, URISyntaxException, ClassNotFoundException {
    Path root =
        Path.of(CollapseProtocol.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    String packageName = CollapseProtocol.class.getPackageName();
    List<Class<?>> classes = new ArrayList<>();
    try (Stream<Path> files = Files.list(root.resolve(packageName.replace('.', '/')))) {
      for (Path file : files.filter(f -> f.toString().endsWith(".class")).toList()) {
        String simpleName = file.getFileName().toString().replace(".class", "");
        Class<?> type = Class.forName(packageName + "." + simpleName);
        if (!type.isAnonymousClass() && !type.isLocalClass()) {
          classes.add(type);
        }
      }
    }
    assertThat(classes).as("the classes found in " + root).contains(Lead.class, Wait.class);
    return classes;
  }
}
