package dev.kaisen.observation.tokaido;

import dev.kaisen.env.tokaido.Board;
import dev.kaisen.env.tokaido.Decks;
import dev.kaisen.env.tokaido.Decks.Deck;
import dev.kaisen.env.tokaido.Phase;
import dev.kaisen.env.tokaido.Space;
import dev.kaisen.env.tokaido.TokaidoState;
import dev.kaisen.env.tokaido.Traveller;
import dev.kaisen.observation.SeatEncoder;
import dev.kaisen.observation.Encoders;
import dev.kaisen.observation.ObservationSpec;

import java.util.Arrays;

/**
 * The Tokaido observations: float32 vectors of one size for 2 to 5 players, egocentric
 * (relative seat 0 is the observer, then the others in seat order; seats beyond the player
 * count are zero, see {@code seats_present}). Counts are raw, one-hots 0/1; every segment declares the
 * range of its values, derived from the rules ({@link #MAX_COINS}, {@link #MAX_POINTS}, deck compositions). Hidden (see
 * {@link TokaidoState}): the order of each deck's unseen top, the traveller tiles dealt to the
 * other seats (only their kept traveller is shown), and the meals on offer at an inn to a traveller
 * not there yet ({@link TokaidoState#seesOffer}: only their number is shown, and they count among
 * the meal deck's unseen cards). The two views ({@link Encoders}) differ in the decks and in the
 * observer's dealt tiles, which the memoryless view drops once one is kept:
 * <ul>
 *   <li>{@code information_state} (default, perfect recall): per deck, the composition of the
 *       unseen top (deducible: everything else was seen) and of the known bottom (cards seen
 *       returned under the deck; their order is not encoded).</li>
 *   <li>{@code observation} (memoryless): per deck, only its size, and the composition of all
 *       cards not on the table now (every collection is face up, so it is what the decks hold).</li>
 * </ul>
 * The segments are declared once per view; print them with {@code ./kaisen spec --game tokaido}.
 *
 * <p>Not thread-safe: one encoder per thread.
 */
public final class TokaidoObservation extends SeatEncoder<TokaidoState> {
    public static final int SEATS = TokaidoState.MAX_PLAYERS;
    private static final int PHASES = Phase.values().length;
    private static final int[] KIND_SIZE = {Decks.MEAL_KINDS, Decks.SOUVENIRS, Decks.ENCOUNTER_KINDS, 2};

    // ---- value bounds, derived from the rules (docs/rules/tokaido.md)
    /** Rules, "Temple": a donation is 1 to 3 coins (Hirotada may add 1 from the supply). */
    static final int MAX_DONATION = 3;
    /** Rules, "Encounter": a Kuge gives 3 coins, a Samurai 3 points, a Miko 1 point (and a donated coin). */
    static final int KUGE_COINS = 3;
    static final int SAMURAI_POINTS = 3;
    static final int MIKO_POINTS = 1;
    /** Rules, "Farm": +3 coins. */
    static final int FARM_COINS = 3;
    /** Rules, "Achievements": 3 points each. */
    static final int ACHIEVEMENT_POINTS = 3;
    /** Rules, "End": the temple ranking's first prize. */
    static final int TEMPLE_FIRST = 10;
    /** Inns that serve meals: every inn but Kyoto. */
    static final int SERVING_INNS = Board.INNS.length - 1;
    /** Village slots (three souvenirs revealed). */
    static final int VILLAGE_SLOTS = 3;
    /** Meals drawn at an inn: players + 1. */
    public static final int MAX_OFFER = SEATS + 1;
    /**
     * The most coins a seat holds: the richest traveller's starting coins, a farm's coins at every
     * farm space (a traveller stops on each space at most once), every Kuge's coins, and
     * Umegae's coin at each of the 14 encounters. Every other step only spends coins.
     */
    public static final int MAX_COINS = maxStartingCoins() + FARM_COINS * spaces(Space.FARM)
            + KUGE_COINS * Decks.encounterKindCopies(Decks.KUGE) + Decks.ENCOUNTERS;
    /** The most a seat donates: the most at every temple space, plus every Miko's coin. */
    public static final int MAX_DONATIONS = (MAX_DONATION + 1) * spaces(Space.TEMPLE)
            + Decks.encounterKindCopies(Decks.MIKO);
    /**
     * The most points a seat scores: every source at its most. Panoramas (1 + 2 + ... per type);
     * souvenirs (a set of k scores k squared and holds at most 4, so at most 4 points per
     * souvenir); every hot spring; 1 point per coin donated; a 6-point meal at each serving inn;
     * every Samurai and Miko, and Umegae's point per encounter; every achievement; the temple's
     * first prize; Mitsukuni's point per hot spring and achievement card.
     */
    public static final int MAX_POINTS = panoramaPoints() + Decks.SOUVENIRS * Decks.SOUVENIR_TYPES
            + hotSpringPoints() + MAX_DONATIONS + SERVING_INNS * Decks.MEAL_POINTS
            + SAMURAI_POINTS * Decks.encounterKindCopies(Decks.SAMURAI)
            + MIKO_POINTS * Decks.encounterKindCopies(Decks.MIKO) + Decks.ENCOUNTERS
            + ACHIEVEMENT_POINTS * TokaidoState.ACHIEVEMENTS + TEMPLE_FIRST + Decks.HOT_SPRINGS
            + TokaidoState.ACHIEVEMENTS;
    /** The most coins paid for meals: the dearest meal at each serving inn. */
    public static final int MAX_MEAL_SPENT = SERVING_INNS * maxMealCost();

