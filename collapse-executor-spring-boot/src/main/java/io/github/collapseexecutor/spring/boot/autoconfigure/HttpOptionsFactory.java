package io.github.collapseexecutor.spring.boot.autoconfigure;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.CollapseGroupConflictException;
import io.github.collapseexecutor.http.CollapsePolicy;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.CollapseGroupProperties;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.CollapsePolicyProperties;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.HttpAdapterProperties;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.HttpSection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.bind.DataObjectPropertyName;

/**
 * Turns one section of {@code collapse.executor} into {@link HttpCollapseOptions}: its groups,
 * policies and wait timeout, its {@link HttpSettings} or else the top-level ones, the top-level
 * and its own sensitive headers on top of the library's, and the top-level header patterns and
 * non-sensitive headers.
 */
final class HttpOptionsFactory {

  private static final String PREFIX = "collapse.executor.";

  private HttpOptionsFactory() {}

  /**
   * Returns the options of the adapter of {@code section}, named after its key, or {@code null}
   * when a value was rejected.
   *
   * @param wiring sets what does not come from the properties: the listener, the observations
   */
  static @Nullable HttpCollapseOptions options(
      HttpSection section,
      HttpAdapterProperties properties,
      Consumer<HttpCollapseOptions.Builder> wiring,
      PropertyErrors errors) {
    int rejectedBefore = errors.count();
    String key = section.key();
    String prefix = PREFIX + key + ".";
    HttpCollapseOptions.Builder builder = HttpCollapseOptions.builder().name(key);
    wiring.accept(builder);
    overridden(
        key,
        "max-body-size",
        section,
        properties,
        HttpSettings::getMaxBodySize,
        size -> builder.maxBodyBytes(size.toBytes()),
        errors);
    // sensitive headers add up: a list of one's own never drops a built-in or a top-level one
    errors.set(
        PREFIX + "sensitive-headers", properties.getSensitiveHeaders(), builder::sensitiveHeaders);
    errors.set(
        prefix + "sensitive-headers", section.getSensitiveHeaders(), builder::sensitiveHeaders);
    errors.set(
        PREFIX + "sensitive-header-patterns",
        properties.getSensitiveHeaderPatterns(),
        builder::sensitiveHeaderPatterns);
    errors.set(
        PREFIX + "non-sensitive-headers",
        properties.getNonSensitiveHeaders(),
        builder::removeSensitiveHeaders);
    errors.set(prefix + "wait-timeout", section.getWaitTimeout(), builder::waitTimeout);
    overridden(
        key,
        "hit-for-pass-ttl",
        section,
        properties,
        HttpSettings::getHitForPassTtl,
        builder::hitForPassTtl,
        errors);
    overridden(
        key,
        "hit-for-pass-max-keys",
        section,
        properties,
        HttpSettings::getHitForPassMaxKeys,
        builder::hitForPassMaxKeys,
        errors);
    overridden(
        key, "vary-ttl", section, properties, HttpSettings::getVaryTtl, builder::varyTtl, errors);
    overridden(
        key,
        "vary-max-keys",
        section,
        properties,
        HttpSettings::getVaryMaxKeys,
        builder::varyMaxKeys,
        errors);
    overridden(
        key,
        "write-scope",
        section,
        properties,
        HttpSettings::getWriteScope,
        builder::writeScope,
        errors);
    overridden(
        key,
        "mode",
        section,
        properties,
        HttpSettings::getMode,
        mode -> builder.observeOnly(mode == CollapseExecutorProperties.Mode.OBSERVE),
        errors);
    policiesAndGroups(prefix, section, builder, errors);
    // built even after a rejection, so that what only the whole options check is reported too
    HttpCollapseOptions built = build(prefix, builder, errors);
    return errors.count() == rejectedBefore ? built : null;
  }

