package io.github.collapseexecutor.spring.annotation;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.core.ResolvableType;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.type.TypeFactory;
import tools.jackson.databind.util.TokenBuffer;

/**
 * A {@link ResultCopier} that copies a result by writing it with Jackson 3 and reading it back as
 * the method's declared type, generics included ({@code List<Profile>} comes back as a list of
 * profiles). Spring Boot registers it as {@value #BEAN_NAME} when Jackson 3 is on the class path,
 * with the application's {@link JsonMapper}, so the copy sees the same modules and settings as
 * the application's JSON:
 *
 * <pre>{@code
 * @Collapsible(resultCopier = JacksonResultCopier.BEAN_NAME)
 * public Cart cart(long id) { ... }
 * }</pre>
 *
 * <p>A copy has what the JSON form keeps: fields Jackson ignores come back at their defaults,
 * and a type Jackson cannot read back fails each joiner with Jackson's exception. Methods whose
 * declared result type is {@code Object} or not resolvable are refused at startup, as Jackson
 * would read them back as maps.
 */
public final class JacksonResultCopier implements ResultCopier {

  /** The name of the bean Spring Boot registers. */
  public static final String BEAN_NAME = "jacksonResultCopier";

  private final JsonMapper mapper;
  private final Map<ResolvableType, JavaType> types = new ConcurrentHashMap<>();

  /** Creates a copier that writes and reads with {@code mapper}. */
  public JacksonResultCopier(JsonMapper mapper) {
    this.mapper = mapper;
  }

  @Override
  public Object copy(Object result, ResolvableType type) {
    JavaType javaType = types.computeIfAbsent(type, this::javaType);
    // a token buffer: no bytes, no text, only the values on their way through
    try (TokenBuffer tokens = mapper.writeValueIntoBuffer(result)) {
      return mapper.readValue(tokens, javaType);
    }
  }

  /**
   * Returns Jackson's type for {@code type} as resolved, not as declared: a method declared in a
   * generic class returns {@code List<T>}, which only the bean's class resolves.
   */
  private JavaType javaType(ResolvableType type) {
    TypeFactory factory = mapper.getTypeFactory();
    Class<?> raw = type.toClass();
    ResolvableType[] generics = type.getGenerics();
    if (generics.length == 0 || raw.isArray()) {
      return factory.constructType(raw);
    }
    JavaType[] arguments = new JavaType[generics.length];
    for (int i = 0; i < generics.length; i++) {
      arguments[i] = javaType(generics[i]);
    }
    return factory.constructParametricType(raw, arguments);
  }

  @Override
  public boolean canCopy(ResolvableType type) {
    Class<?> resolved = type.resolve();
    return resolved != null && resolved != Object.class && !type.hasUnresolvableGenerics();
  }
}
