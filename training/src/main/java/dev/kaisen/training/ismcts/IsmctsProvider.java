package dev.kaisen.training.ismcts;

import dev.kaisen.env.Agent;
import dev.kaisen.env.AgentProvider;
import dev.kaisen.env.Agents;
import dev.kaisen.env.Game;
import dev.kaisen.env.GameState;

/**
 * Names {@code ismcts:ITERATIONS} and {@code ismcts:ITERATIONS:ROLLOUT}, for every game: the
 * rollout policy is {@code random} or one of the game's bots, by default the game's
 * {@link Game#rolloutBot()} (its greedy bot when it has one).
 */
public final class IsmctsProvider implements AgentProvider {
    @Override
    public String prefix() {
        return "ismcts";
    }

    @Override
    public String usage() {
        return "ismcts:ITERATIONS[:ROLLOUT] (ROLLOUT: random or a bot of the game)";
    }

    @Override
    public <S extends GameState<S>> Agent<S> create(Game<S> game, String name, long seed) {
        String[] parts = name.split(":");
        if (parts.length < 2 || parts.length > 3) {
            throw new IllegalArgumentException("agent '" + name + "': expected ismcts:ITERATIONS[:ROLLOUT]");
        }
        int iterations;
        try {
            iterations = Integer.parseInt(parts[1]);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("agent '" + name + "': iterations must be a number, not '" + parts[1] + "'");
        }
        String rollout = parts.length == 3 ? parts[2] : game.rolloutBot();
        if (!rollout.equals(Agents.RANDOM) && !game.botNames().contains(rollout)) {
            throw new IllegalArgumentException("agent '" + name + "': the rollout policy must be random or one of "
                    + game.botNames() + ", not '" + rollout + "'");
        }
        return new IsmctsAgent<>(game, iterations, rollout, seed);
    }
}
