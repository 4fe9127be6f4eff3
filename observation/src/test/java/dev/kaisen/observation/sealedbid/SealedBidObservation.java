package dev.kaisen.observation.sealedbid;

import dev.kaisen.observation.Encoder;
import dev.kaisen.observation.Encoders;
import dev.kaisen.observation.StandardViews;
import dev.kaisen.observation.ObservationSpec;

import java.util.Arrays;

/**
 * The test game's two views. Both show which seats have committed a bid this round but only
 * the observer's own bid; the information state also remembers every revealed bid of past
 * rounds (the memoryless view only what the table shows: coins and points).
 */
public final class SealedBidObservation implements Encoder<SealedBidState> {
    static final int SEATS = SealedBidState.MAX_PLAYERS;

    /** Registers the views. */
    public static final class Provider extends StandardViews {
        public Provider() {
            super("sealedbid", () -> new SealedBidObservation(true), () -> new SealedBidObservation(false));
        }
    }

    private final boolean recall;
    private final ObservationSpec spec;

    SealedBidObservation(boolean recall) {
        this.recall = recall;
        ObservationSpec.Builder b = ObservationSpec.builder();
        int bid = SealedBidState.START_COINS + 1; // a bid plus 1
        b.flags("seats_present", SEATS, "1 per relative seat in the game");
        b.flags("current_player", SEATS, "one-hot relative seat to bid");
        b.flags("round", SealedBidState.MAX_ROUNDS, "one-hot round");
        b.counts("prize", 1, SealedBidState.MAX_PRIZE, "points of this round's prize");
        b.counts("coins", SEATS, SealedBidState.START_COINS, "coins per relative seat");
        b.counts("points", SEATS, SealedBidState.MAX_ROUNDS * SealedBidState.MAX_PRIZE, "points per relative seat");
        b.flags("committed", SEATS, "1 per relative seat that has bid this round (the bids stay sealed)");
        b.counts("own_bid", 1, bid, "the observer's sealed bid this round plus 1 (0: not yet bid)");
        if (recall) {
            b.counts("history", SealedBidState.MAX_ROUNDS * SEATS, bid, "revealed bids of past rounds plus 1, per "
                    + "round and relative seat (0: not played)");
        }
        spec = b.build();
    }

    @Override
    public String view() {
        return recall ? Encoders.INFORMATION_STATE : Encoders.OBSERVATION;
    }

    @Override
    public ObservationSpec spec() {
        return spec;
    }

    @Override
    public void encode(SealedBidState s, int observer, float[] buf, int offset) {
        int n = s.n;
        Arrays.fill(buf, offset, offset + spec.size(), 0f);
        int present = offset + spec.segment("seats_present").offset();
        int coins = offset + spec.segment("coins").offset();
        int points = offset + spec.segment("points").offset();
        int committed = offset + spec.segment("committed").offset();
        for (int p = 0; p < n; p++) {
            int r = Math.floorMod(p - observer, n);
            buf[present + r] = 1;
            buf[coins + r] = s.coins[p];
            buf[points + r] = s.points[p];
            buf[committed + r] = s.bids.hasCommitted(p) ? 1 : 0;
            if (recall) {
                int history = offset + spec.segment("history").offset();
                for (int k = 0; k < s.round; k++) {
                    buf[history + k * SEATS + r] = s.history[k * n + p] + 1;
                }
            }
        }
        if (!s.isTerminal()) {
            buf[offset + spec.segment("current_player").offset() + Math.floorMod(s.current - observer, n)] = 1;
            buf[offset + spec.segment("round").offset() + s.round] = 1;
        }
        buf[offset + spec.segment("prize").offset()] = s.prize;
        buf[offset + spec.segment("own_bid").offset()] = s.bids.choiceFor(observer, observer) + 1;
    }
}
