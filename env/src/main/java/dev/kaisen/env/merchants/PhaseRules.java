package dev.kaisen.env.merchants;

import dev.kaisen.env.ChanceLog;

/**
 * The dispatch of {@link MerchantsState} to the phase's legal/apply pair ({@link BuyRules},
 * {@link LoadingRules}, {@link MoveRules}, {@link PriceRules}, {@link StatusRules}).
 */
final class PhaseRules {
    private PhaseRules() {
    }

    /** The legal decisions of the phase's pair, in ascending order. */
    static int legal(MerchantsState s, int[] out) {
        int p = s.currentPlayer();
        return switch (s.phase) {
            case BUY -> BuyRules.legalBuys(s, p, out);
            case BID -> LoadingRules.legalBids(s, p, out);
            case MASTER_LOAD -> LoadingRules.legalMasterLoads(s, out);
            case REQUEST -> LoadingRules.legalRequests(s, p, out);
            case OFFER -> LoadingRules.legalOffers(s, out);
            case ANSWER -> LoadingRules.legalAnswers(s, p, out);
            case MOVE -> MoveRules.legalMoves(s, p, out);
            case WHEEL -> PriceRules.legalWheels(out);
            case SHIFT -> PriceRules.legalShifts(s, p, out);
            case INVEST -> StatusRules.legalInvestments(s, out);
            case STATUS -> StatusRules.legalStatusActions(s, p, out);
            case GAME_OVER -> 0;
        };
    }

    /** A legal decision's rules: the decision counted, the phase's pair, the safety cap. */
    static void apply(MerchantsState s, int action, ChanceLog chance) {
        int p = s.currentPlayer();
        s.decisions++;
        switch (s.phase) {
            case BUY -> BuyRules.buy(s, p, action);
            case BID -> LoadingRules.bid(s, p, action, chance);
            case MASTER_LOAD -> LoadingRules.masterLoad(s, p, action);
            case REQUEST -> LoadingRules.request(s, p, action);
            case OFFER -> LoadingRules.offer(s, action);
            case ANSWER -> LoadingRules.answer(s, p, action);
            case MOVE -> MoveRules.move(s, p, action, chance);
            case WHEEL -> PriceRules.setWheel(s, p, action);
            case SHIFT -> PriceRules.shift(s, p, action);
            case INVEST -> StatusRules.invest(s, action);
            case STATUS -> StatusRules.status(s, p, action);
            case GAME_OVER -> throw new IllegalStateException("unreachable");
        }
        if (s.phase != Phase.GAME_OVER && s.decisions >= MerchantsState.DECISION_CAP) {
            s.truncated = true;
            s.endReason = EndReason.DECISION_CAP;
            s.phase = Phase.GAME_OVER;
        }
    }
}
