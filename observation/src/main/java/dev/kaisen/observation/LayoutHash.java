package dev.kaisen.observation;

import dev.kaisen.env.Game;
import dev.kaisen.env.Json;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The layout hash of a game, config and view: what a trained network depends on, as 16 hex
 * digits (the first 64 bits of a SHA-256). It covers the game id, the full config (defaults
 * filled in), the view, the observation size and every segment's name, offset and length, and
 * the action table's size and names in id order. A checkpoint records it and refuses to load
 * where it differs, so a network never reads a layout it was not trained on.
 *
 * <p>[decision] Segment meanings, value bounds and action meanings are left out: rewording a
 * meaning or tightening a bound moves no value of the vector and no action id, so it must not
 * orphan every checkpoint. (A policy trained on normalised observations would see other inputs
 * after a bound changed; {@code ./kaisen train} does not normalise.)
 */
public final class LayoutHash {
    /** The version of what is hashed; bump it if the canonical form below changes. */
    public static final String FORMAT = "kaisen.layout/1";

    private LayoutHash() {
    }

    /** The hash of {@code game} with {@code encoder}'s view. */
    public static String of(Game<?> game, Encoder<?> encoder) {
        return sha256(Json.write(canonical(game, encoder), false));
    }

    /** What is hashed, as one JSON-ready map (keys of the config sorted). */
    public static Map<String, Object> canonical(Game<?> game, Encoder<?> encoder) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("format", FORMAT);
        out.put("game", game.id());
        out.put("config", new TreeMap<>(game.config().toMap()));
        out.put("view", encoder.view());
        out.put("observationSize", encoder.size());
        List<List<Object>> segments = new ArrayList<>();
        for (Segment s : encoder.spec().segments()) {
            segments.add(List.of(s.name(), s.offset(), s.length()));
        }
        out.put("segments", segments);
        out.put("numActions", game.numDistinctActions());
        List<String> actions = new ArrayList<>();
        for (Game.ActionEntry e : game.actionTable()) {
            actions.add(e.name());
        }
        out.put("actions", actions);
        return out;
    }

    static String sha256(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            StringBuilder hex = new StringBuilder(16);
            for (int i = 0; i < 8; i++) {
                hex.append(String.format("%02x", digest[i] & 0xff));
            }
            return hex.toString();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
