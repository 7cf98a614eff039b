package io.github.collapseexecutor.spring.boot.autoconfigure;

import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.Section;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.ServletSection;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.springframework.util.unit.DataSize;
import org.springframework.validation.Errors;

/**
 * Checks bound {@link CollapseExecutorProperties}. Each problem is reported on the field it is
 * about, with a message that starts with the configuration key and holds the value, so that the
 * startup report reads {@code Property: collapse.executor.rest-template.collapse-groups[1]
 * .collapse-policy-name, Value: "p2", Reason: ...}. Section settings are checked whether or not
 * the section is enabled: a disabled section with a typo is still a typo.
 */
final class PropertiesValidator {

  private static final String PREFIX = "collapse.executor.";

  private final Errors errors;

  PropertiesValidator(Errors errors) {
    this.errors = errors;
  }

  void validate(CollapseExecutorProperties properties) {
    if (properties.getWaitThreshold() < 0) {
      reject("waitThreshold", "wait-threshold", properties.getWaitThreshold(),
          "must not be negative");
    }
    positiveIfSet("maxBatchSize", "max-batch-size", properties.getMaxBatchSize());
    positiveIfSet("maxConcurrentBatches", "max-concurrent-batches",
        properties.getMaxConcurrentBatches());
    positiveIfSet("maxPendingInputs", "max-pending-inputs", properties.getMaxPendingInputs());
    bodySize("maxBodySize", "max-body-size", properties.getMaxBodySize(), false);
    headers("sensitiveHeaders", "sensitive-headers", properties.getSensitiveHeaders(), false);
    section("restTemplate", "rest-template", properties.getRestTemplate());
    section("webClient", "web-client", properties.getWebClient());
    section("okhttp", "okhttp", properties.getOkhttp());
    section("servlet", "servlet", properties.getServlet());
    servlet(properties.getServlet());
    names("restTemplate.applyToBeans", "rest-template.apply-to-beans",
        properties.getRestTemplate().getApplyToBeans());
    names("webClient.applyToBeans", "web-client.apply-to-beans",
        properties.getWebClient().getApplyToBeans());
    names("okhttp.applyToBeans", "okhttp.apply-to-beans", properties.getOkhttp().getApplyToBeans());
  }

  private void section(String field, String key, Section section) {
    bodySize(field + ".maxBodySize", key + ".max-body-size", section.getMaxBodySize(), true);
    headers(field + ".sensitiveHeaders", key + ".sensitive-headers", section.getSensitiveHeaders(),
        true);
    Duration waitTimeout = section.getWaitTimeout();
    if (waitTimeout == null || waitTimeout.isZero() || waitTimeout.isNegative()) {
      reject(field + ".waitTimeout", key + ".wait-timeout", waitTimeout, "must be positive");
    }
    Duration hitForPassTtl = section.getHitForPassTtl();
    if (hitForPassTtl == null || hitForPassTtl.isNegative()) {
      reject(field + ".hitForPassTtl", key + ".hit-for-pass-ttl", hitForPassTtl,
          "must not be negative");
    }
    if (section.getHitForPassMaxKeys() < 0) {
      reject(field + ".hitForPassMaxKeys", key + ".hit-for-pass-max-keys",
          section.getHitForPassMaxKeys(), "must not be negative");
    }
    for (Map.Entry<String, CollapsePolicyProperties> policy
        : section.getCollapsePolicies().entrySet()) {
      String policyField = field + ".collapsePolicies[" + policy.getKey() + "]";
      String policyKey = key + ".collapse-policies." + policy.getKey();
      names(policyField + ".collapseRequestHeaders", policyKey + ".collapse-request-headers",
          policy.getValue().getCollapseRequestHeaders());
      names(policyField + ".collapseRequestQueries", policyKey + ".collapse-request-queries",
          policy.getValue().getCollapseRequestQueries());
    }
    List<CollapseGroupProperties> groups = section.getCollapseGroups();
    for (int i = 0; i < groups.size(); i++) {
      group(field + ".collapseGroups[" + i + "]", key + ".collapse-groups[" + i + "]",
          groups.get(i), section.getCollapsePolicies());
    }
  }

