package dev.kaisen.observation.floatingmarket;

import dev.kaisen.observation.StandardViews;

/** Registers Floating Market's two observation views (see {@link FloatingMarketObservation}). */
public final class FloatingMarketObservationProvider extends StandardViews {
    public FloatingMarketObservationProvider() {
        super("floating-market", FloatingMarketObservation::informationState, FloatingMarketObservation::observation);
    }
}
