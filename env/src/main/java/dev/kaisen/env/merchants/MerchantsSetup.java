package dev.kaisen.env.merchants;

import dev.kaisen.env.ChanceLog;
import dev.kaisen.env.ExplicitChance;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static dev.kaisen.env.merchants.MerchantsData.CITIES;
import static dev.kaisen.env.merchants.MerchantsData.WAGONS;

/**
 * The setup of {@link MerchantsState} (seed, "Juego de mesa"): the deal with its chance, what it
 * lays without chance, and the explicit-chance mode's table before the deal with that mode's
 * bookkeeping ({@link MerchantsChance}).
 */
final class MerchantsSetup {
    private MerchantsSetup() {
    }

    /** The explicit mode's bookkeeping for a state of this game. */
    static ExplicitChance<MerchantsState> newExplicitChance() {
        return new ExplicitChance<>((st, step, log) -> {
            if (step == ExplicitChance.DEAL) {
                deal(st, log);
            } else {
                PhaseRules.apply(st, step, log);
            }
        }, MerchantsTable::assignFrom);
    }

    /**
     * The table before the deal in the explicit mode, which the deal's chance nodes show.
     * [decision] A table without wagons or face-up cards breaks the invariants, so it is laid
     * provisionally as setup 0 with the investment pile's first cards face up and seat 0 first;
     * the deal lays all of it anew.
     */
    static MerchantsState emptyTable(MerchantsData d, int players, long rngState) {
        MerchantsState s = new MerchantsState(d, players);
        s.rng.setState(rngState);
        s.setup = 0;
        laySetup(s);
        Arrays.sort(s.inflDeck);
        for (int k = 0; k < s.faceUp.length && s.invTop < s.invDeck.length; k++) {
            s.faceUp[k] = s.invDeck[s.invTop++];
        }
        s.first = 0;
        BuyRules.beginBuyTurn(s);
        s.explicit = newExplicitChance();
        return s;
    }

    /** The setup's chance (the setup, both piles, the face-up cards, the first player) and the rest of it. */
    static void deal(MerchantsState s, ChanceLog chance) {
        MerchantsData d = s.d;
        s.setup = MerchantsChance.setup(s);
        laySetup(s);
        MerchantsChance.shuffleInvestment(s);
        for (int k = 0; k < s.faceUp.length && s.invTop < s.invDeck.length; k++) {
            s.faceUp[k] = MerchantsChance.drawInvestment(s);
        }
        MerchantsChance.shuffleInfluence(s);
        s.first = MerchantsChance.first(s);
        if (chance != ChanceLog.NONE) {
            List<String> up = new ArrayList<>();
            for (int c : s.faceUp) {
                up.add(c == MerchantsState.NONE ? "none" : d.investment(c).id());
            }
            chance.chance("setup", Map.of("wagons", Arrays.stream(d.setupWagons(s.setup)).mapToObj(d::city).toList(),
                    "courier", d.nodeName(s.courier), "faceUp", up, "first", s.first));
        }
        BuyRules.beginBuyTurn(s);
    }

    /** What the setup lays without chance once the setup is drawn: the piles in order, nothing face up or owned. */
    private static void laySetup(MerchantsState s) {
        MerchantsData d = s.d;
        int[] w = d.setupWagons(s.setup);
        for (int k = 0; k < WAGONS; k++) {
            s.wagonNode[k] = w[k];
            s.wagonPrev[k] = MerchantsState.NONE;
            s.master[k] = MerchantsState.NONE;
            s.arrivedBy[k] = MerchantsState.NONE;
        }
        s.courier = d.setupCourier(s.setup);
        for (int c = 0; c < CITIES; c++) {
            s.bonus[c] = s.wagonAt(c) == MerchantsState.NONE ? d.bonusStart : 0;
        }
        Arrays.fill(s.supply, d.goodsPerType() - 1);
        Arrays.fill(s.money, d.startMoney());
        Arrays.fill(s.tiles, MerchantsState.ALL_TILES);
        s.creditLeft = d.creditCards();
        for (int k = 0; k < s.invDeck.length; k++) {
            s.invDeck[k] = k;
        }
        s.invTop = 0;
        Arrays.fill(s.invOwner, MerchantsState.NONE);
        Arrays.fill(s.faceUp, MerchantsState.NONE);
        for (int k = 0; k < s.inflDeck.length; k++) {
            s.inflDeck[k] = k % Influence.COUNT;
        }
        s.inflTop = 0;
    }
}
