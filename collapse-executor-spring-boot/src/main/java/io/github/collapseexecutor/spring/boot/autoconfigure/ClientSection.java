package io.github.collapseexecutor.spring.boot.autoconfigure;

import java.util.ArrayList;
import java.util.List;

/**
 * The settings of an outbound client integration: which client beans get the adapter.
 */
public abstract class ClientSection extends HttpSection {

  /**
   * Names of client beans to add the adapter to, last, when they are created; every other
   * client is left alone. Each must name a bean of a client type the section serves.
   */
  private List<String> applyToBeans = new ArrayList<>();

  /** Takes the key of this section under {@code collapse.executor}. */
  protected ClientSection(String key) {
    super(key);
  }

  public List<String> getApplyToBeans() {
    return applyToBeans;
  }

  public void setApplyToBeans(List<String> applyToBeans) {
    this.applyToBeans = applyToBeans;
  }
}
