package dev.kaisen.env.merchants;

import static dev.kaisen.env.merchants.MerchantsData.GOODS;

/**
 * Action 5, prices ({@code docs/rules/merchants.md}, "Phase 5: prices"): each player sets the price
 * wheel's two pointers in secret ({@link Phase#WHEEL}); at the reveal each pointer raises its good
 * one level, wrapping from the top to the bottom; then in turn order ({@link Phase#SHIFT}, every
 * player asked so that a hidden Guild card shows nowhere) Office holders shift one good one level
 * per Office card and Guild cards one level each [reconstructed].
 */
final class PriceRules {
    private PriceRules() {
    }

    static void beginWheels(MerchantsState s) {
        s.phase = Phase.WHEEL;
        s.wheels.clear();
        s.turn = 0;
    }

    static int legalWheels(int[] out) {
        int k = 0;
        for (int w = 0; w < MerchantsAction.WHEELS; w++) {
            out[k++] = MerchantsAction.WHEEL + w;
        }
        return k;
    }

    /** A secret wheel setting; after the last one, the reveal. */
    static void setWheel(MerchantsState s, int p, int action) {
        s.wheels.commit(p, action - MerchantsAction.WHEEL);
        if (++s.turn == s.n) {
            revealWheels(s);
        }
    }

    private static void revealWheels(MerchantsState s) {
        s.wheels.reveal();
        for (int p = 0; p < s.n; p++) {
            int k = s.wheels.choice(p);
            raise(s, MerchantsAction.WHEEL_A[k]);
            raise(s, MerchantsAction.WHEEL_B[k]);
        }
        boolean anyone = false;
        for (int p = 0; p < s.n; p++) {
            anyone |= s.owns(p, Investment.OFFICE) || s.handSize(p) > 0;
        }
        if (anyone) {
            s.phase = Phase.SHIFT;
            s.turn = 0;
            beginShiftTurn(s);
        } else {
            StatusRules.beginInvest(s);
        }
    }

    /** A pointer raises its good one level, wrapping from the top to the bottom (spots past the goods raise nothing). */
    private static void raise(MerchantsState s, int spot) {
        if (spot < GOODS) {
            s.price[spot] = (s.price[spot] + 1) % s.d.levels();
        }
    }

    private static void beginShiftTurn(MerchantsState s) {
        s.statusTurn.officeLeft = s.ownsCount(s.seat(s.turn), Investment.OFFICE);
        s.playedThisTurn = 0;
    }

    static int legalShifts(MerchantsState s, int p, int[] out) {
        int k = 0;
        out[k++] = MerchantsAction.PASS;
        if (s.statusTurn.officeLeft > 0 || InfluenceRules.holds(s, p, Influence.GUILD)) {
            for (int g = 0; g < GOODS; g++) {
                if (s.price[g] < s.d.levels() - 1) {
                    out[k++] = MerchantsAction.shift(g, true);
                }
                if (s.price[g] > 0) {
                    out[k++] = MerchantsAction.shift(g, false);
                }
            }
        }
        return k;
    }

    /** One level up or down, spending an Office shift first, then a Guild card; the pass ends the turn. */
    static void shift(MerchantsState s, int p, int action) {
        if (action == MerchantsAction.PASS) {
            if (++s.turn == s.n) {
                StatusRules.beginInvest(s);
            } else {
                beginShiftTurn(s);
            }
            return;
        }
        int g = (action - MerchantsAction.SHIFT) / 2;
        s.price[g] += (action - MerchantsAction.SHIFT) % 2 == 0 ? 1 : -1;
        if (s.statusTurn.officeLeft > 0) {
            s.statusTurn.officeLeft--;
        } else {
            InfluenceRules.play(s, p, Influence.GUILD);
        }
    }
}
