package dev.kaisen.env.osaka;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import dev.kaisen.env.ExplicitChance;
import dev.kaisen.env.GameFormatException;
import dev.kaisen.env.Json;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A state as JSON (format {@value #STATE_FORMAT}, documented in {@code docs/game-records.md}).
 * Cards are named ({@code B5.3}); reading validates everything and rejects an inconsistent
 * state with a message saying what is wrong.
 */
public final class OsakaJson {
    public static final String STATE_FORMAT = "kaisen.osaka.state/2";

    private OsakaJson() {
    }

    /**
     * One seat's cards and counters. {@code vpCards} lists every card of the VP pile;
     * {@code vpCardsFaceDown} those of them that were drawn face down from a draw pile, each
     * with the generation of that pile.
     */
    @JsonPropertyOrder({"hand", "goods", "insuredGoods", "vp", "vpCards", "vpCardsFaceDown", "vpWithoutCard", "tokens",
            "reservedCard"})
    public record SeatJson(List<String> hand, List<String> goods, List<String> insuredGoods, int vp,
                           List<String> vpCards, List<FaceDownJson> vpCardsFaceDown, int vpWithoutCard,
                           Map<String, Integer> tokens, String reservedCard) {
    }

    /** A VP card drawn face down from the draw pile of generation {@code pileGeneration}. */
    @JsonPropertyOrder({"card", "pileGeneration"})
    public record FaceDownJson(String card, Integer pileGeneration) {
    }

    /** A whole state. Piles are listed top first; hands and goods in card-id order. */
    @JsonPropertyOrder({"format", "players", "phase", "currentPlayer", "activePlayer", "startPlayer", "tokenPicksLeft",
            "paymentDue", "sunkColours", "insuranceOffset", "passStreak", "decisions", "endReason", "rng", "ships",
            "market", "farm", "drawPile", "pileGeneration", "discardPile", "outOfGame", "seats", "chance"})
    public record StateJson(String format, int players, String phase, int currentPlayer, int activePlayer,
                            int startPlayer, int tokenPicksLeft, int paymentDue, List<String> sunkColours,
                            int insuranceOffset, int passStreak, int decisions, String endReason, String rng,
                            Map<String, String> ships, List<String> market, List<String> farm,
                            List<String> drawPile, Integer pileGeneration, List<String> discardPile,
                            List<String> outOfGame, List<SeatJson> seats, Map<String, Object> chance) {
    }

    public static String toJson(OsakaState s, boolean pretty) {
        return Json.write(toDto(s), pretty);
    }

    public static OsakaState fromJson(String json) {
        return fromDto(Json.read(json, StateJson.class));
    }

    public static StateJson toDto(OsakaState s) {
        List<SeatJson> seats = new ArrayList<>();
        for (int p = 0; p < s.n; p++) {
            Map<String, Integer> tokens = new LinkedHashMap<>();
            for (Colour c : Colour.values()) {
                tokens.put(key(c), s.tokens(p, c));
            }
            byte vpLoc = Loc.seat(p, Loc.VP);
            List<FaceDownJson> faceDown = new ArrayList<>();
            for (int card = 0; card < Cards.COUNT; card++) {
                if (s.loc[card] == vpLoc && s.faceDownFrom[card] != OsakaState.NOT_FACE_DOWN) {
                    faceDown.add(new FaceDownJson(Cards.name(card), s.faceDownFrom[card]));
                }
            }
            seats.add(new SeatJson(cardsAt(s, Loc.seat(p, Loc.HAND)),
                    cardsAt(s, Loc.seat(p, Loc.GOODS)),
                    cardsAt(s, Loc.seat(p, Loc.INSURED)), s.vp[p],
                    cardsAt(s, vpLoc), faceDown, s.vpWithoutCard[p], tokens,
                    s.reservedCard[p] < 0 ? null : Cards.name(s.reservedCard[p])));
        }
        Map<String, String> ships = new LinkedHashMap<>();
        List<String> sunk = new ArrayList<>();
        for (Colour c : Colour.values()) {
            ships.put(key(c), s.ship(c).name());
            if (s.isSunk(c)) {
                sunk.add(key(c));
            }
        }
        return new StateJson(STATE_FORMAT, s.n, s.phase.name(), s.current, s.active, s.startPlayer,
                s.tokenPicksLeft(), s.paymentDue(), sunk, s.insurance.offset(), s.passStreak, s.decisions,
                s.endReason.name(), Json.rngHex(s.rng.state()), ships, names(s.market, s.marketSize),
                names(s.farm, s.farmSize), names(s.drawPileTopFirst(), s.drawSize), s.pileGeneration,
                cardsAt(s, Loc.DISCARD), cardsAt(s, Loc.OUT), seats,
                s.explicit == null ? null : s.explicit.toJson(OsakaJson::toDto));
    }

    private static String key(Colour c) {
        return c.name().toLowerCase(Locale.ROOT);
    }

    private static List<String> names(int[] cards, int size) {
        List<String> out = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            out.add(Cards.name(cards[i]));
        }
        return out;
    }

    private static List<String> cardsAt(OsakaState s, byte where) {
        List<String> out = new ArrayList<>();
        for (int card = 0; card < Cards.COUNT; card++) {
            if (s.loc[card] == where) {
                out.add(Cards.name(card));
            }
        }
        return out;
    }

    /** Builds a state from its JSON form; throws {@link GameFormatException} naming the first problem found. */
    public static OsakaState fromDto(StateJson j) {
        if (!STATE_FORMAT.equals(j.format())) {
            throw new GameFormatException("format must be '" + STATE_FORMAT + "', not '" + j.format() + "'");
        }
        OsakaConfig config;
        try {
            config = new OsakaConfig(j.players());
        } catch (IllegalArgumentException e) {
            throw new GameFormatException("players: " + e.getMessage());
        }
        if (j.chance() != null && j.chance().containsKey("step")) {
            return readChanceNode(j, config);
        }
        List<SeatJson> seats = Json.require(j.seats(), "seats");
        if (seats.size() != config.players()) {
            throw new GameFormatException("seats lists " + seats.size() + " players but players is " + config.players());
        }
        OsakaState s = new OsakaState(config.players());
        Placer placer = new Placer(s);
        readSharedPlaces(s, j, placer);
        for (int p = 0; p < seats.size(); p++) {
            readSeat(s, p, seats.get(p), placer);
        }
        placer.requireAllPlaced();
        readShips(s, j);
        readTurn(s, j);
        s.rng.setState(Json.rngFromHex(j.rng(), "rng"));
        List<String> violations = OsakaInvariants.check(s);
        if (!violations.isEmpty()) {
            throw new GameFormatException("inconsistent state: " + String.join("; ", violations));
        }
        if (j.chance() != null) {
            ExplicitChance.checkMode(j.chance());
            s.explicit = OsakaExplicit.newExplicitChance();
        }
        return s;
    }

    /** A chance node of the explicit mode (field {@code chance}), read as {@link ExplicitChance#readNode} reads it. */
    private static OsakaState readChanceNode(StateJson j, OsakaConfig config) {
        return ExplicitChance.readNode(j.chance(),
                () -> OsakaExplicit.emptyTable(config.players(), Json.rngFromHex(j.rng(), "rng")),
                OsakaJson::fromJson, b -> b.n == config.players(), s -> Json.read(toJson(s, false), JsonNode.class),
                Json.read(Json.write(j, false), JsonNode.class));
    }

    /** Market, Farm, draw pile (with its generation), discard pile and the cards out of the game. */
    private static void readSharedPlaces(OsakaState s, StateJson j, Placer placer) {
        s.marketSize = placer.ordered(Json.require(j.market(), "market"), "market", Loc.MARKET, s.market);
        s.farmSize = placer.ordered(Json.require(j.farm(), "farm"), "farm", Loc.FARM, s.farm);
        int[] drawTopFirst = new int[Cards.COUNT];
        int drawSize = placer.ordered(Json.require(j.drawPile(), "drawPile"), "drawPile", Loc.DRAW, drawTopFirst);
        CardMoves.setDrawPile(s, drawTopFirst, drawSize);
        s.pileGeneration = Json.require(j.pileGeneration(), "pileGeneration");
        if (s.pileGeneration < 0) {
            throw new GameFormatException("pileGeneration is negative: " + s.pileGeneration);
        }
        s.discardSize = placer.unordered(Json.require(j.discardPile(), "discardPile"), "discardPile", Loc.DISCARD);
        placer.unordered(Json.require(j.outOfGame(), "outOfGame"), "outOfGame", Loc.OUT);
        for (int card = 0; card < Cards.COUNT; card++) {
            if (s.loc[card] == Loc.DISCARD) {
                s.discardByType[Cards.type(card)]++;
            } else if (s.loc[card] == Loc.OUT) {
                s.outByType[Cards.type(card)]++;
            }
        }
    }

    /** Seat p's cards, VP, tokens and reserve piece. */
    private static void readSeat(OsakaState s, int p, SeatJson seat, Placer placer) {
        String who = "seats[" + p + "].";
        for (String name : Json.require(seat.hand(), who + "hand")) {
            int card = placer.place(name, who + "hand", Loc.seat(p, Loc.HAND));
            s.addHand(p, Cards.type(card), 1);
            s.handValue[p] += Cards.value(card);
            s.handSize[p]++;
        }
        for (String name : Json.require(seat.goods(), who + "goods")) {
            s.addGoods(p, Cards.type(placer.place(name, who + "goods", Loc.seat(p, Loc.GOODS))), 1);
        }
        for (String name : Json.require(seat.insuredGoods(), who + "insuredGoods")) {
            s.addInsured(p, Cards.type(placer.place(name, who + "insuredGoods", Loc.seat(p, Loc.INSURED))), 1);
        }
        int vpCards = placer.unordered(Json.require(seat.vpCards(), who + "vpCards"), who + "vpCards",
                Loc.seat(p, Loc.VP));
        readFaceDown(s, p, Json.require(seat.vpCardsFaceDown(), who + "vpCardsFaceDown"), who + "vpCardsFaceDown");
        if (seat.vp() < 0 || seat.vpWithoutCard() < 0) {
            throw new GameFormatException(who + "vp is negative (vp " + seat.vp() + ", vpWithoutCard "
                    + seat.vpWithoutCard() + ")");
        }
        if (seat.vp() != vpCards + seat.vpWithoutCard()) {
            throw new GameFormatException(who + "vp is " + seat.vp() + " but vpCards holds " + vpCards
                    + " cards and vpWithoutCard is " + seat.vpWithoutCard());
        }
        s.vp[p] = seat.vp();
        s.vpWithoutCard[p] = seat.vpWithoutCard();
        for (Map.Entry<String, Integer> e : Json.require(seat.tokens(), who + "tokens").entrySet()) {
            Colour c = colour(e.getKey(), who + "tokens");
            int count = Json.require(e.getValue(), who + "tokens." + e.getKey());
            if (count < 0) {
                throw new GameFormatException(who + "tokens." + e.getKey() + " is negative: " + count);
            }
            s.addTokens(p, c.ordinal(), count - s.tokenCount(p, c.ordinal()));
        }
        if (seat.reservedCard() != null) {
            readReservedCard(s, p, seat.reservedCard(), who + "reservedCard");
        }
    }

    private static void readReservedCard(OsakaState s, int p, String name, String field) {
        int card = parseCard(name, field);
        if (s.loc[card] != Loc.MARKET && s.loc[card] != Loc.FARM) {
            throw new GameFormatException(field + " " + name + " is not in the Market or Farm");
        }
        if (s.reservedBy[card] != 0) {
            throw new GameFormatException(field + " " + name + " is already reserved by another player");
        }
        CardMoves.reserve(s, p, card);
    }

    private static void readShips(OsakaState s, StateJson j) {
        Map<String, String> ships = Json.require(j.ships(), "ships");
        if (ships.size() != Colour.COUNT) {
            throw new GameFormatException("ships must give a space for each of the 4 colours, got " + ships.keySet());
        }
        for (Map.Entry<String, String> e : ships.entrySet()) {
            Colour c = colour(e.getKey(), "ships");
            s.ship[c.ordinal()] = parseEnum(Space.class, e.getValue(), "ships." + e.getKey()).ordinal();
        }
    }

    /** Phase, seats to act, the per-phase rounds and the counters, each checked against the phase. */
    private static void readTurn(OsakaState s, StateJson j) {
        int sunk = 0;
        for (String name : Json.require(j.sunkColours(), "sunkColours")) {
            sunk |= 1 << colour(name, "sunkColours").ordinal();
        }
        s.phase = parseEnum(Phase.class, j.phase(), "phase");
        s.endReason = parseEnum(EndReason.class, j.endReason(), "endReason");
        s.current = j.currentPlayer();
        s.active = j.activePlayer();
        s.startPlayer = j.startPlayer();
        checkSeat(s.active, s.n, "activePlayer");
        checkSeat(s.startPlayer, s.n, "startPlayer");
        s.tokenPicks = new TokenPicks(j.tokenPicksLeft());
        if (j.tokenPicksLeft() < 0 || j.tokenPicksLeft() > s.n || (s.phase == Phase.CHOOSE_TOKEN) != (j.tokenPicksLeft() > 0)) {
            throw new GameFormatException("tokenPicksLeft " + j.tokenPicksLeft() + " does not fit phase " + s.phase);
        }
        s.payment = new Payment(j.paymentDue());
        if (j.paymentDue() < 0 || (s.phase != Phase.PAYMENT && j.paymentDue() != 0)) {
            throw new GameFormatException("paymentDue " + j.paymentDue() + " does not fit phase " + s.phase);
        }
        s.insurance = new Insurance(sunk, j.insuranceOffset());
        if (j.insuranceOffset() < 0 || j.insuranceOffset() >= s.n) {
            throw new GameFormatException("insuranceOffset " + j.insuranceOffset() + " out of range");
        }
        if ((s.phase == Phase.INSURANCE) != (sunk != 0)) {
            throw new GameFormatException("sunkColours must be non-empty exactly during the INSURANCE phase");
        }
        if (s.phase == Phase.INSURANCE && s.current != (s.active + j.insuranceOffset()) % s.n) {
            throw new GameFormatException("during insurance currentPlayer must be activePlayer + insuranceOffset");
        }
        if ((s.phase == Phase.ACTION || s.phase == Phase.PAYMENT) && s.current != s.active) {
            throw new GameFormatException("currentPlayer must be the activePlayer in phase " + s.phase);
        }
        readCounters(s, j);
    }

    private static void readCounters(OsakaState s, StateJson j) {
        s.passStreak = j.passStreak();
        s.decisions = j.decisions();
        // passStreak reaches the player count only in a game ended by the stalemate guard
        int maxStreak = s.endReason == EndReason.STALEMATE ? s.n : s.n - 1;
        if (s.passStreak < 0 || s.passStreak > maxStreak) {
            throw new GameFormatException("passStreak " + s.passStreak + " out of range 0.." + maxStreak);
        }
        if (s.decisions < 0) {
            throw new GameFormatException("decisions is negative: " + s.decisions);
        }
    }

    /**
     * Marks seat p's VP cards drawn face down; each must be in that seat's {@code vpCards}, be
     * listed once, and come from a pile generation that exists (0 to the current one).
     */
    private static void readFaceDown(OsakaState s, int p, List<FaceDownJson> faceDown, String where) {
        byte vpLoc = Loc.seat(p, Loc.VP);
        for (int i = 0; i < faceDown.size(); i++) {
            String entry = where + "[" + i + "]";
            FaceDownJson f = Json.require(faceDown.get(i), entry);
            int card = parseCard(Json.require(f.card(), entry + ".card"), entry + ".card");
            int generation = Json.require(f.pileGeneration(), entry + ".pileGeneration");
            if (s.loc[card] != vpLoc) {
                throw new GameFormatException(entry + ": " + f.card() + " is not in the same seat's vpCards");
            }
            if (s.faceDownFrom[card] != OsakaState.NOT_FACE_DOWN) {
                throw new GameFormatException(entry + ": " + f.card() + " is listed twice");
            }
            if (generation < 0 || generation > s.pileGeneration) {
                throw new GameFormatException(entry + ": " + f.card() + " has pileGeneration " + generation
                        + ", outside 0.." + s.pileGeneration + " (the current pileGeneration)");
            }
            s.faceDownFrom[card] = generation;
        }
    }

    private static void checkSeat(int seat, int n, String field) {
        if (seat < 0 || seat >= n) {
            throw new GameFormatException(field + " " + seat + " is not a seat (0.." + (n - 1) + ")");
        }
    }

    private static Colour colour(String name, String field) {
        try {
            return Colour.parse(name);
        } catch (IllegalArgumentException e) {
            throw new GameFormatException(field + ": " + e.getMessage());
        }
    }

    static int parseCard(String name, String field) {
        try {
            return Cards.parse(name);
        } catch (IllegalArgumentException e) {
            throw new GameFormatException(field + ": " + e.getMessage());
        }
    }

    private static <E extends Enum<E>> E parseEnum(Class<E> type, String value, String field) {
        Json.require(value, field);
        try {
            return Enum.valueOf(type, value.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new GameFormatException(field + ": unknown value '" + value + "' (expected one of "
                    + Arrays.toString(type.getEnumConstants()) + ")");
        }
    }

    /** Puts named cards in places, catching unknown cards, duplicates, extra and missing cards. */
    private static final class Placer {
        private final OsakaState s;
        private final String[] placedIn = new String[Cards.COUNT];
        private int placed;

        Placer(OsakaState s) {
            this.s = s;
        }

        int place(String name, String where, byte loc) {
            int card = parseCard(name, where);
            if (placedIn[card] != null) {
                throw new GameFormatException("card " + name + " appears twice: in " + placedIn[card] + " and in " + where);
            }
            placedIn[card] = where;
            placed++;
            s.loc[card] = loc;
            return card;
        }

        int ordered(List<String> names, String where, byte loc, int[] into) {
            if (names.size() > into.length) {
                throw new GameFormatException(where + " holds " + names.size() + " cards, more than the "
                        + into.length + " it can");
            }
            for (int i = 0; i < names.size(); i++) {
                into[i] = place(names.get(i), where, loc);
            }
            return names.size();
        }

        int unordered(List<String> names, String where, byte loc) {
            for (String name : names) {
                place(name, where, loc);
            }
            return names.size();
        }

        void requireAllPlaced() {
            if (placed != Cards.COUNT) {
                List<String> missing = new ArrayList<>();
                for (int card = 0; card < Cards.COUNT; card++) {
                    if (placedIn[card] == null) {
                        missing.add(Cards.name(card));
                    }
                }
                throw new GameFormatException("the state places " + placed + " cards; all 108 must be placed, missing "
                        + missing);
            }
        }
    }
}
