package dev.kaisen.env;

/**
 * A player: picks one legal action for the current player of a state. An agent is seeded
 * when created and deterministic under its seed. It must only use what the current player
 * may know (scripted bots and search agents read the public state and their own hand).
 *
 * @param <S> the state type of the game it plays
 */
public interface Agent<S extends GameState<S>> {
    int chooseAction(S state);

    /** The agent's name as given to {@link Agents#create}. */
    String name();
}
