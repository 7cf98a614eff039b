package io.github.collapseexecutor.spring.http;

import java.util.List;

/** Read access to the headers of one request, whatever the library that holds them. */
@FunctionalInterface
public interface RequestHeaders {

  /** Returns the values of the header {@code name} (any case) in order; empty when absent. */
  List<String> values(String name);
}
