package io.github.collapseexecutor.spring.annotation;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.spring.NamedExecutor;
import io.github.collapseexecutor.spring.NamedExecutors;
import io.github.collapseexecutor.spring.annotation.Library.Author;
import io.github.collapseexecutor.spring.annotation.Library.Authors;
import io.github.collapseexecutor.testing.annotation.Crowd;
import io.github.collapseexecutor.testing.annotation.TestExecutors;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Slice;
import org.springframework.data.domain.Sort;
import org.springframework.data.domain.Window;
import org.springframework.hateoas.EntityModel;
import org.springframework.hateoas.Link;
import org.springframework.hateoas.PagedModel;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * What Spring services and controllers return, read through real Spring Data JPA repositories and
 * mapped to mutable DTOs: 50 equal concurrent calls make one run, and each caller that joined it
 * gets an equal result of its own objects, which it may change without changing anyone else's:
 * Spring Data's {@code Page}, {@code Slice} and {@code Window}, a {@code ResponseEntity} and
 * Spring HATEOAS's {@code PagedModel} of {@code EntityModel}s. No caller runs the method itself.
 */
@Timeout(120)
final class ServiceShapesTest {

  private static final int CALLERS = 50;

  @ParameterizedTest
  @ValueSource(strings = {"h2", "postgresql"})
  void aPageOfMutableDtosIsRunOnceAndEachCallerGetsItsOwn(String kind) throws Exception {
    try (LibraryDatabase database = LibraryDatabase.named(kind);
        AnnotationConfigApplicationContext context = start(database)) {
      AuthorService service = context.getBean(AuthorService.class);
      Copies copies = context.getBean(Copies.class);

      List<Object> pages = service.newCrowd().run(CALLERS, i -> service.page(1));

      assertThat(service.runs("page")).isEqualTo(1);
      assertThat(copies.copied.sum()).isEqualTo(CALLERS - 1);
      assertThat(copies.notCollapsed).isEmpty();
      Page<?> first = (Page<?>) pages.get(0);
      assertThat(first.getContent())
          .isEqualTo(List.of(new AuthorRow(3L, "Author 3"), new AuthorRow(4L, "Author 4")));
      assertThat(first.getPageable()).isEqualTo(PageRequest.of(1, 2, Sort.by("id")));
      assertThat(first.getTotalElements()).isEqualTo(6);
      assertThat(pages).allSatisfy(page -> assertThat(page).isEqualTo(first));
      assertOwnObjects(pages, page -> ((Page<?>) page).getContent());
    }
  }

  @Test
  void aSliceOfMutableDtosIsRunOnceAndEachCallerGetsItsOwn() throws Exception {
    try (LibraryDatabase database = LibraryDatabase.named("h2");
        AnnotationConfigApplicationContext context = start(database)) {
      AuthorService service = context.getBean(AuthorService.class);

      List<Object> slices = service.newCrowd().run(CALLERS, i -> service.slice(0));

      assertThat(service.runs("slice")).isEqualTo(1);
      Slice<?> first = (Slice<?>) slices.get(0);
      assertThat(first.hasNext()).isTrue();
      assertThat(first.getContent()).hasSize(2);
      assertThat(slices).allSatisfy(slice -> assertThat(slice).isEqualTo(first));
      assertOwnObjects(slices, slice -> ((Slice<?>) slice).getContent());
    }
  }

  /** A window's positions come back the same, and as the caller that ran it read them. */
  @Test
  void aWindowOfMutableDtosIsRunOnceAndEachCallerGetsItsOwnWithTheSamePositions() throws Exception {
    try (LibraryDatabase database = LibraryDatabase.named("h2");
        AnnotationConfigApplicationContext context = start(database)) {
      AuthorService service = context.getBean(AuthorService.class);

      List<Object> windows = service.newCrowd().run(CALLERS, i -> service.window(2));

      assertThat(service.runs("window")).isEqualTo(1);
      Window<?> first = (Window<?>) windows.get(0);
      assertThat(first.getContent())
          .isEqualTo(List.of(new AuthorRow(3L, "Author 3"), new AuthorRow(4L, "Author 4")));
      assertThat(first.hasNext()).isTrue();
      List<ScrollPosition> positions = List.of(first.positionAt(0), first.positionAt(1));
      assertThat(positions).doesNotHaveDuplicates();
      for (Object window : windows) {
        Window<?> each = (Window<?>) window;
        assertThat(each.getContent()).isEqualTo(first.getContent());
        assertThat(each.hasNext()).isTrue();
        assertThat(List.of(each.positionAt(0), each.positionAt(1))).isEqualTo(positions);
      }
      assertOwnObjects(windows, window -> ((Window<?>) window).getContent());
    }
  }

