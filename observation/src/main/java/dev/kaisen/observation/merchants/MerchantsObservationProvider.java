package dev.kaisen.observation.merchants;

import dev.kaisen.observation.StandardViews;

/** Registers Merchants of the Middle Ages' two observation views (see {@link MerchantsObservation}). */
public final class MerchantsObservationProvider extends StandardViews {
    public MerchantsObservationProvider() {
        super("merchants", MerchantsObservation::informationState, MerchantsObservation::observation);
    }
}
