package dev.kaisen.env.tokaido;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import dev.kaisen.env.ExplicitChance;
import dev.kaisen.env.GameFormatException;
import dev.kaisen.env.Json;
import dev.kaisen.env.tokaido.Decks.Deck;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A Tokaido state as JSON (format {@value #STATE_FORMAT}). Cards are named ({@code dango.2},
 * {@code koma}, {@code annaibito-sea.3}, {@code spring3.1}), decks listed top first with how
 * many cards at their bottom everyone has seen. Reading is strict: unknown fields, unknown
 * names and inconsistent states are rejected with a message saying what is wrong.
 */
public final class TokaidoJson {
    public static final String STATE_FORMAT = "kaisen.tokaido.state/2";

    private TokaidoJson() {
    }

    /** One seat: its tiles, where it stands, its counters and its collection. */
    @JsonPropertyOrder({"dealt", "traveller", "position", "arrival", "coins", "points", "donated", "mealSpent",
        "panoramas", "souvenirs", "souvenirSets", "meals", "encounters", "hotSprings", "achievements"})
    public record SeatJson(List<String> dealt, String traveller, int position, int arrival, int coins, int points,
                           int donated, int mealSpent, Map<String, Integer> panoramas, List<String> souvenirs,
                           List<List<String>> souvenirSets, List<String> meals, List<String> encounters,
                           List<String> hotSprings, List<String> achievements) {
    }

    /** A deck, top first; the bottom {@code knownBottom} cards were seen by everyone. */
    @JsonPropertyOrder({"cards", "knownBottom"})
    public record DeckJson(List<String> cards, int knownBottom) {
    }

    /** The village visit under way: revealed souvenirs by slot (null once bought) and this visit's purchases. */
    @JsonPropertyOrder({"revealed", "boughtSum", "boughtMin", "boughtCount", "zenUsed"})
    public record VillageJson(List<String> revealed, int boughtSum, int boughtMin, int boughtCount, boolean zenUsed) {
    }

    /**
     * The whole state. {@code offer}: the meals on offer at the current inn, in draw order (seen only by
     * the travellers at the inn); {@code offerKnown}: how many at its end were drawn from the meal deck's
     * known bottom, so everyone knows them. {@code chance}: only in the explicit-chance mode
     * ({@link ExplicitChance#toJson}); at a chance node the other fields are the table as the step
     * under way has it, and a reader replays the step to check them.
     */
    @JsonPropertyOrder({"format", "players", "travellers", "phase", "currentPlayer", "decisions", "truncated", "rng",
        "arrivals", "innPowerPending", "seats", "decks", "offer", "offerKnown", "village", "drawnEncounters",
        "satsukiMeal", "chance"})
    public record StateJson(String format, int players, boolean travellers, String phase, int currentPlayer,
                            int decisions, boolean truncated, String rng, int arrivals, boolean innPowerPending,
                            List<SeatJson> seats, Map<String, DeckJson> decks, List<String> offer, int offerKnown,
                            VillageJson village, List<String> drawnEncounters, String satsukiMeal,
                            Map<String, Object> chance) {
    }

    public static String toJson(TokaidoState s, boolean pretty) {
        return Json.write(toDto(s), pretty);
    }

    public static TokaidoState fromJson(String json) {
        return fromDto(Json.read(json, StateJson.class));
    }

    public static StateJson toDto(TokaidoState s) {
        List<SeatJson> seats = new ArrayList<>();
        for (int p = 0; p < s.n; p++) {
            Map<String, Integer> panoramas = new LinkedHashMap<>();
            for (int t = 0; t < Decks.PANORAMA_TYPES; t++) {
                panoramas.put(Decks.PANORAMA_NAMES[t], s.panorama(p, t));
            }
            List<List<String>> sets = new ArrayList<>();
            for (int i = 0; i < s.setCount[p]; i++) {
                List<String> set = new ArrayList<>();
                for (int t = 0; t < Decks.SOUVENIR_TYPES; t++) {
                    if ((s.souvenirSet(p, i) & (1 << t)) != 0) {
                        set.add(Decks.SOUVENIR_TYPE_NAMES[t]);
                    }
                }
                sets.add(set);
            }
            List<String> achievements = new ArrayList<>();
            for (int a = 0; a < TokaidoState.ACHIEVEMENTS; a++) {
                if (s.hasAchievement(p, a)) {
                    achievements.add(TokaidoState.ACHIEVEMENT_NAMES[a]);
                }
            }
            seats.add(new SeatJson(List.of(Traveller.of(s.dealt(p, 0)).key(), Traveller.of(s.dealt(p, 1)).key()),
                    s.traveller[p] < 0 ? null : Traveller.of(s.traveller[p]).key(), s.position[p], s.arrival[p],
                    s.coins[p], s.points[p], s.donated[p], s.mealSpent[p], panoramas,
                    owned(s, Deck.SOUVENIR, p), sets, owned(s, Deck.MEAL, p), owned(s, Deck.ENCOUNTER, p),
                    owned(s, Deck.HOT_SPRING, p), achievements));
        }
        Map<String, DeckJson> decks = new LinkedHashMap<>();
        for (Deck d : Deck.values()) {
            List<String> cards = new ArrayList<>();
            for (int i = 0; i < s.deckSize[d.ordinal()]; i++) {
                cards.add(d.cardName(s.deck[d.ordinal()][i]));
            }
            decks.put(d.key(), new DeckJson(cards, s.known[d.ordinal()]));
        }
        List<String> offer = new ArrayList<>();
        for (int i = 0; i < s.inn.offerSize; i++) {
            offer.add(Decks.mealName(s.inn.offer[i]));
        }
        List<String> revealed = new ArrayList<>();
        for (int r : s.village.revealed) {
            revealed.add(r < 0 ? null : Decks.souvenirName(r));
        }
        List<String> drawn = new ArrayList<>();
        for (int e : s.drawnEncounters) {
            if (e >= 0) {
                drawn.add(Decks.encounterName(e));
            }
        }
        return new StateJson(STATE_FORMAT, s.n, s.powers, s.phase.name(), s.current, s.decisions, s.truncated,
                Json.rngHex(s.rng.state()), s.arrivals, s.inn.powerPending, seats, decks, offer, s.inn.offerKnown,
                new VillageJson(revealed, s.village.boughtSum, s.village.boughtMin, s.village.boughtCount, s.village.zenUsed), drawn,
                s.inn.satsukiMeal < 0 ? null : Decks.mealName(s.inn.satsukiMeal),
                s.explicit == null ? null : s.explicit.toJson(TokaidoJson::toDto));
    }

    private static List<String> owned(TokaidoState s, Deck d, int p) {
        List<String> out = new ArrayList<>();
        for (int c = 0; c < d.size; c++) {
            if (s.owns(p, d.ordinal(), c)) {
                out.add(d.cardName(c));
            }
        }
        return out;
    }

    /** Builds a state from its JSON form; throws {@link GameFormatException} naming the first problem found. */
    public static TokaidoState fromDto(StateJson j) {
        if (!STATE_FORMAT.equals(j.format())) {
            throw new GameFormatException("format must be " + STATE_FORMAT + ", not " + j.format());
        }
        if (j.players() < TokaidoState.MIN_PLAYERS || j.players() > TokaidoState.MAX_PLAYERS) {
            throw new GameFormatException("players must be 2 to 5, not " + j.players());
        }
        TokaidoState s = new TokaidoState(j.players(), j.travellers());
        try {
            s.phase = Phase.valueOf(Json.require(j.phase(), "phase"));
        } catch (IllegalArgumentException e) {
            throw new GameFormatException("unknown phase '" + j.phase() + "'");
        }
        s.current = j.currentPlayer();
        s.decisions = j.decisions();
        s.truncated = j.truncated();
        s.rng.setState(Json.rngFromHex(j.rng(), "rng"));
        s.arrivals = j.arrivals();
        s.inn.powerPending = j.innPowerPending();
        List<SeatJson> seats = Json.require(j.seats(), "seats");
        if (seats.size() != s.n) {
            throw new GameFormatException(seats.size() + " seats for " + s.n + " players");
        }
        for (Deck d : Deck.values()) {
            for (int c = 0; c < d.size; c++) {
                s.place(d.ordinal(), c, UNPLACED);
            }
        }
        for (int p = 0; p < s.n; p++) {
            readSeat(s, p, seats.get(p));
        }
        readDecks(s, Json.require(j.decks(), "decks"));
        readTable(s, j);
        for (Deck d : Deck.values()) {
            for (int c = 0; c < d.size; c++) {
                if (s.location(d.ordinal(), c) == UNPLACED) {
                    throw new GameFormatException(d.key() + " card " + d.cardName(c) + " is missing (every card must be "
                            + "in a deck, on the table or in a collection)");
                }
            }
        }
        Map<String, Object> chance = j.chance();
        if (chance != null && chance.containsKey("step")) {
            return readChanceNode(s, j);
        }
        List<String> bad = TokaidoInvariants.check(s);
        if (!bad.isEmpty()) {
            throw new GameFormatException("inconsistent state: " + String.join("; ", bad));
        }
        if (chance != null) {
            ExplicitChance.checkMode(chance);
            s.explicit = TokaidoChance.newExplicitChance();
        }
        return s;
    }

    /** A chance node of the explicit mode (field {@code chance}), read as {@link ExplicitChance#readNode} reads it. */
    private static TokaidoState readChanceNode(TokaidoState read, StateJson j) {
        return ExplicitChance.readNode(j.chance(), () -> TokaidoChance.emptyTable(read.n, read.powers, read.rng.state()),
                TokaidoJson::fromJson, b -> b.n == read.n && b.powers == read.powers, s -> tree(toDto(s)), tree(j));
    }

    private static JsonNode tree(StateJson j) {
        return Json.read(Json.write(j, false), JsonNode.class);
    }

    /** The decks, top first, each with its known bottom. */
    private static void readDecks(TokaidoState s, Map<String, DeckJson> decks) {
        for (String key : decks.keySet()) {
            if (deckOf(key) == null) {
                throw new GameFormatException("unknown deck '" + key + "' (decks: meal, souvenir, encounter, hot-spring)");
            }
        }
        for (Deck d : Deck.values()) {
            DeckJson dj = Json.require(decks.get(d.key()), "decks." + d.key());
            List<String> cards = Json.require(dj.cards(), "decks." + d.key() + ".cards");
            if (cards.size() > d.size) {
                throw new GameFormatException("the " + d.key() + " deck lists " + cards.size() + " cards");
            }
            for (int i = 0; i < cards.size(); i++) {
                int c = card(d, cards.get(i));
                s.deck[d.ordinal()][i] = c;
                place(s, d, c, TokaidoState.IN_DECK);
            }
            s.deckSize[d.ordinal()] = cards.size();
            s.known[d.ordinal()] = dj.knownBottom();
        }
    }

    /** The cards on the table: the inn's offer, the village's revealed souvenirs, Yoshiyasu's and Satsuki's draws. */
    private static void readTable(TokaidoState s, StateJson j) {
        List<String> offer = Json.require(j.offer(), "offer");
        if (offer.size() > s.n + 1) {
            throw new GameFormatException("the inn offers " + offer.size() + " meals; at most players + 1");
        }
        for (String name : offer) {
            int c = card(Deck.MEAL, name);
            s.inn.offer[s.inn.offerSize++] = c;
            place(s, Deck.MEAL, c, TokaidoState.ON_TABLE);
        }
        s.inn.offerKnown = j.offerKnown();
        VillageJson v = Json.require(j.village(), "village");
        List<String> revealed = Json.require(v.revealed(), "village.revealed");
        if (revealed.size() != 3) {
            throw new GameFormatException("village.revealed must list 3 slots, not " + revealed.size());
        }
        for (int slot = 0; slot < 3; slot++) {
            if (revealed.get(slot) != null) {
                int c = card(Deck.SOUVENIR, revealed.get(slot));
                s.village.revealed[slot] = c;
                place(s, Deck.SOUVENIR, c, TokaidoState.ON_TABLE);
            }
        }
        s.village.boughtSum = v.boughtSum();
        s.village.boughtMin = v.boughtMin();
        s.village.boughtCount = v.boughtCount();
        s.village.zenUsed = v.zenUsed();
        readDraws(s, j);
    }

    private static void readDraws(TokaidoState s, StateJson j) {
        List<String> drawn = Json.require(j.drawnEncounters(), "drawnEncounters");
        // one while the second is drawn, at a chance node of the explicit mode
        boolean node = j.chance() != null && j.chance().containsKey("step");
        if (drawn.size() > 2 || drawn.size() == 1 && !node) {
            throw new GameFormatException("drawnEncounters lists 0 or 2 cards, not " + drawn.size());
        }
        for (int i = 0; i < drawn.size(); i++) {
            int c = card(Deck.ENCOUNTER, drawn.get(i));
            s.drawnEncounters[i] = c;
            place(s, Deck.ENCOUNTER, c, TokaidoState.ON_TABLE);
        }
        if (j.satsukiMeal() != null) {
            int c = card(Deck.MEAL, j.satsukiMeal());
            s.inn.satsukiMeal = c;
            place(s, Deck.MEAL, c, TokaidoState.ON_TABLE);
        }
    }

    private static final byte UNPLACED = -1;

    private static void readSeat(TokaidoState s, int p, SeatJson seat) {
        List<String> dealt = Json.require(seat.dealt(), "seats[" + p + "].dealt");
        if (dealt.size() != 2) {
            throw new GameFormatException("seat " + p + " must be dealt 2 traveller tiles, not " + dealt.size());
        }
        s.setDealt(p, 0, traveller(dealt.get(0)));
        s.setDealt(p, 1, traveller(dealt.get(1)));
        s.traveller[p] = seat.traveller() == null ? -1 : traveller(seat.traveller());
        s.position[p] = seat.position();
        s.arrival[p] = seat.arrival();
        s.coins[p] = seat.coins();
        s.points[p] = seat.points();
        s.donated[p] = seat.donated();
        s.mealSpent[p] = seat.mealSpent();
        Map<String, Integer> panoramas = Json.require(seat.panoramas(), "seats[" + p + "].panoramas");
        if (!panoramas.keySet().equals(java.util.Set.of(Decks.PANORAMA_NAMES))) {
            throw new GameFormatException("seat " + p + "'s panoramas must name paddy, mountain and sea, not "
                    + panoramas.keySet());
        }
        for (int t = 0; t < Decks.PANORAMA_TYPES; t++) {
            String name = Decks.PANORAMA_NAMES[t];
            s.setPanorama(p, t, Json.require(panoramas.get(name), "panoramas." + name));
        }
        readCollection(s, p, seat);
    }

    /** A seat's cards, souvenir sets and achievements. */
    private static void readCollection(TokaidoState s, int p, SeatJson seat) {
        for (String name : Json.require(seat.souvenirs(), "seats[" + p + "].souvenirs")) {
            place(s, Deck.SOUVENIR, card(Deck.SOUVENIR, name), (byte) (TokaidoState.SEAT + p));
            s.souvenirCount[p]++;
        }
        List<List<String>> sets = Json.require(seat.souvenirSets(), "seats[" + p + "].souvenirSets");
        if (sets.size() > TokaidoState.MAX_SETS) {
            throw new GameFormatException("seat " + p + " has " + sets.size() + " souvenir sets");
        }
        for (List<String> set : sets) {
            int mask = 0;
            for (String type : set) {
                int t = List.of(Decks.SOUVENIR_TYPE_NAMES).indexOf(type);
                if (t < 0 || (mask & (1 << t)) != 0) {
                    throw new GameFormatException("seat " + p + ": a souvenir set holds distinct types of "
                            + List.of(Decks.SOUVENIR_TYPE_NAMES) + ", not " + set);
                }
                mask |= 1 << t;
            }
            s.setSouvenirSet(p, s.setCount[p]++, mask);
        }
        for (String name : Json.require(seat.meals(), "seats[" + p + "].meals")) {
            int c = card(Deck.MEAL, name);
            place(s, Deck.MEAL, c, (byte) (TokaidoState.SEAT + p));
            int bit = 1 << Decks.mealKind(c);
            if ((s.mealsEaten[p] & bit) != 0) {
                throw new GameFormatException("seat " + p + " ate " + Decks.MEAL_NAMES[Decks.mealKind(c)] + " twice");
            }
            s.mealsEaten[p] |= bit;
        }
        for (String name : Json.require(seat.encounters(), "seats[" + p + "].encounters")) {
            place(s, Deck.ENCOUNTER, card(Deck.ENCOUNTER, name), (byte) (TokaidoState.SEAT + p));
            s.encounters[p]++;
        }
        for (String name : Json.require(seat.hotSprings(), "seats[" + p + "].hotSprings")) {
            place(s, Deck.HOT_SPRING, card(Deck.HOT_SPRING, name), (byte) (TokaidoState.SEAT + p));
            s.hotSprings[p]++;
        }
        for (String name : Json.require(seat.achievements(), "seats[" + p + "].achievements")) {
            int a = List.of(TokaidoState.ACHIEVEMENT_NAMES).indexOf(name);
            if (a < 0) {
                throw new GameFormatException("unknown achievement '" + name + "' (achievements: "
                        + String.join(", ", TokaidoState.ACHIEVEMENT_NAMES) + ")");
            }
            s.achievements[p] |= 1 << a;
        }
    }

    private static Deck deckOf(String key) {
        for (Deck d : Deck.values()) {
            if (d.key().equals(key)) {
                return d;
            }
        }
        return null;
    }

    private static int traveller(String key) {
        int t = Traveller.parse(key);
        if (t < 0) {
            throw new GameFormatException("unknown traveller '" + key + "'");
        }
        return t;
    }

    private static int card(Deck d, String name) {
        int c = name == null ? -1 : d.parse(name);
        if (c < 0) {
            throw new GameFormatException("unknown " + d.key() + " card '" + name + "'");
        }
        return c;
    }

    private static void place(TokaidoState s, Deck d, int card, byte where) {
        if (s.location(d.ordinal(), card) != UNPLACED) {
            throw new GameFormatException(d.key() + " card " + d.cardName(card) + " is in two places");
        }
        s.place(d.ordinal(), card, where);
    }
}
