package dev.kaisen.training.net;

import dev.kaisen.env.Agent;
import dev.kaisen.env.AgentProvider;
import dev.kaisen.env.Game;
import dev.kaisen.env.GameState;

/**
 * An agent provider whose names stand for networks, {@code PREFIX:TARGET[:greedy|sample]}
 * ({@code dl4j:}, {@code zoo:}): the agent plays the network's most likely legal action
 * (default) or samples; as a {@link PolicySource} the same name gives the network itself (the
 * suffix allowed and ignored). A subclass says how a target is read.
 */
public abstract class NetworkProvider implements AgentProvider, PolicySource {
    /** The network that {@code target} (the name without its prefix and suffix) stands for. */
    protected abstract Checkpoint.Policy read(String target);

    /** As {@link #read}, refused unless it plays {@code game} (its game and config). */
    protected abstract Checkpoint.Policy readFor(Game<?> game, String target);

    @Override
    public final <S extends GameState<S>> Agent<S> create(Game<S> game, String name, long seed) {
        NeuralAgent.Named named = parse(name, "agent '" + name + "'");
        Checkpoint.Policy policy = readFor(game, named.target());
        return new NeuralAgent<>(game, policy.config().view, policy.weights(), name, named.mode(), seed);
    }

    @Override
    public final Checkpoint.Policy policy(String name) {
        return read(parse(name, "'" + name + "'").target());
    }

    private NeuralAgent.Named parse(String name, String what) {
        NeuralAgent.Named named = NeuralAgent.Named.parse(name.substring(name.indexOf(':') + 1));
        if (named.target().isEmpty()) {
            throw new IllegalArgumentException(what + ": expected " + usage());
        }
        return named;
    }
}
