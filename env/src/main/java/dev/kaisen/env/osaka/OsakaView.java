package dev.kaisen.env.osaka;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kaisen.env.GameView;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What one observer may see of a Traders of Osaka state ({@link OsakaGame#viewJson}), for the
 * renderers (the text board, {@link OsakaText}, shows the same). Fields, in this order:
 * <ul>
 *   <li>{@code format} ({@value #FORMAT}), {@code observer} (a seat, -1 a spectator), {@code winners}
 *   (once over);</li>
 *   <li>{@code handsShown} (per seat: whether the observer sees the cards of its hand:
 *   {@link #handShown}), {@code handSizes} (per seat, public);</li>
 *   <li>{@code state}: the state JSON ({@value OsakaJson#STATE_FORMAT}); for a seat without the
 *   random stream ({@code rng}), with the draw pile's cards as null (their number kept), the other
 *   seats' hands as null (their number kept), and the identity of every VP card drawn face down
 *   (its {@code card} null in {@code vpCardsFaceDown}, left out of {@code vpCards}): nobody sees
 *   those, their owner included (rules, "Hidden and public information"), and in the explicit-chance
 *   mode, at a chance node, field {@code chance} without the state before the step and the outcomes
 *   chosen in it.</li>
 * </ul>
 */
final class OsakaView {
    static final String FORMAT = "kaisen.osaka.view/1";

    private OsakaView() {
    }

    /**
     * Whether {@code observer} is shown the cards in seat {@code p}'s hand: its own, or every hand
     * for a spectator. The board shows the table, where hands are held hidden (rules, "Hidden and
     * public information") <b>[decision]</b>: a player with perfect recall could name the others'
     * hands, and the information-state observation does; the picture shows what lies before them.
     */
    static boolean handShown(int observer, int p) {
        return GameView.sees(observer, p);
    }

    static String of(OsakaState s, int observer) {
        ObjectNode view = GameView.start(FORMAT, s, observer);
        ArrayNode shown = view.putArray("handsShown");
        ArrayNode sizes = view.putArray("handSizes");
        for (int p = 0; p < s.n; p++) {
            shown.add(handShown(observer, p));
            sizes.add(s.handSize(p));
        }
        ObjectNode state = GameView.tree(OsakaJson.toJson(s, false));
        if (observer != GameView.SPECTATOR) {
            state.remove("rng");
            GameView.hideAll((ArrayNode) state.get("drawPile"));
            for (int p = 0; p < s.n; p++) {
                ObjectNode seat = (ObjectNode) state.get("seats").get(p);
                if (!handShown(observer, p)) {
                    GameView.hideAll((ArrayNode) seat.get("hand"));
                }
                hideFaceDown(seat);
            }
            // at a chance node: the step under way is public, not the state before it nor the outcomes
            // chosen so far (a VP card drawn face down is one); what they showed lies on the table
            if (state.get("chance") instanceof ObjectNode chance) {
                chance.remove("before");
                chance.remove("chosen");
            }
        }
        view.set("state", state);
        return view.toString();
    }

    /**
     * The face-down VP cards' names out of a seat's {@code vpCards}, and null in {@code vpCardsFaceDown},
     * whose entries then go in pile-generation order (the state lists them in card order, which would
     * tell something of the cards).
     */
    private static void hideFaceDown(ObjectNode seat) {
        Set<String> faceDown = new HashSet<>();
        List<Integer> generations = new ArrayList<>();
        for (JsonNode entry : seat.get("vpCardsFaceDown")) {
            faceDown.add(entry.get("card").asText());
            generations.add(entry.get("pileGeneration").asInt());
        }
        generations.sort(null);
        ArrayNode entries = seat.putArray("vpCardsFaceDown");
        for (int generation : generations) {
            ObjectNode entry = entries.addObject();
            entry.putNull("card");
            entry.put("pileGeneration", generation);
        }
        ArrayNode vpCards = (ArrayNode) seat.get("vpCards");
        for (int i = vpCards.size() - 1; i >= 0; i--) {
            if (faceDown.contains(vpCards.get(i).asText())) {
                vpCards.remove(i);
            }
        }
    }
}
