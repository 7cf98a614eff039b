package io.github.collapseexecutor.spring.boot.autoconfigure;

import io.github.collapseexecutor.http.ShareUncacheable;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A collapse policy of a {@link CollapseExecutorProperties} section: which request headers and
 * query parameters make up the key, and which uncacheable responses are shared.
 */
public class CollapsePolicyProperties {

  /** Request headers whose values join the collapse key. */
  private List<String> collapseRequestHeaders = new ArrayList<>();

  /** Query parameters that alone count in the collapse key; every parameter counts when empty. */
  private List<String> collapseRequestQueries = new ArrayList<>();

  /**
   * Whether responses a shared cache could not store (no-store, no-cache, max-age=0, private) are
   * shared among requests with the same credentials (within-credentials, the default), or never.
   */
  private @Nullable ShareUncacheable shareUncacheable;

  /**
   * Whether the Accept and Accept-Language request headers join the collapse key (they do unless
   * set to false); turn it off only for paths whose response does not depend on them.
   */
  private @Nullable Boolean acceptHeadersInKey;

  /**
   * Whether the servlet filter shares responses across client addresses (as the container reports
   * them after its forwarded-header handling). Only for paths that answer the same whatever the
   * caller's address; false when not set.
   */
  private @Nullable Boolean sharedAcrossAddresses;

  public @Nullable Boolean getSharedAcrossAddresses() {
    return sharedAcrossAddresses;
  }

  public void setSharedAcrossAddresses(@Nullable Boolean sharedAcrossAddresses) {
    this.sharedAcrossAddresses = sharedAcrossAddresses;
  }

  public List<String> getCollapseRequestHeaders() {
    return collapseRequestHeaders;
  }

  public void setCollapseRequestHeaders(List<String> collapseRequestHeaders) {
    this.collapseRequestHeaders = collapseRequestHeaders;
  }

  public List<String> getCollapseRequestQueries() {
    return collapseRequestQueries;
  }

  public void setCollapseRequestQueries(List<String> collapseRequestQueries) {
    this.collapseRequestQueries = collapseRequestQueries;
  }

  public @Nullable ShareUncacheable getShareUncacheable() {
    return shareUncacheable;
  }

  public void setShareUncacheable(@Nullable ShareUncacheable shareUncacheable) {
    this.shareUncacheable = shareUncacheable;
  }

  public @Nullable Boolean getAcceptHeadersInKey() {
    return acceptHeadersInKey;
  }

  public void setAcceptHeadersInKey(@Nullable Boolean acceptHeadersInKey) {
    this.acceptHeadersInKey = acceptHeadersInKey;
  }
}
