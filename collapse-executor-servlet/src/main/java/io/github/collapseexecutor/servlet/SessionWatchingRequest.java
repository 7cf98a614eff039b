package io.github.collapseexecutor.servlet;

import io.github.collapseexecutor.http.UnsharedReason;
import io.github.collapseexecutor.http.adapter.ResponseRecording;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import java.io.IOException;
import java.util.Enumeration;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The leading request as the chain sees it, for what the chain does to its session: a change
 * (an attribute set or removed, as when a flash attribute is read and so removed; a session
 * created, invalidated or given a new id; a login or logout) makes the response unshareable
 * ({@link UnsharedReason#SESSION_CHANGED}): a replay would not make the change for the waiting
 * requests, and would show them what it made for this one, a one-time message say.
 *
 * <p>Reading the session changes nothing. A change made to an attribute's own object in place,
 * without setting it again, is not seen; Spring's flash attributes and Spring Security's context
 * are always set again.
 */
final class SessionWatchingRequest extends HttpServletRequestWrapper {

  private final ResponseRecording recording;

  SessionWatchingRequest(HttpServletRequest request, ResponseRecording recording) {
    super(request);
    this.recording = recording;
  }

  @Override
  public @Nullable HttpSession getSession(boolean create) {
    HttpSession session = super.getSession(false);
    if (session == null && create) {
      session = super.getSession(true);
      changed();
    }
    return session == null ? null : new WatchedSession(session);
  }

  @Override
  public HttpSession getSession() {
    HttpSession session = getSession(true);
    // a container gives a session when asked to create one
    return Objects.requireNonNull(session, "session");
  }

  @Override
  public String changeSessionId() {
    changed();
    return super.changeSessionId();
  }

  @Override
  public boolean authenticate(HttpServletResponse response) throws IOException, ServletException {
    changed();
    return super.authenticate(response);
  }

  @Override
  public void login(String username, String password) throws ServletException {
    changed();
    super.login(username, password);
  }

  @Override
  public void logout() throws ServletException {
    changed();
    super.logout();
  }

  private void changed() {
    recording.unshareable(UnsharedReason.SESSION_CHANGED);
  }

  /** The session, telling the recording of each change made through it. */
  private final class WatchedSession implements HttpSession {

    private final HttpSession session;

    WatchedSession(HttpSession session) {
      this.session = session;
    }

    @Override
    public void setAttribute(String name, @Nullable Object value) {
      changed();
      session.setAttribute(name, value);
    }

    @Override
    public void removeAttribute(String name) {
      changed();
      session.removeAttribute(name);
    }

    @Override
    public void invalidate() {
      changed();
      session.invalidate();
    }

    @Override
    public void setMaxInactiveInterval(int interval) {
      changed();
      session.setMaxInactiveInterval(interval);
    }

    @Override
    public long getCreationTime() {
      return session.getCreationTime();
    }

    @Override
    public String getId() {
      return session.getId();
    }

    @Override
    public long getLastAccessedTime() {
      return session.getLastAccessedTime();
    }

    @Override
    public ServletContext getServletContext() {
      return session.getServletContext();
    }

    @Override
    public int getMaxInactiveInterval() {
      return session.getMaxInactiveInterval();
    }

    @Override
    public @Nullable Object getAttribute(String name) {
      return session.getAttribute(name);
    }

    @Override
    public Enumeration<String> getAttributeNames() {
      return session.getAttributeNames();
    }

    @Override
    public boolean isNew() {
      return session.isNew();
    }

    @Override
    public boolean equals(@Nullable Object other) {
      // the same session as the container's, for code that compares sessions
      return other instanceof WatchedSession watched
          ? session.equals(watched.session)
          : session.equals(other);
    }

    @Override
    public int hashCode() {
      return session.hashCode();
    }

    @Override
    public String toString() {
      return session.toString();
    }
  }
}
