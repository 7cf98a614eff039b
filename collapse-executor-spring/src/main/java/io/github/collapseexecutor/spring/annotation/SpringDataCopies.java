package io.github.collapseexecutor.spring.annotation;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;
import org.springframework.data.domain.PageImpl;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.SliceImpl;
import org.springframework.data.domain.Window;

/**
 * Spring Data's pages, slices and windows, as repositories and services return them, rebuilt
 * around copies of their content: a page with the same pageable and total, a slice with the same
 * pageable and whether a next one exists, a window with the same scroll positions and whether a
 * next one exists. No caller can change a page's or a slice's content; a window hands out the
 * list it was made of, its one part. Loaded only where Spring Data is on the class path.
 */
final class SpringDataCopies {

  private SpringDataCopies() {}

  static void register(ContainerCopies.Registry registry) {
    registry.unmodifiable(
        PageImpl.class,
        (c, part) -> {
          PageImpl<?> page = (PageImpl<?>) c;
          return new PageImpl<>(
              ContainerCopies.copied(page.getContent(), part),
              page.getPageable(),
              page.getTotalElements());
        });
    registry.unmodifiable(
        SliceImpl.class,
        (c, part) -> {
          SliceImpl<?> slice = (SliceImpl<?>) c;
          return new SliceImpl<>(
              ContainerCopies.copied(slice.getContent(), part),
              slice.getPageable(),
              slice.hasNext());
        });
    registry.unmodifiable(
        Window.from(List.of(), index -> ScrollPosition.offset()).getClass(), new WindowCopier());
  }

  /** A window around a copy of its items, with the positions it had. */
  private static final class WindowCopier implements ContainerCopies.Copier {

    @Override
    public Object copy(Object container, UnaryOperator<@Nullable Object> part) {
      Window<?> window = (Window<?>) container;
      // the positions as they are now: the window's own function may read the items the caller
      // that ran the method holds
      List<ScrollPosition> positions = new ArrayList<>(window.size());
      for (int i = 0; i < window.size(); i++) {
        positions.add(window.positionAt(i));
      }
      List<?> items = (List<?>) Objects.requireNonNull(part.apply(window.getContent()), "items");
      return Window.from(items, positions::get, window.hasNext());
    }

    @Override
    public Iterable<?> parts(Object container) {
      return List.of(((Window<?>) container).getContent());
    }
  }
}
