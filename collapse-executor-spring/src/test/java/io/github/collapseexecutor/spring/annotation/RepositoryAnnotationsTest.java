package io.github.collapseexecutor.spring.annotation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.github.collapseexecutor.spring.annotation.CollapseMethods.CollapsedMethod;
import io.github.collapseexecutor.spring.annotation.Library.Author;
import io.github.collapseexecutor.spring.annotation.Library.Authors;
import io.github.collapseexecutor.spring.annotation.Library.Books;
import io.github.collapseexecutor.spring.annotation.LibraryApplication.Statements;
import io.github.collapseexecutor.testing.LoggedRecords;
import io.github.collapseexecutor.testing.annotation.Collapsing;
import io.github.collapseexecutor.testing.annotation.Crowd;
import io.github.collapseexecutor.testing.annotation.HeldService;
import java.util.List;
import java.util.logging.Level;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.repository.CrudRepository;

/**
 * Annotations on Spring Data repository interfaces, whose beans are JDK proxies of Spring Data
 * around a class that does not implement them, one of them inside a caching proxy: found there,
 * advised at their place, listed; and an annotated bean the post-processor never saw stops the
 * application instead of being ignored.
 */
@Timeout(60)
final class RepositoryAnnotationsTest {

  @Test
  void theAnnotatedMethodsOfRepositoryInterfacesAreListed() throws Exception {
    try (LibraryDatabase database = LibraryDatabase.named("h2");
        AnnotationConfigApplicationContext context = LibraryApplication.start(database)) {
      assertThat(context.getBean(CollapseMethods.class).list())
          .extracting(CollapsedMethod::method)
          .contains(
              "Authors.findById(Long)",
              "Authors.countByName(String)",
              "Authors.findSummaryById(Long)",
              "Books.title(Long)",
              "LibraryService.author(long)");
    }
  }

  /** The caching proxy around the repository's once stopped the application: "it is final". */
  @Test
  void aCachedRepositoryMethodCollapsesBeforeItsCacheIsFilledOnce() throws Exception {
    try (LibraryDatabase database = LibraryDatabase.named("h2");
        AnnotationConfigApplicationContext context = LibraryApplication.start(database)) {
      Books books = context.getBean(Books.class);
      Statements statements = context.getBean(Statements.class);
      int before = statements.sent();
      Crowd crowd = new Crowd();
      statements.holdIn(crowd);

      List<Object> titles = crowd.run(20, i -> books.title(1L));
      statements.holdIn(null);

      assertThat(titles).containsOnly("Book 1");
      assertThat(statements.sent() - before).as("one run for every caller").isEqualTo(1);
      assertThat(books.title(1L)).isEqualTo("Book 1");
      assertThat(statements.sent() - before).as("the run filled the cache").isEqualTo(1);
    }
  }

  /**
   * A call through the super-interface the repository redeclares the method of
   * ({@code CrudRepository.findById(Object)}) reaches the annotation of the redeclared one.
   */
  @Test
  void aCallThroughTheCrudRepositoryTypeIsAdvisedAsTheRepositoryMethod() throws Exception {
    try (LibraryDatabase database = LibraryDatabase.named("h2");
        AnnotationConfigApplicationContext context = LibraryApplication.start(database);
        LoggedRecords logged = LoggedRecords.of(JoinerResults.class)) {
      CrudRepository<Author, Long> authors = context.getBean(Authors.class);
      Statements statements = context.getBean(Statements.class);
      Crowd crowd = new Crowd();
      statements.holdIn(crowd);

      List<Object> found = crowd.run(8, i -> authors.findById(1L).orElseThrow().getName());
      statements.holdIn(null);

      assertThat(found).containsOnly("Ada");
      // the entity was not handed over: the advice of Authors.findById(Long) decided so
      assertThat(logged.records())
          .filteredOn(record -> record.getLevel() == Level.WARNING)
          .singleElement()
          .extracting(record -> record.getMessage())
          .asString()
          .startsWith("Authors.findById(Long) returned a result holding " + Author.class.getName());
    }
  }

  @Test
  void aBeanCreatedBeforeThePostProcessorStopsTheApplication() {
    Throwable failure =
        catchThrowable(() -> new AnnotationConfigApplicationContext(EarlyQuotes.class).close());

    assertThat(rootOf(failure))
        .hasMessageContaining(
            "@Collapsible on Quotes.quote(String) cannot be collapsed: the"
                + " bean was created before the collapse post-processor could proxy it");
    assertThat(rootOf(failure).bean()).isEqualTo("quotes (" + Quotes.class.getName() + ")");
  }

  @Test
  void aSingletonRegisteredAsAnObjectStopsTheApplication() {
    AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext();
    context.register(Collapsing.class);
    context.getBeanFactory().registerSingleton("quotes", new Quotes());

    Throwable failure = catchThrowable(context::refresh);
    context.close();

    assertThat(rootOf(failure).bean()).isEqualTo("quotes (" + Quotes.class.getName() + ")");
    assertThat(rootOf(failure).action()).contains("'quotes'");
  }

  private static MisconfiguredMethodException rootOf(Throwable failure) {
    Throwable cause = failure;
    while (!(cause instanceof MisconfiguredMethodException) && cause.getCause() != null) {
      cause = cause.getCause();
    }
    return (MisconfiguredMethodException) cause;
  }

  /** A post-processor that needs an annotated bean, which is then made before collapse's. */
  @Configuration(proxyBeanMethods = false)
  @EnableCollapsing
  static class EarlyQuotes {

    @Bean
    static Quotes quotes() {
      return new Quotes();
    }

    @Bean
    static BeanPostProcessor needsQuotes(Quotes quotes) {
      return new BeanPostProcessor() {};
    }
  }

  static class Quotes extends HeldService {

    @Collapsible
    public String quote(String symbol) {
      enter();
      return "quote of " + symbol;
    }
  }
}