    private static int maxStartingCoins() {
        int most = 0;
        for (Traveller t : Traveller.values()) {
            most = Math.max(most, t.coins);
        }
        return most;
    }

    private static int spaces(Space kind) {
        int count = 0;
        for (int p = 0; p < Board.POSITIONS; p++) {
            if (Board.kind(p) == kind) {
                count++;
            }
        }
        return count;
    }

    private static int panoramaPoints() {
        int sum = 0;
        for (int length : Decks.PANORAMA_LENGTH) {
            sum += length * (length + 1) / 2;
        }
        return sum;
    }

    private static int hotSpringPoints() {
        int sum = 0;
        for (int c = 0; c < Decks.HOT_SPRINGS; c++) {
            sum += Decks.hotSpringPoints(c);
        }
        return sum;
    }

    private static int maxMealCost() {
        int most = 0;
        for (int k = 0; k < Decks.MEAL_KINDS; k++) {
            most = Math.max(most, Decks.mealKindCost(k));
        }
        return most;
    }

    private static int maxSouvenirPrice() {
        int most = 0;
        for (int c = 0; c < Decks.SOUVENIRS; c++) {
            most = Math.max(most, Decks.souvenirPrice(c));
        }
        return most;
    }

    /** Per deck, the most cards of each kind it holds: meal kinds, souvenirs, encounter kinds, hot springs by worth. */
    private static int[] composition() {
        int[] out = new int[Decks.MEAL_KINDS + Decks.SOUVENIRS + Decks.ENCOUNTER_KINDS + 2];
        int at = 0;
        for (int k = 0; k < Decks.MEAL_KINDS; k++) {
            out[at++] = Decks.mealKindCopies(k);
        }
        for (int c = 0; c < Decks.SOUVENIRS; c++) {
            out[at++] = 1;
        }
        for (int k = 0; k < Decks.ENCOUNTER_KINDS; k++) {
            out[at++] = Decks.encounterKindCopies(k);
        }
        for (int c = 0; c < Decks.HOT_SPRINGS; c++) {
            out[at + Decks.hotSpringPoints(c) - 2]++;
        }
        return out;
    }

    private static int[] perKind(int kinds, java.util.function.IntUnaryOperator max) {
        int[] out = new int[kinds];
        for (int k = 0; k < kinds; k++) {
            out[k] = max.applyAsInt(k);
        }
        return out;
    }

    private record Layout(ObservationSpec spec, boolean perfectRecall, int phase, int seatsPresent, int currentPlayer,
                          int positions, int queue, int coins, int points, int traveller, int powers, int dealt,
                          int offerCount, int panoramas, int souvenirTypes, int souvenirSets, int mealsEaten, int mealSpent,
                          int donations, int hotSprings, int encounters, int achievements, int offer, int satsuki,
                          int village, int villageBought, int drawnEncounters, int deckSizes, int unseen, int knownBottom,
                          int progress) {
    }

