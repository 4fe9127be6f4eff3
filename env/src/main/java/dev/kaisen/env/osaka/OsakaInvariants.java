package dev.kaisen.env.osaka;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Consistency checks over a state: card conservation (each of the 108 cards in exactly one
 * place, and the ordered piles and per-type counts agreeing with it), ship positions,
 * reservations, token and VP counts, face-down marks of VP cards and pile generations. Used
 * by {@code selfplay --check}, by the JSON reader (inconsistent input is rejected) and by the
 * tests.
 */
public final class OsakaInvariants {
    private OsakaInvariants() {
    }

    /** Every violation found in one state; empty when consistent. */
    public static List<String> check(OsakaState s) {
        List<String> v = new ArrayList<>();
        checkPlaces(v, s);
        for (int p = 0; p < s.n; p++) {
            checkSeat(v, s, p);
        }
        checkReservePieces(v, s);
        checkFaceDownMarks(v, s);
        checkShipsAndPhase(v, s);
        return v;
    }

    /** Every card in one valid place; the ordered piles and the per-type counts agreeing with it. */
    private static void checkPlaces(List<String> v, OsakaState s) {
        int maxLoc = Loc.end(s.n);
        int[] perLoc = new int[maxLoc];
        for (int card = 0; card < Cards.COUNT; card++) {
            int l = s.loc[card];
            if (l < 0 || l >= maxLoc || (l > Loc.OUT && !Loc.isSeat(l))) {
                v.add("card " + Cards.name(card) + " has no valid place (code " + l + ")");
            } else {
                perLoc[l]++;
            }
        }
        checkOrderedPlace(v, s, "draw pile", s.draw, s.drawSize, Loc.DRAW, perLoc);
        checkOrderedPlace(v, s, "Market", s.market, s.marketSize, Loc.MARKET, perLoc);
        checkOrderedPlace(v, s, "Farm", s.farm, s.farmSize, Loc.FARM, perLoc);
        int[] discardByType = new int[Cards.TYPES];
        int[] outByType = new int[Cards.TYPES];
        for (int card = 0; card < Cards.COUNT; card++) {
            if (s.loc[card] == Loc.DISCARD) {
                discardByType[Cards.type(card)]++;
            } else if (s.loc[card] == Loc.OUT) {
                outByType[Cards.type(card)]++;
            }
        }
        if (!Arrays.equals(discardByType, s.discardByType) || !Arrays.equals(outByType, s.outByType)) {
            v.add("discard or out-of-game counts by type disagree with the cards' places");
        }
        if (perLoc[Loc.DISCARD] != s.discardSize) {
            v.add("discard pile size " + s.discardSize + " but " + perLoc[Loc.DISCARD] + " cards are there");
        }
        if (s.farmSize > OsakaState.FARM_DEAL) {
            v.add("Farm holds " + s.farmSize + " cards (at most 3)");
        }
    }

    /** Seat p's counts by type, hand value and size, VP, tokens and reserve piece. */
    private static void checkSeat(List<String> v, OsakaState s, int p) {
        int[] hand = new int[Cards.TYPES];
        int[] goods = new int[Cards.TYPES];
        int[] insured = new int[Cards.TYPES];
        int handValue = 0;
        int vpCards = 0;
        for (int card = 0; card < Cards.COUNT; card++) {
            int l = s.loc[card];
            if (l == Loc.seat(p, Loc.HAND)) {
                hand[Cards.type(card)]++;
                handValue += Cards.value(card);
            } else if (l == Loc.seat(p, Loc.GOODS)) {
                goods[Cards.type(card)]++;
            } else if (l == Loc.seat(p, Loc.INSURED)) {
                insured[Cards.type(card)]++;
            } else if (l == Loc.seat(p, Loc.VP)) {
                vpCards++;
            }
        }
        int handSize = 0;
        for (int t = 0; t < Cards.TYPES; t++) {
            handSize += hand[t];
            if (hand[t] != s.handCount(p, t) || goods[t] != s.uninsuredCount(p, t) || insured[t] != s.insuredCount(p, t)) {
                v.add("player " + p + " counts of " + Cards.typeName(t) + " disagree with the cards' places");
            }
        }
        if (handValue != s.handValue[p] || handSize != s.handSize[p]) {
            v.add("player " + p + " hand value/size disagree with the cards in hand");
        }
        if (s.vpWithoutCard[p] < 0) {
            v.add("player " + p + " has negative VP without card: " + s.vpWithoutCard[p]);
        }
        if (s.vp[p] != vpCards + s.vpWithoutCard[p]) {
            v.add("player " + p + " has " + s.vp[p] + " VP but " + vpCards + " VP cards + "
                    + s.vpWithoutCard[p] + " without card");
        }
        checkTokens(v, s, p);
        int rc = s.reservedCard[p];
        if (rc >= 0 && (rc >= Cards.COUNT || s.reservedBy[rc] != p + 1
                || (s.loc[rc] != Loc.MARKET && s.loc[rc] != Loc.FARM))) {
            v.add("player " + p + "'s reserve piece is on " + rc + ", which is not their reserved Market or Farm card");
        }
    }

