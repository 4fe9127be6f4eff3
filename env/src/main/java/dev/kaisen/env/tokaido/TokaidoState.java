package dev.kaisen.env.tokaido;

import dev.kaisen.env.ChanceLog;
import dev.kaisen.env.ChanceMode;
import dev.kaisen.env.ExplicitChance;
import dev.kaisen.env.GameState;
import dev.kaisen.env.IllegalActionException;
import dev.kaisen.env.LegalActions;
import dev.kaisen.env.RandomStream;
import dev.kaisen.env.tokaido.Decks.Deck;

import java.util.Arrays;

/**
 * A Tokaido state ({@code docs/rules/tokaido.md}): the phase, every seat's counters and
 * collection, every card of the four decks in exactly one place ({@link #location}), the
 * scratch data of the phase under way ({@link VillageVisit}, {@link InnVisit}, Yoshiyasu's
 * draw), and the random stream ({@link #rng}) inside the state, so copies, equality and JSON
 * cover it; the queries the encoder and the bots read. The rules live in {@link TokaidoRules}
 * (setup, moving, temples, panoramas, the end), {@link VillageRules}, {@link EncounterRules}
 * and {@link InnRules}: one small legal/apply pair per phase.
 *
 * <p><b>Chance.</b> Every shuffle is Fisher-Yates from the last index down: for {@code i = size-1
 * .. 1}, {@code j = below(next(), i + 1)}, swap {@code i} and {@code j}, where {@code next()}
 * advances the SplitMix64 state and mixes it. Setup, in this order: the 10 traveller tiles are
 * shuffled and seat p is dealt tiles {@code 2p} and {@code 2p+1}, stored lower id first (event
 * {@code deal}); then the meal, souvenir, encounter and hot-spring decks are shuffled from card-id order (event
 * {@code shuffle}, deck and order top first); after the last tile is kept, the seats are
 * shuffled into the starting line at Kyoto (event {@code start-line}, first to leave first).
 * During play every card taken from a deck is reported as {@code draw} (deck, card, where it
 * went, player) and every card put under a deck as {@code bottom}. In the explicit-chance mode
 * ({@link ChanceMode#EXPLICIT}) each tile pair, place on the starting line and card drawn is a
 * chance node of its own ({@link TokaidoChance}).
 *
 * <p><b>Hidden information</b> (rules, "Hidden information", and the seed's "Preparar" and "Posadas"):
 * <ul>
 *   <li>the order of the unseen top of each deck. Cards returned under a deck were seen by everyone
 *       (village leftovers, the inn's leftovers once everyone has arrived, Satsuki's and Yoshiyasu's
 *       returned cards), so each deck is an unknown prefix above a known bottom of {@link #known}
 *       cards, in known order;</li>
 *   <li>the two traveller tiles dealt to a seat ("cada jugador toma 2 fichas de Viajero al azar"): seen
 *       by that seat only. The one it keeps is public ("la coloca boca arriba"), the other goes to the
 *       box unseen ("Coloque todas las fichas no elegidas ... en la caja"). The pair is stored in tile
 *       id order and the actions say "keep the first / the second", so no action names a hidden tile;</li>
 *   <li>the meals on offer at an inn: seen by the travellers who have arrived there, not by those
 *       still on the road ({@link #seesOffer}); how many there are is public. A meal
 *       drawn into the offer from the deck's known bottom (only when the deck runs that low) stays
 *       known to all ({@link #offerKnown}): the offer's last meals.</li>
 * </ul>
 * {@link #determinize} resamples each of these from what the observer has not seen.
 *
 * <p>[decision] The supply of coins is unlimited (rules, "Players, pieces"): farms, Kuge,
 * Umegae, Miko and Hirotada always find their coin.
 */public final class TokaidoState implements GameState<TokaidoState> {
    /**
     * [decision] Safety cap on decisions, well above any real game: a traveller stops at most 54
     * times, and each stop asks at most 4 more decisions (3 souvenirs and a pass; or Hiroshige's
     * panorama, Satsuki's meal and the meal), so 5 x 54 x 5 + 5 setup decisions is under 1,400.
     */
    public static final int DECISION_CAP = 2000;
    public static final int MIN_PLAYERS = 2;
    public static final int MAX_PLAYERS = 5;
    /** Sets of souvenirs a player can hold: at most one per souvenir. */
    static final int MAX_SETS = Decks.SOUVENIRS;
    /** Achievement bits: the first completion of each panorama (0-2), then the four end achievements. */
    public static final int FIRST_PADDY = 0;
    public static final int GOURMET = 3;
    public static final int COLLECTOR = 4;
    public static final int BATHER = 5;
    public static final int CHATTERBOX = 6;
    public static final int ACHIEVEMENTS = 7;
    public static final String[] ACHIEVEMENT_NAMES = {"first-paddy", "first-mountain", "first-sea", "gourmet",
        "collector", "bather", "chatterbox"};
    public static final int ACHIEVEMENT_POINTS = 3;
    /** Temple ranking at the end (rules, "End"): 1st, 2nd, 3rd, and every other donor. */
    static final int[] TEMPLE_RANK_POINTS = {10, 7, 4, 2};

    /** Card places ({@link #location}): in its deck, on the table (offer, revealed, drawn and pending), or seat p's at {@code SEAT + p}. */
    static final byte IN_DECK = 0;
    static final byte ON_TABLE = 1;
    static final byte SEAT = 2;

    static final int MEAL = Deck.MEAL.ordinal();
    static final int SOUVENIR = Deck.SOUVENIR.ordinal();
    static final int ENCOUNTER = Deck.ENCOUNTER.ordinal();
    static final int HOT_SPRING = Deck.HOT_SPRING.ordinal();
    static final int DECKS = Deck.values().length;

    final int n;
    /** The {@code travellers} option: the ten powers act (rules, "Travellers"; [decision] on by default). */
    final boolean powers;
    Phase phase;
    int current;
    int decisions;
    boolean truncated;
    final RandomStream rng;

    /** The two tiles dealt to each seat, lower id first, seen by that seat only ({@link #dealt(int, int)}). */
    final int[] dealt;
    /** The tile kept by each seat (-1 before). */
    final int[] traveller;
    final int[] position;
    /** Arrival number at the current position: higher arrived later (behind at an inn or on a second spot). */
    final int[] arrival;
    int arrivals;
    final int[] coins;
    final int[] points;
    final int[] donated;
    final int[] mealSpent;
    /** Meal kinds eaten, one bit per kind. */
    final int[] mealsEaten;
    final int[] souvenirCount;
    final int[] hotSprings;
    final int[] encounters;
    /** Achievement cards held, one bit each (see {@link #ACHIEVEMENT_NAMES}). */
    final int[] achievements;
    /** Panorama cards held per seat and type ({@link #panorama}): the next card of a type is this count + 1. */
    final int[] panoramas;
    /** Souvenir sets per seat ({@link #souvenirSet}): a bit mask of souvenir types each. */
    final int[] sets;
    final int[] setCount;

    /** The decks, top first, {@code deckSize} cards each, the bottom {@code known} of them seen by all. */
    final int[][] deck;
    final int[] deckSize;
    final int[] known;
    /** Where each card of each deck lies ({@link #location}). */
    final byte[][] loc;

    /** The village visit under way. */
    final VillageVisit village;
    /** The inn visit under way. */
    final InnVisit inn;
    /** Yoshiyasu's two drawn encounters (-1 when none). */
    final int[] drawnEncounters = {-1, -1};
    /** The explicit-chance mode's bookkeeping, or null in the sampled mode ({@link TokaidoChance}). */
    ExplicitChance<TokaidoState> explicit;

    TokaidoState(int players, boolean powers) {
        if (players < MIN_PLAYERS || players > MAX_PLAYERS) {
            throw new IllegalArgumentException("Tokaido is for 2 to 5 players, not " + players);
        }
        this.n = players;
        this.powers = powers;
        this.phase = Phase.CHOOSE_TRAVELLER;
        rng = new RandomStream(0);
        dealt = new int[2 * n];
        traveller = new int[n];
        Arrays.fill(traveller, -1);
        position = new int[n];
        arrival = new int[n];
        coins = new int[n];
        points = new int[n];
        donated = new int[n];
        mealSpent = new int[n];
        mealsEaten = new int[n];
        souvenirCount = new int[n];
        hotSprings = new int[n];
        encounters = new int[n];
        achievements = new int[n];
        panoramas = new int[n * Decks.PANORAMA_TYPES];
        sets = new int[n * MAX_SETS];
        setCount = new int[n];
        deck = new int[DECKS][];
        loc = new byte[DECKS][];
        deckSize = new int[DECKS];
        known = new int[DECKS];
        for (Deck d : Deck.values()) {
            deck[d.ordinal()] = new int[d.size];
            loc[d.ordinal()] = new byte[d.size];
        }
        village = new VillageVisit();
        inn = new InnVisit();
    }

    private TokaidoState(TokaidoState o) {
        n = o.n;
        powers = o.powers;
        phase = o.phase;
        current = o.current;
        decisions = o.decisions;
        truncated = o.truncated;
        rng = o.rng.copy();
        dealt = o.dealt.clone();
        traveller = o.traveller.clone();
        position = o.position.clone();
        arrival = o.arrival.clone();
        arrivals = o.arrivals;
        coins = o.coins.clone();
        points = o.points.clone();
        donated = o.donated.clone();
        mealSpent = o.mealSpent.clone();
        mealsEaten = o.mealsEaten.clone();
        souvenirCount = o.souvenirCount.clone();
        hotSprings = o.hotSprings.clone();
        encounters = o.encounters.clone();
        achievements = o.achievements.clone();
        panoramas = o.panoramas.clone();
        sets = o.sets.clone();
        setCount = o.setCount.clone();
        deck = new int[DECKS][];
        loc = new byte[DECKS][];
        for (int d = 0; d < DECKS; d++) {
            deck[d] = o.deck[d].clone();
            loc[d] = o.loc[d].clone();
        }
        deckSize = o.deckSize.clone();
        known = o.known.clone();
        village = o.village.copy();
        inn = o.inn.copy();
        System.arraycopy(o.drawnEncounters, 0, drawnEncounters, 0, 2);
        explicit = o.explicit == null ? null : o.explicit.copy();
    }

    /** A new game after the setup's chance steps (see {@link TokaidoRules#newGame}). */
    static TokaidoState newGame(int players, boolean powers, long seed, ChanceLog chance) {
        return TokaidoRules.newGame(players, powers, seed, chance);
    }

    /**
     * As {@link #newGame(int, boolean, long, ChanceLog)} in chance mode {@code mode}; in the explicit
     * mode the state is the deal's first chance node (seat 0's tiles).
     */
    static TokaidoState newGame(int players, boolean powers, long seed, ChanceMode mode) {
        if (mode == ChanceMode.SAMPLED) {
            return newGame(players, powers, seed, ChanceLog.NONE);
        }
        TokaidoState s = TokaidoChance.emptyTable(players, powers, seed);
        s.explicit.decide(s, ExplicitChance.DEAL, ChanceLog.NONE);
        return s;
    }

    // ------------------------------------------------------------------ flat arrays

    /** The tile dealt to {@code p} at {@code i} (0: the lower id, 1: the higher). */
    public int dealt(int p, int i) {
        return dealt[2 * p + i];
    }

    void setDealt(int p, int i, int tile) {
        dealt[2 * p + i] = tile;
    }

    /** Deals {@code p} the tiles {@code a} and {@code b}, stored lower id first. */
    void dealPair(int p, int a, int b) {
        dealt[2 * p] = Math.min(a, b);
        dealt[2 * p + 1] = Math.max(a, b);
    }

    /** The panorama cards of {@code type} that {@code p} holds. */
    public int panorama(int p, int type) {
        return panoramas[p * Decks.PANORAMA_TYPES + type];
    }

    void setPanorama(int p, int type, int cards) {
        panoramas[p * Decks.PANORAMA_TYPES + type] = cards;
    }

    /** {@code p}'s souvenir set {@code i} (below {@code setCount[p]}): a bit mask of souvenir types. */
    int souvenirSet(int p, int i) {
        return sets[p * MAX_SETS + i];
    }

    void setSouvenirSet(int p, int i, int mask) {
        sets[p * MAX_SETS + i] = mask;
    }

    /** Where {@code card} of deck {@code d} lies: {@link #IN_DECK}, {@link #ON_TABLE} or {@code SEAT + p}. */
    byte location(int d, int card) {
        return loc[d][card];
    }

    void place(int d, int card, byte where) {
        loc[d][card] = where;
    }

    /** Whether {@code card} of deck {@code d} is in seat {@code p}'s collection. */
    boolean owns(int p, int d, int card) {
        return loc[d][card] == SEAT + p;
    }

    /** Puts {@code card} of deck {@code d} into seat {@code p}'s collection. */
    void giveTo(int p, int d, int card) {
        loc[d][card] = (byte) (SEAT + p);
    }

    /** Takes the top card of deck {@code d} onto the table; the known bottom shrinks if it was reached. */
    int takeTop(int d) {
        int[] cards = deck[d];
        int card = cards[0];
        int size = --deckSize[d];
        System.arraycopy(cards, 1, cards, 0, size);
        known[d] = Math.min(known[d], size);
        loc[d][card] = ON_TABLE;
        return card;
    }

    /** Puts {@code card} under deck {@code d}, where everyone has seen it. */
    void putUnder(int d, int card) {
        deck[d][deckSize[d]++] = card;
        known[d]++;
        loc[d][card] = IN_DECK;
    }

    // ------------------------------------------------------------------ queries

    @Override
    public int numPlayers() {
        return n;
    }

    public boolean powers() {
        return powers;
    }

    public Phase phase() {
        return phase;
    }

    @Override
    public int currentPlayer() {
        return phase == Phase.GAME_OVER || isChanceNode() ? CHANCE : current;
    }

    @Override
    public boolean isTerminal() {
        return phase == Phase.GAME_OVER;
    }

    @Override
    public boolean isTruncated() {
        return truncated;
    }

    /** Why the game ended: {@link EndReason#NONE} while it runs. */
    EndReason end() {
        return phase != Phase.GAME_OVER ? EndReason.NONE : truncated ? EndReason.CAP : EndReason.EDO;
    }

    @Override
    public String endReason() {
        return end().name();
    }

    @Override
    public int decisions() {
        return decisions;
    }

    public int position(int p) {
        return position[p];
    }

    int arrival(int p) {
        return arrival[p];
    }

    /** How many travellers at {@code p}'s position arrived before it (its place in an inn's queue, 1 on a second spot). */
    public int queueIndex(int p) {
        return TokaidoQueries.queueIndex(this, p);
    }

    public int coins(int p) {
        return coins[p];
    }

    public int points(int p) {
        return points[p];
    }

    public int donated(int p) {
        return donated[p];
    }

    public int mealSpent(int p) {
        return mealSpent[p];
    }

    public boolean hasEaten(int p, int kind) {
        return (mealsEaten[p] & (1 << kind)) != 0;
    }

    int souvenirCount(int p) {
        return souvenirCount[p];
    }

    /** Souvenirs of one type held by {@code p}. */
    public int souvenirsOfType(int p, int type) {
        int k = 0;
        for (int i = 0; i < setCount[p]; i++) {
            k += (souvenirSet(p, i) >> type) & 1;
        }
        return k;
    }

    /** How many of {@code p}'s souvenir sets hold exactly {@code size} souvenirs (1..4). */
    public int setsOfSize(int p, int size) {
        int k = 0;
        for (int i = 0; i < setCount[p]; i++) {
            k += Integer.bitCount(souvenirSet(p, i)) == size ? 1 : 0;
        }
        return k;
    }

    public int hotSprings(int p) {
        return hotSprings[p];
    }

    public int encounters(int p) {
        return encounters[p];
    }

    public boolean hasAchievement(int p, int achievement) {
        return (achievements[p] & (1 << achievement)) != 0;
    }

    boolean panoramaComplete(int p, int type) {
        return panorama(p, type) >= Decks.PANORAMA_LENGTH[type];
    }

    /** The traveller kept by {@code p}, or -1 during setup. */
    public int traveller(int p) {
        return traveller[p];
    }

    public int deckSize(Deck d) {
        return deckSize[d.ordinal()];
    }

    /** Cards at the bottom of a deck that everyone has seen (returned there). */
    public int knownBottom(Deck d) {
        return known[d.ordinal()];
    }

    /** The deck's card at {@code index} (0 = top). Scripted bots and encoders must not read the unknown prefix. */
    public int deckCard(Deck d, int index) {
        return deck[d.ordinal()][index];
    }

    /** Whether card {@code card} lies in its deck {@code d}. */
    boolean inDeck(Deck d, int card) {
        return location(d.ordinal(), card) == IN_DECK;
    }

    public int offerSize() {
        return inn.offerSize;
    }

    public int offer(int i) {
        return inn.offer[i];
    }

    /** How many meals at the end of the offer came from the meal deck's known bottom (seen by all). */
    public int offerKnown() {
        return inn.offerKnown;
    }

    /**
     * Whether {@code p} has seen the meals on offer at the inn: the first arrival draws them and
     * looks at them "sin mostrárselas a otros jugadores", and each later arrival sees the ones left
     * (the ones bought before are face up in collections). [decision] So the travellers at the
     * inn ({@link #offerInn}) know the offer, and those still on the road do not.
     */
    public boolean seesOffer(int p) {
        return position[p] == offerInn();
    }

    /** The inn whose meals are on offer while there are any: {@link TokaidoQueries#offerInn}. */
    public int offerInn() {
        return TokaidoQueries.offerInn(this);
    }

    public int revealed(int slot) {
        return village.revealed[slot];
    }

    public int drawnEncounter(int i) {
        return drawnEncounters[i];
    }

    public int satsukiMeal() {
        return inn.satsukiMeal;
    }

    public boolean zenUsed() {
        return village.zenUsed;
    }

    public int boughtCount() {
        return village.boughtCount;
    }

    public int boughtSum() {
        return village.boughtSum;
    }

    /** Whether seat p has the traveller {@code t} and powers are on. */
    boolean has(int p, Traveller t) {
        return powers && traveller[p] == t.ordinal();
    }

    /** The temple ranking's points for p: {@link TokaidoQueries#templePoints}. */
    int templePoints(int p) {
        return TokaidoQueries.templePoints(this, p);
    }

    @Override
    public int score(int player) {
        return points[player];
    }

    /** Rules, "End": ties go to the most achievement cards. */
    @Override
    public int tiebreak(int player) {
        return Integer.bitCount(achievements[player]);
    }

    // ------------------------------------------------------------------ contract

    @Override
    public int legalActions(int[] out) {
        if (isChanceNode()) {
            return explicit.outcomes(out);
        }
        return TokaidoRules.legalActions(this, out);
    }

    @Override
    public int[] legalActions() {
        if (isChanceNode()) {
            return explicit.outcomes();
        }
        return LegalActions.of(this, TokaidoAction.COUNT);
    }

    @Override
    public boolean isLegal(int action) {
        if (isChanceNode()) {
            return explicit.isOutcome(action);
        }
        return LegalActions.contains(this, TokaidoAction.COUNT, action);
    }

    @Override
    public void applyInPlace(int action, ChanceLog chance) {
        if (explicit != null && explicit.isChanceNode()) {
            explicit.resolve(this, action, chance);
            return;
        }
        if (!isLegal(action)) {
            throw illegal(action);
        }
        if (explicit != null) {
            explicit.decide(this, action, chance);
            return;
        }
        TokaidoRules.apply(this, action, chance);
    }

    @Override
    public ExplicitChance<TokaidoState> explicitChance() {
        return explicit;
    }

    @Override
    public IllegalActionException illegal(int action) {
        if (isChanceNode()) {
            return explicit.illegal(action);
        }
        return LegalActions.illegal(this, action, phase);
    }

    /**
     * In the sampled mode, the piles no seat has seen get an order drawn from {@code seed}
     * ({@link #reseed}): the explicit mode never reads their order.
     */
    @Override
    public TokaidoState sampledCopy(long seed) {
        return TokaidoChance.sampledCopy(this, seed);
    }

    @Override
    public TokaidoState copy() {
        return new TokaidoState(this);
    }

    @Override
    public String actionName(int action) {
        return TokaidoAction.name(action);
    }

    /**
     * The others read a seat's traveller choice by the traveller kept, e.g. {@code "keeps zen-emon"}:
     * {@code keep:first|second} index into the dealt pair, which only that seat has seen, so those
     * words together with the kept traveller would tell which tile was let go.
     * <b>[decision]</b> The kept traveller is public once kept (the rules: each player draws 2 and
     * "keeps 1", whose pawn, coins and power are in play for all to see; the information-state
     * encoding shows every seat's kept traveller), so naming it tells nothing more; the tile let go stays hidden. Every other action
     * names a public choice and reads in full.
     */
    @Override
    public String actionNameFor(int observer, int action) {
        GameState.checkObserver(this, observer);
        if (observer != currentPlayer() && phase == Phase.CHOOSE_TRAVELLER && !isChanceNode() && isLegal(action)) {
            return "keeps " + Traveller.of(dealt(current, action - TokaidoAction.KEEP)).key();
        }
        return actionName(action);
    }

    /** Resamples what {@code observer} has not seen (see {@link TokaidoDeterminizer}), at a chance node too. */
    @Override
    public TokaidoState determinize(int observer, long seed) {
        return TokaidoDeterminizer.determinize(this, observer, seed);
    }

    /** A future of its own: see {@link TokaidoDeterminizer#reseed}. */
    @Override
    public void reseed(long seed) {
        TokaidoDeterminizer.reseed(this, seed);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof TokaidoState s)) {
            return false;
        }
        if (n != s.n || powers != s.powers || phase != s.phase || current != s.current || decisions != s.decisions
                || truncated != s.truncated || !rng.equals(s.rng) || arrivals != s.arrivals
                || !village.equals(s.village) || !inn.equals(s.inn)) {
            return false;
        }
        for (int d = 0; d < DECKS; d++) {
            if (!Arrays.equals(deck[d], 0, deckSize[d], s.deck[d], 0, s.deckSize[d]) || !Arrays.equals(loc[d], s.loc[d])) {
                return false;
            }
        }
        return Arrays.equals(dealt, s.dealt) && Arrays.equals(traveller, s.traveller)
                && Arrays.equals(position, s.position) && Arrays.equals(arrival, s.arrival)
                && Arrays.equals(coins, s.coins) && Arrays.equals(points, s.points) && Arrays.equals(donated, s.donated)
                && Arrays.equals(mealSpent, s.mealSpent) && Arrays.equals(mealsEaten, s.mealsEaten)
                && Arrays.equals(souvenirCount, s.souvenirCount) && Arrays.equals(hotSprings, s.hotSprings)
                && Arrays.equals(encounters, s.encounters) && Arrays.equals(achievements, s.achievements)
                && Arrays.equals(panoramas, s.panoramas) && Arrays.equals(sets, s.sets)
                && Arrays.equals(setCount, s.setCount) && Arrays.equals(deckSize, s.deckSize)
                && Arrays.equals(known, s.known) && Arrays.equals(drawnEncounters, s.drawnEncounters)
                && java.util.Objects.equals(explicit, s.explicit);
    }

    @Override
    public int hashCode() {
        int h = rng.hashCode() * 31 + decisions;
        h = h * 31 + phase.ordinal();
        h = h * 31 + current;
        h = h * 31 + Arrays.hashCode(position);
        h = h * 31 + Arrays.hashCode(points);
        h = h * 31 + Arrays.hashCode(coins);
        for (int d = 0; d < DECKS; d++) {
            h = h * 31 + deckSize[d];
            for (int i = 0; i < deckSize[d]; i++) {
                h = h * 31 + deck[d][i];
            }
        }
        return h;
    }

    @Override
    public String toString() {
        return TokaidoText.render(this);
    }
}
