package io.github.collapseexecutor.spring.annotation;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.collapseexecutor.spring.annotation.ResultCopierTest.Cart;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.core.ResolvableType;
import tools.jackson.databind.json.JsonMapper;

/** Both Jackson copiers read back what the other does: one behaviour, whichever Jackson. */
final class JacksonCopiersTest {

  static Stream<ResultCopier> copiers() {
    return Stream.of(
        new JacksonResultCopier(JsonMapper.shared()), new Jackson2ResultCopier(new ObjectMapper()));
  }

  @ParameterizedTest
  @MethodSource("copiers")
  void aGenericResultComesBackAsItsDeclaredTypeAndSharesNothing(ResultCopier copier) {
    List<Cart> carts = new ArrayList<>(List.of(new Cart("a"), new Cart("b")));
    ResolvableType type = ResolvableType.forClassWithGenerics(List.class, Cart.class);

    Object copy = copier.copy(carts, type);

    assertThat(copy).isEqualTo(carts).isNotSameAs(carts);
    assertThat((List<?>) copy).allSatisfy(cart -> assertThat(cart).isInstanceOf(Cart.class));
    assertThat(((List<?>) copy).get(0)).isNotSameAs(carts.get(0));
  }

  @ParameterizedTest
  @MethodSource("copiers")
  void typesJacksonWouldReadBackAsMapsAreRefused(ResultCopier copier) {
    assertThat(copier.canCopy(ResolvableType.forClass(Object.class))).isFalse();
    assertThat(
            copier.canCopy(
                ResolvableType.forClassWithGenerics(Map.class, String.class, Cart.class)))
        .isTrue();
  }
}
