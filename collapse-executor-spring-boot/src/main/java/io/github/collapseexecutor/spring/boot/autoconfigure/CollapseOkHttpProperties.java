package io.github.collapseexecutor.spring.boot.autoconfigure;

import org.springframework.boot.context.properties.ConfigurationProperties;

/** The {@code collapse.executor.okhttp} section. */
@ConfigurationProperties("collapse.executor.okhttp")
public class CollapseOkHttpProperties extends ClientSection {

  public CollapseOkHttpProperties() {
    super("okhttp");
  }
}
