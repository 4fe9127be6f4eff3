package dev.kaisen.bridge.gateway;

import dev.kaisen.env.Agent;
import dev.kaisen.env.Agents;
import dev.kaisen.env.Game;
import dev.kaisen.env.GameState;

/**
 * A named agent of the JVM (the game's bots, {@code random}, {@code ismcts:N}, {@code dl4j:PATH},
 * {@code zoo:NAME}: every name {@link Agents#create} knows, as {@code eval} and the envs take
 * them) for one game and config, asked for moves one state at a time: what a person plays
 * against from Python. The agent decides for the current player of a {@link StateHandle} on a
 * copy of its state, so the handle is never changed; it only reads what that player may know,
 * as every agent does.
 *
 * <p>Bad input (a state of another game, config or player count, an ended game) is an exception
 * with a clear message. Not thread-safe: Python uses it from one thread.
 */
public final class AgentHandle {
    private final Impl<?> impl;

    private AgentHandle(Impl<?> impl) {
        this.impl = impl;
    }

    /**
     * The agent {@code name} for {@code game}, seeded with {@code seed}; an unknown name is an
     * {@link IllegalArgumentException} listing the names that exist.
     */
    public static AgentHandle create(Game<?> game, String name, long seed) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("an agent needs a name (known: " + String.join(", ", Agents.known(game))
                    + ")");
        }
        return new AgentHandle(Impl.create(game, name, seed));
    }

    /** The agent's name as it was given (trimmed). */
    public String name() {
        return impl.name;
    }

    public String gameId() {
        return impl.game.id();
    }

    /** The config of the game it plays, as JSON (every option filled in). */
    public String configJson() {
        return impl.game.config().toJson();
    }

    public int numPlayers() {
        return impl.game.numPlayers();
    }

    /**
     * The agent's action for {@code state}'s current player, decided on a copy (the state is not
     * changed). Refused with a clear message for a state of another game, config or player count,
     * or a game that is over.
     */
    public int act(StateHandle state) {
        if (state == null) {
            throw new IllegalArgumentException("agent " + impl.name + " needs a state to act on, got none");
        }
        Game<?> g = state.game();
        if (!g.id().equals(impl.game.id()) || !g.config().toMap().equals(impl.game.config().toMap())) {
            throw new IllegalArgumentException("agent " + impl.name + " plays " + impl.game.id() + " "
                    + impl.game.config().toJson() + ", not this " + g.id() + " " + g.config().toJson() + " state");
        }
        if (state.isTerminal()) {
            throw new IllegalStateException("the game is over; agent " + impl.name + " has no move to make");
        }
        if (state.isChanceNode()) {
            throw new IllegalStateException("a chance node: the chance player acts here, not agent " + impl.name
                    + "; apply one of its chance outcomes");
        }
        // an explicit-mode state is decided on in the sampled mode, its future drawn from a stream of the agent's own
        return impl.act(state.sampledCopy(impl.nextSeed()));
    }

    @Override
    public String toString() {
        return "agent " + impl.name + " for " + impl.game.id() + " (" + impl.game.numPlayers() + " players)";
    }

    /** The agent and its game with their state type. */
    private static final class Impl<S extends GameState<S>> {
        final Game<S> game;
        final Agent<S> agent;
        final String name;

        private long seeds;

        Impl(Game<S> game, Agent<S> agent, String name, long seed) {
            this.game = game;
            this.agent = agent;
            this.name = name;
            this.seeds = seed;
        }

        /** A new seed for each sampled copy of an explicit-mode state. */
        long nextSeed() {
            seeds = dev.kaisen.env.SplitMix64.advance(seeds);
            return dev.kaisen.env.SplitMix64.mix(seeds);
        }

        static <S extends GameState<S>> Impl<S> create(Game<S> game, String name, long seed) {
            return new Impl<>(game, Agents.create(game, name, seed), name.trim(), seed);
        }

        int act(GameState<?> copy) {
            @SuppressWarnings("unchecked")
            S s = (S) copy;
            int[] legal = s.legalActions();
            int a = agent.chooseAction(s);
            if (java.util.Arrays.binarySearch(legal, a) < 0) {
                // an agent's own bug, never the caller's: say which agent and what it chose
                throw new IllegalStateException("agent " + name + " chose " + a + " (" + game.actionName(a)
                        + "), which is not legal here; legal actions: " + java.util.Arrays.toString(legal));
            }
            return a;
        }
    }
}
