package dev.kaisen.observation.osaka;

import dev.kaisen.observation.StandardViews;

/** Registers Osaka's two observation views (see {@link OsakaObservation}). */
public final class OsakaObservationProvider extends StandardViews {
    public OsakaObservationProvider() {
        super("osaka", OsakaObservation::informationState, OsakaObservation::observation);
    }
}
