package dev.kaisen.bridge.bench;

import dev.kaisen.env.Game;
import dev.kaisen.env.GameState;
import dev.kaisen.env.Games;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.util.SplittableRandom;

/**
 * One random-playout decision per invocation: generate the legal actions, pick one
 * uniformly, apply it in place; a finished game is replaced by a newly dealt one (the deal
 * is part of the measured cost). Throughput = decisions per second on one thread. Any
 * registered game: {@code game} is its id, {@code config} its config JSON ({@code players} included).
 */
@State(Scope.Thread)
public class EngineBenchmark {
    @Param({"osaka"})
    public String game;

    @Param({"{\"players\": 4}"})
    public String config;

    private Playout<?> playout;

    @Setup
    public void setUp() {
        playout = new Playout<>(Games.create(game, config), new SplittableRandom(42));
    }

    @Benchmark
    public int randomDecision() {
        return playout.decide();
    }

    /** The random playout, typed by the game's state. */
    static final class Playout<S extends GameState<S>> {
        private final Game<S> game;
        private final SplittableRandom random;
        private final int[] legal;
        private S state;

        Playout(Game<S> game, SplittableRandom random) {
            this.game = game;
            this.random = random;
            this.legal = new int[game.numDistinctActions()];
            this.state = game.newGame(random.nextLong());
        }

        int decide() {
            if (state.isTerminal()) {
                state = game.newGame(random.nextLong());
            }
            int count = state.legalActions(legal);
            int action = legal[random.nextInt(count)];
            state.applyInPlace(action);
            return action;
        }
    }
}
