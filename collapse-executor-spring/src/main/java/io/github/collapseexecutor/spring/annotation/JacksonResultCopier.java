package io.github.collapseexecutor.spring.annotation;

import java.util.HashSet;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.BeanDescription;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.deser.AbstractDeserializer;
import tools.jackson.databind.deser.ValueInstantiator;
import tools.jackson.databind.deser.impl.TypeWrappedDeserializer;
import tools.jackson.databind.introspect.BeanPropertyDefinition;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.util.TokenBuffer;

/**
 * A {@link ResultCopier} that copies a result by writing it with Jackson 3 and reading it back as
 * the method's declared type, generics included ({@code List<Profile>} comes back as a list of
 * profiles). Spring Boot and {@link EnableCollapsing} register it as {@value #BEAN_NAME} when
 * Jackson 3 is on the class path,
 * with the application's {@link JsonMapper}, so the copy sees the same modules and settings as
 * the application's JSON; with only Jackson 2 (Spring Boot 3), the same name is its Jackson 2
 * twin:
 *
 * <pre>{@code
 * @Collapsible(resultCopier = JacksonResultCopier.BEAN_NAME)
 * public Cart cart(long id) { ... }
 * }</pre>
 *
 * <p>A copy has what the JSON form keeps: fields Jackson ignores come back at their defaults. A
 * result Jackson cannot read back, or reads back as another class than its own (a subclass of the
 * declared type), is not copied: each caller that joined makes its own call. Methods whose
 * declared result type is {@code Object}, not resolvable, or one Jackson cannot construct (an
 * interface such as Spring Data's {@code Page}) are refused at startup.
 */
// Jackson 3 is optional to the module (requires static): whoever makes this has it
@SuppressWarnings("exports")
public final class JacksonResultCopier extends JacksonCopier<JavaType> {

  /** The name of the bean Spring Boot registers. */
  public static final String BEAN_NAME = "jacksonResultCopier";

  private final JsonMapper mapper;

  /** Creates a copier that writes and reads with {@code mapper}. */
  public JacksonResultCopier(JsonMapper mapper) {
    super(
        mapper.getTypeFactory()::constructType,
        mapper.getTypeFactory()::constructParametricType,
        JavaType[]::new);
    this.mapper = mapper;
  }

  @Override
  Object copy(Object result, JavaType type) {
    // a token buffer: no bytes, no text, only the values on their way through
    try (TokenBuffer tokens = mapper.writeValueIntoBuffer(result)) {
      return mapper.readValue(tokens, type);
    }
  }

  @Override
  byte[] write(Object result) {
    return mapper.writeValueAsBytes(result);
  }

  @Override
  @Nullable Object read(byte[] bytes, JavaType type) {
    return mapper.readValue(bytes, type);
  }

  @Override
  boolean constructs(JavaType type) {
    ValueDeserializer<Object> reader =
        mapper._deserializationContext().findRootValueDeserializer(type);
    if (reader instanceof TypeWrappedDeserializer) {
      // polymorphic: the type information names the class to construct
      return true;
    }
    return !(reader instanceof AbstractDeserializer)
        && !(reader instanceof ValueInstantiator.Gettable gettable
            && gettable.getValueInstantiator() != null
            && !gettable.getValueInstantiator().canInstantiate());
  }

  @Override
  JsonFidelity.JsonProperties properties(Class<?> type) {
    JavaType javaType = mapper.getTypeFactory().constructType(type);
    BeanDescription written = mapper._serializationContext().introspectBeanDescription(javaType);
    BeanDescription read = mapper._deserializationContext().introspectBeanDescription(javaType);
    return new JsonFidelity.JsonProperties(
        names(written, true),
        names(read, false),
        written.findAnyGetter() == null
            && written.findJsonValueAccessor() == null
            && read.findAnySetterAccessor() == null);
  }

  private static Set<String> names(BeanDescription description, boolean writing) {
    Set<String> names = new HashSet<>();
    for (BeanPropertyDefinition property : description.findProperties()) {
      if (writing ? property.couldSerialize() : property.couldDeserialize()) {
        names.add(property.getInternalName());
        if (property.hasField()) {
          names.add(property.getField().getName());
        }
      }
    }
    return names;
  }
}