    private static Layout layout(boolean perfectRecall) {
        ObservationSpec.Builder b = ObservationSpec.builder();
        declareSeats(b, perfectRecall);
        declareCollections(b);
        declareInnAndVillage(b, perfectRecall);
        declareDecks(b, perfectRecall);
        b.add("game_progress", 1, 0, 1, "decisions made / " + TokaidoState.DECISION_CAP + " (the safety cap)");
        ObservationSpec spec = b.build();
        return new Layout(spec, perfectRecall, spec.offsetOf("phase"), spec.offsetOf("seats_present"),
                spec.offsetOf("current_player"), spec.offsetOf("positions"), spec.offsetOf("queue_index"),
                spec.offsetOf("coins"), spec.offsetOf("points"), spec.offsetOf("traveller"), spec.offsetOf("powers_on"),
                spec.offsetOf("dealt_tiles"), spec.offsetOf("meals_on_offer_count"), spec.offsetOf("panoramas"),
                spec.offsetOf("souvenirs_by_type"), spec.offsetOf("souvenir_sets"), spec.offsetOf("meals_eaten"),
                spec.offsetOf("meal_spent"), spec.offsetOf("donations"), spec.offsetOf("hot_springs"),
                spec.offsetOf("encounters"), spec.offsetOf("achievements"), spec.offsetOf("meals_on_offer"),
                spec.offsetOf("satsuki_meal"), spec.offsetOf("village_revealed"), spec.offsetOf("village_bought"),
                spec.offsetOf("drawn_encounters"), spec.offsetOf("deck_sizes"),
                spec.offsetOf(perfectRecall ? "unseen" : "in_decks"), spec.offsetOf("known_bottom"),
                spec.offsetOf("game_progress"));
    }

    /** Phase, who decides, and each seat on the road: position, queue, coins, points, traveller; the dealt tiles. */
    private static void declareSeats(ObservationSpec.Builder b, boolean perfectRecall) {
        b.flags("phase", PHASES, "one-hot: CHOOSE_TRAVELLER, MOVE, VILLAGE, TEMPLE, CHOOSE_PANORAMA, "
                + "CHOOSE_ENCOUNTER, SATSUKI, MEAL, GAME_OVER");
        b.flags("seats_present", SEATS, "1 for each relative seat that is in the game");
        b.flags("current_player", SEATS, "one-hot relative seat that decides now (0 when over)");
        b.flags("positions", SEATS * Board.POSITIONS,
                "per relative seat, one-hot position on the road 0..54 (inns 0, 14, 27, 41, 54)");
        b.flags("queue_index", SEATS * SEATS, "per relative seat, one-hot count of travellers on its "
                + "position who arrived before it (its place in an inn's queue; 1 on a double space's second spot)");
        b.counts("coins", SEATS, MAX_COINS, "coins per relative seat");
        b.counts("points", SEATS, MAX_POINTS, "points per relative seat");
        b.flags("traveller", SEATS * Traveller.COUNT, "per relative seat, one-hot traveller kept "
                + "(Satsuki, Hiroshige, Chuubei, Sasayakko, Umegae, Mitsukuni, Zen-emon, Kinko, Hirotada, "
                + "Yoshiyasu); zero during setup");
        b.flags("powers_on", 1, "1 when the travellers' powers act (option travellers)");
        b.flags("dealt_tiles", Traveller.COUNT, perfectRecall
                ? "the two traveller tiles dealt to the observer (the other seats' are hidden; kept or not)"
                : "the two traveller tiles dealt to the observer, while it has not kept one (the others' are hidden)");
    }

    /** What each seat has collected: panoramas, souvenirs, meals, donations, hot springs, encounters, achievements. */
    private static void declareCollections(ObservationSpec.Builder b) {
        b.counts("panoramas", ObservationSpec.repeat(Decks.PANORAMA_LENGTH, SEATS),
                "per relative seat, panorama cards held: paddy (of 3), mountain (of 4), sea (of 5)");
        b.counts("souvenirs_by_type", SEATS * Decks.SOUVENIR_TYPES,
                Decks.SOUVENIRS / Decks.SOUVENIR_TYPES, "per relative seat, souvenirs "
                + "held per type: small objects, food and drink, clothing, art");
        b.counts("souvenir_sets", ObservationSpec.repeat(perKind(4, k -> Decks.SOUVENIRS / (k + 1)), SEATS),
                "per relative seat, souvenir sets holding 1, 2, 3 and 4 souvenirs");
        b.flags("meals_eaten", SEATS * Decks.MEAL_KINDS, "per relative seat, 1 for each meal kind eaten "
                + "(misoshiru, nigirimeshi, dango, tofu, tempura, sushi, soba, yakitori, unagi, udon, fugu, "
                + "tai-meshi, sashimi, donburi)");
        b.counts("meal_spent", SEATS, MAX_MEAL_SPENT, "per relative seat, coins paid for meals (Gourmet)");
        b.counts("donations", SEATS, MAX_DONATIONS, "per relative seat, coins donated to the temple");
        b.counts("hot_springs", SEATS, Decks.HOT_SPRINGS, "per relative seat, hot spring cards held");
        b.counts("encounters", SEATS, Decks.ENCOUNTERS, "per relative seat, encounter cards held");
        b.flags("achievements", SEATS * TokaidoState.ACHIEVEMENTS, "per relative seat, achievement "
                + "cards held: first paddy, first mountain, first sea, gourmet, collector, bather, chatterbox");
    }

