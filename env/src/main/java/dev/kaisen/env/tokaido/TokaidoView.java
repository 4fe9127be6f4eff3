package dev.kaisen.env.tokaido;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kaisen.env.GameView;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * What one observer may see of a Tokaido state ({@link TokaidoGame#viewJson}), for the renderers.
 * Fields, in this order:
 * <ul>
 *   <li>{@code format} ({@value #FORMAT}), {@code observer} (a seat, -1 a spectator), {@code winners}
 *   (once over); {@code dealtShown} (per seat: whether the observer sees the traveller tiles dealt
 *   to it: its own, or all for a spectator);</li>
 *   <li>{@code road}: per position 0 to 54, {@code {kind, letter, double}}: the space's kind
 *   ({@code inn}, {@code village}, ..., {@code hot-spring}, {@code farm}), its letter in the rules'
 *   board key, whether it is a double space ({@link Board}); {@code secondSpots}: whether this game
 *   uses the double spaces' second spots ({@link Board#secondSpots}: 4-5 players);</li>
 *   <li>{@code spots}: per seat its place at its position ({@link TokaidoState#queueIndex}: how many
 *   travellers there arrived before it; 0 the road spot or the head of an inn's queue, 1 a double
 *   space's second spot or the second in the queue, ...);</li>
 *   <li>{@code offerInn}: the inn whose meals are on offer ({@link TokaidoState#offerInn}), null
 *   without an offer; {@code offerPrices}: per meal on offer its printed cost, null where the
 *   observer cannot see the meal (as the state's {@code offer});</li>
 *   <li>{@code villagePrices}, {@code villageTypes}: per village slot ({@code village.revealed}) the
 *   souvenir's printed price and type, null for an empty slot;</li>
 *   <li>{@code panoramaSizes}: {@code {paddy, mountain, sea}}, the cards that complete each panorama;
 *   {@code achievementPoints}: what an achievement card scores;</li>
 *   <li>{@code souvenirsBySet}: per seat, per souvenir set (in the order of the seat's
 *   {@code souvenirSets}), the names of its souvenirs in the order of that set's types
 *   ({@link #souvenirsBySet}); {@code setPoints}: per seat, per set, what the set scores (1, 4, 9 or
 *   16); {@code souvenirPoints}: per seat, their sum; {@code hotSpringPoints}: per seat, what its hot
 *   spring cards scored;</li>
 *   <li>{@code state}: the state JSON ({@value TokaidoJson#STATE_FORMAT}); for a seat without what it
 *   cannot know: the random stream ({@code rng}), each deck's order (a deck is its size), the tiles
 *   dealt to the other seats (null each, their number kept) and the meals on offer it has not seen
 *   (null each, {@link #offerSeen}); in the explicit-chance mode its {@code chance} is only
 *   {@code {mode, node}} (whether a chance node is next), without the step under way, the outcomes
 *   chosen in it and the state before it.</li>
 * </ul>
 * The text board ({@link TokaidoText}) shows the same facts, decided by the same methods.
 */
final class TokaidoView {
    static final String FORMAT = "kaisen.tokaido.view/1";

    private TokaidoView() {
    }

    static String of(TokaidoState s, int observer) {
        ObjectNode view = GameView.start(FORMAT, s, observer);
        ArrayNode shown = view.putArray("dealtShown");
        for (int p = 0; p < s.numPlayers(); p++) {
            shown.add(GameView.sees(observer, p));
        }
        board(view, s);
        table(view, s, observer);
        seats(view, s);
        view.set("state", state(s, observer));
        return view.toString();
    }

    /** The state JSON cut down to what {@code observer} may know. */
    private static ObjectNode state(TokaidoState s, int observer) {
        ObjectNode state = GameView.tree(TokaidoJson.toJson(s, false));
        if (observer == GameView.SPECTATOR) {
            return state;
        }
        state.remove("rng");
        if (state.has("chance")) {
            // the step under way, its outcomes so far and the state before it are the chance player's
            ObjectNode chance = state.putObject("chance");
            chance.put("mode", "explicit");
            chance.put("node", s.isChanceNode());
        }
        ObjectNode decks = (ObjectNode) state.get("decks");
        List<String> names = new ArrayList<>();
        decks.fieldNames().forEachRemaining(names::add);
        for (String name : names) {
            decks.put(name, decks.get(name).get("cards").size());
        }
        for (int p = 0; p < s.numPlayers(); p++) {
            if (!GameView.sees(observer, p)) {
                GameView.hideAll((ArrayNode) state.get("seats").get(p).get("dealt"));
            }
        }
        ArrayNode offer = (ArrayNode) state.get("offer");
        for (int i = 0; i < offer.size(); i++) {
            if (!offerSeen(s, observer, i)) {
                offer.set(i, (JsonNode) null);
            }
        }
        return state;
    }

    /**
     * Whether {@code observer} (a seat, or {@link GameView#SPECTATOR}) sees meal {@code i} on offer:
     * a spectator and the travellers at the inn ({@link TokaidoState#seesOffer}) see them all, the
     * others only the last {@link TokaidoState#offerKnown} (drawn from the meal deck's known bottom).
     */
    static boolean offerSeen(TokaidoState s, int observer, int i) {
        return observer == GameView.SPECTATOR || s.seesOffer(observer) || i >= s.offerSize() - s.offerKnown();
    }

    /** The road's spaces and whether the second spots are used. */
    private static void board(ObjectNode view, TokaidoState s) {
        ArrayNode road = view.putArray("road");
        for (int pos = 0; pos < Board.POSITIONS; pos++) {
            ObjectNode space = road.addObject();
            space.put("kind", Board.kind(pos).name().toLowerCase(Locale.ROOT).replace('_', '-'));
            space.put("letter", String.valueOf(Board.kind(pos).letter));
            space.put("double", Board.isDouble(pos));
        }
        view.put("secondSpots", Board.secondSpots(s.numPlayers()));
        ArrayNode spots = view.putArray("spots");
        for (int p = 0; p < s.numPlayers(); p++) {
            spots.add(s.queueIndex(p));
        }
        ObjectNode sizes = view.putObject("panoramaSizes");
        for (int t = 0; t < Decks.PANORAMA_TYPES; t++) {
            sizes.put(Decks.PANORAMA_NAMES[t], Decks.PANORAMA_LENGTH[t]);
        }
        view.put("achievementPoints", TokaidoState.ACHIEVEMENT_POINTS);
    }

    /** The inn's offer (its inn, the prices the observer may see) and the village's souvenirs. */
    private static void table(ObjectNode view, TokaidoState s, int observer) {
        if (s.offerSize() > 0) {
            view.put("offerInn", s.offerInn());
        } else {
            view.putNull("offerInn");
        }
        ArrayNode prices = view.putArray("offerPrices");
        for (int i = 0; i < s.offerSize(); i++) {
            if (offerSeen(s, observer, i)) {
                prices.add(Decks.mealKindCost(Decks.mealKind(s.offer(i))));
            } else {
                prices.addNull();
            }
        }
        ArrayNode villagePrices = view.putArray("villagePrices");
        ArrayNode villageTypes = view.putArray("villageTypes");
        for (int slot = 0; slot < 3; slot++) {
            int card = s.revealed(slot);
            if (card < 0) {
                villagePrices.addNull();
                villageTypes.addNull();
            } else {
                villagePrices.add(Decks.souvenirPrice(card));
                villageTypes.add(Decks.SOUVENIR_TYPE_NAMES[Decks.souvenirType(card)]);
            }
        }
    }

    /** Each seat's souvenirs by set, what each set scores, and what its hot springs scored. */
    private static void seats(ObjectNode view, TokaidoState s) {
        ArrayNode bySet = view.putArray("souvenirsBySet");
        ArrayNode setPoints = view.putArray("setPoints");
        ArrayNode souvenirPoints = view.putArray("souvenirPoints");
        ArrayNode springPoints = view.putArray("hotSpringPoints");
        for (int p = 0; p < s.numPlayers(); p++) {
            ArrayNode sets = bySet.addArray();
            ArrayNode points = setPoints.addArray();
            int sum = 0;
            for (int[] set : souvenirsBySet(s, p)) {
                ArrayNode names = sets.addArray();
                for (int card : set) {
                    names.add(Decks.souvenirName(card));
                }
                points.add(setScore(set.length));
                sum += setScore(set.length);
            }
            souvenirPoints.add(sum);
            springPoints.add(hotSpringPoints(s, p));
        }
    }

    /** What a souvenir set of {@code size} souvenirs scores: 1 + 3 + 5 + 7 for its 1st to 4th ({@link Decks#setPoints}). */
    static int setScore(int size) {
        int points = 0;
        for (int k = 1; k <= size; k++) {
            points += Decks.setPoints(k);
        }
        return points;
    }

    /** What seat {@code p}'s hot spring cards scored ({@link Decks#hotSpringPoints}). */
    static int hotSpringPoints(TokaidoState s, int p) {
        int points = 0;
        for (int c = 0; c < Decks.HOT_SPRINGS; c++) {
            if (s.owns(p, TokaidoState.HOT_SPRING, c)) {
                points += Decks.hotSpringPoints(c);
            }
        }
        return points;
    }

    /**
     * Seat {@code p}'s souvenirs (card ids) by set, in the order of its sets: each set lists one
     * souvenir of each of its types, in type order. The state keeps each set's types only (which
     * souvenir of a type sits in which set changes no score), so the souvenirs of one type are
     * placed in the sets holding that type in set order, lowest card id first.
     */
    static List<int[]> souvenirsBySet(TokaidoState s, int p) {
        int[] next = new int[Decks.SOUVENIR_TYPES];
        List<int[]> out = new ArrayList<>();
        for (int i = 0; i < s.setCount[p]; i++) {
            int mask = s.souvenirSet(p, i);
            int[] set = new int[Integer.bitCount(mask)];
            int k = 0;
            for (int t = 0; t < Decks.SOUVENIR_TYPES; t++) {
                if ((mask & (1 << t)) == 0) {
                    continue;
                }
                int c = Math.max(next[t], t * 6);
                while (c < Decks.SOUVENIRS && !(Decks.souvenirType(c) == t && s.owns(p, TokaidoState.SOUVENIR, c))) {
                    c++;
                }
                if (c < Decks.SOUVENIRS) { // always, in a consistent state
                    set[k++] = c;
                    next[t] = c + 1;
                }
            }
            out.add(Arrays.copyOf(set, k));
        }
        return out;
    }
}
