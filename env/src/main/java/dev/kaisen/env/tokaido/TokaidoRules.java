package dev.kaisen.env.tokaido;

import dev.kaisen.env.ChanceLog;
import dev.kaisen.env.RandomStream;
import dev.kaisen.env.tokaido.Decks.Deck;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static dev.kaisen.env.tokaido.TokaidoState.ACHIEVEMENT_POINTS;
import static dev.kaisen.env.tokaido.TokaidoState.BATHER;
import static dev.kaisen.env.tokaido.TokaidoState.CHATTERBOX;
import static dev.kaisen.env.tokaido.TokaidoState.COLLECTOR;
import static dev.kaisen.env.tokaido.TokaidoState.DECISION_CAP;
import static dev.kaisen.env.tokaido.TokaidoState.FIRST_PADDY;
import static dev.kaisen.env.tokaido.TokaidoState.GOURMET;
import static dev.kaisen.env.tokaido.TokaidoState.HOT_SPRING;

/**
 * The rules of Tokaido ({@code docs/rules/tokaido.md}) on a {@link TokaidoState}: setup, the
 * dispatch to one small legal/apply pair per {@link Phase}, turn order and moving, the spaces
 * without a decision of their own, temples, panoramas and the end. Villages, encounters and
 * inns have their own classes ({@link VillageRules}, {@link EncounterRules}, {@link InnRules}).
 * Every card taken from or put under a deck goes through {@link #draw} and {@link #toBottom},
 * which report it to the chance log.
 */
final class TokaidoRules {
    private TokaidoRules() {
    }

    // ------------------------------------------------------------------ setup

    /**
     * Setup (rules, "Setup" and the [decision] on its order): tiles dealt two per seat, the four
     * decks shuffled, then seat 0 keeps a tile. Every traveller starts at Kyoto; the starting
     * line is drawn once every seat has kept its tile.
     */
    static TokaidoState newGame(int players, boolean powers, long seed, ChanceLog chance) {
        TokaidoState s = new TokaidoState(players, powers);
        s.rng.setState(seed);
        dealTravellers(s, chance);
        for (Deck d : Deck.values()) {
            shuffleDeck(s, d, chance);
        }
        s.current = 0;
        return s;
    }

    /**
     * The explicit mode's deal ({@link TokaidoChance#emptyTable} has laid the decks): the tiles, then
     * seat 0 keeps a tile.
     */
    static void dealExplicit(TokaidoState s, ChanceLog chance) {
        dealTravellers(s, chance);
        s.current = 0;
    }

    /** The 10 tiles shuffled; seat p is dealt tiles {@code 2p} and {@code 2p+1} (event {@code deal}). */
    private static void dealTravellers(TokaidoState s, ChanceLog chance) {
        int[] tiles = TokaidoChance.travellerTiles(s);
        for (int p = 0; p < s.n; p++) {
            s.dealPair(p, tiles[2 * p], tiles[2 * p + 1]);
            if (chance != ChanceLog.NONE) {
                Map<String, Object> data = new LinkedHashMap<>();
                data.put("player", p);
                data.put("tiles", List.of(Traveller.of(s.dealt(p, 0)).key(), Traveller.of(s.dealt(p, 1)).key()));
                chance.chance("deal", data);
            }
        }
    }

