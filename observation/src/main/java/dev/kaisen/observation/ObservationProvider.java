package dev.kaisen.observation;

import dev.kaisen.env.Game;
import dev.kaisen.env.GameState;

import java.util.List;

/**
 * A game's encoders, found with {@link java.util.ServiceLoader} by game id
 * ({@code META-INF/services/dev.kaisen.observation.ObservationProvider}).
 */
public interface ObservationProvider {
    /** The game id ({@link dev.kaisen.env.GameProvider#id()}) these encoders are for. */
    String game();

    /** The views offered; the first is the default. Every game offers both standard views. */
    List<String> views();

    /** A new encoder of {@code view} for {@code game} (a game of this provider's id). */
    <S extends GameState<S>> Encoder<S> encoder(Game<S> game, String view);
}
