/**
 * Not API: the collapse protocol and the plumbing the adapters of this module share. Public only
 * so that the adapters in the sibling packages can use it; it may change in any release without
 * notice, and applications must not use it.
 *
 * <p>{@link io.github.collapseexecutor.http.adapter.CollapseProtocol} is the protocol
 * every adapter follows;
 * {@link io.github.collapseexecutor.http.adapter.BlockingHttpCollapser} runs it for the
 * blocking clients; {@link io.github.collapseexecutor.http.adapter.SharingRules} decides
 * which responses may be shared.
 *
 * <p>Parameters, return values and fields are non-null unless marked {@code @Nullable}.
 */
@NullMarked
package io.github.collapseexecutor.http.adapter;

import org.jspecify.annotations.NullMarked;
