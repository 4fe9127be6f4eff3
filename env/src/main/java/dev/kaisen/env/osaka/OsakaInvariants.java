package dev.kaisen.env.osaka;

import java.util.ArrayList;
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
        int n = s.n;
        int maxLoc = OsakaState.SEAT_BASE + 4 * n;
        int[] perLoc = new int[maxLoc];
        for (int card = 0; card < Cards.COUNT; card++) {
            int l = s.loc[card];
            if (l < 0 || l >= maxLoc || (l > OsakaState.OUT && l < OsakaState.SEAT_BASE)) {
                v.add("card " + Cards.name(card) + " has no valid place (code " + l + ")");
            } else {
                perLoc[l]++;
            }
        }
        checkOrderedPlace(v, s, "draw pile", s.draw, s.drawSize, OsakaState.DRAW, perLoc);
        checkOrderedPlace(v, s, "Market", s.market, s.marketSize, OsakaState.MARKET, perLoc);
        checkOrderedPlace(v, s, "Farm", s.farm, s.farmSize, OsakaState.FARM, perLoc);
        int[] discardByType = new int[Cards.TYPES];
        int[] outByType = new int[Cards.TYPES];
        for (int card = 0; card < Cards.COUNT; card++) {
            if (s.loc[card] == OsakaState.DISCARD) {
                discardByType[Cards.type(card)]++;
            } else if (s.loc[card] == OsakaState.OUT) {
                outByType[Cards.type(card)]++;
            }
        }
        if (!java.util.Arrays.equals(discardByType, s.discardByType) || !java.util.Arrays.equals(outByType, s.outByType)) {
            v.add("discard or out-of-game counts by type disagree with the cards' places");
        }
        if (perLoc[OsakaState.DISCARD] != s.discardSize) {
            v.add("discard pile size " + s.discardSize + " but " + perLoc[OsakaState.DISCARD] + " cards are there");
        }
        if (s.farmSize > OsakaState.FARM_DEAL) {
            v.add("Farm holds " + s.farmSize + " cards (at most 3)");
        }
        for (int p = 0; p < n; p++) {
            int[] hand = new int[Cards.TYPES];
            int[] goods = new int[Cards.TYPES];
            int[] insured = new int[Cards.TYPES];
            int handValue = 0;
            int vpCards = 0;
            for (int card = 0; card < Cards.COUNT; card++) {
                int l = s.loc[card];
                if (l == OsakaState.seatLoc(p, OsakaState.HAND)) {
                    hand[Cards.type(card)]++;
                    handValue += Cards.value(card);
                } else if (l == OsakaState.seatLoc(p, OsakaState.GOODS)) {
                    goods[Cards.type(card)]++;
                } else if (l == OsakaState.seatLoc(p, OsakaState.INSURED)) {
                    insured[Cards.type(card)]++;
                } else if (l == OsakaState.seatLoc(p, OsakaState.VP)) {
                    vpCards++;
                }
            }
            int handSize = 0;
            for (int t = 0; t < Cards.TYPES; t++) {
                int i = p * Cards.TYPES + t;
                handSize += hand[t];
                if (hand[t] != s.hand[i] || goods[t] != s.goods[i] || insured[t] != s.insured[i]) {
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
            int tokenTotal = 0;
            for (int c = 0; c < Colour.COUNT; c++) {
                int t = s.tokens[p * Colour.COUNT + c];
                if (t < 0) {
                    v.add("player " + p + " has negative " + Colour.of(c) + " tokens");
                }
                tokenTotal += t;
            }
            boolean picked = s.phase != Phase.CHOOSE_TOKEN
                    || Math.floorMod(p - s.startPlayer, n) < n - s.tokenPicksLeft;
            if (picked && tokenTotal < 1) {
                v.add("player " + p + " has no achievement token after choosing one");
            }
            if (s.phase != Phase.GAME_OVER && tokenTotal >= OsakaState.TOKENS_TO_END) {
                v.add("player " + p + " holds " + tokenTotal + " tokens but the game goes on");
            }
            int rc = s.reservedCard[p];
            if (rc >= 0 && (rc >= Cards.COUNT || s.reservedBy[rc] != p + 1
                    || (s.loc[rc] != OsakaState.MARKET && s.loc[rc] != OsakaState.FARM))) {
                v.add("player " + p + "'s reserve piece is on " + rc + ", which is not their reserved Market or Farm card");
            }
        }
        for (int card = 0; card < Cards.COUNT; card++) {
            int owner = s.reservedBy[card];
            if (owner != 0 && (owner > n || owner < 0 || s.reservedCard[owner - 1] != card)) {
                v.add("card " + Cards.name(card) + " carries a reserve piece that no player placed there");
            }
        }
        if (s.pileGeneration < 0) {
            v.add("pile generation is negative: " + s.pileGeneration);
        }
        for (int card = 0; card < Cards.COUNT; card++) {
            int g = s.faceDownFrom[card];
            if (g == OsakaState.NOT_FACE_DOWN) {
                continue;
            }
            int l = s.loc[card];
            if (l < OsakaState.SEAT_BASE || (l - OsakaState.SEAT_BASE) % 4 != OsakaState.VP) {
                v.add("card " + Cards.name(card) + " is marked as drawn face down but is not in a VP pile");
            }
            if (g < 0 || g > s.pileGeneration) {
                v.add("card " + Cards.name(card) + " was drawn face down from pile generation " + g
                        + ", outside 0.." + s.pileGeneration);
            }
        }
        for (int c = 0; c < Colour.COUNT; c++) {
            int pos = s.ship[c];
            if (pos < 0 || pos > OsakaState.EDO) {
                v.add(Colour.of(c) + " ship off the track at " + pos);
            } else if (pos == OsakaState.EDO && s.phase != Phase.INSURANCE && s.phase != Phase.GAME_OVER) {
                v.add(Colour.of(c) + " ship waits in Edo outside a payout");
            }
        }
        if (s.phase == Phase.PAYMENT && s.paymentDue <= 0) {
            v.add("payment phase with nothing due");
        }
        if (s.phase != Phase.GAME_OVER && (s.current < 0 || s.current >= n)) {
            v.add("current player " + s.current + " out of range");
        }
        if (s.phase == Phase.GAME_OVER && s.endReason == EndReason.NONE) {
            v.add("game over without an end reason");
        }
        if (s.phase != Phase.GAME_OVER && s.endReason != EndReason.NONE) {
            v.add("end reason " + s.endReason + " while the game goes on");
        }
        return v;
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
                int i = p * Colour.COUNT + c;
                if (after.tokens[i] < before.tokens[i] || after.tokens[i] > before.tokens[i] + 1) {
                    v.add("player " + p + " " + Colour.of(c) + " tokens went from " + before.tokens[i] + " to " + after.tokens[i]);
                }
            }
        }
        return v;
    }
}
