package io.github.collapseexecutor.samples.web;

/**
 * One HTTP client library set up twice, alike but for the library's collapse adapter, so that the
 * report and the demo can compare them.
 *
 * @param name the client library, as the tables show it
 * @param direct the client as it comes
 * @param collapsing the same client with the collapse adapter
 */
record ComparedClient(String name, UserClient direct, UserClient collapsing) {}
