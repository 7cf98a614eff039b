package io.github.collapseexecutor.spring.annotation;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.github.collapseexecutor.spring.annotation.Library.Author;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.springframework.core.ResolvableType;
import tools.jackson.databind.json.JsonMapper;

/**
 * What the Jackson copier writes for another process ({@link JacksonCopier#writeFaithful}): a
 * result whose rebuilt form its caller could not tell from its own call's result, and nothing
 * else, whatever {@code equals} says.
 */
final class FaithfulJsonTest {

  private final JacksonResultCopier json = new JacksonResultCopier(JsonMapper.shared());
  private final List<String> refusals = new ArrayList<>();

  @Test
  void valuesRebuiltAsTheyWereCross() {
    assertCrosses(new Account("a-1", "Ada", 3), Account.class);
    assertCrosses(List.of(new Account("a-1", "Ada", 3)), listOf(Account.class));
    assertCrosses(
        Map.of("x", new Point(1, 2)),
        ResolvableType.forClassWithGenerics(Map.class, String.class, Point.class));
    assertCrosses(
        new Holder(Optional.of(BigDecimal.TEN), Instant.EPOCH, new Point[] {new Point(1, 2)}),
        Holder.class);
    // a class with Object's equals, every field of which comes back
    Plain plain = new Plain();
    plain.name = "p";
    plain.tags = new ArrayList<>(List.of("a", "b"));
    assertCrosses(plain, Plain.class);
    assertThat(refusals).isEmpty();
  }

  @Test
  void aClassEqualByIdWithAnIgnoredFieldDoesNotCross() {
    Profile profile = new Profile("u-1", "secret note");

    assertThat(encode(profile, Profile.class)).isNull();
    assertThat(refusals).singleElement().asString().contains("the result.note");
  }

  @Test
  void anIgnoredFieldThatHoldsNothingCrosses() {
    assertCrosses(new Profile("u-1", null), Profile.class);
  }

  @Test
  void aTransientFieldThatHoldsSomethingDoesNotCross() {
    Session session = new Session();
    session.user = "ada";
    session.cachedToken = "t";

    assertThat(encode(session, Session.class)).isNull();
    assertThat(refusals).singleElement().asString().contains("cachedToken");
  }

  @Test
  void aSubclassOfTheDeclaredTypeDoesNotCross() {
    assertThat(encode(new Dog("rex", "beagle"), Animal.class)).isNull();
    assertThat(refusals)
        .singleElement()
        .asString()
        .contains(Dog.class.getName(), "comes back a " + Animal.class.getName());
  }

  @Test
  void aMapSortedByAComparatorOfItsOwnDoesNotCross() {
    TreeMap<String, Integer> reversed = new TreeMap<>(Comparator.reverseOrder());
    reversed.put("a", 1);
    reversed.put("b", 2);

    assertThat(
            encode(
                reversed,
                ResolvableType.forClassWithGenerics(SortedMap.class, String.class, Integer.class)))
        .isNull();
    assertThat(refusals).singleElement().asString().contains("comparator of its own");
  }

  @Test
  void aNaturallySortedMapCrosses() {
    TreeMap<String, Integer> natural = new TreeMap<>(Map.of("b", 2, "a", 1));

    assertCrosses(
        natural, ResolvableType.forClassWithGenerics(SortedMap.class, String.class, Integer.class));
  }

  @Test
  void anIdentityMapDoesNotCross() {
    IdentityHashMap<String, Integer> byIdentity = new IdentityHashMap<>();
    byIdentity.put("a", 1);

    assertThat(
            encode(
                byIdentity,
                ResolvableType.forClassWithGenerics(Map.class, String.class, Integer.class)))
        .isNull();
  }

  @Test
  void anArrayOfAnInterfaceWhoseElementsComeBackAsAnotherClassDoesNotCross() {
    Shape[] shapes = {new Circle(1), new Circle(2)};

    assertThat(encode(shapes, Shape[].class)).isNull();
    assertThat(refusals).singleElement().asString().contains("does not read back");
  }

  @Test
  void aJpaEntityDoesNotCross() {
    assertThat(encode(new Author(1L, "Ada"), Author.class)).isNull();
    assertThat(refusals).singleElement().asString().contains("JPA entity");
  }

  @Test
  void aListOfWhichTheSameMutableObjectIsTwiceDoesNotCross() {
    Plain plain = new Plain();
    plain.name = "p";
    List<Plain> twice = new ArrayList<>(List.of(plain, plain));

    assertThat(encode(twice, listOf(Plain.class))).isNull();
    assertThat(refusals).singleElement().asString().contains("twice");
  }

  @Test
  void aJdkCollectionOfAnotherKindDoesNotCross() {
    assertThat(encode(new CopyOnWriteArrayList<>(List.of("a")), listOf(String.class))).isNull();
    assertThat(refusals).singleElement().asString().contains(CopyOnWriteArrayList.class.getName());
  }

  private void assertCrosses(Object result, Object type) {
    ResolvableType resolved = resolve(type);
    byte[] bytes = encode(result, resolved);
    assertThat(bytes).as("%s crosses (refused: %s)", result, refusals).isNotNull();
    assertThat(json.read(bytes, resolved)).usingRecursiveComparison().isEqualTo(result);
  }

  private byte @Nullable [] encode(Object result, Object type) {
    return json.writeFaithful(result, resolve(type), refusals::add);
  }

  private static ResolvableType resolve(Object type) {
    return type instanceof ResolvableType resolved
        ? resolved
        : ResolvableType.forClass((Class<?>) type);
  }

  private static ResolvableType listOf(Class<?> element) {
    return ResolvableType.forClassWithGenerics(List.class, element);
  }

  record Account(String id, String name, int level) {}

  record Point(int x, int y) {}

  record Holder(Optional<BigDecimal> amount, Instant at, Point[] points) {}

  /** Equal by id, as entities and DTOs often are: {@code equals} does not see the note. */
  public static final class Profile {

    public String id;
    @JsonIgnore public @Nullable String note;

    public Profile() {}

    Profile(String id, @Nullable String note) {
      this.id = id;
      this.note = note;
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof Profile profile && profile.id.equals(id);
    }

    @Override
    public int hashCode() {
      return id.hashCode();
    }
  }

  /** A class with Object's equals. */
  public static final class Plain {
    public @Nullable String name;
    public @Nullable List<String> tags;
  }

  public static final class Session {
    public @Nullable String user;
    public transient @Nullable String cachedToken;
  }

  public static class Animal {
    public @Nullable String name;

    public Animal() {}

    Animal(String name) {
      this.name = name;
    }
  }

  public static final class Dog extends Animal {
    public @Nullable String breed;

    public Dog() {}

    Dog(String name, String breed) {
      super(name);
      this.breed = breed;
    }
  }

  interface Shape {}

  public record Circle(int radius) implements Shape {}
}
