package io.github.collapseexecutor.spring.annotation;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.deser.AbstractDeserializer;
import com.fasterxml.jackson.databind.deser.DefaultDeserializationContext;
import com.fasterxml.jackson.databind.deser.ValueInstantiator;
import com.fasterxml.jackson.databind.deser.impl.TypeWrappedDeserializer;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import com.fasterxml.jackson.databind.util.TokenBuffer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashSet;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The {@link JacksonResultCopier} of an application that has Jackson 2 and not Jackson 3, as a
 * Spring Boot 3 application does: it copies a result by writing it with the application's
 * {@link ObjectMapper} and reading it back as the method's declared type, generics included.
 * Spring Boot registers it under the same name, {@value JacksonResultCopier#BEAN_NAME}, so a
 * method that names that copier runs on either Jackson:
 *
 * <pre>{@code
 * @Collapsible(resultCopier = JacksonResultCopier.BEAN_NAME)
 * public Cart cart(long id) { ... }
 * }</pre>
 *
 * <p>A copy has what the JSON form keeps. A result Jackson cannot read back, or reads back as
 * another class than its own, is not copied: each caller that joined makes its own call. Methods
 * whose declared result type is {@code Object}, not resolvable, or one Jackson cannot construct
 * are refused at startup.
 */
final class Jackson2ResultCopier extends JacksonCopier<JavaType> {

  private final ObjectMapper mapper;

  /** Creates a copier that writes and reads with {@code mapper}. */
  public Jackson2ResultCopier(ObjectMapper mapper) {
    super(
        mapper.getTypeFactory()::constructType,
        mapper.getTypeFactory()::constructParametricType,
        JavaType[]::new);
    this.mapper = mapper;
  }

  @Override
  Object copy(Object result, JavaType type) {
    // a token buffer: no bytes, no text, only the values on their way through
    try (TokenBuffer tokens = new TokenBuffer(mapper, /* hasNativeIds= */ false)) {
      mapper.writeValue(tokens, result);
      try (JsonParser parser = tokens.asParser(mapper)) {
        return mapper.readValue(parser, type);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  byte[] write(Object result) {
    try {
      return mapper.writeValueAsBytes(result);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  @Nullable Object read(byte[] bytes, JavaType type) {
    try {
      return mapper.readValue(bytes, type);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  boolean constructs(JavaType type) {
    DeserializationContext context =
        ((DefaultDeserializationContext) mapper.getDeserializationContext())
            .createDummyInstance(mapper.getDeserializationConfig());
    JsonDeserializer<Object> reader;
    try {
      reader = context.findRootValueDeserializer(type);
    } catch (JsonMappingException e) {
      throw new IllegalArgumentException(e.getOriginalMessage(), e);
    }
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
    BeanDescription written = mapper.getSerializationConfig().introspect(javaType);
    BeanDescription read = mapper.getDeserializationConfig().introspect(javaType);
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
