package io.github.collapseexecutor.spring.annotation;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.spring.annotation.Library.Author;
import io.github.collapseexecutor.spring.annotation.Library.AuthorSummary;
import io.github.collapseexecutor.spring.annotation.Library.Authors;
import io.github.collapseexecutor.spring.annotation.Library.Book;
import io.github.collapseexecutor.spring.annotation.LibraryApplication.LibraryService;
import io.github.collapseexecutor.spring.annotation.LibraryApplication.Statements;
import io.github.collapseexecutor.testing.LoggedRecords;
import io.github.collapseexecutor.testing.annotation.Crowd;
import jakarta.persistence.EntityManagerFactory;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.logging.Level;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.orm.jpa.support.OpenEntityManagerInViewInterceptor;
import org.springframework.web.context.request.ServletWebRequest;

/**
 * A JPA application with Open EntityManager in View, as Spring Boot has it by default: each
 * request holds a persistence context of its own for as long as it renders its page. A
 * {@code @Collapsible} method that returns an entity must give each request an entity of its own
 * context, which loads its lazy collection there and whose changes no other request sees, with
 * collapse on exactly as with it off; and calls whose results hold no entity still share.
 */
@Timeout(120)
final class OpenInViewResultsTest {

  private static final int REQUESTS = 24;

  @ParameterizedTest(name = "on {0}")
  @ValueSource(strings = {"h2", "postgresql"})
  void requestsGetEntitiesOfTheirOwnContextWithCollapseOnAsWithItOff(String kind) throws Exception {
    try (LibraryDatabase database = LibraryDatabase.named(kind);
        AnnotationConfigApplicationContext context = LibraryApplication.start(database);
        LoggedRecords logged = LoggedRecords.of(JoinerResults.class)) {
      LibraryService library = context.getBean(LibraryService.class);
      CollapseMethods methods = context.getBean(CollapseMethods.class);
      OpenEntityManagerInViewInterceptor openInView = new OpenEntityManagerInViewInterceptor();
      openInView.setEntityManagerFactory(context.getBean(EntityManagerFactory.class));

      methods.collapsing("LibraryService.author", false);
      List<Object> off = library.newCrowd().run(REQUESTS, i -> request(openInView, library, i));
      methods.collapsing("LibraryService.author", true);
      List<Object> on = library.newCrowd().run(REQUESTS, i -> request(openInView, library, i));

      assertThat(off)
          .as("pages with collapse off")
          .allSatisfy(page -> assertThat(page).isInstanceOf(String.class));
      assertThat(on)
          .as("pages with collapse on: no failed request")
          .allSatisfy(page -> assertThat(page).isInstanceOf(String.class));
      for (int i = 0; i < REQUESTS; i++) {
        assertThat(on.get(i))
            .as("request %d shows its own change only", i)
            .isEqualTo(off.get(i))
            .isEqualTo(page("changed by request " + i));
      }
      // each request's own call, as without collapse: no request took another's entity
      assertThat(library.runs().get()).isEqualTo(2 * REQUESTS);
      // once per method: the service's, and the repository's, whose calls those requests made
      assertThat(logged.records())
          .filteredOn(record -> record.getLevel() == Level.WARNING)
          .extracting(
              record ->
                  record.getMessage().substring(0, record.getMessage().indexOf(", a JPA entity")))
          .containsExactlyInAnyOrder(
              "LibraryService.author(long) returned a result holding " + Author.class.getName(),
              "Authors.findById(Long) returned a result holding "
                  + Author.class.getName()
                  + " in java.util.Optional");
    }
  }

  @ParameterizedTest(name = "on {0}")
  @ValueSource(strings = {"h2", "postgresql"})
  void identicalReadsOfAProjectionAndOfACountShareOneStatement(String kind) throws Exception {
    try (LibraryDatabase database = LibraryDatabase.named(kind);
        AnnotationConfigApplicationContext context = LibraryApplication.start(database)) {
      Authors authors = context.getBean(Authors.class);
      Statements statements = context.getBean(Statements.class);

      int before = statements.sent();
      Crowd crowd = new Crowd();
      statements.holdIn(crowd);
      List<Object> summaries = crowd.run(50, i -> authors.findSummaryById(1L));
      int afterSummaries = statements.sent();
      crowd = new Crowd();
      statements.holdIn(crowd);
      List<Object> counts = crowd.run(50, i -> authors.countByName("Ada"));
      statements.holdIn(null);

      assertThat(summaries).containsOnly(new AuthorSummary(1L, "Ada"));
      assertThat(distinct(summaries)).as("a record no caller can change is shared").isEqualTo(1);
      assertThat(counts).containsOnly(1L);
      assertThat(afterSummaries - before).isLessThanOrEqualTo(5);
      assertThat(statements.sent() - afterSummaries).isLessThanOrEqualTo(5);
    }
  }

  /**
   * One request: its persistence context opened as Open EntityManager in View opens it, the
   * author loaded through the collapsed service, changed as a form would change it (never
   * saved), and its page rendered from the entity, its lazy books included.
   */
  private static Object request(
      OpenEntityManagerInViewInterceptor openInView, LibraryService library, int i) {
    ServletWebRequest request = new ServletWebRequest(new MockHttpServletRequest());
    openInView.preHandle(request);
    try {
      Author author = library.author(1L);
      author.setName("changed by request " + i);
      return render(author);
    } catch (RuntimeException e) {
      return e;
    } finally {
      openInView.afterCompletion(request, null);
    }
  }

  private static String render(Author author) {
    return author.getName()
        + ": "
        + author.getBooks().stream().map(Book::getTitle).collect(Collectors.joining(", "));
  }

  private static String page(String name) {
    return name + ": Book 1, Book 2, Book 3";
  }

  private static int distinct(List<Object> results) {
    Set<Object> instances = Collections.newSetFromMap(new IdentityHashMap<>());
    instances.addAll(new ArrayList<>(results));
    return instances.size();
  }
}
