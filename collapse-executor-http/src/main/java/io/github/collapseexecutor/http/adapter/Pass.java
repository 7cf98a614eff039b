package io.github.collapseexecutor.http.adapter;

/** Make the call as if collapse were off; already counted. */
enum Pass implements Turn {
  /** The one instance. */
  PASS
}
