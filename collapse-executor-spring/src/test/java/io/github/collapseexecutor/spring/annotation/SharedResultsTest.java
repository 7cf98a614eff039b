package io.github.collapseexecutor.spring.annotation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.github.collapseexecutor.spring.annotation.Library.Author;
import io.github.collapseexecutor.spring.annotation.ResultCopierTest.Cart;
import io.github.collapseexecutor.spring.annotation.SharedResults.Verdict;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.springframework.data.domain.PageImpl;
import tools.jackson.databind.json.JsonMapper;

/**
 * The rule of what a caller that joined another's run gets of its result: shared when no caller
 * can change it, copied when the library or the application's Jackson copier copies it
 * faithfully, never handed over when it holds an entity, and otherwise not shared.
 */
final class SharedResultsTest {

  private final SharedResults rule =
      new SharedResults(new JacksonResultCopier(JsonMapper.shared()));

  @Test
  void valuesNoCallerCanChangeAreShared() {
    for (Object value :
        List.of(
            "text",
            42L,
            BigDecimal.TEN,
            UUID.randomUUID(),
            Instant.EPOCH,
            LocalDate.EPOCH,
            Verdict.SHARE,
            new Point(1, 2),
            List.of(new Point(1, 2)),
            Map.of("a", List.of("b")),
            Optional.of("x"),
            Collections.unmodifiableList(List.of(1)),
            Collections.emptyMap(),
            Set.of(new Named("n", List.of("x"))))) {
      assertThat(rule.look(value).verdict()).as("%s", value).isEqualTo(Verdict.SHARE);
    }
  }

  @Test
  void theJdksMutableCollectionsAreCopiedAsTheSameClassWithTheirElementsShared() {
    ArrayList<Point> points = new ArrayList<>(List.of(new Point(1, 2)));
    TreeMap<String, Integer> sorted = new TreeMap<>(Comparator.reverseOrder());
    sorted.put("a", 1);
    sorted.put("b", 2);

    Object copy = copy(points);
    Object sortedCopy = copy(sorted);

    assertThat(copy).isInstanceOf(ArrayList.class).isEqualTo(points).isNotSameAs(points);
    assertThat(((List<?>) copy).get(0)).isSameAs(points.get(0));
    assertThat(sortedCopy).isInstanceOf(TreeMap.class).isEqualTo(sorted);
    assertThat(((TreeMap<?, ?>) sortedCopy).firstKey()).as("its comparator kept").isEqualTo("b");
    assertThat((int[]) copy(new int[] {1, 2})).containsExactly(1, 2);
  }

  @Test
  void anUnmodifiableListOfMutableObjectsIsRebuiltWithCopies() {
    List<Cart> carts = List.of(new Cart(new ArrayList<>(List.of("a"))));

    Object copy = copy(carts);

    assertThat(copy).isNotSameAs(carts).isEqualTo(carts);
    assertThat(((List<?>) copy).get(0)).isNotSameAs(carts.get(0));
  }

  @Test
  void aMutableClassTheJacksonCopierCopiesFaithfullyIsCopied() {
    Cart cart = new Cart(new ArrayList<>(List.of("a")));
    Map<String, Cart> byName = new HashMap<>(Map.of("x", cart));

    assertThat(copy(cart)).isInstanceOf(Cart.class).isEqualTo(cart).isNotSameAs(cart);
    assertThat(((Map<?, ?>) copy(byName)).get("x")).isEqualTo(cart).isNotSameAs(cart);
  }

  @Test
  void aMutableClassWhoseJsonFormLosesSomethingIsNotShared() {
    assertThat(rule.look(new Secretive()).verdict()).isEqualTo(Verdict.UNSHAREABLE);
    assertThat(rule.look(new Loose()).verdict()).isEqualTo(Verdict.UNSHAREABLE);
    assertThat(rule.look(new Cart(new ArrayList<>(List.of("a"))) {}).verdict())
        .isEqualTo(Verdict.UNSHAREABLE);
    assertThat(new SharedResults(null).look(new Cart(new ArrayList<>())).verdict())
        .as("without a Jackson copier")
        .isEqualTo(Verdict.UNSHAREABLE);
  }

