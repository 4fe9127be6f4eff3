package dev.kaisen.env.tokaido;

import dev.kaisen.env.GameView;
import dev.kaisen.env.tokaido.Decks.Deck;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Tokaido's one text board ({@link TokaidoGame#render}): what an observer (a seat, or
 * {@link GameView#SPECTATOR}) may see of a state, as text for a terminal. Lines, in this order:
 * <ul>
 *   <li>the status: players (and {@code (no powers)} without the travellers' powers), the decision
 *   count, the phase, who acts or how it ended, the winners, and {@code seen by Pn} for a seat;</li>
 *   <li>the road, one line per stage between inns: each position's board key letter, the seats on it
 *   in arrival order ({@link TokaidoState#queueIndex}), {@code *} after a double space; a legend;</li>
 *   <li>the meals on offer at the inn (printed cost; {@code ? (hidden)} for a meal the observer has
 *   not seen, {@link TokaidoView#offerSeen}), the village's souvenirs during a visit, Yoshiyasu's
 *   drawn encounters and Satsuki's free meal when there are any;</li>
 *   <li>two lines per seat ({@code *} marks the seat to act): its traveller (before keeping one, the
 *   dealt pair if the observer sees it, {@link GameView#sees}), place, coins and points; then its
 *   panoramas, souvenirs by set ({@link TokaidoView#souvenirsBySet}), meals, encounters, hot
 *   springs, donations and achievements;</li>
 *   <li>the decks' sizes (never their order).</li>
 * </ul>
 * Python's renderer shows this text as the board's {@code str}; the SVG draws the same facts from
 * {@link TokaidoView}.
 */
public final class TokaidoText {
    private static final String LEGEND = "        (I inn, V village, T temple, E encounter, P paddy, M mountain, S sea, "
            + "H hot spring, F farm; * double space; digits: seats there, in arrival order)";

    private TokaidoText() {
    }

    /** The spectator's board (everything shown but the decks' order). */
    public static String render(TokaidoState s) {
        return render(s, GameView.SPECTATOR);
    }

    /** What {@code observer} may see of {@code s}; an observer that is neither a seat nor a spectator is refused. */
    static String render(TokaidoState s, int observer) {
        GameView.checkObserver(s, observer);
        List<String> lines = new ArrayList<>();
        lines.add(header(s, observer));
        road(s, lines);
        table(s, observer, lines);
        for (int p = 0; p < s.numPlayers(); p++) {
            lines.add(seat(s, observer, p));
            lines.add("     " + collection(s, p));
        }
        List<String> decks = new ArrayList<>();
        for (Deck d : Deck.values()) {
            decks.add(d.key() + " " + s.deckSize(d));
        }
        lines.add("decks: " + String.join(", ", decks));
        return String.join("\n", lines);
    }

    private static String header(TokaidoState s, int observer) {
        StringBuilder b = new StringBuilder("Tokaido, ").append(s.numPlayers()).append(" players")
                .append(s.powers() ? "" : " (no powers)").append(", decision ").append(s.decisions())
                .append(", phase ").append(s.phase().name());
        if (s.isTerminal()) {
            b.append(s.isTruncated() ? ", game over (cut by the decision cap)" : ", game over");
            String won = GameView.wonBy(s);
            b.append(won.isEmpty() ? "" : ", " + won);
        } else if (s.isChanceNode()) {
            b.append(", chance to act");
        } else if (s.currentPlayer() >= 0) {
            b.append(", player ").append(s.currentPlayer()).append(" to act");
        }
        if (observer != GameView.SPECTATOR) {
            b.append(", seen by P").append(observer);
        }
        return b.toString();
    }

    /** The road by stage: each position's letter, the seats there in arrival order, {@code *} if double. */
    private static void road(TokaidoState s, List<String> lines) {
        String[] cells = new String[Board.POSITIONS];
        for (int pos = 0; pos < Board.POSITIONS; pos++) {
            StringBuilder cell = new StringBuilder().append(Board.kind(pos).letter);
            for (int place = 0; place < s.numPlayers(); place++) {
                for (int p = 0; p < s.numPlayers(); p++) {
                    if (s.position(p) == pos && s.queueIndex(p) == place) {
                        cell.append(p);
                    }
                }
            }
            cells[pos] = cell.append(Board.isDouble(pos) ? "*" : "").toString();
        }
        for (int k = 0; k + 1 < Board.INNS.length; k++) {
            int lo = Board.INNS[k];
            int hi = Board.INNS[k + 1];
            int end = k + 2 == Board.INNS.length ? hi + 1 : hi;
            lines.add(String.format(Locale.ROOT, "road %2d-%2d: ", lo, hi)
                    + String.join(" ", java.util.Arrays.copyOfRange(cells, lo, end)));
        }
        lines.add(LEGEND);
    }

    /** The inn's offer, the village's souvenirs, Yoshiyasu's drawn encounters and Satsuki's meal. */
    private static void table(TokaidoState s, int observer, List<String> lines) {
        if (s.offerSize() > 0) {
            List<String> meals = new ArrayList<>();
            for (int i = 0; i < s.offerSize(); i++) {
                int kind = Decks.mealKind(s.offer(i));
                meals.add(TokaidoView.offerSeen(s, observer, i)
                        ? Decks.MEAL_NAMES[kind] + " (" + Decks.mealKindCost(kind) + ")" : "? (hidden)");
            }
            lines.add("meals on offer at " + innName(s.offerInn()) + ": " + String.join(", ", meals));
        }
        List<String> village = new ArrayList<>();
        boolean any = false;
        for (int slot = 0; slot < 3; slot++) {
            int card = s.revealed(slot);
            any |= card >= 0;
            village.add(card < 0 ? "-" : Decks.souvenirName(card) + " (" + Decks.souvenirPrice(card) + ")");
        }
        if (s.phase() == Phase.VILLAGE || any) {
            lines.add("village: " + String.join(", ", village));
        }
        List<String> drawn = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            if (s.drawnEncounter(i) >= 0) {
                drawn.add(Decks.ENCOUNTER_NAMES[Decks.encounterKind(s.drawnEncounter(i))]);
            }
        }
        if (!drawn.isEmpty()) {
            lines.add("encounters to choose from: " + String.join(", ", drawn));
        }
        if (s.satsukiMeal() >= 0) {
            lines.add("Satsuki's free meal: " + Decks.MEAL_NAMES[Decks.mealKind(s.satsukiMeal())]);
        }
    }

    /** A seat's first line: its traveller (or dealt pair), where it stands, coins and points. */
    private static String seat(TokaidoState s, int observer, int p) {
        String traveller;
        if (s.traveller(p) >= 0) {
            traveller = Traveller.of(s.traveller(p)).key();
        } else if (GameView.sees(observer, p)) {
            traveller = "dealt " + Traveller.of(s.dealt(p, 0)).key() + " / " + Traveller.of(s.dealt(p, 1)).key();
        } else {
            traveller = "dealt 2 tiles (hidden)";
        }
        int pos = s.position(p);
        String at = Board.isInn(pos) ? innName(pos) : pos + " " + Board.kind(pos).name().toLowerCase(Locale.ROOT)
                .replace('_', ' ');
        String place = at + (Board.isDouble(pos) && s.queueIndex(p) == 1 ? ", second spot" : "");
        boolean acts = !s.isTerminal() && s.currentPlayer() == p;
        return "P" + p + (acts ? "*" : " ") + " " + traveller + " at " + place + ": " + s.coins(p) + " coins, "
                + s.points(p) + " points";
    }

    /** A seat's second line: panoramas, souvenirs by set, meals, encounters, hot springs, donations, achievements. */
    private static String collection(TokaidoState s, int p) {
        List<String> panoramas = new ArrayList<>();
        for (int t = 0; t < Decks.PANORAMA_TYPES; t++) {
            panoramas.add(Decks.PANORAMA_NAMES[t] + " " + s.panorama(p, t) + "/" + Decks.PANORAMA_LENGTH[t]);
        }
        List<String> sets = new ArrayList<>();
        for (int[] set : TokaidoView.souvenirsBySet(s, p)) {
            List<String> names = new ArrayList<>();
            for (int card : set) {
                names.add(Decks.souvenirName(card));
            }
            sets.add(String.join("+", names));
        }
        List<String> meals = new ArrayList<>();
        for (int c = 0; c < Decks.MEALS; c++) {
            if (s.owns(p, TokaidoState.MEAL, c)) {
                meals.add(Decks.MEAL_NAMES[Decks.mealKind(c)]);
            }
        }
        List<String> encounters = new ArrayList<>();
        for (int c = 0; c < Decks.ENCOUNTERS; c++) {
            if (s.owns(p, TokaidoState.ENCOUNTER, c)) {
                encounters.add(Decks.ENCOUNTER_NAMES[Decks.encounterKind(c)]);
            }
        }
        List<String> achievements = new ArrayList<>();
        for (int a = 0; a < TokaidoState.ACHIEVEMENTS; a++) {
            if (s.hasAchievement(p, a)) {
                achievements.add(TokaidoState.ACHIEVEMENT_NAMES[a]);
            }
        }
        return String.join("; ", "panoramas " + String.join(" ", panoramas), "souvenirs " + listed(sets, " | "),
                "meals " + listed(meals, ", "), "encounters " + listed(encounters, ", "),
                "hot springs " + s.hotSprings(p) + " (" + TokaidoView.hotSpringPoints(s, p) + " pts)",
                "donated " + s.donated(p), "achievements " + listed(achievements, ", "));
    }

    private static String listed(List<String> items, String separator) {
        return items.isEmpty() ? "-" : String.join(separator, items);
    }

    /** An inn's name: Kyoto, Edo, or {@code Inn n} for a middle inn. */
    static String innName(int position) {
        return position == Board.KYOTO ? "Kyoto" : position == Board.EDO ? "Edo" : "Inn " + position;
    }
}
