package io.github.collapseexecutor.testing.redis;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/** The nodes of a cluster as one node sees them: its {@code CLUSTER NODES} reply, parsed. */
final class ClusterNodes {

  private final List<Node> nodes;

  private ClusterNodes(List<Node> nodes) {
    this.nodes = nodes;
  }

  static ClusterNodes of(String reply) {
    List<Node> nodes = new ArrayList<>();
    for (String line : reply.split("\n", /* limit= */ -1)) {
      String[] fields = line.trim().split(" ", /* limit= */ -1);
      if (fields.length < 8) {
        continue;
      }
      String address = fields[1].split("[@,]", /* limit= */ -1)[0];
      int port = Integer.parseInt(address.substring(address.lastIndexOf(':') + 1));
      List<int[]> slots = new ArrayList<>();
      for (int i = 8; i < fields.length; i++) {
        if (!fields[i].startsWith("[")) {
          String[] range = fields[i].split("-", /* limit= */ -1);
          slots.add(
              new int[] {Integer.parseInt(range[0]), Integer.parseInt(range[range.length - 1])});
        }
      }
      List<String> flags = List.of(fields[2].split(",", /* limit= */ -1));
      nodes.add(new Node(fields[0], port, flags, fields[3], slots));
    }
    return new ClusterNodes(nodes);
  }

  /** Returns how many masters serve slots and are not failed. */
  long masters() {
    return nodes.stream().filter(node -> node.master() && !node.slots().isEmpty()).count();
  }

  /**
   * Returns the port of the master that serves {@code slot} (a failed one, until replaced), or
   * none: during a failover a node may list the slot under no master for a moment, between the
   * old master's and the new one's configurations.
   */
  OptionalInt findMasterOfSlot(int slot) {
    return nodes.stream()
        .filter(node -> node.flags().contains("master"))
        .filter(node -> node.slots().stream().anyMatch(r -> r[0] <= slot && slot <= r[1]))
        .mapToInt(Node::port)
        .findFirst();
  }

  int replicaOf(int masterPort) {
    String masterId =
        nodes.stream().filter(node -> node.port() == masterPort).findFirst().orElseThrow().id();
    return nodes.stream()
        .filter(node -> masterId.equals(node.masterId()))
        .findFirst()
        .orElseThrow(() -> new IllegalStateException("no replica of " + masterPort))
        .port();
  }

  boolean selfIsMaster() {
    return nodes.stream().anyMatch(node -> node.flags().contains("myself") && node.master());
  }

  private record Node(String id, int port, List<String> flags, String masterId, List<int[]> slots) {
    boolean master() {
      return flags.contains("master") && !flags.contains("fail");
    }
  }
}
