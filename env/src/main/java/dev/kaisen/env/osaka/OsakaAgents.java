package dev.kaisen.env.osaka;

import dev.kaisen.env.Agent;
import dev.kaisen.env.RandomAgent;

import java.util.ArrayList;
import java.util.List;

/**
 * Creates Traders of Osaka agents from their names, so the same names work in self-play,
 * as env opponents and from Python: {@code random}, {@code greedy}.
 */
public final class OsakaAgents {
    public static final List<String> NAMES = List.of("random", "greedy");

    private OsakaAgents() {
    }

    public static Agent<OsakaState> create(String name, long seed) {
        String n = name.trim();
        switch (n) {
            case "random":
                return new RandomAgent<>(seed, OsakaAction.COUNT);
            case "greedy":
                return new GreedyAgent(seed);
            default:
                throw new IllegalArgumentException("unknown agent '" + name + "' (known: " + String.join(", ", NAMES) + ")");
        }
    }

    /** Checks every name, so a typo fails before any game starts. */
    public static List<String> validate(List<String> names) {
        List<String> out = new ArrayList<>();
        for (String n : names) {
            create(n, 0);
            out.add(n.trim());
        }
        return out;
    }
}
