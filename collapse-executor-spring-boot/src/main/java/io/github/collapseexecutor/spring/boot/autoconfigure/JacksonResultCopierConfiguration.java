package io.github.collapseexecutor.spring.boot.autoconfigure;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.collapseexecutor.spring.annotation.Jackson2ResultCopier;
import io.github.collapseexecutor.spring.annotation.JacksonResultCopier;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingClass;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.databind.json.JsonMapper;

/**
 * Results copied through the application's JSON mapper, for the methods that ask, under one name
 * on either Jackson: Jackson 3's (Spring Boot 4) where it is on the class path, else Jackson 2's
 * (Spring Boot 3).
 */
@Configuration(proxyBeanMethods = false)
class JacksonResultCopierConfiguration {

  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(JsonMapper.class)
  static class Jackson3 {

    @Bean(JacksonResultCopier.BEAN_NAME)
    @ConditionalOnMissingBean(name = JacksonResultCopier.BEAN_NAME)
    JacksonResultCopier jacksonResultCopier(ObjectProvider<JsonMapper> mapper) {
      return new JacksonResultCopier(mapper.getIfAvailable(JsonMapper::shared));
    }
  }

  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(ObjectMapper.class)
  @ConditionalOnMissingClass("tools.jackson.databind.json.JsonMapper")
  static class Jackson2 {

    @Bean(JacksonResultCopier.BEAN_NAME)
    @ConditionalOnMissingBean(name = JacksonResultCopier.BEAN_NAME)
    Jackson2ResultCopier jacksonResultCopier(ObjectProvider<ObjectMapper> mapper) {
      return new Jackson2ResultCopier(mapper.getIfAvailable(ObjectMapper::new));
    }
  }
}
