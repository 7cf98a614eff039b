package io.github.collapseexecutor.spring.boot.autoconfigure;

import io.github.collapseexecutor.spring.boot.autoconfigure.support.ServletFilterMapping;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.core.Ordered;

/** The {@code collapse.executor.servlet} section, with where and when the filter runs. */
@ConfigurationProperties("collapse.executor.servlet")
public class CollapseServletFilterProperties extends HttpSection {

  /** Order of the filter in the chain; the default runs it after every filter with an order. */
  private int order = Ordered.LOWEST_PRECEDENCE;

  /** URL patterns the filter is mapped to. */
  private List<String> urlPatterns = new ArrayList<>(List.of("/*"));

  public CollapseServletFilterProperties() {
    super("servlet");
  }

  @Override
  void checkOwnSettings(PropertyErrors errors) {
    mapping(errors);
  }

  private @Nullable ServletFilterMapping mapping(PropertyErrors errors) {
    return errors.take(
        "collapse.executor.servlet.url-patterns",
        urlPatterns,
        () -> new ServletFilterMapping(urlPatterns, order));
  }

  public int getOrder() {
    return order;
  }

  public void setOrder(int order) {
    this.order = order;
  }

  public List<String> getUrlPatterns() {
    return urlPatterns;
  }

  public void setUrlPatterns(List<String> urlPatterns) {
    this.urlPatterns = urlPatterns;
  }
}
