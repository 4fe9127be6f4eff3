package dev.kaisen.observation.tokaido;

import dev.kaisen.env.Game;
import dev.kaisen.env.GameState;
import dev.kaisen.observation.Encoder;
import dev.kaisen.observation.Encoders;
import dev.kaisen.observation.ObservationProvider;

import java.util.List;

/** Registers Tokaido's two observation views (see {@link TokaidoObservation}). */
public final class TokaidoObservationProvider implements ObservationProvider {
    @Override
    public String game() {
        return "tokaido";
    }

    @Override
    public List<String> views() {
        return List.of(Encoders.INFORMATION_STATE, Encoders.OBSERVATION);
    }

    @Override
    @SuppressWarnings("unchecked")
    public <S extends GameState<S>> Encoder<S> encoder(Game<S> game, String view) {
        Encoder<?> e = view.equals(Encoders.OBSERVATION) ? TokaidoObservation.observation()
                : TokaidoObservation.informationState();
        return (Encoder<S>) e;
    }
}
