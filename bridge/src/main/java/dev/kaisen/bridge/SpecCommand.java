package dev.kaisen.bridge;

import dev.kaisen.env.Json;
import dev.kaisen.observation.Segment;
import dev.kaisen.observation.osaka.OsakaActionTable;
import dev.kaisen.observation.osaka.OsakaObservation;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;

@Command(name = "spec", mixinStandardHelpOptions = true,
        description = "Print the action table and the observation segments of a game.")
public final class SpecCommand implements Callable<Integer> {
    @Option(names = "--game", defaultValue = "osaka", description = "Game (only 'osaka' so far).")
    String game;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    public static Map<String, Object> spec() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("game", "osaka");
        out.put("players", "2-4 (one layout for all)");
        out.put("numActions", OsakaObservation.NUM_ACTIONS);
        out.put("observationSize", OsakaObservation.SIZE);
        out.put("observationDtype", "float32");
        out.put("maskDtype", "uint8");
        out.put("segments", OsakaObservation.SPEC.segments());
        out.put("actions", OsakaActionTable.ENTRIES);
        return out;
    }

    @Override
    public Integer call() {
        if (!game.equals("osaka")) {
            throw new IllegalArgumentException("unknown game '" + game + "' (known: osaka)");
        }
        if (json) {
            System.out.println(Json.write(spec(), false));
            return 0;
        }
        System.out.printf("Traders of Osaka: %d actions, observation of %d float32 (egocentric, 2-4 players)%n%n",
                OsakaObservation.NUM_ACTIONS, OsakaObservation.SIZE);
        System.out.println("Actions:");
        for (OsakaActionTable.Entry e : OsakaActionTable.ENTRIES) {
            System.out.printf("  %2d  %-18s %s%n", e.id(), e.name(), e.meaning());
        }
        System.out.println();
        System.out.println("Observation segments (offset, length):");
        for (Segment s : OsakaObservation.SPEC.segments()) {
            System.out.printf("  %4d %4d  %-20s %s%n", s.offset(), s.length(), s.name(), s.meaning());
        }
        return 0;
    }
}
