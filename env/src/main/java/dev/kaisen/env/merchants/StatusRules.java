package dev.kaisen.env.merchants;

import dev.kaisen.env.ChanceLog;

import java.util.Arrays;
import java.util.Map;

import static dev.kaisen.env.merchants.MerchantsData.CITIES;
import static dev.kaisen.env.merchants.MerchantsState.NONE;
import static dev.kaisen.env.merchants.MerchantsState.UPKEEP_ROUNDING;

/**
 * Actions 6 and 7 and the round's end ({@code docs/rules/merchants.md}, "Phase 6: investment
 * auction", "Phase 7: status, credit and upkeep", "End of round"): the first player puts a face-up
 * investment card up for a sealed auction ({@link Phase#INVEST}, then {@link Phase#BID}); in turn
 * order each player may take or repay credit, buy status, play Patron or Exemption, and pays the
 * upkeep ({@link Phase#STATUS}); at the round's end the bonuses grow and the game may end.
 */
final class StatusRules {
    private StatusRules() {
    }

    // ------------------------------------------------------------------ investment

    static void beginInvest(MerchantsState s) {
        for (int slot : s.faceUp) {
            if (slot != NONE) {
                s.phase = Phase.INVEST;
                return;
            }
        }
        beginStatus(s);
    }

    static int legalInvestments(MerchantsState s, int[] out) {
        int k = 0;
        for (int slot = 0; slot < s.faceUp.length; slot++) {
            if (s.faceUp[slot] != NONE) {
                out[k++] = MerchantsAction.INVEST + slot;
            }
        }
        return k;
    }

    /** The card in the chosen slot goes up for a sealed auction. */
    static void invest(MerchantsState s, int action) {
        s.auctionSlot = action - MerchantsAction.INVEST;
        s.auctionWagon = NONE;
        LoadingRules.beginBid(s);
    }

    /** The auction's end: the highest bid above 0 buys the card, the slot is refilled (chance); no bid, it stays. */
    static void sellInvestment(MerchantsState s, int best, int bestBid, ChanceLog chance) {
        if (bestBid > 0) {
            s.money[best] -= bestBid;
            int card = s.faceUp[s.auctionSlot];
            s.invOwner[card] = best;
            s.faceUp[s.auctionSlot] = s.invTop < s.invDeck.length ? MerchantsChance.drawInvestment(s) : NONE;
            if (chance != ChanceLog.NONE) {
                int up = s.faceUp[s.auctionSlot];
                chance.chance("investment", Map.of("slot", s.auctionSlot, "card",
                        up == NONE ? "none" : s.d.investment(up).id()));
            }
        }
        s.auctionSlot = NONE;
        beginStatus(s);
    }

    // ------------------------------------------------------------------ status, credit and upkeep

    private static void beginStatus(MerchantsState s) {
        s.phase = Phase.STATUS;
        s.turn = 0;
        beginStatusTurn(s);
    }

    private static void beginStatusTurn(MerchantsState s) {
        s.statusTurn.exempt = false;
        s.statusTurn.creditActed = false;
        s.playedThisTurn = 0;
    }

    static int legalStatusActions(MerchantsState s, int p, int[] out) {
        int k = 0;
        out[k++] = MerchantsAction.PASS;
        k = InfluenceRules.legalPlays(s, p, out, k);
        boolean creditActed = s.statusTurn.creditActed;
        if (!creditActed && !s.credit[p] && s.creditLeft > 0) {
            out[k++] = MerchantsAction.CREDIT_TAKE;
        }
        if (!creditActed && s.credit[p] && s.money[p] >= s.d.creditRepay) {
            out[k++] = MerchantsAction.CREDIT_REPAY;
        }
        if (!s.credit[p] && s.status[p] < s.d.statusLevels() - 1 && s.money[p] >= s.stepCost()) {
            out[k++] = MerchantsAction.STATUS_UP;
        }
        return k;
    }

    /** Credit taken or repaid, a status level bought, Patron or Exemption played; the pass pays the upkeep. */
    static void status(MerchantsState s, int p, int action) {
        if (action == MerchantsAction.PASS) {
            payUpkeep(s, p);
            if (++s.turn < s.n) {
                beginStatusTurn(s);
            } else {
                endRound(s);
            }
        } else if (action == MerchantsAction.CREDIT_TAKE) {
            s.credit[p] = true;
            s.creditLeft--;
            s.money[p] += s.d.creditAmount;
            s.statusTurn.creditActed = true;
        } else if (action == MerchantsAction.CREDIT_REPAY) {
            s.credit[p] = false;
            s.creditLeft++;
            s.money[p] -= s.d.creditRepay;
            s.statusTurn.creditActed = true;
        } else if (action == MerchantsAction.STATUS_UP) {
            s.money[p] -= s.stepCost();
            s.status[p]++;
        } else {
            Influence kind = Influence.values()[action - MerchantsAction.PLAY];
            InfluenceRules.play(s, p, kind);
            if (kind == Influence.PATRON) {
                s.money[p] += s.d.patronFlorins;
            } else {
                s.statusTurn.exempt = true;
            }
        }
    }

    /** See {@link MerchantsState#upkeepDue}. */
    static int upkeepDue(MerchantsState s, int p, int level) {
        int u = s.d.upkeep(level);
        if (s.owns(p, Investment.LOW_UPKEEP)) {
            u = u / 2 / UPKEEP_ROUNDING * UPKEEP_ROUNDING;
        }
        return u;
    }

    /** The level's upkeep, dropping to the highest level the player can pay (none with Exemption). */
    private static void payUpkeep(MerchantsState s, int p) {
        if (s.statusTurn.exempt) {
            return;
        }
        while (upkeepDue(s, p, s.status[p]) > s.money[p]) {
            s.status[p]--;
        }
        s.money[p] -= upkeepDue(s, p, s.status[p]);
    }

    // ------------------------------------------------------------------ the round's end

    /** Bonuses grow in cities without a wagon; the game ends at the wagon track's threshold; else the next round. */
    private static void endRound(MerchantsState s) {
        for (int c = 0; c < CITIES; c++) {
            if (s.wagonAt(c) == NONE) {
                s.bonus[c] = Math.min(s.d.bonusMax, s.bonus[c] + s.d.bonusGrowth);
            }
        }
        Arrays.fill(s.arrived, false);
        Arrays.fill(s.arrivedBy, NONE);
        if (s.arrivals >= s.d.endArrivals(s.n)) {
            s.phase = Phase.GAME_OVER;
            s.endReason = EndReason.ARRIVALS;
            return;
        }
        s.round++;
        s.first = (s.first + 1) % s.n;
        s.turn = 0;
        s.buyPass = 0;
        BuyRules.beginBuyTurn(s);
    }
}
