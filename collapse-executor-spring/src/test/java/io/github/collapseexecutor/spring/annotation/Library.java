package io.github.collapseexecutor.spring.annotation;

import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.Id;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.OneToMany;
import jakarta.persistence.OrderBy;
import jakarta.persistence.Table;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.springframework.cache.annotation.Cacheable;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Slice;
import org.springframework.data.domain.Window;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;
import org.springframework.data.repository.query.Param;

/**
 * A small library on JPA: authors with a lazy collection of books, and Spring Data repositories
 * whose interface methods are annotated, one of them cached as well.
 */
final class Library {

  private Library() {}

  /** An author; its books load lazily, through the persistence context that loaded it. */
  @Entity(name = "Author")
  @Table(name = "collapse_author")
  public static class Author {

    @Id private Long id;

    private String name;

    @OneToMany(mappedBy = "author", fetch = FetchType.LAZY)
    @OrderBy("id")
    private List<Book> books = new ArrayList<>();

    protected Author() {}

    public Author(Long id, String name) {
      this.id = id;
      this.name = name;
    }

    public Long getId() {
      return id;
    }

    public String getName() {
      return name;
    }

    public void setName(String name) {
      this.name = name;
    }

    public List<Book> getBooks() {
      return books;
    }
  }

  /** A book of one author. */
  @Entity(name = "Book")
  @Table(name = "collapse_book")
  public static class Book {

    @Id private Long id;

    private String title;

    @ManyToOne(fetch = FetchType.LAZY)
    private Author author;

    protected Book() {}

    public Book(Long id, String title, Author author) {
      this.id = id;
      this.title = title;
      this.author = author;
    }

    public String getTitle() {
      return title;
    }
  }

  /** What a page lists of an author: a projection, no entity. */
  public record AuthorSummary(Long id, String name) {}

  /** Authors, with annotated interface methods: a JDK proxy of Spring Data. */
  public interface Authors extends JpaRepository<Author, Long> {

    @Override
    @Collapsible
    Optional<Author> findById(Long id);

    @Collapsible
    long countByName(String name);

    @Collapsible
    AuthorSummary findSummaryById(Long id);

    /** A slice of authors, as an infinite list reads them. */
    Slice<Author> findAllBy(Pageable pageable);

    /** A window of authors by id, scrolled by offset or by keyset. */
    Window<Author> findFirst2ByOrderByIdAsc(ScrollPosition position);
  }

  /** Books, whose annotated method is cached too: a caching proxy around Spring Data's. */
  public interface Books extends JpaRepository<Book, Long> {

    @Cacheable("titles")
    @Collapsible
    @Query("select b.title from Book b where b.id = :id")
    String title(@Param("id") Long id);
  }
}
