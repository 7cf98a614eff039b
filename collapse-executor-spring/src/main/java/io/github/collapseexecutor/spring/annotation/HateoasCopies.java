package io.github.collapseexecutor.spring.annotation;

import java.lang.reflect.Field;
import java.util.Collections;
import java.util.Objects;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;
import org.springframework.core.ResolvableType;
import org.springframework.hateoas.CollectionModel;
import org.springframework.hateoas.EntityModel;
import org.springframework.hateoas.PagedModel;
import org.springframework.util.ReflectionUtils;

/**
 * Spring HATEOAS's models, rebuilt around copies of their content with the same links: an
 * {@code EntityModel}, a {@code CollectionModel} with its fallback type, a {@code PagedModel}
 * with its page metadata too. A caller can add links to any of them, so each caller gets its
 * own. Loaded only where Spring HATEOAS is on the class path.
 */
final class HateoasCopies {

  /** What a collection model declares its elements to be when it has none. */
  private static final Field FALLBACK_TYPE =
      Objects.requireNonNull(
          ReflectionUtils.findField(CollectionModel.class, "fallbackType"), "fallbackType");

  static {
    ReflectionUtils.makeAccessible(FALLBACK_TYPE);
  }

  private HateoasCopies() {}

  static void register(ContainerCopies.Registry registry) {
    registry.mutable(EntityModel.class, new EntityModels());
    registry.mutable(
        CollectionModel.class,
        (c, part) -> {
          CollectionModel<?> model = (CollectionModel<?>) c;
          return withFallback(
              CollectionModel.of(
                  ContainerCopies.copied(model.getContent(), part), model.getLinks()),
              model);
        });
    registry.mutable(
        PagedModel.class,
        (c, part) -> {
          PagedModel<?> model = (PagedModel<?>) c;
          return withFallback(
              PagedModel.of(
                  ContainerCopies.copied(model.getContent(), part),
                  model.getMetadata(),
                  model.getLinks()),
              model);
        });
  }

  private static Object withFallback(CollectionModel<?> copy, CollectionModel<?> original) {
    ResolvableType fallback = (ResolvableType) ReflectionUtils.getField(FALLBACK_TYPE, original);
    return fallback == null ? copy : copy.withFallbackType(fallback);
  }

  /** An entity model around a copy of its content, its one part. */
  private static final class EntityModels implements ContainerCopies.Copier {

    @Override
    public Object copy(Object container, UnaryOperator<@Nullable Object> part) {
      EntityModel<?> model = (EntityModel<?>) container;
      return EntityModel.of(part.apply(model.getContent()), model.getLinks());
    }

    @Override
    public Iterable<?> parts(Object container) {
      return Collections.singletonList(((EntityModel<?>) container).getContent());
    }
  }
}
