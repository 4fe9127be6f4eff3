package dev.kaisen.training.ismcts;

import dev.kaisen.env.Agent;
import dev.kaisen.env.Agents;
import dev.kaisen.env.Game;
import dev.kaisen.env.GameState;
import dev.kaisen.observation.Encoder;
import dev.kaisen.observation.Encoders;
import dev.kaisen.training.config.PpoConfig;
import dev.kaisen.training.config.Puct;
import dev.kaisen.training.net.Checkpoint;
import dev.kaisen.training.net.MlpWeights;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Information-set Monte Carlo tree search for any registered game: ISMCTS (Cowling, Powley and
 * Whitehouse 2012) with one node per information set of the player to act, PUCT selection
 * (Silver et al. 2017) whose prior is the rollout bot's choice, and rollouts by that bot.
 *
 * <p><b>One iteration.</b> Sample a determinization of the root for the searching player
 * ({@link GameState#determinize}: everything that player does not know resampled consistently
 * with what they know, and a fresh random stream for later chance). Walk down from the root:
 * at each decision, the node is the acting player's information set, found by the hash of
 * that player's {@link Encoders#INFORMATION_STATE information-state} encoding (the platform's
 * perfect-recall view); pick an action by PUCT among the actions legal in this
 * determinization; apply it. Stop at the first action never tried at its node (or at the end of
 * the game), play out with the rollout policy, and credit every (node, action) on the path with
 * the result of the player who chose it.
 *
 * <p><b>Why information sets, not action sequences.</b> A tree of action sequences merges the
 * positions after different chance outcomes (the souvenirs revealed at a village, the card a
 * player draws): the search then learns one answer for "buy the first souvenir on offer" over
 * every offer, and plays such decisions worse than its own rollout policy. Keyed by what the
 * acting player knows, a node is a decision that player can actually tell apart, chance
 * outcomes they see get their own nodes, and outcomes they do not see (another player's
 * hidden draw) do not split their decisions.
 *
 * <p><b>Selection.</b> {@code Q(a) + c * P(a) * sqrt(A(a)) / (1 + N(a))}, where {@code N} is
 * the action's visits, {@code A} how often it was legal when its node was visited (the ISMCTS
 * stand-in for the parent's visits), {@code Q} its mean result, and for an action not yet tried
 * the node's mean result (first-play urgency). The prior {@code P} is
 * {@code 1 - PRIOR_MIX} on the rollout bot's choice plus {@code PRIOR_MIX} spread evenly
 * ({@link Prior#BOT}, the default), or even ({@link Prior#UNIFORM}, and always with random
 * rollouts). [decision] Why a prior: the earlier version of this agent (a tree of action
 * sequences, plain UCB, every action of a node tried before any twice) won only 40% of 1,000
 * two-player Tokaido games against greedy, the bot it used for rollouts, because at a thousand
 * iterations the players inside its tree played close to at random. With the bot's choice as
 * the prior the search starts from the bot's line and moves iterations to alternatives whose
 * results are better; measured (Tokaido, 2 players, 100 games, 1,000 iterations each) this
 * agent won 87.5% against itself with {@code prior=uniform}.
 *
 * <p><b>Answer.</b> The most visited root action (ties: the better mean).
 *
 * <p>It never reads hidden information: besides the public player to act, legal actions and
 * player count, the root is used only through {@code determinize(me, seed)}, which depends only
 * on the searcher's information set, so two states that differ only in hidden parts give the
 * same choice for the same agent seed. It needs the game's observation encoder (every
 * registered game has one; the platform's conformance suite checks it).
 *
 * <p>Reward: the game's win share for each player (1/k to each of k winners, 0 to the others).
 * One agent per thread (it keeps scratch buffers).
 *
 * <p><b>Guided by a network</b> ({@link Guide}, as AlphaZero and its descendants over
 * determinizations). The prior {@code P} of a node is the network's softmax over the actions
 * legal in the determinization at hand, from the logits it gives for the acting player's
 * observation (computed once per node, when it is created: the node is that player's
 * information set, so its observation is the same in every determinization). At the end of an
 * iteration the leaf's result is {@code w * network + (1 - w) * rollout} with
 * {@code w = }{@link Guide#leafValue}; with {@code w = 1} no rollout is played. [decision] The value
 * head predicts one number, the expected win share {@code v} of the player to act at the leaf;
 * it is clamped to [0, 1] and spread over the seats as {@code v} to that player and
 * {@code (1 - v) / (P - 1)} to each of the {@code P - 1} others: win shares always sum to 1, and
 * without a per-seat prediction the even split of the rest is the assumption that favours no
 * one (with 2 players it is exact). A terminal leaf uses the game's win shares. The network is
 * read with {@link MlpWeights} (plain Java, no native call per node).
 */
public final class IsmctsAgent<S extends GameState<S>> implements Agent<S> {
    /** The PUCT exploration constant for rewards in [0, 1] ({@link Puct#DEFAULT_EXPLORATION}, shared with expert iteration's config). */
    public static final double DEFAULT_EXPLORATION = Puct.DEFAULT_EXPLORATION;
    /** [decision] Share of the prior spread evenly over the legal actions, so that every action keeps some weight (not tuned). */
    public static final double PRIOR_MIX = 0.25;

    /** Where the prior of a node's actions comes from. */
    public enum Prior {
        /** The rollout bot's choice in the determinization at hand (mixed with an even share). */
        BOT,
        /** Even over the legal actions. */
        UNIFORM;

        String key() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * A search's settings.
     *
     * @param iterations  determinizations searched per decision (at least 1)
     * @param rollout     the rollout policy's name ({@code random}, or one of the game's bots)
     * @param exploration the PUCT constant (positive)
     * @param prior       the prior over a node's actions (always {@link Prior#UNIFORM} with random rollouts);
     *                    unused with a guide, whose network gives the prior
     * @param guide       null, or the network guiding the search
     */
    public record Settings(int iterations, String rollout, double exploration, Prior prior, Guide guide) {
        /** The largest exploration constant: beyond it the exploration term can overflow. */
        public static final double MAX_EXPLORATION = 1e6;

        public Settings {
            if (Agents.RANDOM.equals(rollout)) {
                prior = Prior.UNIFORM;
            }
            if (iterations < 1) {
                throw new IllegalArgumentException("ISMCTS needs at least one iteration, not " + iterations);
            }
            if (!(exploration > 0) || !(exploration <= MAX_EXPLORATION)) {
                throw new IllegalArgumentException("the exploration constant must be a positive number up to "
                        + MAX_EXPLORATION + ", not " + exploration);
            }
        }

        /** Settings without a guiding network. */
        public Settings(int iterations, String rollout, double exploration, Prior prior) {
            this(iterations, rollout, exploration, prior, null);
        }
    }

    /**
     * A policy/value network guiding the search.
     *
     * @param weights   the network (inputs: the observation of {@code view}; one logit per action; one value)
     * @param view      the observation view it reads
     * @param leafValue the weight {@code w} in [0, 1] of its value at a leaf, {@code 1 - w} going to the rollout;
     *                  above 0 only for a network whose value head is on the win-share scale
     * @param source    how it was named ({@code runs/x/best.zip}, {@code zoo:NAME}), for the agent's name
     */
    public record Guide(MlpWeights weights, String view, double leafValue, String source) {
        public Guide {
            if (!(leafValue >= 0 && leafValue <= 1)) {
                throw new IllegalArgumentException("the leaf value weight must be from 0 to 1, not " + leafValue);
            }
        }

        /**
         * The guide made of a checkpoint's network. [decision] {@code leafValue} null means the
         * checkpoint's own: the weight its expert-iteration run searched with, and 0 for a PPO
         * checkpoint, whose value head is on its reward mode's discounted-return scale
         * ({@link PpoConfig#valueScale}): such a network gives the prior only, and asking for its
         * value is refused.
         */
        public static Guide of(Checkpoint.Policy policy, Double leafValue, String source) {
            PpoConfig c = policy.config();
            boolean winShare = c.valueScale == PpoConfig.ValueScale.WIN_SHARE;
            double w;
            if (leafValue == null) {
                w = winShare && c.exit != null ? c.exit.leafValue : 0;
            } else {
                w = leafValue;
                if (w > 0 && !winShare) {
                    throw new IllegalArgumentException("the network " + source + " was trained by " + c.algo
                            + " and its value head predicts the " + c.valueScale + " of reward mode " + c.rewardMode
                            + ", not a win share: it can guide the prior only (value=0)");
                }
            }
            return new Guide(policy.weights(), c.view, w, source);
        }
    }

    /**
     * Dirichlet noise mixed into the prior at the root ({@code (1 - weight) P + weight * Dir(alpha)}),
     * for self-play exploration; only with a guide.
     */
    public record RootNoise(double alpha, double weight) {
        public RootNoise {
            if (!(alpha > 0) || !(weight >= 0 && weight <= 1)) {
                throw new IllegalArgumentException("root noise needs alpha > 0 and a weight from 0 to 1, not "
                        + alpha + " and " + weight);
            }
        }
    }

    /**
     * What a search found at the root.
     *
     * @param legal  the root's legal actions, ascending
     * @param visits the visits of each, same order
     * @param choice the index of the answer: the most visited (ties: the better mean, then the lowest id)
     * @param value  the searcher's mean result over all iterations (its estimated win share; NaN without search)
     */
    public record SearchResult(int[] legal, int[] visits, int choice, double value) {
    }

    private final Settings settings;
    private final SplittableRandom random;
    private final Agent<S> rollout;
    private final boolean botPrior;
    private final int numActions;
    private final String name;
    private final int[] legal;
    private final Node[] pathNode;
    private final int[] pathAction;
    private final int[] pathMover;
    private final Encoder<S> encoder;
    private final float[] encoded;
    private final Guide guide;
    private final Encoder<S> guideEncoder;
    private final float[] guideObs;
    private final MlpWeights.Scratch guideScratch;
    private final double[] priorBuf;
    private final double[] netOutcome;

    /** The default search with {@code iterations} and the given rollout policy. */
    public IsmctsAgent(Game<S> game, int iterations, String rolloutAgent, long seed) {
        this(game, new Settings(iterations, rolloutAgent, DEFAULT_EXPLORATION, Prior.BOT), seed);
    }

    public IsmctsAgent(Game<S> game, Settings settings, long seed) {
        if (!settings.rollout().equals(Agents.RANDOM) && !game.botNames().contains(settings.rollout())) {
            throw new IllegalArgumentException("the rollout policy must be random or one of " + game.botNames()
                    + ", not '" + settings.rollout() + "'");
        }
        this.settings = settings;
        this.encoder = Encoders.create(game, Encoders.INFORMATION_STATE);
        this.encoded = new float[encoder.size()];
        this.random = new SplittableRandom(seed);
        this.numActions = game.numDistinctActions();
        this.rollout = Agents.create(game, settings.rollout(), random.nextLong());
        this.botPrior = settings.prior() == Prior.BOT;
        this.legal = new int[numActions];
        int longest = game.maxGameLength() + 1;
        this.pathNode = new Node[longest];
        this.pathAction = new int[longest];
        this.pathMover = new int[longest];
        this.name = name(game, settings);
        this.guide = settings.guide();
        this.priorBuf = new double[numActions];
        this.netOutcome = new double[game.numPlayers()];
        if (guide != null) {
            Encoder<S> e = Encoders.create(game, guide.view());
            if (guide.weights().inputSize() != e.size() || guide.weights().actions() != numActions) {
                throw new IllegalArgumentException("the network " + guide.source() + " reads " + guide.weights().inputSize()
                        + " inputs and gives " + guide.weights().actions() + " actions, but " + game.id() + " has "
                        + e.size() + " and " + numActions);
            }
            // the information-state view is what the node keys encode already: reuse that encoding
            this.guideEncoder = guide.view().equals(Encoders.INFORMATION_STATE) ? null : e;
            this.guideObs = guideEncoder == null ? encoded : new float[e.size()];
            this.guideScratch = guide.weights().scratch();
        } else {
            this.guideEncoder = null;
            this.guideObs = null;
            this.guideScratch = null;
        }
    }

    /** The canonical name: {@code ismcts:N}, then only the settings that differ from the defaults. */
    static String name(Game<?> game, Settings s) {
        StringBuilder b = new StringBuilder("ismcts:").append(s.iterations());
        if (!s.rollout().equals(game.rolloutBot())) {
            b.append(':').append(s.rollout());
        }
        if (s.exploration() != DEFAULT_EXPLORATION) {
            b.append(":c=").append(s.exploration());
        }
        if (s.guide() != null) {
            b.append(":value=").append(s.guide().leafValue()).append(":net=").append(s.guide().source());
        } else if (s.prior() != Prior.BOT && !s.rollout().equals(Agents.RANDOM)) {
            b.append(":prior=").append(s.prior().key());
        }
        return b.toString();
    }

    @Override
    public String name() {
        return name;
    }

    public Settings settings() {
        return settings;
    }

    /** One information set of the player to act: per action, visits, availability and summed result. */
    private static final class Node {
        final int[] visits;
        final int[] availability;
        final double[] reward;
        int total;
        double value;
        /** With a guide: the network's logits and value (clamped to [0, 1]) for this information set. */
        float[] logits;
        double netValue;
        /** At the root with {@link RootNoise}: the noise per action. */
        double[] noise;

        Node(int actions) {
            visits = new int[actions];
            availability = new int[actions];
            reward = new double[actions];
        }
    }

    /** A node for {@code d}'s acting player; with a guide, evaluated by the network ({@link #encoded} holds their encoding). */
    private Node newNode(S d) {
        Node n = new Node(numActions);
        if (guide != null) {
            if (guideEncoder != null) {
                guideEncoder.encode(d, d.currentPlayer(), guideObs, 0);
            }
            n.logits = new float[numActions];
            float v = guide.weights().forward(guideObs, guideScratch, n.logits);
            n.netValue = Math.max(0, Math.min(1, v));
        }
        return n;
    }

    @Override
    public int chooseAction(S root) {
        SearchResult r = search(root, null);
        return r.legal()[r.choice()];
    }

    /**
     * Searches from {@code root} for its player to act and returns the root's visit counts
     * (with a single legal action, no search: one visit). {@code noise} (null for none) mixes
     * Dirichlet noise into the root's prior; it needs a guide.
     */
    public SearchResult search(S root, RootNoise noise) {
        int rootCount = root.legalActions(legal);
        if (rootCount == 0) {
            throw new IllegalStateException("no legal action: the game is over");
        }
        int[] rootLegal = Arrays.copyOf(legal, rootCount);
        if (rootCount == 1) {
            return new SearchResult(rootLegal, new int[]{1}, 0, Double.NaN);
        }
        int me = root.currentPlayer();
        if (guide != null) {
            encoder.encode(root, me, encoded, 0);
        }
        Node rootNode = newNode(root);
        if (noise != null) {
            if (guide == null) {
                throw new IllegalStateException("root noise needs a guiding network");
            }
            rootNode.noise = dirichlet(rootLegal, noise.alpha(), noise.weight());
        }
        Map<Long, Node> table = new HashMap<>();
        double[] outcome = new double[root.numPlayers()];
        double even = 1.0 / root.numPlayers();
        double leafValue = guide == null ? 0 : guide.leafValue();
        for (int i = 0; i < settings.iterations(); i++) {
            S d = root.determinize(me, random.nextLong());
            int depth = descend(d, rootNode, table, even);
            evaluate(d, table, leafValue, outcome);
            backUp(depth, outcome);
        }
        return result(rootNode, rootLegal);
    }

    /**
     * One iteration's way down the determinization {@code d}: from the root's node, the selected
     * action of each node met, until an action tried for the first time or the game's end. The path
     * is left in {@code pathNode}/{@code pathAction}/{@code pathMover}; returns its length.
     */
    private int descend(S d, Node rootNode, Map<Long, Node> table, double even) {
        Node node = rootNode;
        int depth = 0;
        while (true) {
            int mover = d.currentPlayer();
            int a = select(d, node, even);
            pathNode[depth] = node;
            pathAction[depth] = a;
            pathMover[depth] = mover;
            depth++;
            boolean fresh = node.visits[a] == 0;
            d.applyInPlace(a);
            if (fresh || d.isTerminal()) {
                return depth;
            }
            node = node(table, d);
        }
    }

    /**
     * The value of where the descent ended, per player, into {@code outcome}: the win shares at the
     * end of the game, else the guide's value and a rollout's win shares mixed by {@code leafValue}.
     */
    private void evaluate(S d, Map<Long, Node> table, double leafValue, double[] outcome) {
        if (d.isTerminal()) {
            d.winShares(outcome);
            return;
        }
        if (leafValue > 0) {
            spread(node(table, d).netValue, d.currentPlayer(), netOutcome);
        }
        if (leafValue < 1) {
            while (!d.isTerminal()) {
                d.applyInPlace(rollout.chooseAction(d));
            }
            d.winShares(outcome);
        } else {
            Arrays.fill(outcome, 0);
        }
        if (leafValue > 0) {
            for (int p = 0; p < outcome.length; p++) {
                outcome[p] = leafValue * netOutcome[p] + (1 - leafValue) * outcome[p];
            }
        }
    }

    /** Adds the outcome to every node and action of the path, each from its mover's side. */
    private void backUp(int depth, double[] outcome) {
        for (int j = 0; j < depth; j++) {
            Node n = pathNode[j];
            double r = outcome[pathMover[j]];
            n.visits[pathAction[j]]++;
            n.reward[pathAction[j]] += r;
            n.total++;
            n.value += r;
            pathNode[j] = null;
        }
    }

    /** The root's visit counts and its best action: the most visited, ties to the higher mean reward. */
    private static SearchResult result(Node rootNode, int[] rootLegal) {
        int rootCount = rootLegal.length;
        int[] visits = new int[rootCount];
        for (int k = 0; k < rootCount; k++) {
            visits[k] = rootNode.visits[rootLegal[k]];
        }
        int best = 0;
        for (int k = 1; k < rootCount; k++) {
            int a = rootLegal[k];
            int b = rootLegal[best];
            int v = rootNode.visits[a];
            int bv = rootNode.visits[b];
            if (v > bv || (v == bv && v > 0 && rootNode.reward[a] / v > rootNode.reward[b] / bv)) {
                best = k;
            }
        }
        return new SearchResult(rootLegal, visits, best, rootNode.total == 0 ? Double.NaN : rootNode.value / rootNode.total);
    }

    /** The node of {@code d}'s acting player, created (and evaluated by the guide) on first sight. */
    private Node node(Map<Long, Node> table, S d) {
        long k = key(d);
        Node n = table.get(k);
        if (n == null) {
            n = newNode(d);
            table.put(k, n);
        }
        return n;
    }

    /** [decision] A leaf value {@code v} of {@code mover} as win shares: {@code v} to them, {@code (1 - v) / (P - 1)} to each other seat. */
    static void spread(double v, int mover, double[] out) {
        int players = out.length;
        double rest = (1 - v) / (players - 1);
        for (int p = 0; p < players; p++) {
            out[p] = p == mover ? v : rest;
        }
    }

    /** Dirichlet({@code alpha}) noise over {@code actions}, scaled by {@code weight}, per action id. */
    private double[] dirichlet(int[] actions, double alpha, double weight) {
        double[] noise = new double[numActions];
        double sum = 0;
        for (int a : actions) {
            noise[a] = gamma(alpha);
            sum += noise[a];
        }
        for (int a : actions) {
            noise[a] = sum > 0 ? weight * noise[a] / sum : weight / actions.length;
        }
        return noise;
    }

    /** A Gamma(shape, 1) variate (Marsaglia and Tsang 2000; shape below 1 by the boost {@code U^(1/shape)}). */
    private double gamma(double shape) {
        if (shape < 1) {
            return gamma(shape + 1) * Math.pow(random.nextDouble(), 1 / shape);
        }
        double d = shape - 1.0 / 3;
        double c = 1 / Math.sqrt(9 * d);
        while (true) {
            double x;
            double v;
            do {
                x = normal();
                v = 1 + c * x;
            } while (v <= 0);
            v = v * v * v;
            double u = random.nextDouble();
            if (Math.log(u) < 0.5 * x * x + d - d * v + d * Math.log(v)) {
                return d * v;
            }
        }
    }

    private double normal() {
        double u = random.nextDouble();
        double v = random.nextDouble();
        return Math.sqrt(-2 * Math.log(1 - u)) * Math.cos(2 * Math.PI * v);
    }

    /** PUCT over the actions legal in {@code d}; counts their availability; ties broken at random. */
    private int select(S d, Node node, double even) {
        int count = d.legalActions(legal);
        if (node.logits != null) {
            guidedPrior(node, count);
        } else {
            int favourite = botPrior ? rollout.chooseAction(d) : -1;
            double spread = (botPrior ? PRIOR_MIX : 1.0) / count;
            for (int k = 0; k < count; k++) {
                priorBuf[k] = legal[k] == favourite ? 1 - PRIOR_MIX + spread : spread;
            }
        }
        double firstPlay = node.total == 0 ? even : node.value / node.total;
        double c = settings.exploration();
        int best = -1;
        double bestScore = Double.NEGATIVE_INFINITY;
        int ties = 0;
        for (int k = 0; k < count; k++) {
            int a = legal[k];
            int n = node.visits[a];
            int available = ++node.availability[a];
            double q = n == 0 ? firstPlay : node.reward[a] / n;
            double score = q + c * priorBuf[k] * Math.sqrt(available) / (1 + n);
            if (score > bestScore) {
                bestScore = score;
                best = a;
                ties = 1;
            } else if (score == bestScore && random.nextInt(++ties) == 0) {
                best = a;
            }
        }
        return best;
    }

    /**
     * Fills {@link #priorBuf} with the network's softmax over the {@code count} legal actions in
     * {@link #legal} (mixed with the root's noise, if any).
     */
    private void guidedPrior(Node node, int count) {
        float[] logits = node.logits;
        double max = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < count; k++) {
            max = Math.max(max, logits[legal[k]]);
        }
        double sum = 0;
        for (int k = 0; k < count; k++) {
            double e = Math.exp(logits[legal[k]] - max);
            priorBuf[k] = e;
            sum += e;
        }
        double keep = node.noise == null ? 1 : 1 - sumNoise(node.noise, count);
        for (int k = 0; k < count; k++) {
            priorBuf[k] = keep * priorBuf[k] / sum + (node.noise == null ? 0 : node.noise[legal[k]]);
        }
    }

    /** The noise's total weight over the legal actions (its weight, when they are the root's). */
    private double sumNoise(double[] noise, int count) {
        double s = 0;
        for (int k = 0; k < count; k++) {
            s += noise[legal[k]];
        }
        return s;
    }

    /**
     * The acting player and their information-state encoding, hashed to 64 bits: four lanes over
     * every fourth float each, so that the multiplications of one lane do not wait on another's
     * (one chain over the whole encoding took a tenth of Merchants' search time), then folded.
     */
    private long key(S d) {
        int mover = d.currentPlayer();
        float[] e = encoded;
        encoder.encode(d, mover, e, 0);
        long h0 = 0x9E3779B97F4A7C15L * (mover + 1);
        long h1 = h0 ^ 0x632BE59BD9B4E019L;
        long h2 = h0 ^ 0x85157AF5L;
        long h3 = h0 ^ 0xD6E8FEB86659FD93L;
        int n = e.length;
        int i = 0;
        for (; i + 3 < n; i += 4) {
            h0 = mix(h0, Float.floatToRawIntBits(e[i]));
            h1 = mix(h1, Float.floatToRawIntBits(e[i + 1]));
            h2 = mix(h2, Float.floatToRawIntBits(e[i + 2]));
            h3 = mix(h3, Float.floatToRawIntBits(e[i + 3]));
        }
        for (; i < n; i++) {
            h0 = mix(h0, Float.floatToRawIntBits(e[i]));
        }
        return mix(mix(mix(h0, h1), h2), h3);
    }

    private static long mix(long h, long x) {
        h = (h ^ x) * 0xBF58476D1CE4E5B9L;
        return h ^ (h >>> 29);
    }
}
