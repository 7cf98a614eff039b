package io.github.collapseexecutor.spring.boot.autoconfigure.support;

import java.lang.annotation.Annotation;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Predicate;
import org.springframework.beans.BeansException;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.NoSuchBeanDefinitionException;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.util.ClassUtils;

/**
 * Orders the collapse adapter against Spring Cloud LoadBalancer's filter or interceptor on each
 * client builder bean marked {@code @LoadBalanced}, once Spring Cloud has added its own (it does
 * so before the builder's initialization; this runs after it). Requests are then keyed on the
 * service URI the caller asked for, whichever instance the load balancer picks: a WebClient's
 * collapse filter runs before the load balancer and knows the load balancer changes the host
 * below it; a RestClient's interceptor runs after it, last, and reads the service URI from the
 * request the load balancer hands on. Spring Cloud is no dependency of this module: its types are
 * known by name, and this bean exists only when they are on the class path.
 *
 * <p>Public for the auto-configurations in this module's other packages; not for applications.
 */
public final class LoadBalancedBuilders implements BeanPostProcessor, BeanFactoryAware {

  /** Spring Cloud's qualifier of the clients and builders it load-balances. */
  public static final String LOAD_BALANCED =
      "org.springframework.cloud.client.loadbalancer.LoadBalanced";

  /** The filter functions and interceptors Spring Cloud adds to a load-balanced builder. */
  private static final List<String> LOAD_BALANCERS =
      List.of(
          "org.springframework.cloud.client.loadbalancer.reactive.DeferringLoadBalancerExchangeFilterFunction",
          "org.springframework.cloud.client.loadbalancer.reactive.LoadBalancedExchangeFilterFunction",
          "org.springframework.cloud.client.loadbalancer.DeferringLoadBalancerInterceptor",
          "org.springframework.cloud.client.loadbalancer.BlockingLoadBalancerInterceptor");

  private final Class<?> builderType;
  private final BiConsumer<Object, Predicate<Object>> order;
  private final List<Class<?>> loadBalancers = new ArrayList<>();
  private final Class<? extends Annotation> loadBalanced;

  @SuppressWarnings("NullAway.Init") // set by Spring before any other callback
  private ListableBeanFactory beanFactory;

  /**
   * @param builderType the client builder type, such as {@code WebClient.Builder}
   * @param order orders the collapse adapter of a load-balanced builder, given the builder and a
   *     test of which of its stages is a load balancer
   */
  @SuppressWarnings("unchecked") // LoadBalanced is an annotation
  public LoadBalancedBuilders(Class<?> builderType, BiConsumer<Object, Predicate<Object>> order) {
    this.builderType = builderType;
    this.order = order;
    ClassLoader loader = builderType.getClassLoader();
    this.loadBalanced =
        (Class<? extends Annotation>) ClassUtils.resolveClassName(LOAD_BALANCED, loader);
    for (String name : LOAD_BALANCERS) {
      if (ClassUtils.isPresent(name, loader)) {
        loadBalancers.add(ClassUtils.resolveClassName(name, loader));
      }
    }
  }

  @Override
  public void setBeanFactory(BeanFactory beanFactory) {
    this.beanFactory = (ListableBeanFactory) beanFactory;
  }

  @Override
  public Object postProcessAfterInitialization(Object bean, String beanName) throws BeansException {
    if (builderType.isInstance(bean) && isLoadBalanced(beanName)) {
      order.accept(bean, this::isLoadBalancer);
    }
    return bean;
  }

  private boolean isLoadBalanced(String beanName) {
    try {
      return beanFactory.findAnnotationOnBean(beanName, loadBalanced) != null;
    } catch (NoSuchBeanDefinitionException inner) {
      return false;
    }
  }

  private boolean isLoadBalancer(Object stage) {
    return loadBalancers.stream().anyMatch(type -> type.isInstance(stage));
  }

  /**
   * Moves the stages {@code moved} picks to the end of {@code stages}, keeping their order, if
   * {@code stages} holds a collapse adapter and a load balancer, which {@code collapse} and
   * {@code loadBalancer} pick.
   */
  public static <T> void moveToEnd(
      List<T> stages,
      Predicate<? super T> moved,
      Predicate<? super T> collapse,
      Predicate<? super T> loadBalancer) {
    if (stages.stream().noneMatch(collapse) || stages.stream().noneMatch(loadBalancer)) {
      return;
    }
    List<T> last = stages.stream().filter(moved).toList();
    stages.removeAll(last);
    stages.addAll(last);
  }
}
