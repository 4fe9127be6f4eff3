package dev.kaisen.observation.tokaido;

import dev.kaisen.observation.StandardViews;

/** Registers Tokaido's two observation views (see {@link TokaidoObservation}). */
public final class TokaidoObservationProvider extends StandardViews {
    public TokaidoObservationProvider() {
        super("tokaido", TokaidoObservation::informationState, TokaidoObservation::observation);
    }
}
