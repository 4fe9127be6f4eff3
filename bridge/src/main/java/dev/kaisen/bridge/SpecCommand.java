package dev.kaisen.bridge;

import dev.kaisen.env.Agents;
import dev.kaisen.env.Game;
import dev.kaisen.env.Json;
import dev.kaisen.observation.Encoder;
import dev.kaisen.observation.Encoders;
import dev.kaisen.observation.Segment;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.LinkedHashMap;
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
        out.put("segments", encoder.spec().segments());
        out.put("actions", game.actionTable());
        return out;
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
        System.out.println("Observation segments (offset, length):");
        for (Segment s : Encoders.create(game, view).spec().segments()) {
            System.out.printf("  %4d %4d  %-20s %s%n", s.offset(), s.length(), s.name(), s.meaning());
        }
        return 0;
    }
}
