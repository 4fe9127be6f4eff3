package dev.kaisen.env.merchants;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.kaisen.env.GameFormatException;
import dev.kaisen.env.HiddenEdits;
import dev.kaisen.env.Json;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Variations of a Merchants of the Middle Ages state that the observer cannot tell apart from it,
 * made on the state JSON ({@value MerchantsJson#STATE_FORMAT}) alone, never through
 * {@link MerchantsState#determinize}. What the observer does not know (see
 * {@link MerchantsState}'s class comment):
 * <ul>
 *   <li>the order of the face-down investment pile ({@code investment.pile});</li>
 *   <li>the kinds of the influence cards in the other seats' hands: they and the face-down influence
 *   pile are one pool, dealt back with every hand keeping its size ({@code seats[q].influence},
 *   {@code influence.pile}); the discard pile and the observer's own hand stay;</li>
 *   <li>the other seats' sealed bids and wheel settings not yet revealed: a bid is any of
 *   {@code 0..min(bid steps, money / bid step)} (money is public), a wheel setting any of
 *   {@code 0..27};</li>
 *   <li>the random stream's state ({@code rng}), which every variation draws anew.</li>
 * </ul>
 * The record of the kinds drawn so far ({@code influence.drawn}, not read by the rules) is left as
 * it is. Every other attempt varies every hidden part; the others swap two cards of one pool (the
 * investment pile; the influence pool) or redraw one sealed choice. A variation equal to the state
 * is dropped, so fewer than {@code count} may come back.
 */
public final class MerchantsHiddenEdits implements HiddenEdits {

    /** A sealed choice that may vary: its seat in {@code choices}, and the largest value it may take. */
    private record Choice(ArrayNode choices, int seat, int max) {
    }

    @Override
    public String game() {
        return MerchantsGameProvider.INSTANCE.id();
    }

    @Override
    public List<String> variations(String stateJson, int observer, long seed, int count) {
        MerchantsState s = MerchantsJson.fromJson(stateJson);
        if (observer < 0 || observer >= s.numPlayers()) {
            throw new IllegalArgumentException("observer " + observer + " is not a seat of this state");
        }
        ObjectNode root;
        try {
            root = (ObjectNode) Json.mapper().readTree(stateJson);
        } catch (JsonProcessingException e) {
            throw new GameFormatException("malformed JSON: " + e.getOriginalMessage(), e);
        }
        SplittableRandom random = new SplittableRandom(seed);
        List<String> out = new ArrayList<>();
        for (int attempt = 0; out.size() < count && attempt < 4 * count; attempt++) {
            ObjectNode edited = root.deepCopy();
            edited.put("rng", Long.toHexString(random.nextLong()));
            ArrayNode investment = (ArrayNode) edited.get("investment").get("pile");
            List<JsonNode> invPool = new ArrayList<>();
            investment.forEach(invPool::add);
            List<String> inflPool = influencePool(edited, observer);
            List<Choice> choices = new ArrayList<>();
            hiddenChoices(s, edited, "bids", observer, choices);
            hiddenChoices(s, edited, "wheels", observer, choices);
            if (attempt % 2 == 0) {
                permute(invPool, random);
                permute(inflPool, random);
                for (Choice c : choices) {
                    c.choices().set(c.seat(), random.nextInt(c.max() + 1));
                }
            } else {
                List<List<?>> pools = new ArrayList<>();
                for (List<?> pool : List.of(invPool, inflPool)) {
                    if (pool.size() >= 2) {
                        pools.add(pool);
                    }
                }
                int options = pools.size() + choices.size();
                int pick = options == 0 ? -1 : random.nextInt(options);
                if (pick >= 0 && pick < pools.size()) {
                    List<?> pool = pools.get(pick);
                    int a = random.nextInt(pool.size());
                    int b = (a + 1 + random.nextInt(pool.size() - 1)) % pool.size();
                    Collections.swap(pool, a, b);
                } else if (pick >= pools.size()) {
                    Choice c = choices.get(pick - pools.size());
                    c.choices().set(c.seat(), random.nextInt(c.max() + 1));
                }
            }
            investment.removeAll();
            invPool.forEach(investment::add);
            dealInfluence(edited, observer, inflPool);
            if (!edited.equals(root)) {
                out.add(edited.toString());
            }
        }
        return out;
    }

    /**
     * The influence cards the observer cannot tell apart: the kinds in the other seats' hands (seat
     * by seat, kind by kind), then the face-down pile top first.
     */
    private static List<String> influencePool(ObjectNode root, int observer) {
        List<String> pool = new ArrayList<>();
        ArrayNode seats = (ArrayNode) root.get("seats");
        for (int q = 0; q < seats.size(); q++) {
            if (q == observer) {
                continue;
            }
            JsonNode hand = seats.get(q).get("influence");
            for (Influence k : Influence.values()) {
                for (int c = 0; c < hand.get(k.id()).asInt(); c++) {
                    pool.add(k.id());
                }
            }
        }
        root.get("influence").get("pile").forEach(kind -> pool.add(kind.asText()));
        return pool;
    }

    /** Deals {@link #influencePool}'s cards back: each other hand keeps its size, the rest is the pile. */
    private static void dealInfluence(ObjectNode root, int observer, List<String> pool) {
        ArrayNode seats = (ArrayNode) root.get("seats");
        int at = 0;
        for (int q = 0; q < seats.size(); q++) {
            if (q == observer) {
                continue;
            }
            ObjectNode hand = (ObjectNode) seats.get(q).get("influence");
            int size = 0;
            for (Influence k : Influence.values()) {
                size += hand.get(k.id()).asInt();
                hand.put(k.id(), 0);
            }
            for (int c = 0; c < size; c++) {
                String kind = pool.get(at++);
                hand.put(kind, hand.get(kind).asInt() + 1);
            }
        }
        ArrayNode pile = (ArrayNode) root.get("influence").get("pile");
        pile.removeAll();
        for (String kind : pool.subList(at, pool.size())) {
            pile.add(TextNode.valueOf(kind));
        }
    }

    /** The other seats' committed choices not yet revealed in {@code field} ("bids" or "wheels"). */
    private static void hiddenChoices(MerchantsState s, ObjectNode root, String field, int observer, List<Choice> out) {
        JsonNode sealed = root.get(field);
        if (sealed.get("revealed").asBoolean()) {
            return;
        }
        ArrayNode choices = (ArrayNode) sealed.get("choices");
        MerchantsData d = s.data();
        for (int q = 0; q < choices.size(); q++) {
            if (q != observer && choices.get(q).asInt() >= 0) {
                int max = field.equals("bids") ? Math.min(d.bidSteps(), Math.max(0, s.money(q)) / d.bidStep())
                        : MerchantsAction.WHEELS - 1;
                out.add(new Choice(choices, q, max));
            }
        }
    }

    private static <T> void permute(List<T> pool, SplittableRandom random) {
        for (int i = pool.size() - 1; i > 0; i--) {
            Collections.swap(pool, i, random.nextInt(i + 1));
        }
    }
}
