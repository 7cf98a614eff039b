package io.github.collapseexecutor.spring.boot.autoconfigure;

import io.github.collapseexecutor.http.WriteScope;
import java.time.Duration;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.util.unit.DataSize;

/**
 * The HTTP adapter settings that bind both at the top level of {@code collapse.executor} and in
 * each section ({@code rest-template}, {@code web-client}, {@code okhttp}, {@code servlet}): a
 * section's own value overrides the top-level one, which overrides the library's default; but
 * sensitive headers only add up, section to top level to the library's.
 */
class HttpSettings {

  /**
   * Largest response body that is buffered to share with the requests that waited for it; in a
   * section, the top-level max-body-size when not set.
   */
  private @Nullable DataSize maxBodySize;

  /**
   * Request headers whose values always join the collapse key, so different credentials never
   * share: added to the built-in ones (authorization, cookie, ...), which only
   * non-sensitive-headers takes out. In a section, added to the top-level ones too.
   */
  private @Nullable List<String> sensitiveHeaders;

  /**
   * How long requests with a key go straight to the backend after a response for that key could
   * not be shared (Set-Cookie, private, too large, ...); 0 turns hit-for-pass off. In a section,
   * the top-level hit-for-pass-ttl when not set.
   */
  private @Nullable Duration hitForPassTtl;

  /**
   * Maximum number of keys marked for hit-for-pass at once; in a section, the top-level
   * hit-for-pass-max-keys when not set.
   */
  private @Nullable Integer hitForPassMaxKeys;

  /**
   * How long the request headers a response names in Vary are remembered for its key, so that
   * later requests collapse only with requests that sent the same values; 0 turns it off. In a
   * section, the top-level vary-ttl when not set.
   */
  private @Nullable Duration varyTtl;

  /**
   * Maximum number of keys whose Vary names are remembered at once; in a section, the top-level
   * vary-max-keys when not set.
   */
  private @Nullable Integer varyMaxKeys;

  /**
   * Which reads a completed write (a POST, PUT, PATCH, DELETE through the adapter) ends joining
   * for: every group's (all-groups), or only the group its path falls in (own-group); in a
   * section, the top-level write-scope when not set.
   */
  private @Nullable WriteScope writeScope;

  /**
   * Whether the adapter collapses (collapse) or only counts what collapse would save, every
   * request making its own call (observe); in a section, the top-level mode when not set. The
   * top-level mode is also that of the named executors and the gRPC sections that set none.
   */
  private CollapseExecutorProperties.@Nullable Mode mode;

  public CollapseExecutorProperties.@Nullable Mode getMode() {
    return mode;
  }

  public void setMode(CollapseExecutorProperties.@Nullable Mode mode) {
    this.mode = mode;
  }

  public @Nullable DataSize getMaxBodySize() {
    return maxBodySize;
  }

  public void setMaxBodySize(@Nullable DataSize maxBodySize) {
    this.maxBodySize = maxBodySize;
  }

  public @Nullable List<String> getSensitiveHeaders() {
    return sensitiveHeaders;
  }

  public void setSensitiveHeaders(@Nullable List<String> sensitiveHeaders) {
    this.sensitiveHeaders = sensitiveHeaders;
  }

  public @Nullable Duration getHitForPassTtl() {
    return hitForPassTtl;
  }

  public void setHitForPassTtl(@Nullable Duration hitForPassTtl) {
    this.hitForPassTtl = hitForPassTtl;
  }

  public @Nullable Integer getHitForPassMaxKeys() {
    return hitForPassMaxKeys;
  }

  public void setHitForPassMaxKeys(@Nullable Integer hitForPassMaxKeys) {
    this.hitForPassMaxKeys = hitForPassMaxKeys;
  }

  public @Nullable Duration getVaryTtl() {
    return varyTtl;
  }

  public void setVaryTtl(@Nullable Duration varyTtl) {
    this.varyTtl = varyTtl;
  }

  public @Nullable Integer getVaryMaxKeys() {
    return varyMaxKeys;
  }

  public void setVaryMaxKeys(@Nullable Integer varyMaxKeys) {
    this.varyMaxKeys = varyMaxKeys;
  }

  public @Nullable WriteScope getWriteScope() {
    return writeScope;
  }

  public void setWriteScope(@Nullable WriteScope writeScope) {
    this.writeScope = writeScope;
  }
}
