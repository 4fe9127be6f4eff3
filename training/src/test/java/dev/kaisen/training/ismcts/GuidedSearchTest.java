package dev.kaisen.training.ismcts;

import dev.kaisen.env.Game;
import dev.kaisen.env.GameConfig;
import dev.kaisen.env.GameProvider;
import dev.kaisen.env.GameState;
import dev.kaisen.env.Games;
import dev.kaisen.env.SplitMix64;
import dev.kaisen.env.osaka.OsakaGame;
import dev.kaisen.env.osaka.OsakaState;
import dev.kaisen.observation.Encoders;
import dev.kaisen.training.net.MlpWeights;
import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** ISMCTS guided by a network: the prior and the leaf value are the network's, in games of any size. */
class GuidedSearchTest {
    /** A network of one hidden layer with small random weights, sized for {@code game}'s view. */
    static MlpWeights randomNet(Game<?> game, String view, long seed) {
        int in = Encoders.create(game, view).size();
        int hidden = 8;
        int actions = game.numDistinctActions();
        long[] r = {seed};
        float[][] w = {random(in * hidden, 0.1f, r), random(hidden * actions, 0.5f, r)};
        float[][] b = {random(hidden, 0.1f, r), random(actions, 0.5f, r)};
        return new MlpWeights(new int[]{in, hidden, actions}, w, b, random(hidden, 0.5f, r), 0.5f);
    }

    /** A network whose hidden layer is all zeros: constant logits ({@code logits}) and constant value. */
    static MlpWeights constantNet(int in, float[] logits, float value) {
        int hidden = 4;
        int actions = logits.length;
        float[][] w = {new float[in * hidden], new float[hidden * actions]};
        float[][] b = {new float[hidden], logits.clone()};
        return new MlpWeights(new int[]{in, hidden, actions}, w, b, new float[hidden], value);
    }

    private static float[] random(int n, float scale, long[] r) {
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            r[0] = SplitMix64.advance(r[0]);
            a[i] = (float) ((SplitMix64.unit(SplitMix64.mix(r[0])) * 2 - 1) * scale);
        }
        return a;
    }

    @Test
    void guidedSearchPlaysLegalFullGamesOfEveryGameWithTwoAndFourPlayers() {
        int played = 0;
        for (GameProvider p : Games.all()) {
            for (int players : new int[]{2, 4}) {
                if (players < p.minPlayers() || players > p.maxPlayers()) {
                    continue;
                }
                playOne(Games.create(p.id(), GameConfig.of(players)), 11 + players);
                played++;
            }
        }
        assertTrue(played >= Games.all().size(), "at least one game per registered game");
    }

    private static <S extends GameState<S>> void playOne(Game<S> game, long seed) {
        // the network's value alone at the leaves keeps this short (rollouts are the trainer test's)
        IsmctsAgent.Guide guide = new IsmctsAgent.Guide(randomNet(game, Encoders.DEFAULT_VIEW, seed),
                Encoders.DEFAULT_VIEW, 1.0, "random net");
        IsmctsAgent<S> agent = new IsmctsAgent<>(game, new IsmctsAgent.Settings(3, game.rolloutBot(),
                IsmctsAgent.DEFAULT_EXPLORATION, IsmctsAgent.Prior.BOT, guide), seed);
        IsmctsAgent.RootNoise noise = new IsmctsAgent.RootNoise(0.3, 0.25);
        S s = game.newGame(seed);
        while (!s.isTerminal()) {
            IsmctsAgent.SearchResult r = agent.search(s, noise);
            int a = r.legal()[r.choice()];
            assertTrue(s.isLegal(a), game.id() + ": " + a + " is not legal");
            assertEquals(r.legal().length == 1 ? 1 : 3, Arrays.stream(r.visits()).sum(), game.id());
            s.applyInPlace(a);
        }
        assertTrue(s.decisions() <= game.maxGameLength(), game.id());
    }

    @Test
    void priorMassOnOneActionMakesItsVisitsDominate() {
        OsakaGame game = new OsakaGame(2);
        OsakaState root = game.newGame(3);
        int[] legal = root.legalActions();
        assertTrue(legal.length > 2);
        int favoured = legal[legal.length - 1];
        float[] logits = new float[game.numDistinctActions()];
        logits[favoured] = 20;
        int in = Encoders.create(game, Encoders.DEFAULT_VIEW).size();
        // constant value: every line looks the same, so only the prior tells actions apart
        IsmctsAgent.Guide guide = new IsmctsAgent.Guide(constantNet(in, logits, 0.5f), Encoders.DEFAULT_VIEW, 1.0,
                "one action");
        IsmctsAgent<OsakaState> agent = new IsmctsAgent<>(game, new IsmctsAgent.Settings(20, "greedy", 1.0,
                IsmctsAgent.Prior.BOT, guide), 7);
        IsmctsAgent.SearchResult r = agent.search(root, null);
        int k = Arrays.binarySearch(r.legal(), favoured);
        assertEquals(favoured, r.legal()[r.choice()]);
        assertTrue(r.visits()[k] >= 15, "visits " + Arrays.toString(r.visits()));
        assertEquals(0.5, r.value(), 1e-6, "the searcher's value is the network's at every leaf");

        // the same net with the mass elsewhere moves the answer: the hook is really the network's
        float[] other = new float[logits.length];
        other[legal[0]] = 20;
        IsmctsAgent<OsakaState> moved = new IsmctsAgent<>(game, new IsmctsAgent.Settings(20, "greedy", 1.0,
                IsmctsAgent.Prior.BOT, new IsmctsAgent.Guide(constantNet(in, other, 0.5f), Encoders.DEFAULT_VIEW, 1.0,
                "other")), 7);
        assertEquals(legal[0], moved.chooseAction(root));
    }

    @Test
    void aLeafValueIsTheMoversWinShareAndTheRestSplitEvenly() {
        double[] two = new double[2];
        IsmctsAgent.spread(0.8, 1, two);
        assertArrayEquals(new double[]{0.2, 0.8}, two, 1e-12);
        double[] four = new double[4];
        IsmctsAgent.spread(0.4, 2, four);
        assertArrayEquals(new double[]{0.2, 0.2, 0.4, 0.2}, four, 1e-12);
        assertEquals(1.0, Arrays.stream(four).sum(), 1e-12);
    }

    @Test
    void aNetworkOfTheWrongSizeOrAnOutOfRangeWeightIsRefused() {
        OsakaGame game = new OsakaGame(2);
        MlpWeights small = constantNet(5, new float[game.numDistinctActions()], 0.5f);
        IsmctsAgent.Guide guide = new IsmctsAgent.Guide(small, Encoders.DEFAULT_VIEW, 0, "small");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new IsmctsAgent<>(game,
                new IsmctsAgent.Settings(5, "greedy", 1.0, IsmctsAgent.Prior.BOT, guide), 1));
        assertTrue(e.getMessage().contains("reads 5 inputs"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new IsmctsAgent.Guide(small, Encoders.DEFAULT_VIEW, 1.5, "x"));
        IsmctsAgent<OsakaState> plain = new IsmctsAgent<>(game, 5, "greedy", 1);
        assertThrows(IllegalStateException.class,
                () -> plain.search(game.newGame(1), new IsmctsAgent.RootNoise(0.3, 0.25)));
    }
}
