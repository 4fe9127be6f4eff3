package dev.kaisen.env.osaka;

import dev.kaisen.env.Agent;
import dev.kaisen.env.RandomAgent;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/**
 * Creates Traders of Osaka agents from their names, so the same names work in self-play,
 * as env opponents and from Python: {@code random}, {@code greedy}, and the names of every
 * {@link OsakaAgentProvider} on the class path (e.g. {@code ismcts:1000} from the training module).
 */
public final class OsakaAgents {
    public static final List<String> NAMES = List.of("random", "greedy");

    /** Makes an agent from a name and a seed; {@link OsakaAgents#create} is the standard one. */
    @FunctionalInterface
    public interface Factory {
        Agent<OsakaState> create(String name, long seed);
    }

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
                String prefix = n.contains(":") ? n.substring(0, n.indexOf(':')) : n;
                for (OsakaAgentProvider provider : providers()) {
                    if (provider.prefix().equals(prefix)) {
                        return provider.create(n, seed);
                    }
                }
                throw new IllegalArgumentException("unknown agent '" + name + "' (known: " + String.join(", ", known()) + ")");
        }
    }

    private static volatile List<OsakaAgentProvider> providers;

    private static List<OsakaAgentProvider> providers() {
        if (providers == null) {
            List<OsakaAgentProvider> found = new ArrayList<>();
            ServiceLoader.load(OsakaAgentProvider.class, OsakaAgents.class.getClassLoader()).forEach(found::add);
            providers = List.copyOf(found);
        }
        return providers;
    }

    /** Every agent name form known here: the built-in ones and the providers' usages. */
    public static List<String> known() {
        List<String> out = new ArrayList<>(NAMES);
        for (OsakaAgentProvider p : providers()) {
            out.add(p.usage());
        }
        return out;
    }

    /** Checks every name, so a typo fails before any game starts. */
    public static List<String> validate(List<String> names) {
        return validate(names, OsakaAgents::create);
    }

    /** Checks every name against {@code factory}, so a typo fails before any game starts. */
    public static List<String> validate(List<String> names, Factory factory) {
        List<String> out = new ArrayList<>();
        for (String n : names) {
            factory.create(n, 0);
            out.add(n.trim());
        }
        return out;
    }
}