    /** Seat p's tokens: none negative, at least one once picked, fewer than the end count while the game goes on. */
    private static void checkTokens(List<String> v, OsakaState s, int p) {
        int n = s.n;
        int tokenTotal = 0;
        for (int c = 0; c < Colour.COUNT; c++) {
            int t = s.tokenCount(p, c);
            if (t < 0) {
                v.add("player " + p + " has negative " + Colour.of(c) + " tokens");
            }
            tokenTotal += t;
        }
        boolean picked = s.phase != Phase.CHOOSE_TOKEN
                || Math.floorMod(p - s.startPlayer, n) < n - s.tokenPicksLeft();
        if (picked && tokenTotal < 1) {
            v.add("player " + p + " has no achievement token after choosing one");
        }
        if (s.phase != Phase.GAME_OVER && tokenTotal >= OsakaState.TOKENS_TO_END) {
            v.add("player " + p + " holds " + tokenTotal + " tokens but the game goes on");
        }
    }

    private static void checkReservePieces(List<String> v, OsakaState s) {
        for (int card = 0; card < Cards.COUNT; card++) {
            int owner = s.reservedBy[card];
            if (owner != 0 && (owner > s.n || owner < 0 || s.reservedCard[owner - 1] != card)) {
                v.add("card " + Cards.name(card) + " carries a reserve piece that no player placed there");
            }
        }
    }

    private static void checkFaceDownMarks(List<String> v, OsakaState s) {
        if (s.pileGeneration < 0) {
            v.add("pile generation is negative: " + s.pileGeneration);
        }
        for (int card = 0; card < Cards.COUNT; card++) {
            int g = s.faceDownFrom[card];
            if (g == OsakaState.NOT_FACE_DOWN) {
                continue;
            }
            int l = s.loc[card];
            if (!Loc.isSeat(l) || Loc.kindOf(l) != Loc.VP) {
                v.add("card " + Cards.name(card) + " is marked as drawn face down but is not in a VP pile");
            }
            if (g < 0 || g > s.pileGeneration) {
                v.add("card " + Cards.name(card) + " was drawn face down from pile generation " + g
                        + ", outside 0.." + s.pileGeneration);
            }
        }
    }

    private static void checkShipsAndPhase(List<String> v, OsakaState s) {
        // At a chance node of the explicit mode a Buy's payout or refresh may be under way: the
        // payment is settled and a ship may wait in Edo while the sold sets' VP cards are drawn.
        boolean node = s.isChanceNode();
        for (int c = 0; c < Colour.COUNT; c++) {
            int pos = s.ship[c];
            if (pos < 0 || pos > OsakaState.EDO) {
                v.add(Colour.of(c) + " ship off the track at " + pos);
            } else if (pos == OsakaState.EDO && s.phase != Phase.INSURANCE && s.phase != Phase.GAME_OVER && !node) {
                v.add(Colour.of(c) + " ship waits in Edo outside a payout");
            }
        }
        if (s.phase == Phase.PAYMENT && s.paymentDue() <= 0 && !node) {
            v.add("payment phase with nothing due");
        }
        if (s.phase != Phase.GAME_OVER && (s.current < 0 || s.current >= s.n)) {
            v.add("current player " + s.current + " out of range");
        }
        if (s.phase == Phase.GAME_OVER && s.endReason == EndReason.NONE) {
            v.add("game over without an end reason");
        }
        if (s.phase != Phase.GAME_OVER && s.endReason != EndReason.NONE) {
            v.add("end reason " + s.endReason + " while the game goes on");
        }
    }

    private static void checkOrderedPlace(List<String> v, OsakaState s, String name, int[] cards, int size,
                                          byte code, int[] perLoc) {
        if (size < 0 || size > cards.length) {
            v.add(name + " size " + size + " out of range");
            return;
        }
        for (int i = 0; i < size; i++) {
            int card = cards[i];
            if (card < 0 || card >= Cards.COUNT || s.loc[card] != code) {
                v.add(name + " position " + i + " holds a card that is placed elsewhere");
            }
        }
        if (perLoc[code] != size) {
            v.add(name + " lists " + size + " cards but " + perLoc[code] + " are placed there");
        }
    }

    /**
     * Violations of what one decision may change: VP and tokens never decrease, the decision
     * count grows by one, the pile generation never decreases, and a face-down mark, once
     * set, never changes (VP piles are never touched again).
     */
    public static List<String> checkStep(OsakaState before, OsakaState after) {
        List<String> v = check(after);
        if (after.decisions != before.decisions + 1) {
            v.add("decision count went from " + before.decisions + " to " + after.decisions);
        }
        if (after.pileGeneration < before.pileGeneration) {
            v.add("pile generation went down from " + before.pileGeneration + " to " + after.pileGeneration);
        }
        for (int card = 0; card < Cards.COUNT; card++) {
            int was = before.faceDownFrom[card];
            int now = after.faceDownFrom[card];
            boolean changed = was != OsakaState.NOT_FACE_DOWN && now != was;
            boolean newFromOldPile = was == OsakaState.NOT_FACE_DOWN && now != OsakaState.NOT_FACE_DOWN
                    && now < before.pileGeneration;
            if (changed || newFromOldPile) {
                v.add("card " + Cards.name(card) + " face-down mark went from " + was + " to " + now);
            }
        }
        for (int p = 0; p < before.n; p++) {
            if (after.vp[p] < before.vp[p]) {
                v.add("player " + p + " lost VP");
            }
            for (int c = 0; c < Colour.COUNT; c++) {
                int was = before.tokenCount(p, c);
                int now = after.tokenCount(p, c);
                if (now < was || now > was + 1) {
                    v.add("player " + p + " " + Colour.of(c) + " tokens went from " + was + " to " + now);
                }
            }
        }
        return v;
    }
}
