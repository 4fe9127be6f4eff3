package dev.kaisen.env.osaka;

import dev.kaisen.env.ChanceLog;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Osaka's chance outcomes as generic chance steps (the payloads documented in
 * {@code docs/game-records.md}): {@code shuffle} (pile {@code all} at setup or
 * {@code discard}; order top first), {@code draw} (card, to market/farm/hand/vp, player for
 * hand and vp) and {@code start-player} (tied seats, chosen seat).
 */
final class OsakaChance implements OsakaEvents {
    private final ChanceLog log;

    OsakaChance(ChanceLog log) {
        this.log = log;
    }

    /** The log this reports to. */
    ChanceLog log() {
        return log;
    }

    static OsakaEvents of(ChanceLog log) {
        return log == ChanceLog.NONE ? OsakaEvents.NONE : new OsakaChance(log);
    }

    @Override
    public void shuffled(boolean fromDiscard, int[] topFirst) {
        List<String> order = new ArrayList<>(topFirst.length);
        for (int card : topFirst) {
            order.add(Cards.name(card));
        }
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("pile", fromDiscard ? "discard" : "all");
        data.put("order", order);
        log.chance("shuffle", data);
    }

    @Override
    public void drew(int card, Place place, int player) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("card", Cards.name(card));
        data.put("to", place.name().toLowerCase(Locale.ROOT));
        if (player >= 0) {
            data.put("player", player);
        }
        log.chance("draw", data);
    }

    @Override
    public void startPlayer(int[] tied, int chosen) {
        List<Integer> seats = new ArrayList<>();
        for (int p : tied) {
            seats.add(p);
        }
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("tied", seats);
        data.put("chosen", chosen);
        log.chance("start-player", data);
    }
}
