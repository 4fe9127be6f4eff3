package dev.kaisen.observation;

import dev.kaisen.env.Game;
import dev.kaisen.env.GameState;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * The observation encoders of every registered game, by game id and view name. Two views are
 * standard (OpenSpiel's two tensors):
 * <ul>
 *   <li>{@value #INFORMATION_STATE} (default): the player's perfect-recall information state,
 *       everything a player who remembers all they saw can deduce, and nothing else;</li>
 *   <li>{@value #OBSERVATION}: memoryless, what lies on the table now as that player sees it,
 *       for research on recurrent policies.</li>
 * </ul>
 */
public final class Encoders {
    public static final String INFORMATION_STATE = "information_state";
    public static final String OBSERVATION = "observation";
    public static final String DEFAULT_VIEW = INFORMATION_STATE;

    private static volatile Map<String, ObservationProvider> providers;

    private Encoders() {
    }

    private static Map<String, ObservationProvider> providers() {
        if (providers == null) {
            Map<String, ObservationProvider> found = new LinkedHashMap<>();
            ServiceLoader.load(ObservationProvider.class, Encoders.class.getClassLoader())
                    .forEach(p -> found.putIfAbsent(p.game(), p));
            providers = found;
        }
        return providers;
    }

    private static ObservationProvider provider(String game) {
        ObservationProvider p = providers().get(game);
        if (p == null) {
            throw new IllegalStateException("game '" + game + "' has no observation encoder registered");
        }
        return p;
    }

    /** The views offered for a game, default first. */
    public static List<String> views(String game) {
        return provider(game).views();
    }

    /** A new encoder (one per thread); {@code view} null or blank means the default; an unknown view names the valid ones. */
    public static <S extends GameState<S>> Encoder<S> create(Game<S> game, String view) {
        ObservationProvider p = provider(game.id());
        String v = view == null || view.isBlank() ? p.views().get(0) : view.trim();
        if (!p.views().contains(v)) {
            throw new IllegalArgumentException("unknown observation view '" + view + "' for " + game.id()
                    + " (views: " + String.join(", ", p.views()) + ")");
        }
        return p.encoder(game, v);
    }

    public static <S extends GameState<S>> Encoder<S> create(Game<S> game) {
        return create(game, null);
    }
}
