package io.github.collapseexecutor.http.adapter;

/**
 * What one request does next, as {@link CollapseProtocol#join} hands it out:
 *
 * <ul>
 *   <li>{@link Pass}: make the call as if collapse were off (no key, a request body, a request
 *       that asks for a fresh answer ({@link FreshRequest}), closed, the key's group switched off,
 *       or the key is marked for hit-for-pass);</li>
 *   <li>{@link Lead}: make the call for every identical request, then end the turn exactly once:
 *       {@link Lead#share} a buffered copy, {@link Lead#refuse} to share (the waiting requests make
 *       their own calls), or {@link Lead#fail} with the call's exception and what caused it;</li>
 *   <li>{@link Wait}: wait for {@link Wait#future()}, at most the wait timeout or the request's
 *       own limit, then ask {@link Wait#answer} for the next turn: a {@link Replay} of the shared
 *       response, a {@link Pass} (an own call), a {@link Failed} (the leader's own limit ended
 *       the call, and this request's would have too), or a {@code Lead} or {@code Wait} anew:
 *       among the requests that sent the same values as this one, when the response varies on
 *       a request header whose value differs from the leader's, or for the same key, when the
 *       leader left or its own limit ended the call and this request's is longer (it takes the
 *       call over).</li>
 *   <li>{@link Observed}: make the call as if collapse were off, then tell what collapse would
 *       have made of its response, when the options only observe.</li>
 * </ul>
 */
sealed interface Turn
    permits Pass, Lead, Wait, Replay, Failed, Observed, ServerCollapser.RecordHere {}
