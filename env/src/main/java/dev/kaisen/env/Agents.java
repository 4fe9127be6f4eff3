package dev.kaisen.env;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/**
 * Creates agents from their names, for any game, so the same names work in self-play, as env
 * opponents and from Python: {@code random} (every game), the game's own scripted bots
 * ({@link Game#botNames()}, e.g. {@code greedy}), and the names of every {@link AgentProvider}
 * on the class path (e.g. {@code ismcts:1000} and {@code dl4j:PATH} from the training module).
 */
public final class Agents {
    public static final String RANDOM = "random";

    /** Makes an agent from a name and a seed; {@link Agents#create} is the standard one. */
    @FunctionalInterface
    public interface Factory<S extends GameState<S>> {
        Agent<S> create(String name, long seed);
    }

    private static volatile List<AgentProvider> providers;

    private Agents() {
    }

    /** The standard factory for {@code game}. */
    public static <S extends GameState<S>> Factory<S> factory(Game<S> game) {
        return (name, seed) -> create(game, name, seed);
    }

    public static <S extends GameState<S>> Agent<S> create(Game<S> game, String name, long seed) {
        String n = name.trim();
        if (n.equals(RANDOM)) {
            return new RandomAgent<>(seed, game.numDistinctActions());
        }
        if (game.botNames().contains(n)) {
            return game.bot(n, seed);
        }
        String prefix = n.contains(":") ? n.substring(0, n.indexOf(':')) : n;
        for (AgentProvider provider : providers()) {
            if (provider.prefix().equals(prefix)) {
                return provider.create(game, n, seed);
            }
        }
        throw new IllegalArgumentException("unknown agent '" + name + "' for " + game.id() + " (known: "
                + String.join(", ", known(game)) + ")");
    }

    private static List<AgentProvider> providers() {
        if (providers == null) {
            List<AgentProvider> found = new ArrayList<>();
            ServiceLoader.load(AgentProvider.class, Agents.class.getClassLoader()).forEach(found::add);
            providers = List.copyOf(found);
        }
        return providers;
    }

    /** Every agent name form known for {@code game}: random, the game's bots and the providers' usages. */
    public static List<String> known(Game<?> game) {
        List<String> out = new ArrayList<>();
        out.add(RANDOM);
        out.addAll(game.botNames());
        for (AgentProvider p : providers()) {
            out.add(p.usage());
        }
        return out;
    }

    /** Checks every name with the standard factory, so a typo fails before any game starts; returns them trimmed. */
    public static <S extends GameState<S>> List<String> validate(Game<S> game, List<String> names) {
        return validate(names, factory(game));
    }

    /** Checks every name against {@code factory}, so a typo fails before any game starts; returns them trimmed. */
    public static <S extends GameState<S>> List<String> validate(List<String> names, Factory<S> factory) {
        List<String> out = new ArrayList<>();
        for (String n : names) {
            factory.create(n, 0);
            out.add(n.trim());
        }
        return out;
    }
}
