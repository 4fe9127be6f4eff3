package dev.kaisen.env;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The check every game's state JSON passes before the game's own reader ({@link Game#fromJson}):
 * it is a JSON object, and its {@code format} field, when it names a game's state
 * ({@code kaisen.GAME.state/N}, the convention of all games), names this game. Without it the
 * game's reader meets {@code null} (a NullPointerException) or maps another game's fields onto its
 * own (Jackson's "Cannot map null into type int (field seats[0].vp)"), which say nothing useful.
 * Malformed JSON is left to the game's reader, whose message says where.
 */
public final class StateFormat {
    /** A state's format: {@code kaisen.} + the game's id + {@code .state/} + a version. */
    private static final Pattern STATE = Pattern.compile("kaisen\\.(.+)\\.state/\\d+");

    private StateFormat() {
    }

    /** Throws a {@link GameFormatException} when {@code json} is not a JSON object, or is another game's state. */
    public static void check(Game<?> game, String json) {
        JsonNode tree;
        try {
            tree = Json.mapper().readTree(json);
        } catch (JsonProcessingException e) {
            return; // the game's reader reports malformed JSON with its line and column
        }
        String expected = "a state of " + game.id() + " is a JSON object in " + game.id() + "'s state format";
        if (tree == null || tree.isMissingNode()) {
            throw new GameFormatException(expected + ", not nothing");
        }
        if (!tree.isObject()) {
            throw new GameFormatException(expected + ", not " + (tree.isNull() ? "null" : "a JSON " + kind(tree)));
        }
        JsonNode format = tree.get("format");
        if (format == null || !format.isTextual()) {
            return; // the game's reader names the missing or wrong field
        }
        String f = format.asText();
        Matcher m = STATE.matcher(f);
        if (m.matches() && !m.group(1).equals(game.id())) {
            throw new GameFormatException("this is a " + m.group(1) + " state (format " + f + "); this game is "
                    + game.id() + ": give a state of " + game.id());
        }
        if (f.equals(GameRecord.FORMAT)) {
            throw new GameFormatException("this is a game record (format " + f + "), not a state of " + game.id());
        }
    }

    private static String kind(JsonNode n) {
        return n.isArray() ? "array" : n.isTextual() ? "string" : n.isNumber() ? "number" : n.isBoolean() ? "boolean"
                : n.getNodeType().name().toLowerCase(java.util.Locale.ROOT);
    }
}
