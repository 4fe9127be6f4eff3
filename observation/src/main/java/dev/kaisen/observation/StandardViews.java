package dev.kaisen.observation;

import dev.kaisen.env.Game;
import dev.kaisen.env.GameState;

import java.util.List;
import java.util.function.Supplier;

/**
 * The usual {@link ObservationProvider}: a game's two standard views, made by two factories.
 * A game registers a subclass with a no-argument constructor, e.g.
 * {@code super("osaka", OsakaObservation::informationState, OsakaObservation::observation)}.
 */
public abstract class StandardViews implements ObservationProvider {
    private final String game;
    private final Supplier<? extends Encoder<?>> informationState;
    private final Supplier<? extends Encoder<?>> observation;

    protected StandardViews(String game, Supplier<? extends Encoder<?>> informationState,
                            Supplier<? extends Encoder<?>> observation) {
        this.game = game;
        this.informationState = informationState;
        this.observation = observation;
    }

    @Override
    public final String game() {
        return game;
    }

    @Override
    public final List<String> views() {
        return List.of(Encoders.INFORMATION_STATE, Encoders.OBSERVATION);
    }

    @Override
    @SuppressWarnings("unchecked")
    public final <S extends GameState<S>> Encoder<S> encoder(Game<S> g, String view) {
        return (Encoder<S>) (view.equals(Encoders.OBSERVATION) ? observation : informationState).get();
    }
}
