package dev.kaisen.env.merchants;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kaisen.env.GameView;
import dev.kaisen.env.Json;
import dev.kaisen.env.SealedChoices;

/**
 * What one observer may see of a Merchants of the Middle Ages state ({@link MerchantsGame#viewJson}),
 * for the renderers: the facts they draw, so that they decide no rule and read no game data. Fields,
 * in this order:
 * <ul>
 *   <li>{@code format} ({@value #FORMAT}), {@code observer} (a seat, -1 a spectator), {@code winners}
 *   (once over; the highest status, a credit card scoring -1, ties by money);</li>
 *   <li>{@code stepCost}: what a status step costs now; {@code stepCosts}: what it costs after 0, 1,
 *   ... arrivals, one entry per box of the wagon track (the data's end arrivals, or more) and one more;</li>
 *   <li>{@code handsShown} (per seat: whether the observer sees the kinds of its influence cards:
 *   its own, or every hand for a spectator), {@code handSizes} (per seat, public);</li>
 *   <li>{@code bids}, {@code wheels}: per seat its sealed choice as the observer sees it: the value
 *   when it may see it (its own, a revealed one, every one for a spectator), {@code "sealed"} for
 *   another's committed choice not yet revealed, null when not committed;</li>
 *   <li>{@code piles}: {@code {investment, influence}}, the face-down piles' sizes;</li>
 *   <li>{@code title}, {@code status}: the text board's first two lines ({@link MerchantsText}): the
 *   game, players, data, round, first player, arrivals, the status step's cost and the observer; the
 *   phase, the seat to act, what the turn under way is about (auction, loading, move, ...) and the
 *   winners;</li>
 *   <li>{@code goods}: each good's name, by good id; {@code places}: each place's name, by node id
 *   (the cities, then the {@code forks} forks, then the road spaces); {@code roads}: per road of the
 *   data {@code {from, to, spaces}}, its ends' node ids and its spaces' from the {@code from} end;
 *   {@code markets}: per city the goods its market shows (ascending ids);</li>
 *   <li>{@code priceLines}: {@code {cost, sale}}, the florins per price level, lowest first;
 *   {@code prices}: per good {@code {level, cost, sale}} now; {@code endArrivals}: the arrivals that
 *   end the game for this player count; {@code statusLevels}: per status level {@code {name,
 *   upkeep}}, lowest first; {@code creditCards}: the credit cards of the game;</li>
 *   <li>{@code wagons}: per wagon {@code {heading, line}}: the city or fork it is heading to on a road
 *   (-1 in a city or on a fork, where the mover chooses) and its line of the text board (place, the
 *   place it came from, heading, master, arrival, then {@code ; cargo} and the cargo per seat);
 *   {@code movingWagon}: the wagon in the middle of a move, waiting for its road (-1), with
 *   {@code passed}, the places it passed so far; {@code blockedWagon}: the wagon the courier blocks
 *   this movement turn (-1);</li>
 *   <li>{@code auctionSlot}: the face-up investment slot up for auction now (-1); {@code faceUp}: per
 *   face-up slot the kind of its card (null: empty); {@code owned}: per seat the kinds of the
 *   investment cards it owns; {@code discard}: the influence cards played, {@code {kind: count}}
 *   (kinds with none left out);</li>
 *   <li>{@code sealedLines}: the text board's lines of the sealed bids and price wheels (0 to 2);
 *   {@code bidWords}, {@code wheelWords}: per seat its choice as those lines word it ({@code 300},
 *   {@code cloth+arms}, {@code sealed}, {@code -}), null when the board shows no such line;
 *   {@code handWords}: per seat its influence hand as the board words it (kinds, or
 *   {@code 2 cards (hidden)});</li>
 *   <li>{@code state}: the state JSON ({@value MerchantsJson#STATE_FORMAT}); for a seat without what
 *   it cannot know: the random stream ({@code rng}), the piles and the records of the cards drawn
 *   ({@code investment.pile/drawn}, {@code influence.pile/drawn}), the other seats' influence
 *   hands ({@code seats[q].influence}), the sealed choices ({@code bids/wheels.choices}, given
 *   above as seen) and, in the explicit-chance mode, all of {@code chance} but its {@code mode}.</li>
 * </ul>
 */
final class MerchantsView {
    static final String FORMAT = "kaisen.merchants.view/1";
    /** {@link #seen}: another seat's committed choice the observer may not see yet. */
    static final int HIDDEN = -2;

    private MerchantsView() {
    }

