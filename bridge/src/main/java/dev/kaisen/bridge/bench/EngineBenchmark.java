package dev.kaisen.bridge.bench;

import dev.kaisen.env.osaka.OsakaAction;
import dev.kaisen.env.osaka.OsakaConfig;
import dev.kaisen.env.osaka.OsakaState;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.util.SplittableRandom;

/**
 * One random-playout decision per invocation: generate the legal actions, pick one
 * uniformly, apply it in place; a finished game is replaced by a newly dealt one (the deal
 * is part of the measured cost). Throughput = decisions per second on one thread.
 */
@State(Scope.Thread)
public class EngineBenchmark {
    @Param({"4"})
    public int players;

    private OsakaConfig config;
    private OsakaState state;
    private SplittableRandom random;
    private final int[] legal = new int[OsakaAction.COUNT];

    @Setup
    public void setUp() {
        config = new OsakaConfig(players);
        random = new SplittableRandom(42);
        state = OsakaState.newGame(config, random.nextLong());
    }

    @Benchmark
    public int randomDecision() {
        if (state.isTerminal()) {
            state = OsakaState.newGame(config, random.nextLong());
        }
        int count = state.legalActions(legal);
        int action = legal[random.nextInt(count)];
        state.applyInPlace(action);
        return action;
    }
}