  private static void policiesAndGroups(
      String prefix,
      HttpSection section,
      HttpCollapseOptions.Builder builder,
      PropertyErrors errors) {
    Map<String, CollapsePolicy> policies = new LinkedHashMap<>();
    section
        .getCollapsePolicies()
        .forEach(
            (name, policy) -> {
              String policyKey = prefix + "collapse-policies." + name;
              CollapsePolicy built = policy(policyKey + ".", policy, errors);
              errors.set(
                  policyKey,
                  name,
                  named -> {
                    builder.policy(named, built);
                    policies.put(named, built);
                  });
            });
    List<CollapseGroupProperties> groups = section.getCollapseGroups();
    for (int i = 0; i < groups.size(); i++) {
      CollapseGroup group = group(groupKey(prefix, i), groups.get(i), errors);
      if (group != null && namesADefinedPolicy(prefix, i, group, policies, errors)) {
        builder.group(group);
      }
    }
  }

  /**
   * Whether {@code group} names no policy or a defined one, as the options' own check of it
   * alone says: every group that names an undefined policy is reported, where the check of all
   * the groups at once stops at the first.
   */
  private static boolean namesADefinedPolicy(
      String prefix,
      int index,
      CollapseGroup group,
      Map<String, CollapsePolicy> policies,
      PropertyErrors errors) {
    HttpCollapseOptions.Builder alone = HttpCollapseOptions.builder().group(group);
    policies.forEach(alone::policy);
    try {
      alone.build();
      return true;
    } catch (CollapseGroupConflictException undefined) {
      errors.reject(
          groupKey(prefix, index) + ".collapse-policy-name",
          undefined.value(),
          String.valueOf(undefined.getMessage()));
      return false;
    }
  }

  /** Builds the options; group positions are list indexes, since every group was added. */
  private static @Nullable HttpCollapseOptions build(
      String prefix, HttpCollapseOptions.Builder builder, PropertyErrors errors) {
    try {
      return builder.build();
    } catch (CollapseGroupConflictException conflict) {
      for (int group : conflict.groups()) {
        errors.reject(
            groupKey(prefix, group) + "." + DataObjectPropertyName.toDashedForm(conflict.setting()),
            conflict.value(),
            String.valueOf(conflict.getMessage()));
      }
      return null;
    }
  }

  private static String groupKey(String prefix, int index) {
    return prefix + "collapse-groups[" + index + "]";
  }

  private static @Nullable CollapseGroup group(
      String key, CollapseGroupProperties group, PropertyErrors errors) {
    int rejectedBefore = errors.count();
    CollapseGroup.Builder builder = CollapseGroup.builder();
    errors.set(key + ".name", group.getName(), builder::name);
    errors.set(key + ".uris", group.getUris(), builder::uris);
    errors.set(key + ".uri-regexes", group.getUriRegexes(), builder::uriRegexes);
    errors.set(
        key + ".collapse-policy-name", group.getCollapsePolicyName(), builder::collapsePolicyName);
    // a group with a rejected setting is not built: its other complaints would only echo that one
    return errors.count() == rejectedBefore
        ? errors.take(key + ".uris", group.getUris(), builder::build)
        : null;
  }

  private static CollapsePolicy policy(
      String prefix, CollapsePolicyProperties policy, PropertyErrors errors) {
    CollapsePolicy.Builder builder = CollapsePolicy.builder();
    errors.set(
        prefix + "collapse-request-headers",
        policy.getCollapseRequestHeaders(),
        builder::collapseRequestHeaders);
    errors.set(
        prefix + "collapse-request-queries",
        policy.getCollapseRequestQueries(),
        builder::collapseRequestQueries);
    errors.set(
        prefix + "share-uncacheable", policy.getShareUncacheable(), builder::shareUncacheable);
    errors.set(
        prefix + "accept-headers-in-key",
        policy.getAcceptHeadersInKey(),
        builder::acceptHeadersInKey);
    errors.set(
        prefix + "shared-across-addresses",
        policy.getSharedAcrossAddresses(),
        builder::sharedAcrossAddresses);
    return builder.build();
  }

  /** Sets the section's value, or else the top-level one, under the key of the one it takes. */
  private static <T> void overridden(
      String key,
      String setting,
      HttpSettings section,
      HttpSettings topLevel,
      Function<HttpSettings, T> value,
      Consumer<T> setter,
      PropertyErrors errors) {
    if (value.apply(section) != null) {
      errors.set(PREFIX + key + "." + setting, value.apply(section), setter);
    } else {
      errors.set(PREFIX + setting, value.apply(topLevel), setter);
    }
  }
}
