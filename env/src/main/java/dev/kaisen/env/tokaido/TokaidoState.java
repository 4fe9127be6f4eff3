package dev.kaisen.env.tokaido;

import dev.kaisen.env.ChanceLog;
import dev.kaisen.env.GameState;
import dev.kaisen.env.IllegalActionException;
import dev.kaisen.env.LegalActions;
import dev.kaisen.env.SplitMix64;
import dev.kaisen.env.tokaido.Decks.Deck;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The rules of Tokaido ({@code docs/rules/tokaido.md}) as one state: a phase, one small
 * legal/apply pair per phase, every card of the four decks in exactly one place
 * ({@link #loc}), and the random stream ({@link #rng}, SplitMix64) inside the state, so copies,
 * equality and JSON cover it.
 *
 * <p><b>Chance.</b> Every shuffle is Fisher-Yates from the last index down: for {@code i = size-1
 * .. 1}, {@code j = below(next(), i + 1)}, swap {@code i} and {@code j}, where {@code next()}
 * advances the SplitMix64 state and mixes it. Setup, in this order: the 10 traveller tiles are
 * shuffled and seat p is dealt tiles {@code 2p} and {@code 2p+1}, stored lower id first (event
 * {@code deal}); then the meal, souvenir, encounter and hot-spring decks are shuffled from card-id order (event
 * {@code shuffle}, deck and order top first); after the last tile is kept, the seats are
 * shuffled into the starting line at Kyoto (event {@code start-line}, first to leave first).
 * During play every card taken from a deck is reported as {@code draw} (deck, card, where it
 * went, player) and every card put under a deck as {@code bottom}.
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
 */
public final class TokaidoState implements GameState<TokaidoState> {
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

    /** Card places ({@link #loc}): in its deck, on the table (offer, revealed, drawn and pending), or seat p's at {@code SEAT + p}. */
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
    long rng;

    /** The two tiles dealt to each seat ({@code 2p} < {@code 2p+1}, seen by that seat only), and the one kept (-1 before). */
    final int[] dealt;
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
    /** Panorama cards held per seat and type: the next card of a type is this count + 1. */
    final int[] panoramas;
    /** Souvenir sets per seat: {@code sets[p * MAX_SETS + i]} is a bit mask of souvenir types. */
    final int[] sets;
    final int[] setCount;

    /** The decks, top first, {@code deckSize} cards each, the bottom {@code known} of them seen by all. */
    final int[][] deck;
    final int[] deckSize;
    final int[] known;
    final byte[][] loc;

    /** The meals drawn at the current inn (at most players + 1). */
    final int[] offer = new int[MAX_PLAYERS + 1];
    int offerSize;
    /** How many meals at the end of the offer were drawn from the meal deck's known bottom: seen by all. */
    int offerKnown;
    /** The village's revealed souvenirs by slot, -1 once bought (or not drawn). */
    final int[] revealed = {-1, -1, -1};
    /** This village's purchases so far (Sasayakko's price), and whether Zen-emon used his power here. */
    int boughtSum;
    int boughtMin;
    int boughtCount;
    boolean zenUsed;
    /** Yoshiyasu's two drawn encounters (-1 when none). */
    final int[] drawnEncounters = {-1, -1};
    /** The meal Satsuki drew (-1 when none). */
    int satsukiMeal = -1;
    /** Whether an inn power (Hiroshige, Chuubei) is resolving, the meal to follow. */
    boolean innPowerPending;

    TokaidoState(int players, boolean powers) {
        if (players < MIN_PLAYERS || players > MAX_PLAYERS) {
            throw new IllegalArgumentException("Tokaido is for 2 to 5 players, not " + players);
        }
        this.n = players;
        this.powers = powers;
        this.phase = Phase.CHOOSE_TRAVELLER;
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
    }

    private TokaidoState(TokaidoState o) {
        n = o.n;
        powers = o.powers;
        phase = o.phase;
        current = o.current;
        decisions = o.decisions;
        truncated = o.truncated;
        rng = o.rng;
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
        System.arraycopy(o.offer, 0, offer, 0, offer.length);
        offerSize = o.offerSize;
        offerKnown = o.offerKnown;
        System.arraycopy(o.revealed, 0, revealed, 0, 3);
        boughtSum = o.boughtSum;
        boughtMin = o.boughtMin;
        boughtCount = o.boughtCount;
        zenUsed = o.zenUsed;
        System.arraycopy(o.drawnEncounters, 0, drawnEncounters, 0, 2);
        satsukiMeal = o.satsukiMeal;
        innPowerPending = o.innPowerPending;
    }

    // ------------------------------------------------------------------ setup

    /**
     * Setup (rules, "Setup" and the [decision] on its order): tiles dealt two per seat, the four
     * decks shuffled, then seat 0 keeps a tile. Every traveller starts at Kyoto; the starting
     * line is drawn once every seat has kept its tile.
     */
    public static TokaidoState newGame(int players, boolean powers, long seed, ChanceLog chance) {
        TokaidoState s = new TokaidoState(players, powers);
        s.rng = seed;
        int[] tiles = new int[Traveller.COUNT];
        for (int t = 0; t < tiles.length; t++) {
            tiles[t] = t;
        }
        s.shuffle(tiles, tiles.length);
        for (int p = 0; p < players; p++) {
            s.dealt[2 * p] = Math.min(tiles[2 * p], tiles[2 * p + 1]);
            s.dealt[2 * p + 1] = Math.max(tiles[2 * p], tiles[2 * p + 1]);
            if (chance != ChanceLog.NONE) {
                Map<String, Object> data = new LinkedHashMap<>();
                data.put("player", p);
                data.put("tiles", List.of(Traveller.of(s.dealt[2 * p]).key(), Traveller.of(s.dealt[2 * p + 1]).key()));
                chance.chance("deal", data);
            }
        }
        for (Deck d : Deck.values()) {
            int[] cards = s.deck[d.ordinal()];
            for (int c = 0; c < d.size; c++) {
                cards[c] = c;
            }
            s.shuffle(cards, d.size);
            s.deckSize[d.ordinal()] = d.size;
            if (chance != ChanceLog.NONE) {
                List<String> order = new ArrayList<>();
                for (int c : cards) {
                    order.add(d.cardName(c));
                }
                Map<String, Object> data = new LinkedHashMap<>();
                data.put("deck", d.key());
                data.put("order", order);
                chance.chance("shuffle", data);
            }
        }
        s.current = 0;
        return s;
    }

    private long next() {
        rng = SplitMix64.advance(rng);
        return SplitMix64.mix(rng);
    }

    private void shuffle(int[] a, int size) {
        for (int i = size - 1; i > 0; i--) {
            int j = SplitMix64.below(next(), i + 1);
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
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
        return phase == Phase.GAME_OVER ? -1 : current;
    }

    @Override
    public boolean isTerminal() {
        return phase == Phase.GAME_OVER;
    }

    @Override
    public boolean isTruncated() {
        return truncated;
    }

    @Override
    public String endReason() {
        return phase != Phase.GAME_OVER ? "NONE" : truncated ? "CAP" : "EDO";
    }

    @Override
    public int decisions() {
        return decisions;
    }

    public int position(int p) {
        return position[p];
    }

    public int arrival(int p) {
        return arrival[p];
    }

    /** How many travellers at {@code p}'s position arrived before it (its place in an inn's queue, 1 on a second spot). */
    public int queueIndex(int p) {
        int k = 0;
        for (int q = 0; q < n; q++) {
            if (q != p && position[q] == position[p] && arrival[q] < arrival[p]) {
                k++;
            }
        }
        return k;
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

    public int souvenirCount(int p) {
        return souvenirCount[p];
    }

    /** Souvenirs of one type held by {@code p}. */
    public int souvenirsOfType(int p, int type) {
        int k = 0;
        for (int i = 0; i < setCount[p]; i++) {
            k += (sets[p * MAX_SETS + i] >> type) & 1;
        }
        return k;
    }

    /** How many of {@code p}'s souvenir sets hold exactly {@code size} souvenirs (1..4). */
    public int setsOfSize(int p, int size) {
        int k = 0;
        for (int i = 0; i < setCount[p]; i++) {
            k += Integer.bitCount(sets[p * MAX_SETS + i]) == size ? 1 : 0;
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

    public int panorama(int p, int type) {
        return panoramas[p * Decks.PANORAMA_TYPES + type];
    }

    public boolean panoramaComplete(int p, int type) {
        return panorama(p, type) >= Decks.PANORAMA_LENGTH[type];
    }

    /** The traveller kept by {@code p}, or -1 during setup. */
    public int traveller(int p) {
        return traveller[p];
    }

    public int dealt(int p, int i) {
        return dealt[2 * p + i];
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

    /** The deck that holds card {@code card}: whether it lies in its deck. */
    public boolean inDeck(Deck d, int card) {
        return loc[d.ordinal()][card] == IN_DECK;
    }

    public int offerSize() {
        return offerSize;
    }

    public int offer(int i) {
        return offer[i];
    }

    /** How many meals at the end of the offer came from the meal deck's known bottom (seen by all). */
    public int offerKnown() {
        return offerKnown;
    }

    /**
     * Whether {@code p} has seen the meals on offer at the inn: the first arrival draws them and
     * looks at them "sin mostrárselas a otros jugadores", and each later arrival sees the ones left
     * (the ones bought before are face up in collections). [decision] So the travellers at the
     * inn know the offer, and those still on the road do not. The inn of the offer is the furthest
     * position, as nobody leaves an inn before everyone has arrived.
     */
    public boolean seesOffer(int p) {
        int inn = 0;
        for (int q = 0; q < n; q++) {
            inn = Math.max(inn, position[q]);
        }
        return position[p] == inn;
    }

    public int revealed(int slot) {
        return revealed[slot];
    }

    public int drawnEncounter(int i) {
        return drawnEncounters[i];
    }

    public int satsukiMeal() {
        return satsukiMeal;
    }

    public boolean zenUsed() {
        return zenUsed;
    }

    public int boughtCount() {
        return boughtCount;
    }

    public int boughtSum() {
        return boughtSum;
    }

    /** Whether seat p has the traveller {@code t} and powers are on. */
    boolean has(int p, Traveller t) {
        return powers && traveller[p] == t.ordinal();
    }

    /** Occupants of a position. */
    int occupants(int pos) {
        int k = 0;
        for (int q = 0; q < n; q++) {
            k += position[q] == pos ? 1 : 0;
        }
        return k;
    }

    // ------------------------------------------------------------------ legal actions

    @Override
    public int legalActions(int[] out) {
        switch (phase) {
            case CHOOSE_TRAVELLER:
                return legalKeep(out);
            case MOVE:
                return legalMoves(out);
            case VILLAGE:
                return legalVillage(out);
            case TEMPLE:
                return legalTemple(out);
            case CHOOSE_PANORAMA:
                return legalPanorama(out);
            case CHOOSE_ENCOUNTER:
                return legalEncounter(out);
            case SATSUKI:
                out[0] = TokaidoAction.SATSUKI_EAT;
                out[1] = TokaidoAction.PASS;
                return 2;
            case MEAL:
                return legalMeal(out);
            default:
                return 0;
        }
    }

    @Override
    public int[] legalActions() {
        return LegalActions.of(this, TokaidoAction.COUNT);
    }

    @Override
    public boolean isLegal(int action) {
        return LegalActions.contains(this, TokaidoAction.COUNT, action);
    }

    private int legalKeep(int[] out) {
        out[0] = TokaidoAction.KEEP;
        out[1] = TokaidoAction.KEEP_SECOND;
        return 2;
    }

    /**
     * Rules, "Turn order" and "Spaces": forward to any free space before the next inn, or to the
     * next inn (every traveller stops at each inn). A double space's second spot is free only
     * with 4-5 players. A village or a temple needs at least 1 coin; a panorama the traveller
     * has completed can no longer be chosen.
     */
    private int legalMoves(int[] out) {
        int p = current;
        int from = position[p];
        int inn = Board.nextInn(from);
        int k = 0;
        for (int to = from + 1; to < inn; to++) {
            if (canStop(p, to)) {
                out[k++] = TokaidoAction.move(to);
            }
        }
        out[k++] = TokaidoAction.move(inn);
        return k;
    }

    boolean canStop(int p, int to) {
        int occupied = occupants(to);
        if (occupied > 0 && !(occupied == 1 && Board.isDouble(to) && n >= 4)) {
            return false;
        }
        Space kind = Board.kind(to);
        if ((kind == Space.VILLAGE || kind == Space.TEMPLE) && coins[p] < 1) {
            return false;
        }
        int type = kind.panorama();
        return type < 0 || !panoramaComplete(p, type);
    }

    private int legalVillage(int[] out) {
        int k = 0;
        for (int slot = 0; slot < 3; slot++) {
            if (revealed[slot] >= 0 && coins[current] >= souvenirCost(current, revealed[slot])) {
                out[k++] = TokaidoAction.SOUVENIR + slot;
            }
        }
        if (has(current, Traveller.ZEN_EMON) && !zenUsed && coins[current] >= 1) {
            for (int slot = 0; slot < 3; slot++) {
                if (revealed[slot] >= 0) {
                    out[k++] = TokaidoAction.SOUVENIR_ZEN + slot;
                }
            }
        }
        out[k++] = TokaidoAction.PASS;
        return k;
    }

    /**
     * The price of a souvenir in this village: its printed price, except for Sasayakko
     * ([decision] bought one at a time, each purchase costs the increase of the village's total
     * minus its cheapest souvenir, so with 2+ bought the cheapest is free).
     */
    int souvenirCost(int p, int card) {
        int price = Decks.souvenirPrice(card);
        if (!has(p, Traveller.SASAYAKKO) || boughtCount == 0) {
            return price;
        }
        int before = boughtCount >= 2 ? boughtSum - boughtMin : boughtSum;
        int after = boughtSum + price - Math.min(boughtMin, price);
        return after - before;
    }

    /** Temple: 1-3 coins of one's own; Hirotada may add 1 from the supply ([decision] optional, counts for the ranking). */
    private int legalTemple(int[] out) {
        int k = 0;
        int most = Math.min(3, coins[current]);
        for (int c = 1; c <= most; c++) {
            out[k++] = TokaidoAction.DONATE + c - 1;
        }
        if (has(current, Traveller.HIROTADA)) {
            for (int c = 1; c <= most; c++) {
                out[k++] = TokaidoAction.DONATE_SUPPLY + c - 1;
            }
        }
        return k;
    }

    private int legalPanorama(int[] out) {
        int k = 0;
        for (int t = 0; t < Decks.PANORAMA_TYPES; t++) {
            if (!panoramaComplete(current, t)) {
                out[k++] = TokaidoAction.PANORAMA + t;
            }
        }
        return k;
    }

    private int legalEncounter(int[] out) {
        int a = Decks.encounterKind(drawnEncounters[0]);
        int b = Decks.encounterKind(drawnEncounters[1]);
        out[0] = TokaidoAction.ENCOUNTER + Math.min(a, b);
        if (a == b) {
            return 1;
        }
        out[1] = TokaidoAction.ENCOUNTER + Math.max(a, b);
        return 2;
    }

    /** Rules, "Inn": one offered meal the traveller can afford and has not eaten before, or none. */
    private int legalMeal(int[] out) {
        int k = 0;
        int seen = 0;
        for (int i = 0; i < offerSize; i++) {
            seen |= 1 << Decks.mealKind(offer[i]);
        }
        for (int kind = 0; kind < Decks.MEAL_KINDS; kind++) {
            if ((seen & (1 << kind)) != 0 && !hasEaten(current, kind) && coins[current] >= mealCost(current, kind)) {
                out[k++] = TokaidoAction.MEAL + kind;
            }
        }
        out[k++] = TokaidoAction.PASS;
        return k;
    }

    /** A meal's price for p: printed, or for Kinko 1 less ([decision] never below 0). */
    int mealCost(int p, int kind) {
        int cost = Decks.mealKindCost(kind);
        return has(p, Traveller.KINKO) ? Math.max(0, cost - 1) : cost;
    }

    // ------------------------------------------------------------------ apply

    @Override
    public void applyInPlace(int action, ChanceLog chance) {
        if (!isLegal(action)) {
            throw illegal(action);
        }
        decisions++;
        switch (phase) {
            case CHOOSE_TRAVELLER:
                applyKeep(dealt[2 * current + action - TokaidoAction.KEEP], chance);
                break;
            case MOVE:
                applyMove(action - TokaidoAction.MOVE + 1, chance);
                break;
            case VILLAGE:
                applyVillage(action, chance);
                break;
            case TEMPLE:
                applyTemple(action);
                break;
            case CHOOSE_PANORAMA:
                takePanorama(current, action - TokaidoAction.PANORAMA);
                afterBenefit(chance);
                break;
            case CHOOSE_ENCOUNTER:
                applyKeepEncounter(action - TokaidoAction.ENCOUNTER, chance);
                break;
            case SATSUKI:
                applySatsuki(action, chance);
                break;
            case MEAL:
                applyMeal(action, chance);
                break;
            default:
                throw illegal(action);
        }
        // [decision] A game cut by the safety cap is scored as it stands, without the end awards.
        if (phase != Phase.GAME_OVER && decisions >= DECISION_CAP) {
            truncated = true;
            phase = Phase.GAME_OVER;
        }
    }

    /**
     * Setup: the seat keeps a tile and takes its starting coins ([decision] with powers off too);
     * after the last seat, the starting line at Kyoto is drawn: its first traveller leaves first,
     * as the last arrival at an inn does.
     */
    private void applyKeep(int tile, ChanceLog chance) {
        traveller[current] = tile;
        coins[current] = Traveller.of(tile).coins;
        if (current + 1 < n) {
            current++;
            return;
        }
        int[] line = new int[n];
        for (int p = 0; p < n; p++) {
            line[p] = p;
        }
        shuffle(line, n);
        for (int i = 0; i < n; i++) {
            arrival[line[i]] = n - i;
        }
        arrivals = n;
        if (chance != ChanceLog.NONE) {
            List<Integer> order = new ArrayList<>();
            for (int p : line) {
                order.add(p);
            }
            chance.chance("start-line", Map.of("order", order));
        }
        nextTurn();
    }

    /**
     * Rules, "Turn order": the traveller furthest behind moves; among travellers on one position
     * the later arrival is behind (the last in an inn's queue, or [decision] the one on a double
     * space's second spot). A traveller still rearmost after moving moves again.
     */
    void nextTurn() {
        int best = 0;
        for (int p = 1; p < n; p++) {
            if (position[p] < position[best] || (position[p] == position[best] && arrival[p] > arrival[best])) {
                best = p;
            }
        }
        current = best;
        phase = Phase.MOVE;
    }

    private void applyMove(int to, ChanceLog chance) {
        int p = current;
        position[p] = to;
        arrival[p] = ++arrivals;
        switch (Board.kind(to)) {
            case INN:
                arriveAtInn(p, chance);
                return;
            case VILLAGE:
                enterVillage(p, chance);
                return;
            case FARM:
                coins[p] += 3;
                break;
            case PADDY:
            case MOUNTAIN:
            case SEA:
                takePanorama(p, Board.kind(to).panorama());
                break;
            case HOT_SPRING:
                bathe(p, chance);
                break;
            case TEMPLE:
                phase = Phase.TEMPLE;
                return;
            case ENCOUNTER:
                if (encounter(p, chance)) {
                    return;
                }
                break;
            default:
                throw new IllegalStateException("no space kind at " + to);
        }
        afterBenefit(chance);
    }

    /** After a space's benefit: at an inn the meal follows the inn power; elsewhere the next turn. */
    private void afterBenefit(ChanceLog chance) {
        if (innPowerPending) {
            innPowerPending = false;
            serveMeals(current, chance);
        } else {
            nextTurn();
        }
    }

    // ------------------------------------------------------------------ decks

    private int drawTop(int d) {
        int[] cards = deck[d];
        int card = cards[0];
        int size = --deckSize[d];
        System.arraycopy(cards, 1, cards, 0, size);
        known[d] = Math.min(known[d], size);
        loc[d][card] = ON_TABLE;
        return card;
    }

    private void toBottom(int d, int card, ChanceLog chance) {
        deck[d][deckSize[d]++] = card;
        known[d]++;
        loc[d][card] = IN_DECK;
        if (chance != ChanceLog.NONE) {
            Map<String, Object> data = new LinkedHashMap<>();
            data.put("deck", Deck.values()[d].key());
            data.put("card", Deck.values()[d].cardName(card));
            chance.chance("bottom", data);
        }
    }

    private static void logDraw(ChanceLog chance, int d, int card, String to, int player) {
        if (chance != ChanceLog.NONE) {
            Map<String, Object> data = new LinkedHashMap<>();
            data.put("deck", Deck.values()[d].key());
            data.put("card", Deck.values()[d].cardName(card));
            data.put("to", to);
            data.put("player", player);
            chance.chance("draw", data);
        }
    }

    // ------------------------------------------------------------------ spaces

    /** Rules, "Hot spring": draw a card worth 2 or 3 points ([decision] an empty deck gives nothing). */
    private void bathe(int p, ChanceLog chance) {
        if (deckSize[HOT_SPRING] == 0) {
            return;
        }
        int card = drawTop(HOT_SPRING);
        logDraw(chance, HOT_SPRING, card, "player", p);
        loc[HOT_SPRING][card] = (byte) (SEAT + p);
        hotSprings[p]++;
        points[p] += Decks.hotSpringPoints(card);
    }

    /**
     * Rules, "Panorama": the next card of the type, scoring its value; the first traveller to
     * complete a panorama takes its achievement (3 points).
     */
    void takePanorama(int p, int type) {
        int v = ++panoramas[p * Decks.PANORAMA_TYPES + type];
        points[p] += v;
        if (v == Decks.PANORAMA_LENGTH[type]) {
            boolean first = true;
            for (int q = 0; q < n; q++) {
                first &= (achievements[q] & (1 << (FIRST_PADDY + type))) == 0;
            }
            if (first) {
                achievements[p] |= 1 << (FIRST_PADDY + type);
                points[p] += ACHIEVEMENT_POINTS;
            }
        }
    }

    /**
     * Rules, "Village": souvenirs are grouped in sets of distinct types; the 1st/2nd/3rd/4th
     * souvenir of a set scores 1/3/5/7. [decision] A new souvenir joins the set where it scores
     * most (the largest set lacking its type; among equals the oldest), else starts a new set.
     */
    void gainSouvenir(int p, int card) {
        loc[SOUVENIR][card] = (byte) (SEAT + p);
        souvenirCount[p]++;
        int bit = 1 << Decks.souvenirType(card);
        int best = -1;
        for (int i = 0; i < setCount[p]; i++) {
            int mask = sets[p * MAX_SETS + i];
            if ((mask & bit) == 0 && (best < 0 || Integer.bitCount(mask) > Integer.bitCount(sets[p * MAX_SETS + best]))) {
                best = i;
            }
        }
        if (best < 0) {
            best = setCount[p]++;
        }
        sets[p * MAX_SETS + best] |= bit;
        points[p] += Decks.setPoints(Integer.bitCount(sets[p * MAX_SETS + best]));
    }

    /** Rules, "Village": reveal 3 souvenirs ([decision] fewer when the deck is short; none ends the visit). */
    private void enterVillage(int p, ChanceLog chance) {
        boughtSum = 0;
        boughtMin = 0;
        boughtCount = 0;
        zenUsed = false;
        int drawn = 0;
        for (int slot = 0; slot < 3; slot++) {
            if (deckSize[SOUVENIR] > 0) {
                revealed[slot] = drawTop(SOUVENIR);
                logDraw(chance, SOUVENIR, revealed[slot], "village", p);
                drawn++;
            } else {
                revealed[slot] = -1;
            }
        }
        if (drawn == 0) {
            afterBenefit(chance);
        } else {
            phase = Phase.VILLAGE;
        }
    }

    /**
     * A purchase (one decision per souvenir) or the pass, which puts the rest under the deck in
     * slot order. [decision] The visit ends by itself once everything revealed is bought.
     */
    private void applyVillage(int action, ChanceLog chance) {
        int p = current;
        if (action == TokaidoAction.PASS) {
            leaveVillage(chance);
            return;
        }
        boolean zen = action >= TokaidoAction.SOUVENIR_ZEN;
        int slot = action - (zen ? TokaidoAction.SOUVENIR_ZEN : TokaidoAction.SOUVENIR);
        int card = revealed[slot];
        int cost = zen ? 1 : souvenirCost(p, card);
        zenUsed |= zen;
        coins[p] -= cost;
        int price = Decks.souvenirPrice(card);
        boughtMin = boughtCount == 0 ? price : Math.min(boughtMin, price);
        boughtSum += price;
        boughtCount++;
        revealed[slot] = -1;
        gainSouvenir(p, card);
        if (revealed[0] < 0 && revealed[1] < 0 && revealed[2] < 0) {
            leaveVillage(chance);
        }
    }

    private void leaveVillage(ChanceLog chance) {
        for (int slot = 0; slot < 3; slot++) {
            if (revealed[slot] >= 0) {
                toBottom(SOUVENIR, revealed[slot], chance);
                revealed[slot] = -1;
            }
        }
        boughtSum = 0;
        boughtMin = 0;
        boughtCount = 0;
        zenUsed = false;
        afterBenefit(chance);
    }

    /** Rules, "Temple": 1 point per coin donated; Hirotada's coin from the supply scores and ranks too. */
    private void applyTemple(int action) {
        int p = current;
        boolean supply = action >= TokaidoAction.DONATE_SUPPLY;
        int own = action - (supply ? TokaidoAction.DONATE_SUPPLY : TokaidoAction.DONATE) + 1;
        coins[p] -= own;
        int total = own + (supply ? 1 : 0);
        donated[p] += total;
        points[p] += total;
        nextTurn();
    }

    /**
     * Rules, "Encounter": draw and resolve; Yoshiyasu draws 2 and keeps 1 ([decision] with one
     * card left he resolves it). Returns whether a decision is now pending.
     */
    private boolean encounter(int p, ChanceLog chance) {
        int left = deckSize[ENCOUNTER];
        if (left == 0) {
            return false;
        }
        if (has(p, Traveller.YOSHIYASU) && left >= 2) {
            for (int i = 0; i < 2; i++) {
                drawnEncounters[i] = drawTop(ENCOUNTER);
                logDraw(chance, ENCOUNTER, drawnEncounters[i], "choice", p);
            }
            phase = Phase.CHOOSE_ENCOUNTER;
            return true;
        }
        int card = drawTop(ENCOUNTER);
        logDraw(chance, ENCOUNTER, card, "player", p);
        return resolveEncounter(p, card, chance);
    }

    /** Yoshiyasu keeps the encounter of that kind; [decision] the other goes under the deck (seen by all). */
    private void applyKeepEncounter(int kind, ChanceLog chance) {
        int keep = Decks.encounterKind(drawnEncounters[0]) == kind ? 0 : 1;
        int card = drawnEncounters[keep];
        toBottom(ENCOUNTER, drawnEncounters[1 - keep], chance);
        drawnEncounters[0] = -1;
        drawnEncounters[1] = -1;
        if (!resolveEncounter(current, card, chance)) {
            afterBenefit(chance);
        }
    }

    /**
     * Rules, "Encounter": Shokunin (a free souvenir from the deck, scored as usual), Annaibito (the
     * next card of the shown panorama; [decision] if complete, the next card of any incomplete
     * panorama of the player's choice, nothing if all are complete), Samurai (+3 points), Kuge
     * (+3 coins), Miko (1 coin from the supply donated: +1 point, [decision] counts for the
     * ranking). Umegae: +1 coin and +1 point at each encounter. Returns whether a decision is pending.
     */
    private boolean resolveEncounter(int p, int card, ChanceLog chance) {
        loc[ENCOUNTER][card] = (byte) (SEAT + p);
        encounters[p]++;
        if (has(p, Traveller.UMEGAE)) {
            coins[p]++;
            points[p]++;
        }
        int kind = Decks.encounterKind(card);
        switch (kind) {
            case Decks.SHOKUNIN:
                if (deckSize[SOUVENIR] > 0) {
                    int souvenir = drawTop(SOUVENIR);
                    logDraw(chance, SOUVENIR, souvenir, "player", p);
                    gainSouvenir(p, souvenir);
                }
                return false;
            case Decks.ANNAIBITO_PADDY:
            case Decks.ANNAIBITO_MOUNTAIN:
            case Decks.ANNAIBITO_SEA: {
                int type = kind - Decks.ANNAIBITO_PADDY;
                if (!panoramaComplete(p, type)) {
                    takePanorama(p, type);
                    return false;
                }
                return choosePanoramaIfAny(p);
            }
            case Decks.SAMURAI:
                points[p] += 3;
                return false;
            case Decks.KUGE:
                coins[p] += 3;
                return false;
            default: // Miko
                donated[p]++;
                points[p]++;
                return false;
        }
    }

    private boolean choosePanoramaIfAny(int p) {
        for (int t = 0; t < Decks.PANORAMA_TYPES; t++) {
            if (!panoramaComplete(p, t)) {
                phase = Phase.CHOOSE_PANORAMA;
                return true;
            }
        }
        return false;
    }

    // ------------------------------------------------------------------ inns

    /**
     * Rules, "Inn" and the [decision] on the arrival order: at a middle inn Hiroshige first takes
     * a panorama card of his choice, or Chuubei draws and resolves an encounter; then the meals.
     */
    private void arriveAtInn(int p, ChanceLog chance) {
        if (Board.isMiddleInn(position[p])) {
            if (has(p, Traveller.HIROSHIGE)) {
                innPowerPending = true;
                if (choosePanoramaIfAny(p)) {
                    return;
                }
                innPowerPending = false;
            } else if (has(p, Traveller.CHUUBEI)) {
                innPowerPending = true;
                if (encounter(p, chance)) {
                    return;
                }
                innPowerPending = false;
            }
        }
        serveMeals(p, chance);
    }

    /**
     * Rules, "Inn": the first arrival draws players + 1 meals (fewer if the deck is short), seen
     * by the travellers at the inn only ({@link #seesOffer}); then Satsuki draws the top meal of the
     * deck ([decision]: she may eat it free
     * unless she has eaten that meal, else it goes under the deck at once and she buys as usual);
     * then the meal choice.
     */
    private void serveMeals(int p, ChanceLog chance) {
        if (occupants(position[p]) == 1) {
            offerSize = 0;
            offerKnown = 0;
            while (offerSize < n + 1 && deckSize[MEAL] > 0) {
                offerKnown += known[MEAL] == deckSize[MEAL] ? 1 : 0;
                int card = drawTop(MEAL);
                logDraw(chance, MEAL, card, "offer", p);
                offer[offerSize++] = card;
            }
        }
        if (has(p, Traveller.SATSUKI) && deckSize[MEAL] > 0) {
            int card = drawTop(MEAL);
            logDraw(chance, MEAL, card, "satsuki", p);
            if (!hasEaten(p, Decks.mealKind(card))) {
                satsukiMeal = card;
                phase = Phase.SATSUKI;
                return;
            }
            toBottom(MEAL, card, chance);
        }
        phase = Phase.MEAL;
    }

    private void applySatsuki(int action, ChanceLog chance) {
        int card = satsukiMeal;
        satsukiMeal = -1;
        if (action == TokaidoAction.SATSUKI_EAT) {
            eat(current, card, 0);
            leaveInnQueue(chance);
        } else {
            toBottom(MEAL, card, chance);
            phase = Phase.MEAL;
        }
    }

    private void applyMeal(int action, ChanceLog chance) {
        int p = current;
        if (action != TokaidoAction.PASS) {
            int kind = action - TokaidoAction.MEAL;
            for (int i = 0; i < offerSize; i++) {
                if (Decks.mealKind(offer[i]) == kind) {
                    int card = offer[i];
                    offerKnown -= i >= offerSize - offerKnown ? 1 : 0;
                    System.arraycopy(offer, i + 1, offer, i, offerSize - i - 1);
                    offerSize--;
                    eat(p, card, mealCost(p, kind));
                    break;
                }
            }
        }
        leaveInnQueue(chance);
    }

    /** A meal eaten: 6 points; [decision] Gourmet counts the coins actually paid. */
    private void eat(int p, int card, int paid) {
        loc[MEAL][card] = (byte) (SEAT + p);
        coins[p] -= paid;
        mealSpent[p] += paid;
        mealsEaten[p] |= 1 << Decks.mealKind(card);
        points[p] += Decks.MEAL_POINTS;
    }

    /**
     * After an arrival's meal choice: once everyone has arrived, the leftovers go under the meal
     * deck (in offer order, seen by all); at Edo that ends the game ([decision] after the last
     * traveller's meal choice). Otherwise the rearmost traveller moves.
     */
    private void leaveInnQueue(ChanceLog chance) {
        int inn = position[current];
        if (occupants(inn) == n) {
            for (int i = 0; i < offerSize; i++) {
                toBottom(MEAL, offer[i], chance);
            }
            offerSize = 0;
            offerKnown = 0;
            if (inn == Board.EDO) {
                endGame();
                return;
            }
        }
        nextTurn();
    }

    // ------------------------------------------------------------------ end

    /**
     * Rules, "End": the end achievements (Gourmet: most coins paid for meals, Collector: most
     * souvenirs, Bather: most hot springs, Chatterbox: most encounters; [decision] a count of at
     * least 1, every tied player scores the full 3), the temple ranking among donors
     * ([decision] competition ranking: 10/7/4, then 2 for every other donor, ties share the
     * rank's value), and Mitsukuni's +1 per hot spring and per achievement card ([decision] at the end).
     */
    void endGame() {
        awardMost(mealSpent, GOURMET);
        awardMost(souvenirCount, COLLECTOR);
        awardMost(hotSprings, BATHER);
        awardMost(encounters, CHATTERBOX);
        for (int p = 0; p < n; p++) {
            points[p] += templePoints(p);
        }
        for (int p = 0; p < n; p++) {
            if (has(p, Traveller.MITSUKUNI)) {
                points[p] += hotSprings[p] + Integer.bitCount(achievements[p]);
            }
        }
        phase = Phase.GAME_OVER;
    }

    private void awardMost(int[] count, int achievement) {
        int most = 1;
        for (int p = 0; p < n; p++) {
            most = Math.max(most, count[p]);
        }
        for (int p = 0; p < n; p++) {
            if (count[p] == most) {
                achievements[p] |= 1 << achievement;
                points[p] += ACHIEVEMENT_POINTS;
            }
        }
    }

    /** The temple ranking's points for p (0 for a non-donor). */
    public int templePoints(int p) {
        if (donated[p] == 0) {
            return 0;
        }
        int rank = 0;
        for (int q = 0; q < n; q++) {
            rank += donated[q] > donated[p] ? 1 : 0;
        }
        return TEMPLE_RANK_POINTS[Math.min(rank, TEMPLE_RANK_POINTS.length - 1)];
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
    public IllegalActionException illegal(int action) {
        return LegalActions.illegal(this, action, phase);
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
        if (observer != currentPlayer() && phase == Phase.CHOOSE_TRAVELLER && isLegal(action)) {
            return "keeps " + Traveller.of(dealt[2 * current + action - TokaidoAction.KEEP]).key();
        }
        return actionName(action);
    }

    /**
     * Resamples what {@code observer} has not seen, consistently with what they saw, and restarts
     * the random stream from {@code seed}; the result depends only on what the observer knows
     * (every pool is sorted before it is shuffled):
     * <ul>
     *   <li>the traveller tiles dealt to the other seats, except the one each has kept: drawn
     *       from the tiles the observer was not dealt and nobody kept (the pair re-sorted by id);</li>
     *   <li>the meals on offer at the inn, when the observer is not there ({@link #seesOffer}), except
     *       those drawn from the known bottom: they and the unseen top of the meal deck are dealt
     *       again from the same cards;</li>
     *   <li>the order of the unseen top of every deck.</li>
     * </ul>
     */
    @Override
    public TokaidoState determinize(int observer, long seed) {
        TokaidoState d = new TokaidoState(this);
        d.rng = seed;
        int seen = (1 << dealt[2 * observer]) | (1 << dealt[2 * observer + 1]);
        for (int q = 0; q < n; q++) {
            if (q != observer && traveller[q] >= 0) {
                seen |= 1 << traveller[q];
            }
        }
        int[] tiles = new int[Traveller.COUNT];
        int pool = 0;
        for (int t = 0; t < Traveller.COUNT; t++) {
            if ((seen & (1 << t)) == 0) {
                tiles[pool++] = t;
            }
        }
        d.shuffle(tiles, pool);
        int k = 0;
        for (int q = 0; q < n; q++) {
            if (q != observer) {
                int a = traveller[q] >= 0 ? traveller[q] : tiles[k++];
                int b = tiles[k++];
                d.dealt[2 * q] = Math.min(a, b);
                d.dealt[2 * q + 1] = Math.max(a, b);
            }
        }
        for (int deckIndex = 0; deckIndex < DECKS; deckIndex++) {
            int unknown = deckSize[deckIndex] - known[deckIndex];
            int hidden = offerSize - offerKnown;
            if (deckIndex == MEAL && hidden > 0 && !seesOffer(observer)) {
                int[] cards = new int[unknown + hidden];
                System.arraycopy(offer, 0, cards, 0, hidden);
                System.arraycopy(deck[MEAL], 0, cards, hidden, unknown);
                Arrays.sort(cards);
                d.shuffle(cards, cards.length);
                for (int i = 0; i < cards.length; i++) {
                    if (i < hidden) {
                        d.offer[i] = cards[i];
                        d.loc[MEAL][cards[i]] = ON_TABLE;
                    } else {
                        d.deck[MEAL][i - hidden] = cards[i];
                        d.loc[MEAL][cards[i]] = IN_DECK;
                    }
                }
            } else {
                Arrays.sort(d.deck[deckIndex], 0, unknown);
                d.shuffle(d.deck[deckIndex], unknown);
            }
        }
        return d;
    }
    @Override
    public boolean equals(Object o) {
        if (!(o instanceof TokaidoState s)) {
            return false;
        }
        if (n != s.n || powers != s.powers || phase != s.phase || current != s.current || decisions != s.decisions
                || truncated != s.truncated || rng != s.rng || arrivals != s.arrivals || offerSize != s.offerSize
                || offerKnown != s.offerKnown || boughtSum != s.boughtSum || boughtMin != s.boughtMin
                || boughtCount != s.boughtCount
                || zenUsed != s.zenUsed || satsukiMeal != s.satsukiMeal || innPowerPending != s.innPowerPending) {
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
                && Arrays.equals(known, s.known) && Arrays.equals(offer, 0, offerSize, s.offer, 0, s.offerSize)
                && Arrays.equals(revealed, s.revealed) && Arrays.equals(drawnEncounters, s.drawnEncounters);
    }

    @Override
    public int hashCode() {
        int h = Long.hashCode(rng) * 31 + decisions;
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
