/**
 * Collapse for grpc-java: {@link io.github.collapseexecutor.grpc.CollapseClientInterceptor}, a
 * client interceptor under which concurrent identical unary calls share one call, and
 * {@link io.github.collapseexecutor.grpc.CollapseServerInterceptor}, a server interceptor under
 * which concurrent identical unary calls share one run of the handler.
 *
 * <p>Parameters, return values and fields are non-null unless marked {@code @Nullable}.
 */
@NullMarked
package io.github.collapseexecutor.grpc;

import org.jspecify.annotations.NullMarked;
