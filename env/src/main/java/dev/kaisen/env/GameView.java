package dev.kaisen.env;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.StringJoiner;

/**
 * What every game's view ({@link Game#viewJson}) starts from: the observer (a seat, or
 * {@link #SPECTATOR}), the winners, and the state's JSON tree for the game's view to cut down to
 * what that observer may see. A view is what the renderers draw, so hidden information is decided
 * here, in Java, once, and the no-leak tests cover it as they cover the observation.
 */
public final class GameView {
    /** The observer of a spectator's view: every hidden part shown (as {@link Game#toJson} and {@link Game#render}). */
    public static final int SPECTATOR = -1;

    private GameView() {
    }

    /**
     * A view's opening fields: {@code format}, {@code observer} and {@code winners} (the seats that
     * share the win once the game is over, {@link GameState#winners}; empty while it runs, so a
     * picture never names a winner before the end). An observer that is neither a seat nor
     * {@link #SPECTATOR} is an {@link IllegalArgumentException}.
     */
    public static ObjectNode start(String format, GameState<?> state, int observer) {
        checkObserver(state, observer);
        ObjectNode view = Json.mapper().createObjectNode();
        view.put("format", format);
        view.put("observer", observer);
        ArrayNode winners = view.putArray("winners");
        if (state.isTerminal()) {
            for (int p : state.winners()) {
                winners.add(p);
            }
        }
        return view;
    }

    /**
     * Throws a clear {@link IllegalArgumentException} unless {@code observer} is a seat of the
     * state's game or {@link #SPECTATOR}: the check of every view and text board.
     */
    public static void checkObserver(GameState<?> state, int observer) {
        if (observer != SPECTATOR) {
            GameState.checkObserver(state, observer);
        }
    }

    /**
     * The seats that share the win, as a text board names them: {@code won by P0 and P2}; empty
     * while the game runs (or when nobody won).
     */
    public static String wonBy(GameState<?> state) {
        if (!state.isTerminal()) {
            return "";
        }
        StringJoiner names = new StringJoiner(" and ", "won by ", "").setEmptyValue("");
        for (int p : state.winners()) {
            names.add("P" + p);
        }
        return names.toString();
    }

    /** Sets every entry of {@code cards} (a list in a state's JSON tree) to null, their number kept: cards a seat may not see. */
    public static void hideAll(ArrayNode cards) {
        for (int i = 0; i < cards.size(); i++) {
            cards.set(i, (JsonNode) null);
        }
    }

    /** Whether {@code observer} sees what only seat {@code p} (and a spectator) may see. */
    public static boolean sees(int observer, int p) {
        return observer == SPECTATOR || observer == p;
    }

    /** The state JSON {@code json} (as {@link Game#toJson} writes it) as a tree to cut down. */
    public static ObjectNode tree(String json) {
        try {
            return (ObjectNode) Json.mapper().readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a game wrote malformed state JSON: " + e.getOriginalMessage(), e);
        }
    }
}
