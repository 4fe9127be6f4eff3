package dev.kaisen.env.osaka;

/**
 * What follows the payment of a Buy (section A, steps 1-4) and the payout when a ship reaches
 * Edo (section "Payout"), with its one phase of decisions, {@link Phase#INSURANCE}: the
 * legal/apply pair {@link #legalInsurance} / {@link #insure}.
 */
final class OsakaPayout {
    private OsakaPayout() {
    }

    /**
     * Section A, after payment: the bought cards become goods (the own reserved card
     * included, its piece returning), ships advance, payout if a ship is in Edo, refresh.
     * [decision] A ship never goes past Edo; extra movement is lost.
     */
    static void completeBuy(OsakaState s, int p) {
        int boughtPerColour = 0; // 4 bits per colour: 0, 1 or 2 (two or more)
        int kept = 0;
        byte goodsLoc = Loc.seat(p, Loc.GOODS);
        for (int i = 0; i < s.marketSize; i++) {
            int card = s.market[i];
            if (!s.offeredTo(card, p)) {
                s.market[kept++] = card;
                continue;
            }
            if (s.reservedBy[card] != 0) {
                CardMoves.releaseReservation(s, card);
            }
            s.loc[card] = goodsLoc;
            s.addGoods(p, Cards.type(card), 1);
            int shift = 4 * Cards.colour(card);
            if (((boughtPerColour >> shift) & 0xF) < 2) {
                boughtPerColour += 1 << shift;
            }
        }
        s.marketSize = kept;
        boolean edo = false;
        for (int c = 0; c < Colour.COUNT; c++) {
            int steps = (boughtPerColour >> (4 * c)) & 0xF;
            if (steps > 0) {
                s.ship[c] = Math.min(OsakaState.EDO, s.ship[c] + steps);
                edo |= s.ship[c] == OsakaState.EDO;
            }
        }
        if (edo) {
            payout(s);
        } else {
            OsakaRules.refresh(s);
            OsakaRules.endTurn(s);
        }
    }

    /** Section "Payout", steps 1-4; step 5 and the refresh follow in {@link #finishPayout}. */
    private static void payout(OsakaState s) {
        // 1. Sale: each ship in Edo in colour order; each player from the active player clockwise.
        boolean[][] scored = new boolean[s.n][Colour.COUNT];
        for (int c = 0; c < Colour.COUNT; c++) {
            if (s.ship[c] != OsakaState.EDO) {
                continue;
            }
            for (int k = 0; k < s.n; k++) {
                int q = (s.active + k) % s.n;
                scored[q][c] = sell(s, q, c);
            }
        }
        // 2. One achievement token per sale that scored VP.
        for (int q = 0; q < s.n; q++) {
            for (int c = 0; c < Colour.COUNT; c++) {
                if (scored[q][c]) {
                    s.addTokens(q, c, 1);
                }
            }
        }
        // 3. Game end check, at once: no sinking step.
        for (int q = 0; q < s.n; q++) {
            if (s.totalTokens(q) >= OsakaState.TOKENS_TO_END) {
                OsakaRules.endGame(s, EndReason.TOKENS);
                return;
            }
        }
        // 4. Sinking: every ship on an Enshunada space, including one this Buy moved there.
        int sunk = 0;
        for (int c = 0; c < Colour.COUNT; c++) {
            if (Space.of(s.ship[c]).isEnshunada()) {
                sunk |= 1 << c;
            }
        }
        if (sunk != 0) {
            s.insurance = new Insurance(sunk, -1);
            s.phase = Phase.INSURANCE;
            nextInsurer(s);
        } else {
            finishPayout(s);
        }
    }

    /**
     * Sells player q's whole set of colour c. price = highest value + q's tokens of c;
     * total = price x cards, rounded up to a multiple of 5; VP = total / 5. The lowest cards
     * of the set become VP, the rest leave the game; VP beyond the set are drawn from the pile.
     *
     * @return whether q had goods of c (and so scored at least 1 VP)
     */
    private static boolean sell(OsakaState s, int q, int c) {
        int count = 0;
        int highest = 0;
        for (int v = 0; v < Cards.VALUES_PER_COLOUR; v++) {
            int inSet = s.goodsCount(q, c * Cards.VALUES_PER_COLOUR + v);
            if (inSet > 0) {
                count += inSet;
                highest = Cards.typeValue(c * Cards.VALUES_PER_COLOUR + v);
            }
        }
        if (count == 0) {
            return false;
        }
        int price = highest + s.tokenCount(q, c);
        int gained = (price * count + 4) / 5;
        byte goodsLoc = Loc.seat(q, Loc.GOODS);
        byte insuredLoc = Loc.seat(q, Loc.INSURED);
        int keep = gained;
        // Ascending ids of a colour run from low to high values: lowest cards become VP first.
        for (int card = c * Cards.PER_COLOUR; card < (c + 1) * Cards.PER_COLOUR; card++) {
            if (s.loc[card] == goodsLoc) {
                s.addGoods(q, Cards.type(card), -1);
            } else if (s.loc[card] == insuredLoc) {
                s.addInsured(q, Cards.type(card), -1);
            } else {
                continue;
            }
            if (keep > 0) {
                s.loc[card] = Loc.seat(q, Loc.VP);
                keep--;
            } else {
                CardMoves.removeFromGame(s, card);
            }
        }
        // The VP are counted as their cards arrive (a chance node of the explicit mode between two
        // draws shows a VP count that its cards match).
        s.vp[q] += gained - keep;
        // VP beyond the set come from the draw pile; [decision] with no card left they still count.
        for (; keep > 0; keep--) {
            if (CardMoves.drawToVp(s, q) < 0) {
                s.vpWithoutCard[q]++;
            }
            s.vp[q]++;
        }
        return true;
    }

