package io.github.collapseexecutor.http;

import io.github.collapseexecutor.fleet.PortableText;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The client of a request in its key ({@link RequestTarget.Builder#client}): equal only for an
 * equal client with the same name. For a fleet tier it is written as its name, which the adapter
 * gives only where it stands for one client on every instance; an unnamed client is written as
 * itself, which another instance can compare only if it is a value (a client compared by identity
 * keeps its requests on their instance).
 */
final class ClientPart implements PortableText.Writable {

  private final Object client;
  private final @Nullable String name;

  ClientPart(Object client, @Nullable String name) {
    this.client = client;
    this.name = name;
  }

  @Override
  public List<@Nullable Object> equalsParts() {
    return List.of(name == null ? client : name);
  }

  @Override
  public boolean equals(@Nullable Object other) {
    return other instanceof ClientPart that && client.equals(that.client)
        && Objects.equals(name, that.name);
  }

  @Override
  public int hashCode() {
    return 31 * client.hashCode() + Objects.hashCode(name);
  }
}
