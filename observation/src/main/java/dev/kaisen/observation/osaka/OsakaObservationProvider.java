package dev.kaisen.observation.osaka;

import dev.kaisen.env.Game;
import dev.kaisen.env.GameState;
import dev.kaisen.observation.Encoder;
import dev.kaisen.observation.Encoders;
import dev.kaisen.observation.ObservationProvider;

import java.util.List;

/** Registers Osaka's two observation views (see {@link OsakaObservation}). */
public final class OsakaObservationProvider implements ObservationProvider {
    @Override
    public String game() {
        return "osaka";
    }

    @Override
    public List<String> views() {
        return List.of(Encoders.INFORMATION_STATE, Encoders.OBSERVATION);
    }

    @Override
    @SuppressWarnings("unchecked")
    public <S extends GameState<S>> Encoder<S> encoder(Game<S> game, String view) {
        Encoder<?> e = view.equals(Encoders.OBSERVATION) ? OsakaObservation.observation()
                : OsakaObservation.informationState();
        return (Encoder<S>) e;
    }
}