    // ------------------------------------------------------------------ INSURANCE

    /** [decision] Insurance as single decisions: a 2 or 3 of a sunk colour with uninsured goods of it, or stop. */
    static long legalInsurance(OsakaState s) {
        long mask = 1L << OsakaAction.STOP_INSURING;
        for (int c = 0; c < Colour.COUNT; c++) {
            if (!canInsure(s, s.current, c)) {
                continue;
            }
            int two = c * Cards.VALUES_PER_COLOUR;
            if (s.handCount(s.current, two) > 0) {
                mask |= 1L << (OsakaAction.INSURE + 2 * c);
            }
            if (s.handCount(s.current, two + 1) > 0) {
                mask |= 1L << (OsakaAction.INSURE + 2 * c + 1);
            }
        }
        return mask;
    }

    /**
     * One insurance decision. [decision] The icons protect the player's uninsured goods of
     * that colour highest value first; icons beyond the uninsured goods are lost.
     */
    static void insure(OsakaState s, int action) {
        int q = s.current;
        if (action == OsakaAction.STOP_INSURING) {
            nextInsurer(s);
            return;
        }
        int type = OsakaAction.insureType(action);
        int card = CardMoves.removeFromHand(s, q, type);
        CardMoves.discard(s, card);
        int icons = Cards.typeIcons(type);
        int colour = Cards.typeColour(type);
        byte goodsLoc = Loc.seat(q, Loc.GOODS);
        byte insuredLoc = Loc.seat(q, Loc.INSURED);
        for (int g = (colour + 1) * Cards.PER_COLOUR - 1; g >= colour * Cards.PER_COLOUR && icons > 0; g--) {
            if (s.loc[g] == goodsLoc) {
                s.loc[g] = insuredLoc;
                s.addGoods(q, Cards.type(g), -1);
                s.addInsured(q, Cards.type(g), 1);
                icons--;
            }
        }
        if (!mustBeAskedToInsure(s, q)) {
            nextInsurer(s);
        }
    }

    /** Colour c sank and player p has uninsured goods of it. */
    private static boolean canInsure(OsakaState s, int p, int c) {
        if (!s.insurance.sunk(c)) {
            return false;
        }
        return s.uninsuredOfColour(p, c) > 0;
    }

    /** A player is asked only while they hold an uninsured good of a sunk colour and a matching 2 or 3. */
    private static boolean mustBeAskedToInsure(OsakaState s, int p) {
        for (int c = 0; c < Colour.COUNT; c++) {
            int two = c * Cards.VALUES_PER_COLOUR;
            if (canInsure(s, p, c) && s.handCount(p, two) + s.handCount(p, two + 1) > 0) {
                return true;
            }
        }
        return false;
    }

    /** Moves the insurance round to the next player (clockwise from the active one) who must be asked. */
    private static void nextInsurer(OsakaState s) {
        for (int offset = s.insurance.offset() + 1; offset < s.n; offset++) {
            int q = (s.active + offset) % s.n;
            if (mustBeAskedToInsure(s, q)) {
                s.insurance = s.insurance.at(offset);
                s.current = q;
                return;
            }
        }
        finishPayout(s);
    }

    /** Payout steps 4 (end) and 5: uninsured goods of sunk colours are discarded; ships return; refresh. */
    private static void finishPayout(OsakaState s) {
        Insurance sunk = s.insurance;
        for (int card = 0; card < Cards.COUNT; card++) {
            int l = s.loc[card];
            if (Loc.isSeat(l) && Loc.kindOf(l) == Loc.GOODS && sunk.sunk(Cards.colour(card))) {
                s.addGoods(Loc.seatOf(l), Cards.type(card), -1);
                CardMoves.discard(s, card);
            }
        }
        for (int c = 0; c < Colour.COUNT; c++) {
            if (s.ship[c] == OsakaState.EDO) {
                s.ship[c] = OsakaState.OSAKA;
            } else if (sunk.sunk(c)) {
                s.ship[c] = OsakaState.ANORI;
            }
        }
        s.insurance = Insurance.NONE;
        OsakaRules.refresh(s);
        OsakaRules.endTurn(s);
    }
}
