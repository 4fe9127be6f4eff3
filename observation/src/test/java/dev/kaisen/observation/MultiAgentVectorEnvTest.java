package dev.kaisen.observation;

import dev.kaisen.env.Agent;
import dev.kaisen.env.Agents;
import dev.kaisen.env.Game;
import dev.kaisen.env.GameConfig;
import dev.kaisen.env.GameState;
import dev.kaisen.env.Games;
import dev.kaisen.env.IllegalActionException;
import dev.kaisen.env.SplitMix64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The multi-agent vector env against the plain turn-based {@link AecEnv} driven by hand: the
 * same games, observations, masks, acting seats, rewards and results, for every registered game
 * and player count, with every seat answered by the caller and with JVM agents on some seats.
 */
class MultiAgentVectorEnvTest {
    static Stream<Arguments> games() {
        return Games.everyPlayerCount().stream().map(g -> Arguments.of(g.game(), g.players()));
    }

    /** A reference game: an AecEnv, with the agents a pattern names, stepped one decision at a time. */
    private static final class Reference<S extends GameState<S>> {
        final AecEnv<S> env;
        final List<String> pattern;
        final Game<S> game;
        Agent<S>[] agents;
        final double[] returns;
        int length;

        Reference(Game<S> game, List<String> pattern, RewardMode mode) {
            this.game = game;
            this.env = new AecEnv<>(game, mode, IllegalActionMode.RAISE, null);
            this.pattern = pattern;
            this.returns = new double[game.numPlayers()];
        }

        @SuppressWarnings("unchecked")
        void reset(long seed) {
            env.reset(seed);
            agents = new Agent[game.numPlayers()];
            for (int p = 0; p < agents.length; p++) {
                agents[p] = pattern.get(p) == null ? null : Agents.create(game, pattern.get(p), SplitMix64.derive(seed, p + 1));
            }
            Arrays.fill(returns, 0);
            length = 0;
            playAgents(new double[game.numPlayers()]);
        }

        void playAgents(double[] reward) {
            while (!env.done() && agents[env.currentPlayer()] != null) {
                env.step(agents[env.currentPlayer()].chooseAction(env.state()));
                length++;
                for (int p = 0; p < reward.length; p++) {
                    reward[p] += env.reward(p);
                }
            }
        }

        double[] step(int action) {
            double[] reward = new double[game.numPlayers()];
            env.step(action);
            length++;
            for (int p = 0; p < reward.length; p++) {
                reward[p] += env.reward(p);
            }
            playAgents(reward);
            for (int p = 0; p < reward.length; p++) {
                returns[p] += (float) reward[p];
            }
            return reward;
        }
    }

    private static float[] floats(ByteBuffer region, int from, int count) {
        float[] out = new float[count];
        region.asFloatBuffer().get(from, out);
        return out;
    }

    private static byte[] bytes(ByteBuffer region, int from, int count) {
        byte[] out = new byte[count];
        region.get(from, out);
        return out;
    }

    private static <S extends GameState<S>> void checkAgainstReference(Game<S> g, List<List<String>> patterns,
                                                                       RewardMode mode, int numEnvs, int steps,
                                                                       int threads) {
        long base = 77;
        int players = g.numPlayers();
        MultiAgentVectorEnv.Config<S> config = new MultiAgentVectorEnv.Config<>(g, patterns, mode, null,
                IllegalActionMode.RAISE, Agents.factory(g));
        try (MultiAgentVectorEnv<S> vec = new MultiAgentVectorEnv<>(numEnvs, config, base, threads, null, true)) {
            int obsSize = vec.layout().region("observations").shape().get(1);
            int numActions = g.numDistinctActions();
            List<Reference<S>> refs = new ArrayList<>();
            long[] episode = new long[numEnvs];
            for (int i = 0; i < numEnvs; i++) {
                Reference<S> r = new Reference<>(g, patterns.get(i % patterns.size()), mode);
                r.reset(SplitMix64.derive(SplitMix64.derive(base, i), episode[i]++));
                refs.add(r);
            }
            vec.reset();
            Random rng = new Random(5);
            float[] obs = new float[obsSize];
            byte[] mask = new byte[numActions];
            int ended = 0;
            for (int t = 0; t < steps; t++) {
                int[] actions = new int[numEnvs];
                for (int i = 0; i < numEnvs; i++) {
                    Reference<S> r = refs.get(i);
                    int p = r.env.currentPlayer();
                    assertEquals(p, vec.region("seat").asIntBuffer().get(i), "acting seat of env " + i);
                    assertTrue(r.pattern.get(p) == null, "an external seat acts");
                    r.env.observe(p, obs, 0);
                    assertArrayEquals(obs, floats(vec.region("observations"), i * obsSize, obsSize));
                    r.env.mask(p, mask, 0);
                    assertArrayEquals(mask, bytes(vec.region("masks"), i * numActions, numActions));
                    int[] legal = r.env.legalActions();
                    actions[i] = legal[rng.nextInt(legal.length)];
                }
                vec.step(actions);
                for (int i = 0; i < numEnvs; i++) {
                    Reference<S> r = refs.get(i);
                    double[] reward = r.step(actions[i]);
                    float[] got = floats(vec.region("rewards"), i * players, players);
                    for (int p = 0; p < players; p++) {
                        assertEquals((float) reward[p], got[p], 1e-5, "reward of seat " + p + " in env " + i);
                    }
                    boolean done = r.env.done();
                    assertEquals(done && r.env.terminated() ? 1 : 0, vec.region("terminated").get(i));
                    assertEquals(done && r.env.truncated() ? 1 : 0, vec.region("truncated").get(i));
                    if (done) {
                        ended++;
                        EnvInfo info = r.env.info();
                        for (int p = 0; p < players; p++) {
                            r.env.observe(p, obs, 0);
                            assertArrayEquals(obs, floats(vec.region("final_observations"), (i * players + p) * obsSize,
                                    obsSize));
                            assertEquals(info.scores()[p], vec.region("final_scores").asIntBuffer().get(i * players + p));
                            assertEquals((float) r.returns[p],
                                    vec.region("final_returns").asFloatBuffer().get(i * players + p), 1e-4);
                        }
                        int winners = 0;
                        for (int w : info.winners()) {
                            winners |= 1 << w;
                        }
                        assertEquals(winners, vec.region("final_winners").asIntBuffer().get(i));
                        assertEquals(-1, vec.region("final_forfeited").asIntBuffer().get(i));
                        assertEquals(r.length, vec.region("episode_length").asIntBuffer().get(i));
                        r.reset(SplitMix64.derive(SplitMix64.derive(base, i), episode[i]++));
                    }
                }
            }
            assertTrue(ended > 0, "some games ended within " + steps + " steps");
        }
    }

