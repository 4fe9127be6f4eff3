package dev.kaisen.env.osaka;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
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
            "market", "farm", "drawPile", "pileGeneration", "discardPile", "outOfGame", "seats"})
    public record StateJson(String format, int players, String phase, int currentPlayer, int activePlayer,
                            int startPlayer, int tokenPicksLeft, int paymentDue, List<String> sunkColours,
                            int insuranceOffset, int passStreak, int decisions, String endReason, String rng,
                            Map<String, String> ships, List<String> market, List<String> farm,
                            List<String> drawPile, Integer pileGeneration, List<String> discardPile,
                            List<String> outOfGame, List<SeatJson> seats) {
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
            byte vpLoc = OsakaState.seatLoc(p, OsakaState.VP);
            List<FaceDownJson> faceDown = new ArrayList<>();
            for (int card = 0; card < Cards.COUNT; card++) {
                if (s.loc[card] == vpLoc && s.faceDownFrom[card] != OsakaState.NOT_FACE_DOWN) {
                    faceDown.add(new FaceDownJson(Cards.name(card), s.faceDownFrom[card]));
                }
            }
            seats.add(new SeatJson(cardsAt(s, OsakaState.seatLoc(p, OsakaState.HAND)),
                    cardsAt(s, OsakaState.seatLoc(p, OsakaState.GOODS)),
                    cardsAt(s, OsakaState.seatLoc(p, OsakaState.INSURED)), s.vp[p],
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
                s.tokenPicksLeft, s.paymentDue, sunk, s.insuranceOffset, s.passStreak, s.decisions,
                s.endReason.name(), Json.rngHex(s.rng), ships, names(s.market, s.marketSize),
                names(s.farm, s.farmSize), names(s.drawPileTopFirst(), s.drawSize), s.pileGeneration,
                cardsAt(s, OsakaState.DISCARD), cardsAt(s, OsakaState.OUT), seats);
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
        List<SeatJson> seats = Json.require(j.seats(), "seats");
        if (seats.size() != config.players()) {
            throw new GameFormatException("seats lists " + seats.size() + " players but players is " + config.players());
        }
        OsakaState s = new OsakaState(config.players());
        Placer placer = new Placer(s);
        s.marketSize = placer.ordered(Json.require(j.market(), "market"), "market", OsakaState.MARKET, s.market);
        s.farmSize = placer.ordered(Json.require(j.farm(), "farm"), "farm", OsakaState.FARM, s.farm);
        int[] drawTopFirst = new int[Cards.COUNT];
        int drawSize = placer.ordered(Json.require(j.drawPile(), "drawPile"), "drawPile", OsakaState.DRAW, drawTopFirst);
        for (int i = 0; i < drawSize; i++) {
            s.draw[drawSize - 1 - i] = drawTopFirst[i];
        }
        s.drawSize = drawSize;
        s.pileGeneration = Json.require(j.pileGeneration(), "pileGeneration");
        if (s.pileGeneration < 0) {
            throw new GameFormatException("pileGeneration is negative: " + s.pileGeneration);
        }
        s.discardSize = placer.unordered(Json.require(j.discardPile(), "discardPile"), "discardPile", OsakaState.DISCARD);
        placer.unordered(Json.require(j.outOfGame(), "outOfGame"), "outOfGame", OsakaState.OUT);
        for (int card = 0; card < Cards.COUNT; card++) {
            if (s.loc[card] == OsakaState.DISCARD) {
                s.discardByType[Cards.type(card)]++;
            } else if (s.loc[card] == OsakaState.OUT) {
                s.outByType[Cards.type(card)]++;
            }
        }
        for (int p = 0; p < seats.size(); p++) {
            SeatJson seat = seats.get(p);
            String who = "seats[" + p + "].";
            for (String name : Json.require(seat.hand(), who + "hand")) {
                int card = placer.place(name, who + "hand", OsakaState.seatLoc(p, OsakaState.HAND));
                s.hand[p * Cards.TYPES + Cards.type(card)]++;
                s.handValue[p] += Cards.value(card);
                s.handSize[p]++;
            }
            for (String name : Json.require(seat.goods(), who + "goods")) {
                int card = placer.place(name, who + "goods", OsakaState.seatLoc(p, OsakaState.GOODS));
                s.goods[p * Cards.TYPES + Cards.type(card)]++;
            }
            for (String name : Json.require(seat.insuredGoods(), who + "insuredGoods")) {
                int card = placer.place(name, who + "insuredGoods", OsakaState.seatLoc(p, OsakaState.INSURED));
                s.insured[p * Cards.TYPES + Cards.type(card)]++;
            }
            int vpCards = placer.unordered(Json.require(seat.vpCards(), who + "vpCards"), who + "vpCards",
                    OsakaState.seatLoc(p, OsakaState.VP));
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
            Map<String, Integer> tokens = Json.require(seat.tokens(), who + "tokens");
            for (Map.Entry<String, Integer> e : tokens.entrySet()) {
                Colour c = colour(e.getKey(), who + "tokens");
                int count = Json.require(e.getValue(), who + "tokens." + e.getKey());
                if (count < 0) {
                    throw new GameFormatException(who + "tokens." + e.getKey() + " is negative: " + count);
                }
                s.tokens[p * Colour.COUNT + c.ordinal()] = count;
            }
            if (seat.reservedCard() != null) {
                int card = parseCard(seat.reservedCard(), who + "reservedCard");
                if (s.loc[card] != OsakaState.MARKET && s.loc[card] != OsakaState.FARM) {
                    throw new GameFormatException(who + "reservedCard " + seat.reservedCard() + " is not in the Market or Farm");
                }
                if (s.reservedBy[card] != 0) {
                    throw new GameFormatException(who + "reservedCard " + seat.reservedCard() + " is already reserved by another player");
                }
                s.reservedCard[p] = card;
                s.reservedBy[card] = (byte) (p + 1);
            }
        }
        placer.requireAllPlaced();
        Map<String, String> ships = Json.require(j.ships(), "ships");
        if (ships.size() != Colour.COUNT) {
            throw new GameFormatException("ships must give a space for each of the 4 colours, got " + ships.keySet());
        }
        for (Map.Entry<String, String> e : ships.entrySet()) {
            Colour c = colour(e.getKey(), "ships");
            s.ship[c.ordinal()] = parseEnum(Space.class, e.getValue(), "ships." + e.getKey()).ordinal();
        }
        for (String name : Json.require(j.sunkColours(), "sunkColours")) {
            s.sunkMask |= 1 << colour(name, "sunkColours").ordinal();
        }
        s.phase = parseEnum(Phase.class, j.phase(), "phase");
        s.endReason = parseEnum(EndReason.class, j.endReason(), "endReason");
        s.current = j.currentPlayer();
        s.active = j.activePlayer();
        s.startPlayer = j.startPlayer();
        checkSeat(s.active, s.n, "activePlayer");
        checkSeat(s.startPlayer, s.n, "startPlayer");
        s.tokenPicksLeft = j.tokenPicksLeft();
        if (s.tokenPicksLeft < 0 || s.tokenPicksLeft > s.n || (s.phase == Phase.CHOOSE_TOKEN) != (s.tokenPicksLeft > 0)) {
            throw new GameFormatException("tokenPicksLeft " + s.tokenPicksLeft + " does not fit phase " + s.phase);
        }
        s.paymentDue = j.paymentDue();
        if (s.paymentDue < 0 || (s.phase != Phase.PAYMENT && s.paymentDue != 0)) {
            throw new GameFormatException("paymentDue " + s.paymentDue + " does not fit phase " + s.phase);
        }
        s.insuranceOffset = j.insuranceOffset();
        if (s.insuranceOffset < 0 || s.insuranceOffset >= s.n) {
            throw new GameFormatException("insuranceOffset " + s.insuranceOffset + " out of range");
        }
        if ((s.phase == Phase.INSURANCE) != (s.sunkMask != 0)) {
            throw new GameFormatException("sunkColours must be non-empty exactly during the INSURANCE phase");
        }
        if (s.phase == Phase.INSURANCE && s.current != (s.active + s.insuranceOffset) % s.n) {
            throw new GameFormatException("during insurance currentPlayer must be activePlayer + insuranceOffset");
        }
        if (s.phase == Phase.ACTION || s.phase == Phase.PAYMENT) {
            if (s.current != s.active) {
                throw new GameFormatException("currentPlayer must be the activePlayer in phase " + s.phase);
            }
        }
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
        s.rng = Json.rngFromHex(j.rng(), "rng");
        List<String> violations = OsakaInvariants.check(s);
        if (!violations.isEmpty()) {
            throw new GameFormatException("inconsistent state: " + String.join("; ", violations));
        }
        return s;
    }

    /**
     * Marks seat p's VP cards drawn face down; each must be in that seat's {@code vpCards}, be
     * listed once, and come from a pile generation that exists (0 to the current one).
     */
    private static void readFaceDown(OsakaState s, int p, List<FaceDownJson> faceDown, String where) {
        byte vpLoc = OsakaState.seatLoc(p, OsakaState.VP);
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
