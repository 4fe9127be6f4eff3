package dev.kaisen.env.tokaido;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kaisen.env.GameView;

import java.util.ArrayList;
import java.util.List;

/**
 * What one observer may see of a Tokaido state ({@link TokaidoGame#viewJson}), for the renderers.
 * Fields, in this order: {@code format} ({@value #FORMAT}), {@code observer} (a seat, -1 a
 * spectator), {@code winners} (once over), {@code dealtShown} (per seat: whether the observer sees
 * the traveller tiles dealt to it: its own, or all for a spectator) and {@code state}: the state
 * JSON ({@value TokaidoJson#STATE_FORMAT}); for a seat without what it cannot know: the random
 * stream ({@code rng}), each deck's order (a deck is its size), the tiles dealt to the other seats
 * (null each, their number kept) and the meals on offer it has not seen (null each: all but the
 * last {@code offerKnown} unless it stands at the inn, {@link TokaidoState#seesOffer}).
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
        ObjectNode state = GameView.tree(TokaidoJson.toJson(s, false));
        if (observer != GameView.SPECTATOR) {
            state.remove("rng");
            ObjectNode decks = (ObjectNode) state.get("decks");
            List<String> names = new ArrayList<>();
            decks.fieldNames().forEachRemaining(names::add);
            for (String name : names) {
                decks.put(name, decks.get(name).get("cards").size());
            }
            for (int p = 0; p < s.numPlayers(); p++) {
                if (!GameView.sees(observer, p)) {
                    hide((ArrayNode) state.get("seats").get(p).get("dealt"), 0, Integer.MAX_VALUE);
                }
            }
            if (!s.seesOffer(observer)) {
                ArrayNode offer = (ArrayNode) state.get("offer");
                hide(offer, 0, offer.size() - s.offerKnown());
            }
        }
        view.set("state", state);
        return view.toString();
    }

    /** Sets the entries {@code from} (inclusive) to {@code to} (exclusive) of {@code cards} to null. */
    private static void hide(ArrayNode cards, int from, int to) {
        if (cards == null) {
            return;
        }
        for (int i = from; i < Math.min(to, cards.size()); i++) {
            cards.set(i, (JsonNode) null);
        }
    }
}
