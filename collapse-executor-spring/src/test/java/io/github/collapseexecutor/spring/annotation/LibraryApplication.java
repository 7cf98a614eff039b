package io.github.collapseexecutor.spring.annotation;

import io.github.collapseexecutor.spring.annotation.Library.Author;
import io.github.collapseexecutor.spring.annotation.Library.Authors;
import io.github.collapseexecutor.spring.annotation.Library.Book;
import io.github.collapseexecutor.testing.annotation.Crowd;
import jakarta.persistence.EntityManagerFactory;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.hibernate.resource.jdbc.spi.StatementInspector;
import org.jspecify.annotations.Nullable;
import org.springframework.cache.CacheManager;
import org.springframework.cache.annotation.EnableCaching;
import org.springframework.cache.concurrent.ConcurrentMapCacheManager;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.FilterType;
import org.springframework.data.jpa.repository.config.EnableJpaRepositories;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.orm.jpa.JpaTransactionManager;
import org.springframework.orm.jpa.LocalContainerEntityManagerFactoryBean;
import org.springframework.orm.jpa.persistenceunit.PersistenceManagedTypes;
import org.springframework.orm.jpa.vendor.HibernateJpaVendorAdapter;
import org.springframework.transaction.annotation.EnableTransactionManagement;

/**
 * A Spring application on JPA, as an application with Spring Data, caching and transactions has
 * it, with {@link EnableCollapsing}: Hibernate on a {@link LibraryDatabase}, the {@link Library}'s
 * repositories, a service whose {@code @Collapsible} method returns an entity, and every SQL
 * statement counted ({@link Statements}).
 */
@Configuration(proxyBeanMethods = false)
@EnableCollapsing
@EnableCaching
@EnableTransactionManagement
@EnableJpaRepositories(
    basePackageClasses = Library.class,
    considerNestedRepositories = true,
    includeFilters =
        @ComponentScan.Filter(
            type = FilterType.ASSIGNABLE_TYPE,
            classes = {Library.Authors.class, Library.Books.class}))
class LibraryApplication {

  /**
   * Starts the application on {@code database}, with one author of three books, and the
   * configuration classes {@code more}.
   */
  static AnnotationConfigApplicationContext start(LibraryDatabase database, Class<?>... more) {
    AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext();
    context.registerBean(DataSource.class, database::dataSource);
    context.register(LibraryApplication.class);
    if (more.length > 0) {
      context.register(more);
    }
    context.refresh();
    JdbcTemplate jdbc = new JdbcTemplate(context.getBean(DataSource.class));
    jdbc.update("insert into collapse_author (id, name) values (1, 'Ada')");
    for (int book = 1; book <= 3; book++) {
      jdbc.update(
          "insert into collapse_book (id, title, author_id) values (?, ?, 1)",
          book,
          "Book " + book);
    }
    return context;
  }

  @Bean
  Statements statements() {
    return new Statements();
  }

  @Bean
  LocalContainerEntityManagerFactoryBean entityManagerFactory(
      DataSource dataSource, Statements statements) {
    LocalContainerEntityManagerFactoryBean factory = new LocalContainerEntityManagerFactoryBean();
    factory.setDataSource(dataSource);
    factory.setJpaVendorAdapter(new HibernateJpaVendorAdapter());
    factory.setManagedTypes(
        PersistenceManagedTypes.of(Author.class.getName(), Book.class.getName()));
    factory.setJpaPropertyMap(
        Map.of(
            "hibernate.hbm2ddl.auto",
            "create-drop",
            "hibernate.session_factory.statement_inspector",
            statements));
    return factory;
  }

  @Bean
  JpaTransactionManager transactionManager(EntityManagerFactory entityManagerFactory) {
    return new JpaTransactionManager(entityManagerFactory);
  }

  @Bean
  CacheManager cacheManager() {
    return new ConcurrentMapCacheManager("titles");
  }

  @Bean
  LibraryService libraryService(Authors authors) {
    return new LibraryService(authors);
  }

  /** Counts the SQL statements Hibernate sends, and holds the first in a crowd when asked. */
  static final class Statements implements StatementInspector {

    private static final long serialVersionUID = 1L;

    private final AtomicInteger sent = new AtomicInteger();
    private transient volatile @Nullable Crowd holding;

    /** Returns how many statements were sent so far. */
    int sent() {
      return sent.get();
    }

    /** Holds the first statement of {@code crowd}'s calls until its callers are parked. */
    void holdIn(@Nullable Crowd crowd) {
      holding = crowd;
    }

    @Override
    public String inspect(String sql) {
      sent.incrementAndGet();
      Crowd crowd = holding;
      if (crowd != null) {
        crowd.hold();
      }
      return sql;
    }
  }

  /** A service whose collapsed method returns an entity, as many applications' do. */
  static class LibraryService {

    private final Authors authors;
    private final AtomicInteger runs = new AtomicInteger();
    private volatile Crowd crowd = new Crowd();

    LibraryService(Authors authors) {
      this.authors = authors;
    }

    AtomicInteger runs() {
      return runs;
    }

    /** Returns a new crowd, whose first call of {@link #author} is held. */
    Crowd newCrowd() {
      crowd = new Crowd();
      return crowd;
    }

    @Collapsible
    public Author author(long id) {
      runs.incrementAndGet();
      Author author = authors.findById(id).orElseThrow();
      crowd.hold();
      return author;
    }
  }
}