  @Test
  void aResultHoldingAnEntityAnywhereItLooksIsNeverHandedOver() {
    Author author = new Author(1L, "Ada");
    for (Object value :
        List.of(
            author,
            Optional.of(author),
            List.of(author),
            new ArrayList<>(List.of(new Point(1, 1), author)),
            new Object[] {author},
            new LinkedHashMap<>(Map.of(1, author)),
            new PageImpl<>(List.of(author)),
            new Holder(author))) {
      SharedResults.Look look = rule.look(value);
      assertThat(look.verdict()).as("%s", value).isEqualTo(Verdict.MANAGED);
      assertThat(look.culprit())
          .isEqualTo(
              value == author
                  ? Author.class.getName()
                  : Author.class.getName() + " in " + value.getClass().getName());
    }
  }

  @Test
  void aSpringDataPageOfRecordsIsShared() {
    assertThat(rule.look(new PageImpl<>(List.of(new Point(1, 2)))).verdict())
        .isEqualTo(Verdict.SHARE);
  }

  @Test
  void aRecordHoldingMutableValuesIsRebuiltThroughItsConstructorWithoutJackson() {
    SharedResults withoutJackson = new SharedResults(null);
    Basket basket = new Basket("b", new ArrayList<>(List.of("x")));

    SharedResults.Look look = withoutJackson.look(basket);
    Object copy = withoutJackson.copy(basket, look);

    assertThat(look.verdict()).isEqualTo(Verdict.COPY);
    assertThat(copy).isInstanceOf(Basket.class).isEqualTo(basket).isNotSameAs(basket);
    assertThat(((Basket) copy).items()).isInstanceOf(ArrayList.class).isNotSameAs(basket.items());
  }

  @Test
  void aRecordWhoseConstructorChangesWhatItIsGivenIsNotCopied() {
    Numbered numbered = new Numbered(new ArrayList<>(List.of("x")), 0);

    SharedResults.Look look = rule.look(numbered);

    assertThat(look.verdict()).isEqualTo(Verdict.COPY);
    assertThatThrownBy(() -> rule.copy(numbered, look))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(Numbered.class.getName() + "'s constructor does not keep serial as given");
  }

  @Test
  void aResultTooDeepToLookThroughIsNotShared() {
    Chain chain = new Chain(null);
    for (int i = 0; i < 100; i++) {
      chain = new Chain(chain);
    }
    assertThat(rule.look(chain).verdict()).isEqualTo(Verdict.UNSHAREABLE);
  }

  private @Nullable Object copy(Object value) {
    SharedResults.Look look = rule.look(value);
    assertThat(look.verdict()).as("%s", value).isEqualTo(Verdict.COPY);
    return rule.copy(value, look);
  }

  record Point(int x, int y) {}

  record Named(String name, List<String> tags) {}

  record Holder(Object held) {}

  record Basket(String name, List<String> items) {}

  /** Numbers each instance it makes: a copy would not be the same basket. */
  record Numbered(List<String> items, int serial) {
    private static final java.util.concurrent.atomic.AtomicInteger NEXT =
        new java.util.concurrent.atomic.AtomicInteger();

    Numbered {
      serial = NEXT.incrementAndGet();
    }
  }

  /** Immutable, as every field is final, but too deep past a bound. */
  static final class Chain {
    private final @Nullable Chain next;

    Chain(@Nullable Chain next) {
      this.next = next;
    }
  }

  /** A field Jackson ignores would come back empty. */
  public static class Secretive {
    @JsonIgnore private String secret = "s";
    private String name = "n";

    public String getSecret() {
      return secret;
    }

    public String getName() {
      return name;
    }

    public void setName(String name) {
      this.name = name;
    }
  }

  /** A field declared Object would come back as whatever JSON reads it as. */
  public static class Loose {
    private Object value = 42L;

    public Object getValue() {
      return value;
    }

    public void setValue(Object value) {
      this.value = value;
    }
  }
}