  @Test
  void aResponseEntityOfAMutableDtoIsRunOnceAndEachCallerGetsItsOwn() throws Exception {
    try (LibraryDatabase database = LibraryDatabase.named("h2");
        AnnotationConfigApplicationContext context = start(database)) {
      AuthorService service = context.getBean(AuthorService.class);

      List<Object> entities = service.newCrowd().run(CALLERS, i -> service.entity(4L));

      assertThat(service.runs("entity")).isEqualTo(1);
      ResponseEntity<?> first = (ResponseEntity<?>) entities.get(0);
      assertThat(first.getStatusCode().value()).isEqualTo(203);
      assertThat(first.getHeaders().getFirst("X-Author")).isEqualTo("4");
      assertThat(first.getBody()).isEqualTo(new AuthorRow(4L, "Author 4"));
      assertThat(entities).allSatisfy(entity -> assertThat(entity).isEqualTo(first));
      assertOwnObjects(entities, entity -> List.of(((ResponseEntity<?>) entity).getBody()));
    }
  }

  @Test
  void aPagedModelOfEntityModelsIsRunOnceAndEachCallerGetsItsOwnWithItsOwnLinks() throws Exception {
    try (LibraryDatabase database = LibraryDatabase.named("h2");
        AnnotationConfigApplicationContext context = start(database)) {
      AuthorService service = context.getBean(AuthorService.class);

      List<Object> models = service.newCrowd().run(CALLERS, i -> service.model(0));

      assertThat(service.runs("model")).isEqualTo(1);
      PagedModel<?> first = (PagedModel<?>) models.get(0);
      assertThat(first.getMetadata()).isEqualTo(new PagedModel.PageMetadata(2, 0, 6));
      assertThat(first.getLinks()).containsExactly(Link.of("/authors?page=1").withRel("next"));
      assertThat(models).allSatisfy(model -> assertThat(model).isEqualTo(first));
      assertOwnObjects(
          models,
          model ->
              ((PagedModel<?>) model)
                  .getContent().stream()
                      .map(entity -> ((EntityModel<?>) entity).getContent())
                      .toList());
      // a link one caller adds, to its page or to one of its authors, is its own
      for (int i = 0; i < models.size(); i++) {
        PagedModel<?> model = (PagedModel<?>) models.get(i);
        model.add(Link.of("/caller/" + i));
        ((EntityModel<?>) model.getContent().iterator().next()).add(Link.of("/caller/" + i));
      }
      for (int i = 0; i < models.size(); i++) {
        PagedModel<?> model = (PagedModel<?>) models.get(i);
        assertThat(model.getLinks()).hasSize(2).last().isEqualTo(Link.of("/caller/" + i));
        assertThat(((EntityModel<?>) model.getContent().iterator().next()).getLinks())
            .hasSize(2)
            .last()
            .isEqualTo(Link.of("/caller/" + i));
      }
    }
  }

  private static AnnotationConfigApplicationContext start(LibraryDatabase database) {
    AnnotationConfigApplicationContext context = LibraryApplication.start(database, Shapes.class);
    JdbcTemplate jdbc = context.getBean(JdbcTemplate.class);
    for (long id = 2; id <= 6; id++) {
      jdbc.update("insert into collapse_author (id, name) values (?, ?)", id, "Author " + id);
    }
    return context;
  }

  /**
   * Checks that no two callers hold the same result or the same DTO in it, and that what one
   * caller sets on its DTOs, none of the others sees.
   */
  private static void assertOwnObjects(List<Object> results, Function<Object, List<?>> rows) {
    assertThat(distinct(results)).isEqualTo(results.size());
    List<Object> allRows = new ArrayList<>();
    for (Object result : results) {
      allRows.addAll(rows.apply(result));
    }
    assertThat(distinct(allRows)).isEqualTo(allRows.size());
    for (int i = 0; i < results.size(); i++) {
      for (Object row : rows.apply(results.get(i))) {
        ((AuthorRow) row).setName("caller " + i);
      }
    }
    for (int i = 0; i < results.size(); i++) {
      for (Object row : rows.apply(results.get(i))) {
        assertThat(((AuthorRow) row).getName()).isEqualTo("caller " + i);
      }
    }
  }

