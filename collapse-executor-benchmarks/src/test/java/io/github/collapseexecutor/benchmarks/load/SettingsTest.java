package io.github.collapseexecutor.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

final class SettingsTest {

  @Test
  void parse_namesTheScaleOutCaseWithAHyphen() {
    Settings settings = Settings.parse(new String[] {"--quick", "--cases=servlet,scale-out"});

    assertThat(settings.cases())
        .containsExactlyInAnyOrder(Settings.Case.SERVLET, Settings.Case.SCALE_OUT);
  }

  @Test
  void parse_namesTheSecuredBackendCaseWithAHyphenAndGivesItASectionOfItsOwn() {
    Settings settings = Settings.parse(new String[] {"--cases=secured-backend"});

    assertThat(settings.cases()).containsExactly(Settings.Case.SECURED_BACKEND);
    assertThat(Settings.Case.SECURED_BACKEND.ownSection()).isTrue();
    assertThat(Settings.Case.CLIENTS.ownSection()).isFalse();
  }

  @Test
  void parse_runsTheSecuredBackendCaseInAQuickRun() {
    assertThat(Settings.parse(new String[] {"--quick"}).cases())
        .contains(Settings.Case.SECURED_BACKEND);
  }

  @Test
  void parse_namesTheGrpcCaseAndGivesItASectionOfItsOwn() {
    assertThat(Settings.parse(new String[] {"--cases=grpc"}).cases())
        .containsExactly(Settings.Case.GRPC);
    assertThat(Settings.Case.GRPC.ownSection()).isTrue();
  }

  @Test
  void parse_namesTheMixedCaseAndGivesItASectionOfItsOwn() {
    assertThat(Settings.parse(new String[] {"--cases=mixed"}).cases())
        .containsExactly(Settings.Case.MIXED);
    assertThat(Settings.Case.MIXED.ownSection()).isTrue();
  }

  @Test
  void parse_namesTheFleetFailoverCaseWithAHyphenAndGivesItASectionOfItsOwn() {
    assertThat(Settings.parse(new String[] {"--cases=fleet-failover"}).cases())
        .containsExactly(Settings.Case.FLEET_FAILOVER);
    assertThat(Settings.Case.FLEET_FAILOVER.ownSection()).isTrue();
  }

  @Test
  void parse_rejectsAnUnknownCaseByName() {
    assertThatThrownBy(() -> Settings.parse(new String[] {"--cases=scaleup"}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("unknown case: scaleup");
  }
}
