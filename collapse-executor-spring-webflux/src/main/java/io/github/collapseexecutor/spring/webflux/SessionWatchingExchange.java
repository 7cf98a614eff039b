package io.github.collapseexecutor.spring.webflux;

import io.github.collapseexecutor.http.UnsharedReason;
import io.github.collapseexecutor.http.adapter.ResponseRecording;
import java.time.Duration;
import java.time.Instant;
import java.util.AbstractMap;
import java.util.Collection;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.ServerWebExchangeDecorator;
import org.springframework.web.server.WebSession;
import reactor.core.publisher.Mono;

/**
 * The leading request's exchange as the chain sees it, for what the chain does to its session: a
 * change (an attribute put or removed, the session started, invalidated or given a new id, as
 * a login does) makes the response unshareable ({@link UnsharedReason#SESSION_CHANGED}), since a
 * replay would not make the change for the waiting requests and would show them what it made for
 * this one.
 *
 * <p>Reading an attribute changes nothing. Asking for the attributes' key set, values or entries
 * counts as a change, since they can remove attributes; so does a change made to an attribute's
 * own object in place only if it is put again.
 */
final class SessionWatchingExchange extends ServerWebExchangeDecorator {

  private final ResponseRecording recording;

  SessionWatchingExchange(ServerWebExchange exchange, ResponseRecording recording) {
    super(exchange);
    this.recording = recording;
  }

  @Override
  public Mono<WebSession> getSession() {
    return super.getSession().map(WatchedSession::new);
  }

  private void changed() {
    recording.unshareable(UnsharedReason.SESSION_CHANGED);
  }

  /** The session, telling the recording of each change made through it. */
  private final class WatchedSession implements WebSession {

    private final WebSession session;
    private final Map<String, Object> attributes;

    WatchedSession(WebSession session) {
      this.session = session;
      this.attributes = new WatchedAttributes(session.getAttributes());
    }

    @Override
    public String getId() {
      return session.getId();
    }

    @Override
    public Map<String, Object> getAttributes() {
      return attributes;
    }

    @Override
    public void start() {
      if (!session.isStarted()) {
        changed();
      }
      session.start();
    }

    @Override
    public boolean isStarted() {
      return session.isStarted();
    }

    @Override
    public Mono<Void> changeSessionId() {
      changed();
      return session.changeSessionId();
    }

    @Override
    public Mono<Void> invalidate() {
      changed();
      return session.invalidate();
    }

    @Override
    public Mono<Void> save() {
      return session.save();
    }

    @Override
    public boolean isExpired() {
      return session.isExpired();
    }

    @Override
    public Instant getCreationTime() {
      return session.getCreationTime();
    }

    @Override
    public Instant getLastAccessTime() {
      return session.getLastAccessTime();
    }

    @Override
    public void setMaxIdleTime(Duration maxIdleTime) {
      changed();
      session.setMaxIdleTime(maxIdleTime);
    }

    @Override
    public Duration getMaxIdleTime() {
      return session.getMaxIdleTime();
    }
  }

  /** A session's attributes: every change through them is told to the recording. */
  private final class WatchedAttributes extends AbstractMap<String, Object> {

    private final Map<String, Object> attributes;

    WatchedAttributes(Map<String, Object> attributes) {
      this.attributes = attributes;
    }

    @Override
    public int size() {
      return attributes.size();
    }

    @Override
    public boolean isEmpty() {
      return attributes.isEmpty();
    }

    @Override
    public boolean containsKey(@Nullable Object key) {
      return attributes.containsKey(key);
    }

    @Override
    public boolean containsValue(@Nullable Object value) {
      return attributes.containsValue(value);
    }

    @Override
    public @Nullable Object get(@Nullable Object key) {
      return attributes.get(key);
    }

    @Override
    public @Nullable Object put(String key, Object value) {
      changed();
      return attributes.put(key, value);
    }

    @Override
    public @Nullable Object remove(@Nullable Object key) {
      changed();
      return attributes.remove(key);
    }

    @Override
    public void putAll(Map<? extends String, ?> values) {
      changed();
      attributes.putAll(values);
    }

    @Override
    public void clear() {
      changed();
      attributes.clear();
    }

    @Override
    public @Nullable Object putIfAbsent(String key, Object value) {
      changed();
      return attributes.putIfAbsent(key, value);
    }

    @Override
    public @Nullable Object computeIfAbsent(
        String key, Function<? super String, ?> mappingFunction) {
      changed();
      return attributes.computeIfAbsent(key, mappingFunction);
    }

    @Override
    public @Nullable Object merge(
        String key, Object value, BiFunction<? super Object, ? super Object, ?> remapping) {
      changed();
      return attributes.merge(key, value, remapping);
    }

    @Override
    public Set<String> keySet() {
      changed();
      return attributes.keySet();
    }

    @Override
    public Collection<Object> values() {
      changed();
      return attributes.values();
    }

    @Override
    public Set<Entry<String, Object>> entrySet() {
      changed();
      return attributes.entrySet();
    }

    // AbstractMap's own go through entrySet(), which counts as a change: these only read

    @Override
    public boolean equals(@Nullable Object other) {
      return attributes.equals(other);
    }

    @Override
    public int hashCode() {
      return attributes.hashCode();
    }

    @Override
    public String toString() {
      return attributes.toString();
    }
  }
}
