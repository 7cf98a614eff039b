package io.github.collapseexecutor.spring.boot.autoconfigure;

import java.util.List;
import org.springframework.util.unit.DataSize;

/**
 * The HTTP adapter settings that bind both at the top level of {@code collapse.executor} and in
 * each section ({@code rest-template}, {@code web-client}, {@code okhttp}, {@code servlet}): a
 * section's own value overrides the top-level one, which overrides the library's default.
 */
public class HttpSettings {

  /**
   * Largest response body that is buffered to share with the requests that waited for it; in a
   * section, the top-level max-body-size when not set.
   */
  private DataSize maxBodySize;

  /**
   * Request headers whose values always join the collapse key, so different credentials never
   * share; setting it replaces the library's list. In a section, the top-level sensitive-headers
   * when not set.
   */
  private List<String> sensitiveHeaders;

  public DataSize getMaxBodySize() {
    return maxBodySize;
  }

  public void setMaxBodySize(DataSize maxBodySize) {
    this.maxBodySize = maxBodySize;
  }

  public List<String> getSensitiveHeaders() {
    return sensitiveHeaders;
  }

  public void setSensitiveHeaders(List<String> sensitiveHeaders) {
    this.sensitiveHeaders = sensitiveHeaders;
  }
}
