package dev.kaisen.env.osaka;

import dev.kaisen.env.Agent;

/**
 * Contributes named agents from another module (found with {@link java.util.ServiceLoader}),
 * so a name such as {@code ismcts:1000} works wherever agents are named: self-play,
 * evaluation, env opponents, Python.
 */
public interface OsakaAgentProvider {
    /** The name before the first colon that this provider answers, e.g. {@code ismcts}. */
    String prefix();

    /** One line for help texts, e.g. {@code ismcts:ITERATIONS[:random|greedy]}. */
    String usage();

    /** Creates the agent for a full name (prefix included), seeded; rejects a malformed name. */
    Agent<OsakaState> create(String name, long seed);
}