    @ParameterizedTest(name = "{0} {1}p")
    @MethodSource("games")
    void everySeatAnsweredByTheCallerPlaysTheSameGamesAsTheAecEnv(String id, int players) {
        Game<?> g = Games.create(id, GameConfig.of(players));
        checkAgainstReference(g, MultiAgentVectorEnv.Config.allExternal(players), RewardMode.TERMINAL, 6,
                g.maxGameLength() + 50, 2);
    }

    @ParameterizedTest(name = "{0} {1}p")
    @MethodSource("games")
    void jvmAgentsOnSomeSeatsAndMixturesAcrossEnvsPlayAsTheAgentsWould(String id, int players) {
        Game<?> g = Games.create(id, GameConfig.of(players));
        List<String> oneGreedy = new ArrayList<>(Collections.nCopies(players, null));
        // a scripted bot where the game has one (the first known name that takes no argument), else random
        String bot = Agents.known(g).stream().filter(n -> !n.contains(":") && !n.equals(Agents.RANDOM)).findFirst()
                .orElse(Agents.RANDOM);
        oneGreedy.set(players - 1, bot);
        List<String> randomFirst = new ArrayList<>(Collections.nCopies(players, null));
        randomFirst.set(0, "random");
        checkAgainstReference(g, List.of(oneGreedy, randomFirst, Collections.nCopies(players, null)),
                RewardMode.SCORE_DIFFERENCE, 6, g.maxGameLength() / 2 + 50, 1);
    }

    private static Game<?> osaka2() {
        return Games.create(Games.ids().get(0), GameConfig.of(2));
    }

    @Test
    void badPatternsAreRefusedWithClearMessages() {
        Game<?> g = osaka2();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new MultiAgentVectorEnv.Config<>(g, List.of(List.of("random", "random")), RewardMode.TERMINAL));
        assertTrue(e.getMessage().contains("leave at least one seat"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> new MultiAgentVectorEnv.Config<>(g, List.of(Collections.singletonList(null)), RewardMode.TERMINAL));
        assertTrue(e.getMessage().contains("must name 2 seats"), e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> new MultiAgentVectorEnv.Config<>(g, List.of(Arrays.asList(null, "no-such-agent")),
                        RewardMode.TERMINAL));
        assertThrows(IllegalArgumentException.class, () -> new MultiAgentVectorEnv.Config<>(g, List.of(),
                RewardMode.TERMINAL));
    }

    @Test
    void anIllegalActionStepsNoEnvAndLoseModeForfeitsThatGameOnly() {
        illegalAction(osaka2());
    }

