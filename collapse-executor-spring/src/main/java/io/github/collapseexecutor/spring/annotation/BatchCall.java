package io.github.collapseexecutor.spring.annotation;

import org.jspecify.annotations.Nullable;

/**
 * One call of a {@code @CollapseBatch} method.
 *
 * @param bean what the batch method is called on
 * @param argument the call's argument, never {@code null}
 * @param caller the caller's observation, from {@link
 *     io.github.collapseexecutor.spring.observation.MethodObserver#batchCaller}, or
 *     {@code null}
 * @param identity the caller's identity ({@link CallerIdentities}), or {@code null}: calls of
 *     other identities never share a batch
 * @param coroutine the context of the caller's coroutine, without its job, for a {@code suspend
 *     fun}; otherwise {@code null}
 */
record BatchCall(
    Object bean,
    Object argument,
    @Nullable Object caller,
    @Nullable Object identity,
    @Nullable Object coroutine) {}
