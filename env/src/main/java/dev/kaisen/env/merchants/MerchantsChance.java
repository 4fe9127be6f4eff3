package dev.kaisen.env.merchants;

import dev.kaisen.env.ChanceLog;
import dev.kaisen.env.ExplicitChance;
import dev.kaisen.env.Game.ActionEntry;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Merchants of the Middle Ages' chance outcomes in the explicit-chance mode, one table of ids per
 * data file:
 * <pre>
 *    0- 6  investment:KIND  the investment card drawn from the face-down pile is of that kind (reduced-cost,
 *                           driver, coach-driver, courier, express-courier, office, low-upkeep)
 *    7-13  influence:KIND   the influence card drawn from the face-down pile is of that kind (market-right,
 *                           bargain, wheelwright, messenger, guild, patron, exemption)
 *   14-17  first:P          seat P is the first player of round 1
 *   18-    setup:K          the data's setup K (the wagons' cities and the courier's place), one per setup
 * </pre>
 * The events ({@code setup}, then each face-up slot's card, then {@code first} in the deal; an
 * {@code investment} draw refilling an auctioned slot; an {@code influence} draw at the end of a
 * courier run) ask the state's {@link ExplicitChance} when it has one and the random stream
 * otherwise, the sampled mode's draws unchanged.
 *
 * <p>[decision] The grain: a face-down pile is, in the explicit mode, an unordered multiset. Its
 * shuffles (both piles at setup) are no chance nodes: the investment pile stays in card order and
 * the influence pile in kind order. Each draw is one node whose outcomes are the kinds still in the
 * pile, weighted by how many of each remain; the cards of one kind are interchangeable for the rules
 * (the two Office cards), so the drawn card is the lowest-numbered card of the kind chosen, moved to
 * the top of the pile and drawn as the sampled mode draws it. The two modes' states therefore agree
 * up to the order of the face-down piles and the numbers of same-kind investment cards, which
 * {@link #canonicalJson} makes alike.
 */
final class MerchantsChance {
    private MerchantsChance() {
    }

    static final int INVESTMENT = 0;
    static final int INFLUENCE = INVESTMENT + Investment.COUNT;
    static final int FIRST = INFLUENCE + Influence.COUNT;
    static final int SETUP = FIRST + MerchantsState.MAX_PLAYERS;
    /**
     * [decision] Tries of {@link #determinizeNode} before it keeps the node's hidden information as
     * it is.
     */
    static final int DETERMINIZE_TRIES = 256;

    /** The table's size for the data: {@value #SETUP} plus one outcome per setup. */
    static int count(MerchantsData d) {
        return SETUP + d.setups();
    }

    static List<ActionEntry> table(MerchantsData d) {
        List<ActionEntry> t = new ArrayList<>();
        for (Investment k : Investment.values()) {
            t.add(new ActionEntry(t.size(), "investment:" + k.id(), "the investment card drawn from the face-down"
                    + " pile is a " + k.id() + " card"));
        }
        for (Influence k : Influence.values()) {
            t.add(new ActionEntry(t.size(), "influence:" + k.id(), "the influence card drawn from the face-down pile"
                    + " is a " + k.id() + " card"));
        }
        for (int p = 0; p < MerchantsState.MAX_PLAYERS; p++) {
            t.add(new ActionEntry(t.size(), "first:" + p, "seat " + p + " is the first player of round 1"));
        }
        for (int k = 0; k < d.setups(); k++) {
            List<String> cities = new ArrayList<>();
            for (int c : d.setupWagons(k)) {
                cities.add(d.city(c));
            }
            t.add(new ActionEntry(t.size(), "setup:" + k, "setup " + k + ": the wagons in " + String.join(", ", cities)
                    + ", the courier on " + d.nodeName(d.setupCourier(k))));
        }
        return List.copyOf(t);
    }

    // ------------------------------------------------------------------ a sampled record's chance steps

    /**
     * The outcome ids of a sampled chance step, in the order the explicit mode meets them:
     * {@code setup} gives the setup, the kind of each face-up card in slot order, the first player
     * (the shuffles are no nodes); {@code investment} the kind turned face up (none when the pile
     * was empty); {@code influence} the kind drawn.
     */
    static int[] outcomesOf(MerchantsData d, String event, Map<String, Object> data) {
        switch (event) {
            case "setup": {
                List<Integer> out = new ArrayList<>();
                out.add(SETUP + setupOf(d, data.get("wagons"), data.get("courier")));
                for (Object card : (List<?>) data.get("faceUp")) {
                    if (!"none".equals(card)) {
                        out.add(INVESTMENT + Investment.byName(String.valueOf(card)).ordinal());
                    }
                }
                int first = ((Number) data.get("first")).intValue();
                if (first < 0 || first >= MerchantsState.MAX_PLAYERS) {
                    throw new IllegalArgumentException("setup's first player " + first + " is no seat");
                }
                out.add(FIRST + first);
                return out.stream().mapToInt(Integer::intValue).toArray();
            }
            case "investment": {
                Object card = data.get("card");
                return "none".equals(card) ? new int[0]
                        : new int[]{INVESTMENT + Investment.byName(String.valueOf(card)).ordinal()};
            }
            case "influence":
                return new int[]{INFLUENCE + influence(String.valueOf(data.get("card")))};
            default:
                throw new IllegalArgumentException("Merchants of the Middle Ages reports no chance event " + event
                        + " (events: setup, investment, influence)");
        }
    }

    /**
     * The setup whose wagons' cities and courier's place the step names. [decision] A record names
     * the setup by what it lays, not by its number: of two setups of a data file laying the same,
     * the first is taken.
     */
    private static int setupOf(MerchantsData d, Object wagons, Object courier) {
        for (int k = 0; k < d.setups(); k++) {
            List<String> cities = new ArrayList<>();
            for (int c : d.setupWagons(k)) {
                cities.add(d.city(c));
            }
            if (cities.equals(wagons) && d.nodeName(d.setupCourier(k)).equals(courier)) {
                return k;
            }
        }
        throw new IllegalArgumentException("no setup of the data lays the wagons in " + wagons + " and the courier on "
                + courier);
    }

    private static int influence(String id) {
        for (Influence k : Influence.values()) {
            if (k.id().equals(id)) {
                return k.ordinal();
            }
        }
        throw new IllegalArgumentException("unknown influence kind " + id);
    }

    // ------------------------------------------------------------------ the events

    /** Setup: the data's setup drawn. */
    static int setup(MerchantsState s) {
        return s.explicit == null ? s.rng.below(s.d.setups()) : s.explicit.uniform(SETUP, s.d.setups());
    }

    /** Setup: the first player. */
    static int first(MerchantsState s) {
        return s.explicit == null ? s.rng.below(s.n) : s.explicit.uniform(FIRST, s.n);
    }

    /** Setup: the investment pile shuffled (the explicit mode leaves it in card order). */
    static void shuffleInvestment(MerchantsState s) {
        if (s.explicit == null) {
            s.rng.shuffle(s.invDeck, 0, s.invDeck.length);
        }
    }

    /** Setup: the influence pile shuffled (the explicit mode puts it in kind order). */
    static void shuffleInfluence(MerchantsState s) {
        if (s.explicit == null) {
            s.rng.shuffle(s.inflDeck, 0, s.inflDeck.length);
        } else {
            Arrays.sort(s.inflDeck, s.inflTop, s.inflDeck.length);
        }
    }

    /** The top card of the investment pile (not empty), drawn. */
    static int drawInvestment(MerchantsState s) {
        ExplicitChance<MerchantsState> e = s.explicit;
        if (e != null) {
            int[] ids = new int[Investment.COUNT];
            int[] weights = new int[Investment.COUNT];
            for (int k = 0; k < ids.length; k++) {
                ids[k] = INVESTMENT + k;
            }
            for (int i = s.invTop; i < s.invDeck.length; i++) {
                weights[s.d.investment(s.invDeck[i]).ordinal()]++;
            }
            int kind = e.choose(ids, weights, ids.length);
            int at = -1;
            for (int i = s.invTop; i < s.invDeck.length; i++) {
                if (s.d.investment(s.invDeck[i]).ordinal() == kind && (at < 0 || s.invDeck[i] < s.invDeck[at])) {
                    at = i;
                }
            }
            toTop(s.invDeck, s.invTop, at);
        }
        return s.invDeck[s.invTop++];
    }

    /** The top card of the influence pile (not empty), drawn: its kind. */
    static int drawInfluence(MerchantsState s) {
        ExplicitChance<MerchantsState> e = s.explicit;
        if (e != null) {
            int[] ids = new int[Influence.COUNT];
            int[] weights = new int[Influence.COUNT];
            for (int k = 0; k < ids.length; k++) {
                ids[k] = INFLUENCE + k;
            }
            for (int i = s.inflTop; i < s.inflDeck.length; i++) {
                weights[s.inflDeck[i]]++;
            }
            int kind = e.choose(ids, weights, ids.length);
            int at = s.inflTop;
            while (s.inflDeck[at] != kind) {
                at++;
            }
            toTop(s.inflDeck, s.inflTop, at);
        }
        return s.inflDeck[s.inflTop++];
    }

    /** Moves pile[at] to pile[top], the cards between one place down (an ordered pile stays ordered). */
    private static void toTop(int[] pile, int top, int at) {
        int card = pile[at];
        System.arraycopy(pile, top, pile, top + 1, at - top);
        pile[top] = card;
    }

    // ------------------------------------------------------------------ the piles without an order

    /** The explicit mode's order of both face-down piles: ascending (the investment pile by card, the influence pile by kind). */
    static void sortPiles(MerchantsState s) {
        Arrays.sort(s.invDeck, s.invTop, s.invDeck.length);
        Arrays.sort(s.inflDeck, s.inflTop, s.inflDeck.length);
    }

    /**
     * The state's JSON with what only the sampled mode tells apart made alike: the investment cards
     * of one kind renumbered in the order they left the pile (the lowest number first, as the
     * explicit mode draws them), then both face-down piles in ascending order. A state of the
     * explicit mode is its own canonical form.
     */
    static String canonicalJson(MerchantsState state) {
        MerchantsState s = state.copy();
        int cards = s.invDeck.length;
        int[] label = new int[cards];
        for (Investment kind : Investment.values()) {
            int next = 0;
            int[] sorted = new int[cards];
            int k = 0;
            for (int c = 0; c < cards; c++) {
                if (s.d.investment(c) == kind) {
                    sorted[k++] = c;
                }
            }
            for (int i = 0; i < cards; i++) {
                if (s.d.investment(s.invDeck[i]) == kind) {
                    label[s.invDeck[i]] = sorted[next++];
                }
            }
        }
        int[] owner = s.invOwner.clone();
        for (int c = 0; c < cards; c++) {
            s.invOwner[label[c]] = owner[c];
        }
        for (int i = 0; i < cards; i++) {
            s.invDeck[i] = label[s.invDeck[i]];
        }
        for (int k = 0; k < s.faceUp.length; k++) {
            if (s.faceUp[k] != MerchantsState.NONE) {
                s.faceUp[k] = label[s.faceUp[k]];
            }
        }
        sortPiles(s);
        return MerchantsJson.toJson(s, false);
    }

    // ------------------------------------------------------------------ determinizing a chance node

    /**
     * {@link MerchantsState#determinize} at a chance node. The node is the table before its step (a
     * decision, or the deal) with the outcomes chosen so far in it; what the observer does not know
     * is resampled in that table, and so is the step itself when it is another seat's sealed bid.
     * The determinized node is that table with the step replayed: it must be legal there and stop
     * at a chance node after the same outcomes (a bid must still sell the card, a card played
     * still be in its player's hand). [decision] Resampling is tried up to
     * {@value #DETERMINIZE_TRIES} times (rejection sampling: the samples kept are those consistent
     * with what the observer saw); when none fits, the node keeps its hidden information and only
     * its random stream is reseeded. Every node the rules make has a step with at most its deal's
     * outcomes chosen before, all face up, so the replay fails only for the step's own hidden
     * information.
     */
    static MerchantsState determinizeNode(MerchantsState s, int observer, long seed) {
        ExplicitChance<MerchantsState> e = s.explicit;
        MerchantsState before = e.before();
        int[] chosen = e.chosen();
        SplittableRandom random = new SplittableRandom(seed);
        for (int attempt = 0; attempt < DETERMINIZE_TRIES; attempt++) {
            MerchantsState b = before.determinize(observer, random.nextLong());
            int step = e.step();
            if (step != ExplicitChance.DEAL && b.phase == Phase.BID && b.currentPlayer() != observer) {
                step = MerchantsAction.BID + random.nextInt(LoadingRules.maxBid(b, b.currentPlayer()) + 1);
            }
            if (step != ExplicitChance.DEAL && !b.isLegal(step)) {
                continue;
            }
            MerchantsState node = replay(b, step, chosen);
            if (node != null) {
                return node;
            }
        }
        MerchantsState node = s.copy();
        node.rng.setState(random.nextLong());
        return node;
    }

    /** At a chance node, the table goes back to the one before the step (see {@link MerchantsState}). */
    static void settle(MerchantsState s) {
        if (s.explicit != null && s.explicit.isChanceNode()) {
            s.assignFrom(s.explicit.before());
        }
    }

    /** {@link MerchantsState#sampledCopy}: the piles of an explicit state get an order drawn from {@code seed}. */
    static MerchantsState sampledCopy(MerchantsState s, long seed) {
        if (s.isChanceNode()) {
            throw new IllegalStateException("a chance node has no sampled form: apply one of its outcomes first");
        }
        MerchantsState c = s.copy();
        if (c.explicit != null) {
            c.explicit = null;
            c.reseed(seed);
        }
        return c;
    }

    /** The chance node reached from decision node {@code b} by {@code step} and outcomes {@code chosen}, or null. */
    private static MerchantsState replay(MerchantsState b, int step, int[] chosen) {
        MerchantsState node = b.copy();
        node.explicit.decide(node, step, ChanceLog.NONE);
        for (int o : chosen) {
            if (!node.explicit.isOutcome(o)) {
                return null;
            }
            node.explicit.resolve(node, o, ChanceLog.NONE);
        }
        if (!node.explicit.isChanceNode()) {
            return null;
        }
        settle(node);
        return node;
    }
}
