package io.github.collapseexecutor.micrometer;

import io.micrometer.common.docs.KeyName;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationConvention;
import io.micrometer.observation.docs.ObservationDocumentation;

/**
 * The observations of collapsing and their keys.
 *
 * <p>Besides the shared call's own observation, every request that goes through an adapter adds
 * the {@link CallerKeys} to the observation it is made in, when there is one (RestClient's
 * {@code http.client.requests}, the servlet's {@code http.server.requests}, or any observation
 * open around the call), and so does every call of an annotated method, to the observation current
 * on its thread (for a method returning a {@code Mono}, the one in the subscriber's Reactor
 * context). They are high-cardinality keys, so they reach the span and leave the
 * metrics' tags as they were.
 */
public enum CollapseObservationDocumentation implements ObservationDocumentation {

  /** One shared call: the call one request made for every identical request. */
  SHARED_CALL {
    @Override
    public Class<? extends ObservationConvention<? extends Observation.Context>>
        getDefaultConvention() {
      return DefaultCollapseObservationConvention.class;
    }

    @Override
    public KeyName[] getLowCardinalityKeyNames() {
      return SharedCallLowCardinalityKeys.values();
    }

    @Override
    public KeyName[] getHighCardinalityKeyNames() {
      return SharedCallHighCardinalityKeys.values();
    }
  };

  /** Low-cardinality keys of a shared call; they become the tags of its timer. */
  public enum SharedCallLowCardinalityKeys implements KeyName {

    /** The executor's name: the section key ({@code rest-template}, ...) for the adapters. */
    EXECUTOR {
      @Override
      public String asString() {
        return "executor";
      }
    },

    /** The collapse group the request's path matched; {@code none} when there is no group. */
    GROUP {
      @Override
      public String asString() {
        return "group";
      }
    },

    /** {@code shared}, {@code refused}, {@code failed} or {@code abandoned}. */
    OUTCOME {
      @Override
      public String asString() {
        return "outcome";
      }
    },

    /** Why the response was not shared ({@code set-cookie}, ...); {@code none} when it was. */
    REASON {
      @Override
      public String asString() {
        return "reason";
      }
    }
  }

  /** High-cardinality keys of a shared call; they reach the span only. */
  public enum SharedCallHighCardinalityKeys implements KeyName {

    /** How many requests shared the call, the one that made it included. */
    BATCH_SIZE {
      @Override
      public String asString() {
        return "collapse.batch.size";
      }
    }
  }

  /** High-cardinality keys added to the observation of each request or call that went through. */
  public enum CallerKeys implements KeyName {

    /**
     * {@code led} (made the shared call), {@code joined} (got the response, or the failure, of
     * another caller's call), {@code batched} (a {@code @CollapseBatch} call served by one call
     * of the batch method with other calls' arguments), {@code fell-back} (waited, then made its
     * own call, or failed at its own time limit), {@code not-collapsed} (went through without
     * waiting) or {@code joined-elsewhere} (led on its instance and took the result of another
     * instance of the application's call).
     */
    OUTCOME {
      @Override
      public String asString() {
        return "collapse.outcome";
      }
    },

    /**
     * Why a request fell back or was not collapsed, or why the shared call it led could not be
     * shared: {@code request-body}, {@code fresh-requested}, {@code switched-off},
     * {@code null-argument}, {@code closed}, {@code hit-for-pass}, {@code wait-timeout},
     * {@code set-cookie}, ... Absent when there is no reason to give. A request that no collapse
     * group takes (a path no group matches, a method other than GET and HEAD) gets neither key.
     */
    REASON {
      @Override
      public String asString() {
        return "collapse.reason";
      }
    }
  }
}
