package dev.kaisen.training.zoo;

import dev.kaisen.env.Game;
import dev.kaisen.training.net.Checkpoint;
import dev.kaisen.training.net.NetworkProvider;
import dev.kaisen.training.net.PolicySource;

/**
 * Names {@code zoo:NAME} and {@code zoo:NAME:greedy|sample}: a model of the {@link Zoo} (e.g.
 * {@code zoo:osaka-2p}), playing its most likely legal action (default) or sampling. A model of
 * another game or player count is refused, the message naming the zoo models that fit. As a
 * {@link PolicySource}, the same names give the network to other agents: {@code ismcts:N:net=zoo:osaka-2p}.
 */
public final class ZooProvider extends NetworkProvider {
    @Override
    public String prefix() {
        return Zoo.PREFIX;
    }

    @Override
    public String usage() {
        return "zoo:GAME-Np[:greedy|sample]";
    }

    @Override
    protected Checkpoint.Policy readFor(Game<?> game, String target) {
        return Zoo.policyFor(game, target);
    }

    /** {@code zoo:NAME} (a trailing {@code :greedy} or {@code :sample} is allowed and ignored) as a network. */
    @Override
    protected Checkpoint.Policy read(String target) {
        return Zoo.policy(target);
    }
}
