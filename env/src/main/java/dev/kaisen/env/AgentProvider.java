package dev.kaisen.env;

/**
 * Contributes named agents for every game from another module (found with
 * {@link java.util.ServiceLoader}), so a name such as {@code ismcts:1000} works wherever
 * agents are named: self-play, evaluation, env opponents, Python.
 */
public interface AgentProvider {
    /** The name before the first colon that this provider answers, e.g. {@code ismcts}. */
    String prefix();

    /** One line for help texts, e.g. {@code ismcts:ITERATIONS[:random|greedy]}. */
    String usage();

    /** Creates the agent for a full name (prefix included), seeded, for {@code game}; rejects a malformed name. */
    <S extends GameState<S>> Agent<S> create(Game<S> game, String name, long seed);
}
