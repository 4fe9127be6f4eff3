package dev.kaisen.env.tokaido;

import dev.kaisen.env.ExplicitChance;
import dev.kaisen.env.Game.ActionEntry;
import dev.kaisen.env.RandomStream;
import dev.kaisen.env.tokaido.Decks.Deck;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Tokaido's chance outcomes in the explicit-chance mode, one table of 97 ids:
 * <pre>
 *   0-44  deal:A+B             the pair of traveller tiles dealt to the next seat (A before B in tile order)
 *  45-49  start:P              seat P is the next on the starting line at Kyoto (the first leaves first)
 *  50-63  draw:meal:KIND       the meal drawn is of that kind (dango, ...)
 *  64-87  draw:souvenir:NAME   the souvenir drawn (each souvenir is a card of its own)
 *  88-94  draw:encounter:KIND  the encounter drawn is of that kind (samurai, annaibito-sea, ...)
 *  95-96  draw:hot-spring:spring2|spring3  the hot spring drawn is worth 2 or 3 points
 * </pre>
 * The events ask the state's {@link ExplicitChance} when it has one and the random stream
 * otherwise, with the sampled mode's draws unchanged.
 *
 * <p><b>The grain</b> ([decision]):
 * <ul>
 *   <li>A deck is a pile whose unseen top is an unordered multiset: its shuffle at setup is no
 *   chance node, and each card taken from it is one, whose outcomes are the kinds of card in its
 *   unseen top weighted by how many of each it holds. Copies of a meal, an encounter or a hot spring
 *   of one value are one outcome (no rule reads which copy); each souvenir is a card of its own
 *   (the 24 are distinct cards, with their own names), so its outcome is the card. The drawn
 *   kind's first card in the pile is moved to the top, and the sampled draw takes it from there.
 *   There is no reshuffle in Tokaido: cards put under a deck were seen by all ({@code bottom}).</li>
 *   <li>The pile's order is laid out, as a non-random part of the empty table, as the sampled deal
 *   of the same seed lays it ({@link #emptyTable}): so which copy of a kind is drawn,
 *   which no rule reads, follows the sampled layout, and a record of the sampled mode replays to the
 *   very same states (cards named {@code dango.2} included).</li>
 *   <li>Every draw is a node, even where only one kind can come (the unseen top holds one kind, or
 *   it is empty and the top card is one everyone has seen under the deck): its one outcome has
 *   probability 1. So each {@code draw} of a sampled record is exactly one outcome, without
 *   knowing the state it was drawn in. The fifth seat's pair (the last two tiles) is a node of one
 *   outcome for the same reason.</li>
 *   <li>The tiles are dealt one seat's pair at a time; the starting line one place at a time, its
 *   last place following.</li>
 * </ul>
 */
final class TokaidoChance {
    private TokaidoChance() {
    }

    static final int PAIRS = Traveller.COUNT * (Traveller.COUNT - 1) / 2;
    static final int DEAL = 0;
    static final int START = DEAL + PAIRS;
    static final int DRAW = START + TokaidoState.MAX_PLAYERS;
    /** The first outcome id of each deck's kinds, and how many kinds it has. */
    private static final int[] FIRST = new int[TokaidoState.DECKS];
    private static final int[] KINDS = {Decks.MEAL_KINDS, Decks.SOUVENIRS, Decks.ENCOUNTER_KINDS, 2};
    static final int COUNT;
    /** Pair outcome index by tiles (lower first), and the tiles of each pair. */
    private static final int[][] PAIR = new int[Traveller.COUNT][Traveller.COUNT];
    private static final int[] PAIR_LOW = new int[PAIRS];
    private static final int[] PAIR_HIGH = new int[PAIRS];

    static {
        int id = DRAW;
        for (int d = 0; d < TokaidoState.DECKS; d++) {
            FIRST[d] = id;
            id += KINDS[d];
        }
        COUNT = id;
        int k = 0;
        for (int a = 0; a < Traveller.COUNT; a++) {
            for (int b = a + 1; b < Traveller.COUNT; b++) {
                PAIR[a][b] = k;
                PAIR[b][a] = k;
                PAIR_LOW[k] = a;
                PAIR_HIGH[k] = b;
                k++;
            }
        }
    }

    static final List<ActionEntry> TABLE = table();

    private static List<ActionEntry> table() {
        List<ActionEntry> t = new ArrayList<>();
        for (int k = 0; k < PAIRS; k++) {
            String a = Traveller.of(PAIR_LOW[k]).key();
            String b = Traveller.of(PAIR_HIGH[k]).key();
            t.add(new ActionEntry(t.size(), "deal:" + a + "+" + b, "the next seat is dealt the traveller tiles " + a
                    + " and " + b));
        }
        for (int p = 0; p < TokaidoState.MAX_PLAYERS; p++) {
            t.add(new ActionEntry(t.size(), "start:" + p, "seat " + p + " is the next on the starting line at Kyoto"
                    + " (the first leaves first)"));
        }
        for (Deck d : Deck.values()) {
            for (int k = 0; k < KINDS[d.ordinal()]; k++) {
                t.add(new ActionEntry(t.size(), "draw:" + d.key() + ":" + kindName(d, k), "the card drawn from the "
                        + d.key() + " deck is " + kindMeaning(d, k)));
            }
        }
        return List.copyOf(t);
    }

    /** A kind's name as the cards' names start ({@code dango} of {@code dango.2}, {@code spring3} of {@code spring3.1}). */
    private static String kindName(Deck d, int kind) {
        switch (d) {
            case MEAL:
                return Decks.MEAL_NAMES[kind];
            case SOUVENIR:
                return Decks.SOUVENIR_NAMES[kind];
            case ENCOUNTER:
                return Decks.ENCOUNTER_NAMES[kind];
            default:
                return kind == 0 ? "spring2" : "spring3";
        }
    }

    private static String kindMeaning(Deck d, int kind) {
        switch (d) {
            case MEAL:
                return "a " + Decks.MEAL_NAMES[kind] + " (one of " + Decks.mealKindCopies(kind) + ")";
            case SOUVENIR:
                return "the souvenir " + Decks.SOUVENIR_NAMES[kind];
            case ENCOUNTER:
                return "a " + Decks.ENCOUNTER_NAMES[kind] + " (one of " + Decks.encounterKindCopies(kind) + ")";
            default:
                return "a hot spring worth " + (kind + 2) + " points (one of 6)";
        }
    }

    /** The kind of card {@code card} of deck {@code d} (its outcome is {@code FIRST[d] + kind}). */
    static int kind(int d, int card) {
        switch (Deck.values()[d]) {
            case MEAL:
                return Decks.mealKind(card);
            case SOUVENIR:
                return card;
            case ENCOUNTER:
                return Decks.encounterKind(card);
            default:
                return Decks.hotSpringPoints(card) - 2;
        }
    }

    /** The outcome of drawing card {@code card} of deck {@code d}. */
    static int drawOutcome(int d, int card) {
        return FIRST[d] + kind(d, card);
    }

    /** Whether {@code outcome} is the draw of a meal. */
    static boolean isMealDraw(int outcome) {
        return outcome >= FIRST[TokaidoState.MEAL] && outcome < FIRST[TokaidoState.MEAL] + KINDS[TokaidoState.MEAL];
    }

    /**
     * The outcome ids of a sampled chance step, in the order the explicit mode meets them: a
     * {@code deal} gives the seat's pair, a {@code start-line} its places but the last, a
     * {@code draw} the drawn card's kind; a {@code shuffle} (the layout) and a {@code bottom} (no
     * randomness) give none.
     */
    static int[] outcomesOf(String event, Map<String, Object> data) {
        switch (event) {
            case "deal": {
                List<?> tiles = (List<?>) data.get("tiles");
                int a = tile(tiles.get(0));
                int b = tile(tiles.get(1));
                if (a == b) {
                    throw new IllegalArgumentException("a deal of one tile twice: " + tiles);
                }
                return new int[]{DEAL + PAIR[a][b]};
            }
            case "start-line": {
                List<?> order = (List<?>) data.get("order");
                int[] out = new int[order.size() - 1];
                for (int i = 0; i < out.length; i++) {
                    int p = ((Number) order.get(i)).intValue();
                    if (p < 0 || p >= TokaidoState.MAX_PLAYERS) {
                        throw new IllegalArgumentException("a starting line's seat " + p + " is no seat");
                    }
                    out[i] = START + p;
                }
                return out;
            }
            case "draw": {
                String key = String.valueOf(data.get("deck"));
                for (Deck d : Deck.values()) {
                    if (d.key().equals(key)) {
                        int card = d.parse(String.valueOf(data.get("card")));
                        if (card < 0) {
                            throw new IllegalArgumentException("no " + key + " card " + data.get("card"));
                        }
                        return new int[]{drawOutcome(d.ordinal(), card)};
                    }
                }
                throw new IllegalArgumentException("no deck " + key);
            }
            case "shuffle":
            case "bottom":
                return new int[0];
            default:
                throw new IllegalArgumentException("Tokaido reports no chance event " + event);
        }
    }

    private static int tile(Object key) {
        int t = Traveller.parse(String.valueOf(key));
        if (t < 0) {
            throw new IllegalArgumentException("no traveller tile " + key);
        }
        return t;
    }

    // ------------------------------------------------------------------ the explicit mode's state

    /** The explicit mode's bookkeeping for a state of this game. */
    static ExplicitChance<TokaidoState> newExplicitChance() {
        return new ExplicitChance<>((st, step, log) -> {
            if (step == ExplicitChance.DEAL) {
                TokaidoRules.dealExplicit(st, log);
            } else {
                TokaidoRules.apply(st, step, log);
            }
        }, TokaidoChance::assign);
    }

    /**
     * The table before the deal in the explicit mode, the state its first chance node starts from:
     * no tile dealt (seat p holds the placeholder tiles 2p and 2p + 1 until the pairs are drawn), and
     * the four decks laid out whole. [decision] Their order is laid as the sampled deal from seed
     * {@code rngState} lays it (a stream of its own from that seed, past the tile shuffle): it is no
     * chance node, as the draws choose the kind of card, and it only says which copy of a kind a
     * draw shows, so a record of the sampled mode replays to the same cards. The state's own random
     * stream stays at {@code rngState}: the explicit mode never draws from it.
     */
    static TokaidoState emptyTable(int players, boolean powers, long rngState) {
        TokaidoState s = new TokaidoState(players, powers);
        s.rng.setState(rngState);
        RandomStream layout = s.rng.copy();
        layout.shuffle(TokaidoRules.identity(Traveller.COUNT), 0, Traveller.COUNT);
        for (Deck d : Deck.values()) {
            TokaidoRules.layDeck(s, d, layout);
        }
        layUndealt(s);
        s.current = 0;
        s.explicit = newExplicitChance();
        return s;
    }

    /** Sets every field of {@code s} but the explicit-chance bookkeeping to {@code o}'s (same game and config). */
    static void assign(TokaidoState s, TokaidoState o) {
        int n = s.n;
        s.phase = o.phase;
        s.current = o.current;
        s.decisions = o.decisions;
        s.truncated = o.truncated;
        s.rng.setState(o.rng.state());
        System.arraycopy(o.dealt, 0, s.dealt, 0, s.dealt.length);
        System.arraycopy(o.traveller, 0, s.traveller, 0, n);
        System.arraycopy(o.position, 0, s.position, 0, n);
        System.arraycopy(o.arrival, 0, s.arrival, 0, n);
        s.arrivals = o.arrivals;
        System.arraycopy(o.coins, 0, s.coins, 0, n);
        System.arraycopy(o.points, 0, s.points, 0, n);
        System.arraycopy(o.donated, 0, s.donated, 0, n);
        System.arraycopy(o.mealSpent, 0, s.mealSpent, 0, n);
        System.arraycopy(o.mealsEaten, 0, s.mealsEaten, 0, n);
        System.arraycopy(o.souvenirCount, 0, s.souvenirCount, 0, n);
        System.arraycopy(o.hotSprings, 0, s.hotSprings, 0, n);
        System.arraycopy(o.encounters, 0, s.encounters, 0, n);
        System.arraycopy(o.achievements, 0, s.achievements, 0, n);
        System.arraycopy(o.panoramas, 0, s.panoramas, 0, s.panoramas.length);
        System.arraycopy(o.sets, 0, s.sets, 0, s.sets.length);
        System.arraycopy(o.setCount, 0, s.setCount, 0, n);
        for (int d = 0; d < TokaidoState.DECKS; d++) {
            System.arraycopy(o.deck[d], 0, s.deck[d], 0, s.deck[d].length);
            System.arraycopy(o.loc[d], 0, s.loc[d], 0, s.loc[d].length);
        }
        System.arraycopy(o.deckSize, 0, s.deckSize, 0, TokaidoState.DECKS);
        System.arraycopy(o.known, 0, s.known, 0, TokaidoState.DECKS);
        s.village.assign(o.village);
        s.inn.assign(o.inn);
        System.arraycopy(o.drawnEncounters, 0, s.drawnEncounters, 0, 2);
    }

    /** {@link TokaidoState#sampledCopy}: a copy without the explicit bookkeeping, its unseen piles reseeded. */
    static TokaidoState sampledCopy(TokaidoState s, long seed) {
        if (s.isChanceNode()) {
            throw new IllegalStateException("a chance node has no sampled form: apply one of its outcomes first");
        }
        TokaidoState c = s.copy();
        if (c.explicit != null) {
            c.explicit = null;
            c.reseed(seed);
        }
        return c;
    }

    // ------------------------------------------------------------------ the events

    /**
     * Setup: the traveller tiles, seat p's at {@code 2p} and {@code 2p + 1}. Sampled: the ten
     * shuffled. Explicit: one pair per seat from the tiles not yet dealt, uniform. [decision] The
     * pairs are handed out once all are drawn: until then every seat holds its placeholder
     * ({@link #layUndealt}), so the table at the deal's chance nodes is whole and shows no seat
     * anything of the deal under way.
     */
    static int[] travellerTiles(TokaidoState s) {
        ExplicitChance<TokaidoState> e = s.explicit;
        int[] tiles = TokaidoRules.identity(Traveller.COUNT);
        if (e == null) {
            s.rng.shuffle(tiles, 0, tiles.length);
            return tiles;
        }
        int[] ids = new int[PAIRS];
        int[] weights = new int[PAIRS];
        int dealt = 0;
        for (int p = 0; p < s.n; p++) {
            for (int k = 0; k < PAIRS; k++) {
                ids[k] = DEAL + k;
                weights[k] = (dealt & (1 << PAIR_LOW[k] | 1 << PAIR_HIGH[k])) == 0 ? 1 : 0;
            }
            int k = e.choose(ids, weights, PAIRS);
            tiles[2 * p] = PAIR_LOW[k];
            tiles[2 * p + 1] = PAIR_HIGH[k];
            dealt |= 1 << PAIR_LOW[k] | 1 << PAIR_HIGH[k];
        }
        return tiles;
    }

    /** Before the explicit deal: seat p holds the placeholder tiles {@code 2p} and {@code 2p + 1}. */
    static void layUndealt(TokaidoState s) {
        for (int p = 0; p < s.n; p++) {
            s.dealPair(p, 2 * p, 2 * p + 1);
        }
    }

    /**
     * The starting line at Kyoto, first to leave first. Sampled: the seats shuffled. Explicit: each
     * place but the last from the seats not yet placed, uniform.
     */
    static int[] startLine(TokaidoState s) {
        ExplicitChance<TokaidoState> e = s.explicit;
        int[] line = TokaidoRules.identity(s.n);
        if (e == null) {
            s.rng.shuffle(line, 0, s.n);
            return line;
        }
        int[] ids = new int[s.n];
        int[] weights = new int[s.n];
        int placed = 0;
        for (int i = 0; i < s.n - 1; i++) {
            for (int p = 0; p < s.n; p++) {
                ids[p] = START + p;
                weights[p] = (placed & (1 << p)) == 0 ? 1 : 0;
            }
            int p = e.choose(ids, weights, s.n);
            line[i] = p;
            placed |= 1 << p;
        }
        for (int p = 0; p < s.n; p++) {
            if ((placed & (1 << p)) == 0) {
                line[s.n - 1] = p;
            }
        }
        return line;
    }

    /**
     * Before a card is taken from the top of deck {@code d} (not empty): nothing in the sampled mode.
     * Explicit: the kind drawn, from the unseen top's kinds weighted by count (or the top card's kind,
     * probability 1, when the unseen top is empty); that kind's first card in the pile moves to the
     * top.
     */
    static void turnOver(TokaidoState s, int d) {
        ExplicitChance<TokaidoState> e = s.explicit;
        if (e == null) {
            return;
        }
        int[] cards = s.deck[d];
        int unseen = s.deckSize[d] - s.known[d];
        int kinds = KINDS[d];
        int[] ids = new int[kinds];
        int[] weights = new int[kinds];
        for (int k = 0; k < kinds; k++) {
            ids[k] = FIRST[d] + k;
        }
        if (unseen == 0) {
            weights[kind(d, cards[0])] = 1;
            e.choose(ids, weights, kinds);
            return;
        }
        for (int i = 0; i < unseen; i++) {
            weights[kind(d, cards[i])]++;
        }
        int k = e.choose(ids, weights, kinds);
        int i = 0;
        while (kind(d, cards[i]) != k) {
            i++;
        }
        int card = cards[i];
        System.arraycopy(cards, 0, cards, 1, i);
        cards[0] = card;
    }
}
