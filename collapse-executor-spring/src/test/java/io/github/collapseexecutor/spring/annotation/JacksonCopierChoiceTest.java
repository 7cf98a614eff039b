package io.github.collapseexecutor.spring.annotation;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.collapseexecutor.testing.annotation.Collapsing;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.databind.json.JsonMapper;

/**
 * Which mapper the shared Jackson copier writes with, both Jacksons on the class path: the one the
 * application configured, Jackson 3's first, so that an application on Jackson 2 that also has
 * Jackson 3 on its class path (brought by another library) keeps the modules and settings its
 * results need.
 */
final class JacksonCopierChoiceTest {

  private static final ObjectMapper JACKSON2 = new ObjectMapper();
  private static final JsonMapper JACKSON3 = JsonMapper.builder().build();

  @Test
  void anApplicationOnJackson2KeepsItsMapperWhenJackson3IsOnTheClassPathToo() {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Collapsing.class, Jackson2Mapper.class)) {
      ResultCopier copier = context.getBean(JacksonResultCopier.BEAN_NAME, ResultCopier.class);
      assertThat(copier)
          .isInstanceOf(Jackson2ResultCopier.class)
          .extracting("mapper")
          .isSameAs(JACKSON2);
    }
  }

  @Test
  void jackson3sMapperComesFirstWhenTheApplicationHasBoth() {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(
            Collapsing.class, Jackson2Mapper.class, Jackson3Mapper.class)) {
      ResultCopier copier = context.getBean(JacksonResultCopier.BEAN_NAME, ResultCopier.class);
      assertThat(copier)
          .isInstanceOf(JacksonResultCopier.class)
          .extracting("mapper")
          .isSameAs(JACKSON3);
    }
  }

  @Test
  void withoutAMapperOfItsOwnTheApplicationGetsJackson3sSharedOne() {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Collapsing.class)) {
      ResultCopier copier = context.getBean(JacksonResultCopier.BEAN_NAME, ResultCopier.class);
      assertThat(copier)
          .isInstanceOf(JacksonResultCopier.class)
          .extracting("mapper")
          .isSameAs(JsonMapper.shared());
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class Jackson2Mapper {
    @Bean
    ObjectMapper objectMapper() {
      return JACKSON2;
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class Jackson3Mapper {
    @Bean
    JsonMapper jsonMapper() {
      return JACKSON3;
    }
  }
}