    /** The stop in progress: the inn's meals on offer, Satsuki's meal, the village, Yoshiyasu's encounters. */
    private static void declareInnAndVillage(ObservationSpec.Builder b, boolean perfectRecall) {
        b.counts("meals_on_offer", perKind(Decks.MEAL_KINDS, k -> Math.min(Decks.mealKindCopies(k), MAX_OFFER)), perfectRecall
                ? "meals on offer at the current inn, per kind, that the observer has seen: all when at that inn, "
                + "else only those drawn from the meal deck's known bottom"
                : "meals on offer at the current inn, per kind, when the observer is at that inn");
        b.counts("meals_on_offer_count", 1, MAX_OFFER, "how many meals are on offer at the current inn (public)");
        b.flags("satsuki_meal", Decks.MEAL_KINDS, "one-hot kind of the meal Satsuki drew (her choice)");
        b.flags("village_revealed", VILLAGE_SLOTS * Decks.SOUVENIRS,
                "per village slot 0..2, one-hot souvenir revealed and not yet bought");
        b.counts("village_bought", new int[] {VILLAGE_SLOTS, VILLAGE_SLOTS * maxSouvenirPrice(), 1}, "this village visit: souvenirs bought, their printed total, "
                + "1 if Zen-emon has used his power here");
        b.counts("drawn_encounters", perKind(Decks.ENCOUNTER_KINDS, k -> Math.min(Decks.encounterKindCopies(k), 2)),
                "Yoshiyasu's two drawn encounters, per kind (shokunin, annaibito paddy/mountain/sea, samurai, kuge, miko)");
    }

    /** The decks: their sizes, and what the view tells of their cards. */
    private static void declareDecks(ObservationSpec.Builder b, boolean perfectRecall) {
        b.counts("deck_sizes", new int[] {Decks.MEALS, Decks.SOUVENIRS, Decks.ENCOUNTERS, Decks.HOT_SPRINGS}, "cards left in the meal, souvenir, encounter and hot spring decks");
        String composition = "meal kinds (14), souvenirs (24), encounter kinds (7), hot springs worth 2 and 3 (2)";
        if (perfectRecall) {
            b.counts("unseen", composition(), "per deck, the composition of its unseen top, whose order nobody "
                    + "knows (for the meals, with the meals on offer when the observer has not seen them): " + composition);
            b.counts("known_bottom", composition(), "per deck, the composition of the cards seen returned under it: "
                    + composition);
        } else {
            b.counts("in_decks", composition(), "per deck, the composition of the cards in it (all not on the "
                    + "table; for the meals, with the meals on offer when the observer is not at the inn): " + composition);
        }
    }

    private static final Layout INFORMATION_STATE_LAYOUT = layout(true);
    private static final Layout OBSERVATION_LAYOUT = layout(false);
    public static final ObservationSpec INFORMATION_STATE_SPEC = INFORMATION_STATE_LAYOUT.spec();
    public static final ObservationSpec OBSERVATION_SPEC = OBSERVATION_LAYOUT.spec();

    private final Layout l;

    private TokaidoObservation(Layout layout, String view) {
        super(view, layout.spec());
        this.l = layout;
    }

    public static TokaidoObservation informationState() {
        return new TokaidoObservation(INFORMATION_STATE_LAYOUT, Encoders.INFORMATION_STATE);
    }

    public static TokaidoObservation observation() {
        return new TokaidoObservation(OBSERVATION_LAYOUT, Encoders.OBSERVATION);
    }

    @Override
    public void encode(TokaidoState s, int observer, float[] buf, int offset) {
        int n = begin(s, observer, buf, offset);
        buf[offset + l.phase() + s.phase().ordinal()] = 1f;
        if (!s.isTerminal()) {
            buf[offset + l.currentPlayer() + rel(s.currentPlayer(), observer, n)] = 1f;
        }
        buf[offset + l.powers()] = s.powers() ? 1f : 0f;
        for (int p = 0; p < n; p++) {
            encodeSeat(s, p, rel(p, observer, n), buf, offset);
        }
        if (l.perfectRecall() || s.traveller(observer) < 0) {
            buf[offset + l.dealt() + s.dealt(observer, 0)] = 1f;
            buf[offset + l.dealt() + s.dealt(observer, 1)] = 1f;
        }
        encodeInnAndVillage(s, observer, buf, offset);
        encodeDecks(s, buf, offset);
        buf[offset + l.progress()] = (float) s.decisions() / TokaidoState.DECISION_CAP;
    }

