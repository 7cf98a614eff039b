package io.github.collapseexecutor.http.adapter;

/** What one request does next; see {@link CollapseProtocol}. */
sealed interface Turn permits Pass, Lead, Wait, Replay, Failed, ServerCollapser.RecordHere {}
