package dev.kaisen.bridge;

import dev.kaisen.env.Agents;
import dev.kaisen.env.Game;
import dev.kaisen.env.Json;
import dev.kaisen.observation.Encoder;
import dev.kaisen.observation.Encoders;
import dev.kaisen.observation.LayoutHash;
import dev.kaisen.observation.ObservationSpec;
import dev.kaisen.observation.Segment;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

@Command(name = "spec", mixinStandardHelpOptions = true,
        description = "Print a game's sizes, action table and observation segments (any registered game and view).")
public final class SpecCommand implements Callable<Integer> {
    @Mixin
    GameOptions gameOptions;

    @Option(names = "--view", description = "Observation view (default: the game's default, information_state).")
    String view;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    /** Everything Python and the docs read about a game before any state exists. */
    public static Map<String, Object> spec(Game<?> game, String view) {
        Encoder<?> encoder = Encoders.create(game, view);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("game", game.id());
        out.put("title", game.provider().title());
        out.put("config", game.config().toMap());
        out.put("players", game.numPlayers());
        out.put("minPlayers", game.provider().minPlayers());
        out.put("maxPlayers", game.provider().maxPlayers());
        out.put("options", game.provider().options());
        out.put("numActions", game.numDistinctActions());
        out.put("maxGameLength", game.maxGameLength());
        out.put("view", encoder.view());
        out.put("views", Encoders.views(game.id()));
        out.put("observationSize", encoder.size());
        out.put("observationDtype", "float32");
        out.put("maskDtype", "int8");
        out.put("scoreName", game.scoreName());
        out.put("tiebreakName", game.tiebreakName());
        out.put("agents", Agents.known(game));
        out.put("layoutHash", LayoutHash.of(game, encoder));
        out.put("segments", segments(encoder.spec()));
        out.put("actions", game.actionTable());
        out.put("explicitChance", game.hasExplicitChance());
        out.put("maxChanceOutcomes", game.maxChanceOutcomes());
        out.put("chanceOutcomes", game.chanceOutcomeTable());
        return out;
    }

    /**
     * The segments as JSON: name, offset, length, meaning, and the bounds {@code low} and
     * {@code high}, each one number when every value of the segment shares it, else one number
     * per value.
     */
    static List<Map<String, Object>> segments(ObservationSpec spec) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Segment s : spec.segments()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", s.name());
            m.put("offset", s.offset());
            m.put("length", s.length());
            m.put("meaning", s.meaning());
            m.put("low", bound(s.low()));
            m.put("high", bound(s.high()));
            out.add(m);
        }
        return out;
    }

    private static Object bound(float[] values) {
        boolean same = true;
        for (float v : values) {
            same &= v == values[0];
        }
        if (same) {
            return number(values[0]);
        }
        List<Object> out = new ArrayList<>(values.length);
        for (float v : values) {
            out.add(number(v));
        }
        return out;
    }

    private static Object number(float v) {
        return v == Math.rint(v) && Math.abs(v) < 1e9 ? (Object) (long) v : (Object) (double) v;
    }

    @Override
    public Integer call() {
        Game<?> game = gameOptions.create();
        Map<String, Object> spec = spec(game, view);
        if (json) {
            System.out.println(Json.write(spec, false));
            return 0;
        }
        System.out.printf("%s: %d actions, observation '%s' of %d float32 (egocentric, one layout for %d-%d players)%n%n",
                GameOptions.describe(game), game.numDistinctActions(), spec.get("view"), spec.get("observationSize"),
                game.provider().minPlayers(), game.provider().maxPlayers());
        System.out.println("Actions:");
        for (Game.ActionEntry e : game.actionTable()) {
            System.out.printf("  %3d  %-18s %s%n", e.id(), e.name(), e.meaning());
        }
        System.out.println();
        System.out.println("Observation segments (offset, length, range of the values):");
        for (Segment s : Encoders.create(game, view).spec().segments()) {
            System.out.printf("  %4d %4d  %-20s %-12s %s%n", s.offset(), s.length(), s.name(), s.range(), s.meaning());
        }
        System.out.printf("%nLayout hash: %s (checkpoints record it)%n", spec.get("layoutHash"));
        return 0;
    }
}
