package io.github.collapseexecutor.http;

/**
 * Which reads a write ends joining for. A write is a request whose method is not safe (anything
 * but {@code GET}, {@code HEAD}, {@code OPTIONS} and {@code TRACE}: RFC 9110 section 9.2.1) that
 * went through the adapter; once its response is complete, a read that arrives after it never
 * joins a call that started before it, since that call may have read the state from before the
 * write. The call goes on for the reads that joined it earlier, and the later reads make a call
 * of their own. Bound from {@code write-scope}.
 *
 * <pre>{@code
 * HttpCollapseOptions.builder().writeScope(WriteScope.OWN_GROUP)
 * }</pre>
 */
public enum WriteScope {

  /**
   * A write ends joining for every group of the adapter (the default): the library cannot know
   * which paths a write changes, so it assumes all of them.
   */
  ALL_GROUPS,

  /**
   * A write ends joining only for the group its path falls in; a write whose path no group takes
   * ends it for none. For applications whose groups read what only their own paths write, as
   * {@code /owners/**} does for a {@code POST /owners/7/pets}.
   */
  OWN_GROUP
}
