package dev.kaisen.training.zoo;

import dev.kaisen.env.Agent;
import dev.kaisen.env.AgentProvider;
import dev.kaisen.env.Game;
import dev.kaisen.env.GameState;
import dev.kaisen.training.ppo.Checkpoint;
import dev.kaisen.training.ppo.NeuralAgent;
import dev.kaisen.training.ppo.PolicySource;

/**
 * Names {@code zoo:NAME} and {@code zoo:NAME:greedy|sample}: a model of the {@link Zoo} (e.g.
 * {@code zoo:osaka-2p}), playing its most likely legal action (default) or sampling. A model of
 * another game or player count is refused, the message naming the zoo models that fit. As a
 * {@link PolicySource}, the same names give the network to other agents: {@code ismcts:N:net=zoo:osaka-2p}.
 */
public final class ZooProvider implements AgentProvider, PolicySource {
    @Override
    public String prefix() {
        return Zoo.PREFIX;
    }

    @Override
    public String usage() {
        return "zoo:GAME-Np[:greedy|sample]";
    }

    @Override
    public <S extends GameState<S>> Agent<S> create(Game<S> game, String name, long seed) {
        NeuralAgent.Named named = NeuralAgent.Named.parse(name.substring(name.indexOf(':') + 1));
        if (named.target().isEmpty()) {
            throw new IllegalArgumentException("agent '" + name + "': expected " + usage());
        }
        Checkpoint.Policy policy = Zoo.policyFor(game, named.target());
        return new NeuralAgent<>(game, policy.config().view, policy.weights(), name, named.mode(), seed);
    }

    /** {@code zoo:NAME} (a trailing {@code :greedy} or {@code :sample} is allowed and ignored) as a network. */
    @Override
    public Checkpoint.Policy policy(String name) {
        NeuralAgent.Named named = NeuralAgent.Named.parse(name.substring(name.indexOf(':') + 1));
        if (named.target().isEmpty()) {
            throw new IllegalArgumentException("'" + name + "': expected " + usage());
        }
        return Zoo.policy(named.target());
    }
}
