package io.github.collapseexecutor.spring.annotation;

import java.lang.reflect.Method;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.core.ResolvableType;

/**
 * Finds the {@link ResultCopier} bean an annotated method names, and checks at startup that it is
 * one and that it can copy the method's results.
 */
final class ResultCopiers {

  private final @Nullable ListableBeanFactory beans;
  private volatile @Nullable SharedResults shared;

  /** Creates the lookup over {@code beans}, or over none if {@code null}. */
  public ResultCopiers(@Nullable ListableBeanFactory beans) {
    this.beans = beans;
  }

  /**
   * Returns how the results of {@code method} are copied for its joiners.
   *
   * @param name the copier's bean name, or {@code null} or empty for none
   * @param resultType the declared type of one caller's result
   * @throws io.github.collapseexecutor.spring.annotation.MisconfiguredMethodException naming the
   *     method and the reason, if {@code name} is not a
   *     {@code ResultCopier} bean or that copier cannot copy {@code resultType}
   */
  ResultCopies find(
      String annotation, Method method, @Nullable String name, ResolvableType resultType) {
    if (name == null || name.isEmpty()) {
      return ResultCopies.NONE;
    }
    if (beans == null || !beans.containsBean(name)) {
      throw Unsupported.method(
          annotation,
          method,
          "result copier '" + name + "' is not a bean; ResultCopier beans: " + copierNames(),
          "Name one of the ResultCopier beans "
              + copierNames()
              + " in resultCopier, or"
              + " define a ResultCopier bean named '"
              + name
              + "'.");
    }
    if (!beans.isTypeMatch(name, ResultCopier.class)) {
      Class<?> type = beans.getType(name);
      throw Unsupported.method(
          annotation,
          method,
          "result copier '"
              + name
              + "' is a "
              + (type == null ? "bean of unknown type" : type.getName())
              + ", not a ResultCopier; ResultCopier beans: "
              + copierNames(),
          "Name one of the ResultCopier beans " + copierNames() + " in resultCopier.");
    }
    ResultCopier copier = beans.getBean(name, ResultCopier.class);
    if (!copier.canCopy(resultType)) {
      String why = copier instanceof JacksonCopier<?> json ? json.refusal(resultType) : null;
      String copiedAs = ContainerCopies.implementing(resultType.toClass());
      throw Unsupported.method(
          annotation,
          method,
          "result copier '"
              + name
              + "' cannot copy results of type "
              + resultType
              + (why == null ? "" : ": " + why),
          copiedAs != null
              ? "Remove resultCopier: the library copies a "
                  + copiedAs
                  + " itself, for every caller that joined."
              : "Name a ResultCopier whose canCopy accepts "
                  + resultType
                  + ", or return a type"
                  + " that '"
                  + name
                  + "' copies.");
    }
    return new ResultCopies(copier, resultType);
  }

  /**
   * Returns what the callers that did not run a method without a copier of its own get of its
   * results, with the application's Jackson copier ({@value JacksonResultCopier#BEAN_NAME}) for
   * the objects it copies faithfully, if it has one; asked for when a caller first needs it.
   */
  SharedResults shared() {
    SharedResults known = shared;
    if (known == null) {
      // benign race: every thread makes an equivalent one, one of them is kept
      known = new SharedResults(jsonCopier());
      shared = known;
    }
    return known;
  }

  private @Nullable JacksonCopier<?> jsonCopier() {
    if (beans == null || !beans.containsBean(JacksonResultCopier.BEAN_NAME)) {
      return null;
    }
    return beans.getBean(JacksonResultCopier.BEAN_NAME) instanceof JacksonCopier<?> json
        ? json
        : null;
  }

  private String copierNames() {
    return beans == null
        ? "[]"
        : Arrays.toString(beans.getBeanNamesForType(ResultCopier.class, true, false));
  }
}