    /** A deck shuffled from card-id order (event {@code shuffle}, its order top first). */
    private static void shuffleDeck(TokaidoState s, Deck d, ChanceLog chance) {
        int[] cards = s.deck[d.ordinal()];
        layDeck(s, d, s.rng);
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

    /** Deck {@code d} whole, shuffled from card-id order by {@code stream}. */
    static void layDeck(TokaidoState s, Deck d, RandomStream stream) {
        int[] cards = s.deck[d.ordinal()];
        for (int c = 0; c < d.size; c++) {
            cards[c] = c;
        }
        stream.shuffle(cards, 0, d.size);
        s.deckSize[d.ordinal()] = d.size;
    }

    static int[] identity(int size) {
        int[] a = new int[size];
        for (int i = 0; i < size; i++) {
            a[i] = i;
        }
        return a;
    }

    // ------------------------------------------------------------------ dispatch

    static int legalActions(TokaidoState s, int[] out) {
        switch (s.phase) {
            case CHOOSE_TRAVELLER:
                return legalKeep(out);
            case MOVE:
                return legalMoves(s, out);
            case VILLAGE:
                return VillageRules.legalBuy(s, out);
            case TEMPLE:
                return legalDonate(s, out);
            case CHOOSE_PANORAMA:
                return legalPanorama(s, out);
            case CHOOSE_ENCOUNTER:
                return EncounterRules.legalKeepEncounter(s, out);
            case SATSUKI:
                return InnRules.legalSatsuki(out);
            case MEAL:
                return InnRules.legalMeal(s, out);
            default:
                return 0;
        }
    }

    /** Applies a legal action (the state checked it) and counts the decision. */
    static void apply(TokaidoState s, int action, ChanceLog chance) {
        s.decisions++;
        switch (s.phase) {
            case CHOOSE_TRAVELLER:
                keep(s, s.dealt(s.current, action - TokaidoAction.KEEP), chance);
                break;
            case MOVE:
                move(s, action - TokaidoAction.MOVE + 1, chance);
                break;
            case VILLAGE:
                VillageRules.buy(s, action, chance);
                break;
            case TEMPLE:
                donate(s, action);
                break;
            case CHOOSE_PANORAMA:
                choosePanorama(s, action - TokaidoAction.PANORAMA, chance);
                break;
            case CHOOSE_ENCOUNTER:
                EncounterRules.keepEncounter(s, action - TokaidoAction.ENCOUNTER, chance);
                break;
            case SATSUKI:
                InnRules.satsuki(s, action, chance);
                break;
            case MEAL:
                InnRules.eatMeal(s, action, chance);
                break;
            default:
                throw s.illegal(action);
        }
        // [decision] A game cut by the safety cap is scored as it stands, without the end awards.
        if (s.phase != Phase.GAME_OVER && s.decisions >= DECISION_CAP) {
            s.truncated = true;
            s.phase = Phase.GAME_OVER;
        }
    }

    // ------------------------------------------------------------------ choose a traveller

    private static int legalKeep(int[] out) {
        out[0] = TokaidoAction.KEEP;
        out[1] = TokaidoAction.KEEP_SECOND;
        return 2;
    }

    /**
     * Setup: the seat keeps a tile and takes its starting coins ([decision] with powers off too);
     * after the last seat, the starting line at Kyoto is drawn: its first traveller leaves first,
     * as the last arrival at an inn does.
     */
    private static void keep(TokaidoState s, int tile, ChanceLog chance) {
        if (s.current + 1 < s.n) {
            s.traveller[s.current] = tile;
            s.coins[s.current] = Traveller.of(tile).coins;
            s.current++;
            return;
        }
        // [decision] The last tile is laid once the line is drawn: at the line's chance nodes (the
        // explicit mode) the table is still the setup before it, whole.
        int[] line = TokaidoChance.startLine(s);
        s.traveller[s.current] = tile;
        s.coins[s.current] = Traveller.of(tile).coins;
        for (int i = 0; i < s.n; i++) {
            s.arrival[line[i]] = s.n - i;
        }
        s.arrivals = s.n;
        if (chance != ChanceLog.NONE) {
            List<Integer> order = new ArrayList<>();
            for (int p : line) {
                order.add(p);
            }
            chance.chance("start-line", Map.of("order", order));
        }
        nextTurn(s);
    }

    // ------------------------------------------------------------------ move

    /**
     * Rules, "Turn order" and "Spaces": forward to any free space before the next inn, or to the
     * next inn (every traveller stops at each inn).
     */
    private static int legalMoves(TokaidoState s, int[] out) {
        int p = s.current;
        int from = s.position[p];
        int inn = Board.nextInn(from);
        int k = 0;
        for (int to = from + 1; to < inn; to++) {
            if (canStop(s, p, to)) {
                out[k++] = TokaidoAction.move(to);
            }
        }
        out[k++] = TokaidoAction.move(inn);
        return k;
    }

    /**
     * A double space's second spot is free only with 4-5 players. A village or a temple needs at
     * least 1 coin; a panorama the traveller has completed can no longer be chosen.
     */
    static boolean canStop(TokaidoState s, int p, int to) {
        int occupied = TokaidoQueries.occupants(s, to);
        if (occupied > 0 && !(occupied == 1 && Board.isDouble(to) && Board.secondSpots(s.n))) {
            return false;
        }
        Space kind = Board.kind(to);
        if ((kind == Space.VILLAGE || kind == Space.TEMPLE) && s.coins[p] < 1) {
            return false;
        }
        int type = kind.panorama();
        return type < 0 || !s.panoramaComplete(p, type);
    }

    /**
     * Rules, "Turn order": the traveller furthest behind moves; among travellers on one position
     * the later arrival is behind (the last in an inn's queue, or [decision] the one on a double
     * space's second spot). A traveller still rearmost after moving moves again.
     */
    static void nextTurn(TokaidoState s) {
        int best = 0;
        for (int p = 1; p < s.n; p++) {
            if (s.position[p] < s.position[best]
                    || (s.position[p] == s.position[best] && s.arrival[p] > s.arrival[best])) {
                best = p;
            }
        }
        s.current = best;
        s.phase = Phase.MOVE;
    }

    /** The traveller arrives at {@code to} and takes the space's benefit (rules, "Spaces"). */
    private static void move(TokaidoState s, int to, ChanceLog chance) {
        int p = s.current;
        s.position[p] = to;
        s.arrival[p] = ++s.arrivals;
        switch (Board.kind(to)) {
            case INN:
                InnRules.arrive(s, p, chance);
                return;
            case VILLAGE:
                VillageRules.enter(s, p, chance);
                return;
            case FARM:
                s.coins[p] += 3;
                break;
            case PADDY:
            case MOUNTAIN:
            case SEA:
                takePanorama(s, p, Board.kind(to).panorama());
                break;
            case HOT_SPRING:
                bathe(s, p, chance);
                break;
            case TEMPLE:
                s.phase = Phase.TEMPLE;
                return;
            case ENCOUNTER:
                if (EncounterRules.encounter(s, p, chance)) {
                    return;
                }
                break;
            default:
                throw new IllegalStateException("no space kind at " + to);
        }
        afterBenefit(s, chance);
    }

    /** After a space's benefit: at an inn the meal follows the inn power; elsewhere the next turn. */
    static void afterBenefit(TokaidoState s, ChanceLog chance) {
        if (s.inn.powerPending) {
            s.inn.powerPending = false;
            InnRules.serveMeals(s, s.current, chance);
        } else {
            nextTurn(s);
        }
    }

    // ------------------------------------------------------------------ decks

    /** Takes the top card of deck {@code d} (event {@code draw}: where it went, for which player). */
    static int draw(TokaidoState s, int d, String to, int player, ChanceLog chance) {
        TokaidoChance.turnOver(s, d);
        int card = s.takeTop(d);
        if (chance != ChanceLog.NONE) {
            Map<String, Object> data = new LinkedHashMap<>();
            data.put("deck", Deck.values()[d].key());
            data.put("card", Deck.values()[d].cardName(card));
            data.put("to", to);
            data.put("player", player);
            chance.chance("draw", data);
        }
        return card;
    }

    /** Puts a card under its deck, seen by all (event {@code bottom}). */
    static void toBottom(TokaidoState s, int d, int card, ChanceLog chance) {
        s.putUnder(d, card);
        if (chance != ChanceLog.NONE) {
            Map<String, Object> data = new LinkedHashMap<>();
            data.put("deck", Deck.values()[d].key());
            data.put("card", Deck.values()[d].cardName(card));
            chance.chance("bottom", data);
        }
    }

    // ------------------------------------------------------------------ hot springs and temples

    /** Rules, "Hot spring": draw a card worth 2 or 3 points ([decision] an empty deck gives nothing). */
    private static void bathe(TokaidoState s, int p, ChanceLog chance) {
        if (s.deckSize[HOT_SPRING] == 0) {
            return;
        }
        int card = draw(s, HOT_SPRING, "player", p, chance);
        s.giveTo(p, HOT_SPRING, card);
        s.hotSprings[p]++;
        s.points[p] += Decks.hotSpringPoints(card);
    }

    /** Temple: 1-3 coins of one's own; Hirotada may add 1 from the supply ([decision] optional, counts for the ranking). */
    private static int legalDonate(TokaidoState s, int[] out) {
        int k = 0;
        int most = Math.min(3, s.coins[s.current]);
        for (int c = 1; c <= most; c++) {
            out[k++] = TokaidoAction.DONATE + c - 1;
        }
        if (s.has(s.current, Traveller.HIROTADA)) {
            for (int c = 1; c <= most; c++) {
                out[k++] = TokaidoAction.DONATE_SUPPLY + c - 1;
            }
        }
        return k;
    }

    /** Rules, "Temple": 1 point per coin donated; Hirotada's coin from the supply scores and ranks too. */
    private static void donate(TokaidoState s, int action) {
        int p = s.current;
        boolean supply = action >= TokaidoAction.DONATE_SUPPLY;
        int own = action - (supply ? TokaidoAction.DONATE_SUPPLY : TokaidoAction.DONATE) + 1;
        s.coins[p] -= own;
        int total = own + (supply ? 1 : 0);
        s.donated[p] += total;
        s.points[p] += total;
        nextTurn(s);
    }

    // ------------------------------------------------------------------ panoramas

    /** Annaibito on a completed panorama, or Hiroshige: any panorama the traveller has not completed. */
    private static int legalPanorama(TokaidoState s, int[] out) {
        int k = 0;
        for (int t = 0; t < Decks.PANORAMA_TYPES; t++) {
            if (!s.panoramaComplete(s.current, t)) {
                out[k++] = TokaidoAction.PANORAMA + t;
            }
        }
        return k;
    }

    private static void choosePanorama(TokaidoState s, int type, ChanceLog chance) {
        takePanorama(s, s.current, type);
        afterBenefit(s, chance);
    }

    /** Asks for a panorama choice if {@code p} has one left to complete; returns whether it did. */
    static boolean choosePanoramaIfAny(TokaidoState s, int p) {
        for (int t = 0; t < Decks.PANORAMA_TYPES; t++) {
            if (!s.panoramaComplete(p, t)) {
                s.phase = Phase.CHOOSE_PANORAMA;
                return true;
            }
        }
        return false;
    }

    /**
     * Rules, "Panorama": the next card of the type, scoring its value; the first traveller to
     * complete a panorama takes its achievement (3 points).
     */
    static void takePanorama(TokaidoState s, int p, int type) {
        int v = s.panorama(p, type) + 1;
        s.setPanorama(p, type, v);
        s.points[p] += v;
        if (v == Decks.PANORAMA_LENGTH[type]) {
            boolean first = true;
            for (int q = 0; q < s.n; q++) {
                first &= !s.hasAchievement(q, FIRST_PADDY + type);
            }
            if (first) {
                s.achievements[p] |= 1 << (FIRST_PADDY + type);
                s.points[p] += ACHIEVEMENT_POINTS;
            }
        }
    }

    // ------------------------------------------------------------------ end

    /**
     * Rules, "End": the end achievements (Gourmet: most coins paid for meals, Collector: most
     * souvenirs, Bather: most hot springs, Chatterbox: most encounters; [decision] a count of at
     * least 1, every tied player scores the full 3), the temple ranking among donors
     * ([decision] competition ranking: 10/7/4, then 2 for every other donor, ties share the
     * rank's value), and Mitsukuni's +1 per hot spring and per achievement card ([decision] at the end).
     */
    static void endGame(TokaidoState s) {
        awardMost(s, s.mealSpent, GOURMET);
        awardMost(s, s.souvenirCount, COLLECTOR);
        awardMost(s, s.hotSprings, BATHER);
        awardMost(s, s.encounters, CHATTERBOX);
        for (int p = 0; p < s.n; p++) {
            s.points[p] += s.templePoints(p);
        }
        for (int p = 0; p < s.n; p++) {
            if (s.has(p, Traveller.MITSUKUNI)) {
                s.points[p] += s.hotSprings[p] + Integer.bitCount(s.achievements[p]);
            }
        }
        s.phase = Phase.GAME_OVER;
    }

    private static void awardMost(TokaidoState s, int[] count, int achievement) {
        int most = 1;
        for (int p = 0; p < s.n; p++) {
            most = Math.max(most, count[p]);
        }
        for (int p = 0; p < s.n; p++) {
            if (count[p] == most) {
                s.achievements[p] |= 1 << achievement;
                s.points[p] += ACHIEVEMENT_POINTS;
            }
        }
    }
}
