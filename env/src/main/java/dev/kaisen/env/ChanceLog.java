package dev.kaisen.env;

import java.util.Map;

/**
 * Receives the chance outcomes of a game as they happen (a shuffle, a card drawn and where it
 * went, a die roll): game records write each as a chance step, and a replay checks that the
 * same seed and decisions produce the same ones.
 */
@FunctionalInterface
public interface ChanceLog {
    /**
     * One chance outcome.
     *
     * @param event the kind, in the game's words (e.g. {@code shuffle}, {@code draw}, {@code roll})
     * @param data  what happened, as JSON-ready values (strings, numbers, lists of them)
     */
    void chance(String event, Map<String, Object> data);

    ChanceLog NONE = (event, data) -> { };
}