  private static int distinct(List<Object> objects) {
    Set<Object> instances = Collections.newSetFromMap(new IdentityHashMap<>());
    instances.addAll(objects);
    return instances.size();
  }

  @Configuration(proxyBeanMethods = false)
  static class Shapes {

    @Bean
    Copies copies() {
      return new Copies();
    }

    /** The default executor, reporting what its joiners got to {@link Copies}. */
    @Bean
    NamedExecutors namedExecutors(Copies copies) {
      return TestExecutors.with(
          NamedExecutor.builder(
                  NamedExecutors.DEFAULT,
                  TestExecutors.options(NamedExecutors.DEFAULT).listener(copies).build())
              .build());
    }

    @Bean
    JdbcTemplate jdbcTemplate(javax.sql.DataSource dataSource) {
      return new JdbcTemplate(dataSource);
    }

    @Bean
    AuthorService authorService(Authors authors) {
      return new AuthorService(authors);
    }
  }

  /** Counts the copies the joiners got, and the calls that went to the method by reason. */
  static final class Copies implements CollapseListener {

    final LongAdder copied = new LongAdder();
    final Map<String, LongAdder> notCollapsed = new ConcurrentHashMap<>();

    @Override
    public void resultCopied(String executorName, long copyNanos) {
      copied.increment();
    }

    @Override
    public void callNotCollapsed(String executorName, String reason) {
      notCollapsed.computeIfAbsent(reason, any -> new LongAdder()).increment();
    }
  }

  /** A service that maps the repository's entities to DTOs, as generated applications do. */
  static class AuthorService {

    private final Authors authors;
    private final Map<String, AtomicInteger> runs = new ConcurrentHashMap<>();
    private volatile Crowd crowd = new Crowd();

    AuthorService(Authors authors) {
      this.authors = authors;
    }

    Crowd newCrowd() {
      crowd = new Crowd();
      return crowd;
    }

    int runs(String method) {
      return runs.getOrDefault(method, new AtomicInteger()).get();
    }

    private void enter(String method) {
      runs.computeIfAbsent(method, any -> new AtomicInteger()).incrementAndGet();
      crowd.hold();
    }

    @Collapsible
    public Page<AuthorRow> page(int number) {
      enter("page");
      return authors.findAll(PageRequest.of(number, 2, Sort.by("id"))).map(AuthorRow::of);
    }

    @Collapsible
    public Slice<AuthorRow> slice(int number) {
      enter("slice");
      return authors.findAllBy(PageRequest.of(number, 2, Sort.by("id"))).map(AuthorRow::of);
    }

    @Collapsible
    public Window<AuthorRow> window(long offset) {
      enter("window");
      return authors.findFirst2ByOrderByIdAsc(ScrollPosition.offset(offset - 1)).map(AuthorRow::of);
    }

    @Collapsible
    public ResponseEntity<AuthorRow> entity(long id) {
      enter("entity");
      return ResponseEntity.status(203)
          .header("X-Author", String.valueOf(id))
          .body(AuthorRow.of(authors.findById(id).orElseThrow()));
    }

    @Collapsible
    public PagedModel<EntityModel<AuthorRow>> model(int number) {
      enter("model");
      Page<AuthorRow> page =
          authors.findAll(PageRequest.of(number, 2, Sort.by("id"))).map(AuthorRow::of);
      return PagedModel.of(
          page.getContent().stream()
              .map(row -> EntityModel.of(row, Link.of("/authors/" + row.getId())))
              .toList(),
          new PagedModel.PageMetadata(
              page.getSize(), page.getNumber(), page.getTotalElements(), page.getTotalPages()),
          Link.of("/authors?page=" + (number + 1)).withRel("next"));
    }
  }

  /** A mutable DTO of an author, as a generated application's service returns it. */
  public static class AuthorRow {

    private Long id;
    private String name;

    public AuthorRow() {}

    AuthorRow(Long id, String name) {
      this.id = id;
      this.name = name;
    }

    static AuthorRow of(Author author) {
      return new AuthorRow(author.getId(), author.getName());
    }

    public Long getId() {
      return id;
    }

    public void setId(Long id) {
      this.id = id;
    }

    public String getName() {
      return name;
    }

    public void setName(String name) {
      this.name = name;
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof AuthorRow that
          && Objects.equals(id, that.id)
          && Objects.equals(name, that.name);
    }

    @Override
    public int hashCode() {
      return Objects.hash(id, name);
    }

    @Override
    public String toString() {
      return "AuthorRow[" + id + ", " + name + "]";
    }
  }
}