    private static <S extends GameState<S>> void illegalAction(Game<S> g) {
        var config = new MultiAgentVectorEnv.Config<>(g, MultiAgentVectorEnv.Config.allExternal(2), RewardMode.TERMINAL);
        try (MultiAgentVectorEnv<S> vec = new MultiAgentVectorEnv<>(3, config, 1, 1, null, true)) {
            vec.reset();
            List<S> before = new ArrayList<>();
            int[] actions = new int[3];
            for (int i = 0; i < 3; i++) {
                before.add(vec.state(i));
                actions[i] = before.get(i).legalActions()[0];
            }
            actions[1] = g.numDistinctActions(); // no such action (-1 would skip the env)
            IllegalActionException e = assertThrows(IllegalActionException.class, () -> vec.step(actions));
            assertTrue(e.getMessage().startsWith("env 1: ") && e.getMessage().endsWith("no env was stepped"),
                    e.getMessage());
            for (int i = 0; i < 3; i++) {
                assertEquals(before.get(i), vec.state(i));
            }
        }
        var lose = new MultiAgentVectorEnv.Config<>(g, MultiAgentVectorEnv.Config.allExternal(2), RewardMode.TERMINAL,
                null, IllegalActionMode.LOSE, Agents.factory(g));
        try (MultiAgentVectorEnv<S> vec = new MultiAgentVectorEnv<>(2, lose, 1, 1, null, true)) {
            vec.reset();
            int offender = vec.region("seat").asIntBuffer().get(0);
            int[] actions = {g.numDistinctActions(), vec.state(1).legalActions()[0]};
            vec.step(actions);
            assertEquals(1, vec.region("terminated").get(0));
            assertEquals(0, vec.region("terminated").get(1));
            assertEquals(offender, vec.region("final_forfeited").asIntBuffer().get(0));
            assertEquals(-1f, vec.region("rewards").asFloatBuffer().get(offender), 1e-6);
            assertEquals(1f, vec.region("rewards").asFloatBuffer().get(1 - offender), 1e-6);
        }
    }

    @Test
    void withoutAutoResetAFinishedGameStaysFinishedAndIgnoresItsActions() {
        noAutoReset(osaka2());
    }

    private static <S extends GameState<S>> void noAutoReset(Game<S> g) {
        var config = new MultiAgentVectorEnv.Config<>(g, List.of(Arrays.asList(null, Agents.RANDOM)), RewardMode.TERMINAL);
        try (MultiAgentVectorEnv<S> vec = new MultiAgentVectorEnv<>(2, config, 3, 1, null, false)) {
            vec.reset();
            Random rng = new Random(1);
            int[] doneAt = {-1, -1};
            for (int t = 0; t < g.maxGameLength() + 10 && (doneAt[0] < 0 || doneAt[1] < 0); t++) {
                int[] actions = new int[2];
                for (int i = 0; i < 2; i++) {
                    if (doneAt[i] >= 0) {
                        actions[i] = 12345; // ignored
                        assertEquals(-1, vec.region("seat").asIntBuffer().get(i));
                    } else {
                        assertEquals(0, vec.region("seat").asIntBuffer().get(i));
                        int[] legal = vec.state(i).legalActions();
                        actions[i] = legal[rng.nextInt(legal.length)];
                    }
                }
                vec.step(actions);
                for (int i = 0; i < 2; i++) {
                    boolean flag = vec.region("terminated").get(i) + vec.region("truncated").get(i) > 0;
                    if (doneAt[i] >= 0) {
                        assertEquals(false, flag, "flags are read once, at the step that ends the game");
                    } else if (flag) {
                        doneAt[i] = t;
                        assertTrue(vec.state(i).isTerminal());
                    }
                }
            }
            assertTrue(doneAt[0] >= 0 && doneAt[1] >= 0);
        }
    }

    @Test
    void resetFromAStateLetsTheAgentsPlayUntilTheCallersSeatAndARefusedStateChangesNothing() {
        fromState(osaka2());
    }

    private static <S extends GameState<S>> void fromState(Game<S> g) {
        var config = new MultiAgentVectorEnv.Config<>(g, List.of(Arrays.asList(null, "random")), RewardMode.TERMINAL);
        try (MultiAgentVectorEnv<S> vec = new MultiAgentVectorEnv<>(1, config, 3, 1, null, true)) {
            vec.reset();
            S start = g.newGame(9);
            while (start.currentPlayer() != 1) {
                start.applyInPlace(start.legalActions()[0]);
            }
            vec.resetOne(0, start, 4);
            assertEquals(0, vec.region("seat").asIntBuffer().get(0));
            assertTrue(vec.state(0).decisions() > start.decisions(), "seat 1's agent moved first");
            S now = vec.state(0);
            S finished = g.newGame(2);
            while (!finished.isTerminal()) {
                finished.applyInPlace(finished.legalActions()[0]);
            }
            assertThrows(IllegalArgumentException.class, () -> vec.resetOne(0, finished, 4));
            assertEquals(now, vec.state(0));
        }
    }

    @Test
    void theSkipActionLeavesAnEnvAsItIs() {
        skip(osaka2());
    }

    private static <S extends GameState<S>> void skip(Game<S> g) {
        var config = new MultiAgentVectorEnv.Config<>(g, MultiAgentVectorEnv.Config.allExternal(2), RewardMode.TERMINAL);
        try (MultiAgentVectorEnv<S> vec = new MultiAgentVectorEnv<>(2, config, 1, 1, null, true)) {
            vec.reset();
            S before = vec.state(0);
            int seat = vec.region("seat").asIntBuffer().get(0);
            vec.step(new int[]{MultiAgentVectorEnv.SKIP, vec.state(1).legalActions()[0]});
            assertEquals(before, vec.state(0));
            assertEquals(seat, vec.region("seat").asIntBuffer().get(0));
            assertEquals(1, vec.state(1).decisions());
        }
    }
}
