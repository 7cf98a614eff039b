package io.github.collapseexecutor.servlet;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import java.io.IOException;

/** Stops holding the body back as soon as the chain goes async: the response is not shared. */
final class AsyncAwareRequest extends HttpServletRequestWrapper {

  private final RecordingServletResponse recording;

  AsyncAwareRequest(HttpServletRequest request, RecordingServletResponse recording) {
    super(request);
    this.recording = recording;
  }

  @Override
  public AsyncContext startAsync() {
    passThrough();
    return super.startAsync();
  }

  @Override
  public AsyncContext startAsync(ServletRequest request, ServletResponse response) {
    passThrough();
    return super.startAsync(request, response);
  }

  private void passThrough() {
    try {
      recording.passThrough();
    } catch (IOException e) {
      throw new IllegalStateException("could not write the held back body", e);
    }
  }
}
