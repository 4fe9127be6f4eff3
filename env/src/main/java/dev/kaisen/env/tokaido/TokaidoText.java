package dev.kaisen.env.tokaido;

import dev.kaisen.env.GameState;
import dev.kaisen.env.GameView;
import dev.kaisen.env.tokaido.Decks.Deck;

import java.util.Locale;

/** Tokaido as text for a terminal (spectator view: deck orders included). */
public final class TokaidoText {
    private TokaidoText() {
    }

    static String render(TokaidoState s, int observer) {
        if (observer != GameView.SPECTATOR) {
            GameState.checkObserver(s, observer);
            throw new UnsupportedOperationException("a seat's text board: being ported");
        }
        return render(s);
    }

    public static String render(TokaidoState s) {
        StringBuilder b = new StringBuilder();
        b.append("Tokaido, ").append(s.n).append(" players").append(s.powers ? "" : " (no powers)")
                .append(", phase ").append(s.phase).append(", decisions ").append(s.decisions);
        if (!s.isTerminal()) {
            b.append(", player ").append(s.current).append(" to act");
        } else {
            b.append(", over (").append(s.endReason()).append(")");
        }
        b.append('\n');
        StringBuilder road = new StringBuilder();
        for (int k = 0; k < Board.POSITIONS; k++) {
            road.append(Board.kind(k).letter);
            for (int p = 0; p < s.n; p++) {
                if (s.position[p] == k) {
                    road.append(p);
                }
            }
            road.append(Board.isDouble(k) ? "* " : " ");
        }
        b.append("road: ").append(road.toString().trim()).append('\n');
        for (int p = 0; p < s.n; p++) {
            seat(b, s, p);
        }
        if (s.inn.offerSize > 0) {
            b.append("meals on offer:");
            for (int i = 0; i < s.inn.offerSize; i++) {
                b.append(' ').append(Decks.mealName(s.inn.offer[i]));
            }
            b.append('\n');
        }
        if (s.phase == Phase.VILLAGE) {
            b.append("village:");
            for (int slot = 0; slot < 3; slot++) {
                b.append(' ').append(s.village.revealed[slot] < 0 ? "-" : Decks.souvenirName(s.village.revealed[slot]));
            }
            b.append('\n');
        }
        for (Deck d : Deck.values()) {
            b.append(d.name().toLowerCase(Locale.ROOT)).append(" deck: ").append(s.deckSize(d)).append(" cards (")
                    .append(s.knownBottom(d)).append(" known at the bottom)\n");
        }
        return b.toString();
    }

    /** One seat's line: its traveller (or dealt pair), position, coins, points and collection. */
    private static void seat(StringBuilder b, TokaidoState s, int p) {
        b.append("P").append(p).append(' ')
                .append(s.traveller[p] < 0 ? "(dealt " + Traveller.of(s.dealt(p, 0)).key() + ", "
                        + Traveller.of(s.dealt(p, 1)).key() + ")" : Traveller.of(s.traveller[p]).key())
                .append(" at ").append(s.position[p]).append(": ").append(s.coins[p]).append(" coins, ")
                .append(s.points[p]).append(" points; panoramas ");
        for (int t = 0; t < Decks.PANORAMA_TYPES; t++) {
            b.append(t == 0 ? "" : "/").append(s.panorama(p, t));
        }
        b.append(", souvenirs ").append(s.souvenirCount[p]).append(", meals ")
                .append(Integer.bitCount(s.mealsEaten[p])).append(", springs ").append(s.hotSprings[p])
                .append(", encounters ").append(s.encounters[p]).append(", donated ").append(s.donated[p]);
        if (s.achievements[p] != 0) {
            b.append(", achievements");
            for (int a = 0; a < TokaidoState.ACHIEVEMENTS; a++) {
                if (s.hasAchievement(p, a)) {
                    b.append(' ').append(TokaidoState.ACHIEVEMENT_NAMES[a]);
                }
            }
        }
        b.append('\n');
    }
}