    static String of(MerchantsState s, int observer) {
        ObjectNode view = GameView.start(FORMAT, s, observer);
        MerchantsData d = s.data();
        int n = s.numPlayers();
        view.put("stepCost", s.stepCost());
        int end = d.endArrivals(n);
        ArrayNode costs = view.putArray("stepCosts");
        for (int a = 0; a <= Math.max(Math.max(end, s.arrivals()), 1); a++) {
            costs.add(d.stepCost(a));
        }
        ObjectNode state = GameView.tree(MerchantsJson.toJson(s, false));
        ArrayNode shown = view.putArray("handsShown");
        ArrayNode sizes = view.putArray("handSizes");
        for (int p = 0; p < n; p++) {
            shown.add(GameView.sees(observer, p));
            sizes.add(s.handSize(p));
        }
        view.set("bids", sealed(s, s.bids(), observer));
        view.set("wheels", sealed(s, s.wheels(), observer));
        ObjectNode piles = view.putObject("piles");
        piles.put("investment", s.investmentLeft());
        piles.put("influence", s.influenceLeft());
        MerchantsViewFacts.add(view, s, observer);
        if (observer != GameView.SPECTATOR) {
            state.remove("rng");
            for (String deck : new String[] {"investment", "influence"}) {
                ((ObjectNode) state.get(deck)).remove("pile");
                ((ObjectNode) state.get(deck)).remove("drawn");
            }
            for (int p = 0; p < n; p++) {
                if (!GameView.sees(observer, p)) {
                    ((ObjectNode) state.get("seats").get(p)).remove("influence");
                }
            }
            ((ObjectNode) state.get("bids")).remove("choices");
            ((ObjectNode) state.get("wheels")).remove("choices");
            if (state.get("chance") instanceof ObjectNode chance) {
                // the step in progress (perhaps a sealed bid) and the state before it hold hidden information
                chance.retain("mode");
            }
        }
        view.set("state", state);
        return view.toString();
    }

    /**
     * Seat p's sealed choice as {@code observer} sees it: its value when the observer may see it
     * (revealed, its own, or a spectator), {@link #HIDDEN} for another's committed choice not yet
     * revealed, -1 when not committed. The text board and the view both ask here.
     */
    static int seen(SealedChoices c, int p, int observer) {
        int v = c.choice(p);
        if (v < 0) {
            return -1;
        }
        return c.isRevealed() || GameView.sees(observer, p) ? v : HIDDEN;
    }

    /**
     * The state JSON as the view reads it ({@link MerchantsGame#viewJson(String, int)}), mended where
     * the view shows nothing, so that a state varied only there (by hand, perhaps beyond what the
     * rules allow) has the view of the state: for a seat, the other seats' sealed choices it cannot
     * see yet are set to 0 (a value every seat may choose); the record of the influence cards drawn
     * ({@code influence.drawn}, which the rules do not read and no view shows) is rebuilt from the
     * hands and the discard pile when it does not hold their cards. JSON not in the state's shape is left
     * to the reader to report.
     */
    static String readable(String stateJson, int observer) {
        JsonNode root;
        try {
            root = Json.mapper().readTree(stateJson);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            return stateJson;
        }
        if (root == null || !root.isObject()) {
            return stateJson;
        }
        boolean changed = false;
        for (String field : new String[] {"bids", "wheels"}) {
            JsonNode sealed = root.path(field);
            if (observer == GameView.SPECTATOR || !sealed.path("choices").isArray()
                    || sealed.path("revealed").asBoolean(true)) {
                continue;
            }
            ArrayNode choices = (ArrayNode) sealed.get("choices");
            for (int p = 0; p < choices.size(); p++) {
                if (p != observer && choices.get(p).isInt() && choices.get(p).asInt() > 0) {
                    choices.set(p, 0);
                    changed = true;
                }
            }
        }
        JsonNode drawn = root.path("influence").path("drawn");
        if (drawn.isArray()) {
            // the cards drawn are those in the hands and the discard pile; rebuilt (in kind order) when they are not
            int[] held = new int[Influence.COUNT];
            int[] recorded = new int[Influence.COUNT];
            for (Influence k : Influence.values()) {
                held[k.ordinal()] = root.path("influence").path("discard").path(k.id()).asInt(0);
                for (JsonNode seat : root.path("seats")) {
                    held[k.ordinal()] += seat.path("influence").path(k.id()).asInt(0);
                }
                for (JsonNode d : drawn) {
                    recorded[k.ordinal()] += d.asText().equals(k.id()) ? 1 : 0;
                }
            }
            if (!java.util.Arrays.equals(held, recorded)) {
                ((ArrayNode) drawn).removeAll();
                for (Influence k : Influence.values()) {
                    for (int c = 0; c < held[k.ordinal()]; c++) {
                        ((ArrayNode) drawn).add(k.id());
                    }
                }
                changed = true;
            }
        }
        return changed ? root.toString() : stateJson;
    }

    /** A sealed choice per seat as the observer sees it (see the class comment). */
    private static ArrayNode sealed(MerchantsState s, SealedChoices c, int observer) {
        ArrayNode out = Json.mapper().createArrayNode();
        for (int p = 0; p < s.numPlayers(); p++) {
            int v = seen(c, p, observer);
            if (v == HIDDEN) {
                out.add("sealed");
            } else if (v < 0) {
                out.addNull();
            } else {
                out.add(v);
            }
        }
        return out;
    }
}