  private void group(String field, String key, CollapseGroupProperties group,
      Map<String, CollapsePolicyProperties> policies) {
    List<String> uris = group.getUris() == null ? List.of() : group.getUris();
    List<String> regexes = group.getUriRegexes() == null ? List.of() : group.getUriRegexes();
    if (uris.isEmpty() && regexes.isEmpty()) {
      reject(field + ".uris", key + ".uris", uris,
          "a collapse group needs at least one uri or uri-regex");
    }
    for (int i = 0; i < uris.size(); i++) {
      String uri = uris.get(i);
      if (uri == null || !uri.startsWith("/")) {
        reject(field + ".uris[" + i + "]", key + ".uris[" + i + "]", uri,
            "is not a valid uri pattern: it must start with '/'");
      }
    }
    for (int i = 0; i < regexes.size(); i++) {
      String regex = regexes.get(i);
      String problem = regexProblem(regex);
      if (problem != null) {
        reject(field + ".uriRegexes[" + i + "]", key + ".uri-regexes[" + i + "]", regex,
            "is not a valid regular expression: " + problem);
      }
    }
    String policy = group.getCollapsePolicyName();
    if (policy != null && !policies.containsKey(policy)) {
      reject(field + ".collapsePolicyName", key + ".collapse-policy-name", policy,
          "names no collapse policy of this section; defined: " + policies.keySet());
    }
  }

  private static String regexProblem(String regex) {
    if (regex == null || regex.isEmpty()) {
      return "it is empty";
    }
    try {
      Pattern.compile(regex);
      return null;
    } catch (PatternSyntaxException e) {
      return e.getDescription() + " near index " + e.getIndex();
    }
  }

  private void servlet(ServletSection servlet) {
    List<String> patterns = servlet.getUrlPatterns();
    if (patterns == null || patterns.isEmpty()) {
      reject("servlet.urlPatterns", "servlet.url-patterns", patterns, "must not be empty");
      return;
    }
    for (int i = 0; i < patterns.size(); i++) {
      if (patterns.get(i) == null || patterns.get(i).isBlank()) {
        reject("servlet.urlPatterns[" + i + "]", "servlet.url-patterns[" + i + "]",
            patterns.get(i), "must not be blank");
      }
    }
  }

  private void positiveIfSet(String field, String key, Integer value) {
    if (value != null && value <= 0) {
      reject(field, key, value, "must be positive");
    }
  }

  private void bodySize(String field, String key, DataSize size, boolean optional) {
    if (size == null) {
      if (!optional) {
        reject(field, key, null, "must be set");
      }
      return;
    }
    if (size.isNegative()) {
      reject(field, key, size, "must not be negative");
    } else if (size.toBytes() > Integer.MAX_VALUE) {
      reject(field, key, size, "must be at most " + Integer.MAX_VALUE + " bytes");
    }
  }

  private void headers(String field, String key, List<String> names, boolean optional) {
    if (names == null) {
      if (!optional) {
        reject(field, key, null, "must be set");
      }
      return;
    }
    names(field, key, names);
  }

  private void names(String field, String key, List<String> names) {
    for (int i = 0; i < names.size(); i++) {
      if (names.get(i) == null || names.get(i).isBlank()) {
        reject(field + "[" + i + "]", key + "[" + i + "]", names.get(i), "must not be blank");
      }
    }
  }

  private void reject(String field, String key, Object value, String reason) {
    String shown = value instanceof String ? "'" + value + "'" : String.valueOf(value);
    errors.rejectValue(field, "collapse.executor.invalid",
        PREFIX + key + "=" + shown + " " + reason);
  }
}
