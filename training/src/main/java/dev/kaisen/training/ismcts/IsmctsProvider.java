package dev.kaisen.training.ismcts;

import dev.kaisen.env.Agent;
import dev.kaisen.env.osaka.OsakaAgentProvider;
import dev.kaisen.env.osaka.OsakaState;

/** Names {@code ismcts:ITERATIONS} and {@code ismcts:ITERATIONS:greedy|random} (the rollout policy; default greedy). */
public final class IsmctsProvider implements OsakaAgentProvider {
    @Override
    public String prefix() {
        return "ismcts";
    }

    @Override
    public String usage() {
        return "ismcts:ITERATIONS[:greedy|random]";
    }

    @Override
    public Agent<OsakaState> create(String name, long seed) {
        String[] parts = name.split(":");
        if (parts.length < 2 || parts.length > 3) {
            throw new IllegalArgumentException("agent '" + name + "': expected " + usage());
        }
        int iterations;
        try {
            iterations = Integer.parseInt(parts[1]);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("agent '" + name + "': iterations must be a number, not '" + parts[1] + "'");
        }
        IsmctsAgent.Rollout rollout = IsmctsAgent.Rollout.GREEDY;
        if (parts.length == 3) {
            switch (parts[2]) {
                case "random": rollout = IsmctsAgent.Rollout.RANDOM; break;
                case "greedy": rollout = IsmctsAgent.Rollout.GREEDY; break;
                default:
                    throw new IllegalArgumentException("agent '" + name + "': rollout must be random or greedy, not '"
                            + parts[2] + "'");
            }
        }
        return new IsmctsAgent(iterations, rollout, seed);
    }
}