    /** Seat {@code p} at relative seat {@code r}: on the road, its coins and points, and what it has collected. */
    private void encodeSeat(TokaidoState s, int p, int r, float[] buf, int o) {
        buf[o + l.seatsPresent() + r] = 1f;
        buf[o + l.positions() + r * Board.POSITIONS + s.position(p)] = 1f;
        buf[o + l.queue() + r * SEATS + s.queueIndex(p)] = 1f;
        buf[o + l.coins() + r] = s.coins(p);
        buf[o + l.points() + r] = s.points(p);
        if (s.traveller(p) >= 0) {
            buf[o + l.traveller() + r * Traveller.COUNT + s.traveller(p)] = 1f;
        }
        for (int t = 0; t < Decks.PANORAMA_TYPES; t++) {
            buf[o + l.panoramas() + r * Decks.PANORAMA_TYPES + t] = s.panorama(p, t);
        }
        for (int t = 0; t < Decks.SOUVENIR_TYPES; t++) {
            buf[o + l.souvenirTypes() + r * Decks.SOUVENIR_TYPES + t] = s.souvenirsOfType(p, t);
        }
        for (int k = 1; k <= 4; k++) {
            buf[o + l.souvenirSets() + r * 4 + k - 1] = s.setsOfSize(p, k);
        }
        for (int kind = 0; kind < Decks.MEAL_KINDS; kind++) {
            buf[o + l.mealsEaten() + r * Decks.MEAL_KINDS + kind] = s.hasEaten(p, kind) ? 1f : 0f;
        }
        buf[o + l.mealSpent() + r] = s.mealSpent(p);
        buf[o + l.donations() + r] = s.donated(p);
        buf[o + l.hotSprings() + r] = s.hotSprings(p);
        buf[o + l.encounters() + r] = s.encounters(p);
        for (int a = 0; a < TokaidoState.ACHIEVEMENTS; a++) {
            buf[o + l.achievements() + r * TokaidoState.ACHIEVEMENTS + a] = s.hasAchievement(p, a) ? 1f : 0f;
        }
    }

    /** The stop in progress: the meals on offer (as far as the observer has seen them), Satsuki's meal, the village. */
    private void encodeInnAndVillage(TokaidoState s, int observer, float[] buf, int o) {
        boolean seesOffer = s.seesOffer(observer);
        buf[o + l.offerCount()] = s.offerSize();
        // a meal on offer the observer has not seen counts among the meal deck's unseen cards; with perfect
        // recall, the ones drawn from the known bottom (the offer's last) are known to all
        int hidden = seesOffer ? 0 : l.perfectRecall() ? s.offerSize() - s.offerKnown() : s.offerSize();
        for (int i = 0; i < s.offerSize(); i++) {
            buf[o + (i < hidden ? l.unseen() : l.offer()) + Decks.mealKind(s.offer(i))]++;
        }
        if (s.satsukiMeal() >= 0) {
            buf[o + l.satsuki() + Decks.mealKind(s.satsukiMeal())] = 1f;
        }
        for (int slot = 0; slot < 3; slot++) {
            if (s.revealed(slot) >= 0) {
                buf[o + l.village() + slot * Decks.SOUVENIRS + s.revealed(slot)] = 1f;
            }
        }
        buf[o + l.villageBought()] = s.boughtCount();
        buf[o + l.villageBought() + 1] = s.boughtSum();
        buf[o + l.villageBought() + 2] = s.zenUsed() ? 1f : 0f;
        for (int i = 0; i < 2; i++) {
            if (s.drawnEncounter(i) >= 0) {
                buf[o + l.drawnEncounters() + Decks.encounterKind(s.drawnEncounter(i))]++;
            }
        }
    }

    /** Per deck its size and the composition of its cards: with recall, the unseen top apart from the known bottom. */
    private void encodeDecks(TokaidoState s, float[] buf, int o) {
        int at = 0;
        for (Deck d : Deck.values()) {
            buf[o + l.deckSizes() + d.ordinal()] = s.deckSize(d);
            int size = s.deckSize(d);
            int unknown = size - s.knownBottom(d);
            for (int i = 0; i < size; i++) {
                int kind = kindOf(d, s.deckCard(d, i));
                if (!l.perfectRecall() || i < unknown) {
                    buf[o + l.unseen() + at + kind]++;
                } else {
                    buf[o + l.knownBottom() + at + kind]++;
                }
            }
            at += KIND_SIZE[d.ordinal()];
        }
    }

    private static int kindOf(Deck d, int card) {
        switch (d) {
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

}
