package io.github.collapseexecutor.spring.boot.autoconfigure.support;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiFunction;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.beans.factory.FactoryBean;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.config.SmartInstantiationAwareBeanPostProcessor;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.SimpleAliasRegistry;
import org.springframework.core.env.Environment;

/**
 * Adds a collapse adapter to the client beans an application names in a section's
 * {@code apply-to-beans}, and to no other. A mutable client (RestTemplate) gets the adapter added
 * in place; an immutable one (RestClient, WebClient, OkHttpClient) is replaced by a copy built
 * from it with the adapter added last, which keeps everything else it was built with. A client
 * that already holds the adapter is left as it is.
 *
 * <p>Replacing a bean is sound because it happens before anyone can hold the original: after the
 * bean's initialization, or, when a circular reference asks for the bean early, in the early
 * reference itself (the way Spring's proxies are made), in which case the original is kept
 * afterwards so that every holder sees the same instance.
 *
 * <p>Names are checked when the application starts, so a typo does not leave a client silently
 * uncollapsed: a name that is no bean, a bean that is not a client this section serves, or a
 * chosen client created before this post-processor could see it stops the application with the
 * key, the value and the reason.
 *
 * <p>Public for the auto-configurations in this module's other packages; not for applications.
 */
public final class ApplyToChosenBeans
    implements SmartInstantiationAwareBeanPostProcessor,
        BeanFactoryAware,
        SmartInitializingSingleton {

  private final String key;
  private final List<String> names;
  private final List<Class<?>> types;
  private final BiFunction<Object, String, Object> addAdapter;
  private final Set<String> chosen = new LinkedHashSet<>();
  private final Set<String> applied = ConcurrentHashMap.newKeySet();
  private final Map<String, Object> earlyReferences = new ConcurrentHashMap<>();

  @SuppressWarnings("NullAway.Init") // set by Spring before any other callback
  private ConfigurableListableBeanFactory beanFactory;

  /**
   * @param key the property, {@code collapse.executor.SECTION.apply-to-beans}
   * @param names the bean names it holds
   * @param types the client types the section serves
   * @param addAdapter returns the client with the adapter added, given one of {@code types} and
   *     its bean's name
   */
  ApplyToChosenBeans(
      String key,
      List<String> names,
      List<Class<?>> types,
      BiFunction<Object, String, Object> addAdapter) {
    this.key = key;
    this.names = List.copyOf(names);
    this.types = List.copyOf(types);
    this.addAdapter = addAdapter;
  }

  /** Reads the names of {@code collapse.executor.SECTION.apply-to-beans}. */
  public static ApplyToChosenBeans of(
      Environment environment,
      String section,
      List<Class<?>> types,
      BiFunction<Object, String, Object> addAdapter) {
    String key = "collapse.executor." + section + ".apply-to-beans";
    List<String> names =
        Binder.get(environment).bind(key, Bindable.listOf(String.class)).orElse(List.of());
    return new ApplyToChosenBeans(key, names, types, addAdapter);
  }

  @Override
  public void setBeanFactory(BeanFactory beanFactory) {
    this.beanFactory = (ConfigurableListableBeanFactory) beanFactory;
    for (int i = 0; i < names.size(); i++) {
      String name = names.get(i);
      if (name == null || name.isBlank() || !beanFactory.containsBean(name)) {
        throw new IllegalStateException(
            key
                + "["
                + i
                + "]='"
                + name
                + "' names no bean; beans "
                + "of a type this section serves ("
                + typeNames()
                + "): "
                + candidates());
      }
      chosen.add(
          beanFactory instanceof SimpleAliasRegistry aliases ? aliases.canonicalName(name) : name);
    }
  }

  @Override
  public Object getEarlyBeanReference(Object bean, String beanName) {
    if (!isChosen(bean, beanName)) {
      return bean;
    }
    earlyReferences.put(beanName, bean);
    return add(bean, beanName);
  }

  @Override
  public Object postProcessAfterInitialization(Object bean, String beanName) {
    if (!isChosen(bean, beanName) || earlyReferences.remove(beanName) != null) {
      // an early reference already holds the client with the adapter, and Spring exposes it
      return bean;
    }
    return add(bean, beanName);
  }

  @Override
  public void afterSingletonsInstantiated() {
    for (String name : chosen) {
      if (!applied.contains(name)
          && beanFactory.containsSingleton(name)
          && isServed(beanFactory.getSingleton(name))) {
        throw new IllegalStateException(
            key
                + " names bean '"
                + name
                + "', which was created "
                + "before collapse could be added to it: a BeanPostProcessor or a "
                + "BeanFactoryPostProcessor probably depends on it; inject it lazily there");
      }
    }
  }

  private boolean isChosen(Object bean, String beanName) {
    // a FactoryBean's own instance is skipped: the object it makes comes here under the same name
    return !chosen.isEmpty() && chosen.contains(beanName) && !(bean instanceof FactoryBean);
  }

  private Object add(Object bean, String beanName) {
    if (!isServed(bean)) {
      throw new IllegalStateException(
          key
              + " names bean '"
              + beanName
              + "', a "
              + bean.getClass().getName()
              + ", which is not one of "
              + typeNames());
    }
    Object withAdapter = Objects.requireNonNull(addAdapter.apply(bean, beanName), "client");
    applied.add(beanName);
    return withAdapter;
  }

  private boolean isServed(@Nullable Object bean) {
    return types.stream().anyMatch(type -> type.isInstance(bean));
  }

  private List<String> typeNames() {
    return types.stream().map(Class::getSimpleName).toList();
  }

  private List<String> candidates() {
    List<String> candidates = new ArrayList<>();
    for (Class<?> type : types) {
      for (String name : beanFactory.getBeanNamesForType(type, true, /* allowEagerInit= */ false)) {
        candidates.add(name);
      }
    }
    return candidates;
  }
}
