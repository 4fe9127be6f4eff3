package dev.kaisen.env.tokaido;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.kaisen.env.GameFormatException;
import dev.kaisen.env.HiddenEdits;
import dev.kaisen.env.Json;
import dev.kaisen.env.tokaido.Decks.Deck;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Variations of a Tokaido state that the observer cannot tell apart from it, made on the state
 * JSON ({@value TokaidoJson#STATE_FORMAT}) alone, never through {@link TokaidoState#determinize}.
 * What the observer does not know (see {@link TokaidoState}'s class comment):
 * <ul>
 *   <li>the order of each deck's unseen top (every card above its {@code knownBottom});</li>
 *   <li>the meals on offer at the inn when the observer is not there (they are not at the
 *       furthest position), but for the last {@code offerKnown} (drawn from the known bottom): they
 *       and the meal deck's unseen top are one pool;</li>
 *   <li>the traveller tiles dealt to the other seats, except the one each kept: they and the tiles
 *       nobody was dealt are one pool (each pair is listed in tile order again afterwards).</li>
 * </ul>
 * Every other attempt permutes every pool; the others swap two cards of one pool or two tiles of
 * the tile pool. Every variation gets a new {@code rng}.
 */
public final class TokaidoHiddenEdits implements HiddenEdits {

    /** A place in the JSON that holds one hidden card or tile. */
    private record Slot(ArrayNode array, int index) {
        JsonNode get() {
            return array.get(index);
        }

        void set(JsonNode value) {
            array.set(index, value);
        }
    }

    @Override
    public String game() {
        return TokaidoGameProvider.INSTANCE.id();
    }

    @Override
    public List<String> variations(String stateJson, int observer, long seed, int count) {
        ObjectNode root;
        try {
            JsonNode node = Json.mapper().readTree(stateJson);
            if (!(node instanceof ObjectNode o) || !o.path("decks").isObject() || !o.path("seats").isArray()
                    || !o.path("offer").isArray()) {
                throw new GameFormatException("not a Tokaido state: expected an object with seats, decks and offer");
            }
            root = o;
        } catch (JsonProcessingException e) {
            throw new GameFormatException("malformed JSON: " + e.getOriginalMessage(), e);
        }
        if (observer < 0 || observer >= root.get("seats").size()) {
            throw new IllegalArgumentException("observer " + observer + " is not a seat of this state");
        }
        List<String> out = new ArrayList<>();
        SplittableRandom random = new SplittableRandom(seed);
        for (int attempt = 0; out.size() < count && attempt < 4 * count; attempt++) {
            ObjectNode edited = root.deepCopy();
            edited.put("rng", Long.toHexString(random.nextLong()));
            List<List<Slot>> pools = cardPools(edited, observer);
            List<Slot> tileSlots = new ArrayList<>();
            List<JsonNode> tiles = tilePool(edited, observer, tileSlots);
            boolean tilesVary = !tileSlots.isEmpty() && tiles.size() >= 2;
            if (attempt % 2 == 0) {
                for (List<Slot> pool : pools) {
                    permute(pool, random);
                }
                if (tilesVary) {
                    for (int i = tiles.size() - 1; i > 0; i--) {
                        swap(tiles, i, random.nextInt(i + 1));
                    }
                }
            } else {
                int choice = random.nextInt(pools.size() + (tilesVary ? 1 : 0) + 1);
                if (choice < pools.size()) {
                    List<Slot> pool = pools.get(choice);
                    int a = random.nextInt(pool.size());
                    int b = (a + 1 + random.nextInt(pool.size() - 1)) % pool.size();
                    JsonNode x = pool.get(a).get();
                    pool.get(a).set(pool.get(b).get());
                    pool.get(b).set(x);
                } else if (tilesVary && choice == pools.size()) {
                    int a = random.nextInt(tileSlots.size());
                    int b = (a + 1 + random.nextInt(tiles.size() - 1)) % tiles.size();
                    swap(tiles, a, b);
                }
            }
            if (tilesVary) {
                for (int i = 0; i < tileSlots.size(); i++) {
                    tileSlots.get(i).set(tiles.get(i));
                }
                sortPairs(edited, observer);
            }
            if (!edited.equals(root)) {
                out.add(edited.toString());
            }
        }
        return out;
    }

    /** The pools of card slots whose contents the observer cannot tell apart (2 slots or more each). */
    private static List<List<Slot>> cardPools(ObjectNode root, int observer) {
        boolean offerHidden = !seesOffer(root, observer);
        List<List<Slot>> pools = new ArrayList<>();
        Iterator<Map.Entry<String, JsonNode>> decks = root.get("decks").fields();
        while (decks.hasNext()) {
            Map.Entry<String, JsonNode> e = decks.next();
            ArrayNode cards = (ArrayNode) e.getValue().get("cards");
            int unknown = cards.size() - e.getValue().get("knownBottom").asInt();
            List<Slot> pool = new ArrayList<>();
            for (int i = 0; i < unknown; i++) {
                pool.add(new Slot(cards, i));
            }
            if (offerHidden && e.getKey().equals(Deck.MEAL.key())) {
                ArrayNode offer = (ArrayNode) root.get("offer");
                int hidden = offer.size() - root.path("offerKnown").asInt();
                for (int i = 0; i < hidden; i++) {
                    pool.add(new Slot(offer, i));
                }
            }
            if (pool.size() >= 2) {
                pools.add(pool);
            }
        }
        return pools;
    }

    /** As {@link TokaidoState#seesOffer}: the observer stands at the furthest position. */
    private static boolean seesOffer(ObjectNode root, int observer) {
        int furthest = 0;
        for (JsonNode seat : root.get("seats")) {
            furthest = Math.max(furthest, seat.get("position").asInt());
        }
        return root.get("seats").get(observer).get("position").asInt() == furthest;
    }

    /**
     * The tiles the observer has not seen placed: first the contents of {@code slots} (the other
     * seats' dealt tiles other than their kept traveller), then the tiles nobody was dealt.
     */
    private static List<JsonNode> tilePool(ObjectNode root, int observer, List<Slot> slots) {
        int seen = 0;
        ArrayNode seats = (ArrayNode) root.get("seats");
        for (int q = 0; q < seats.size(); q++) {
            ArrayNode dealt = (ArrayNode) seats.get(q).get("dealt");
            JsonNode kept = seats.get(q).get("traveller");
            for (int i = 0; i < dealt.size(); i++) {
                int t = Traveller.parse(dealt.get(i).asText());
                seen |= 1 << t;
                if (q != observer && (kept == null || kept.isNull() || !kept.asText().equals(dealt.get(i).asText()))) {
                    slots.add(new Slot(dealt, i));
                }
            }
        }
        List<JsonNode> pool = new ArrayList<>();
        for (Slot s : slots) {
            pool.add(s.get());
        }
        for (int t = 0; t < Traveller.COUNT; t++) {
            if ((seen & (1 << t)) == 0) {
                pool.add(TextNode.valueOf(Traveller.of(t).key()));
            }
        }
        return pool;
    }

    private static void sortPairs(ObjectNode root, int observer) {
        ArrayNode seats = (ArrayNode) root.get("seats");
        for (int q = 0; q < seats.size(); q++) {
            ArrayNode dealt = (ArrayNode) seats.get(q).get("dealt");
            if (q != observer && dealt.size() == 2
                    && Traveller.parse(dealt.get(0).asText()) > Traveller.parse(dealt.get(1).asText())) {
                JsonNode x = dealt.get(0);
                dealt.set(0, dealt.get(1));
                dealt.set(1, x);
            }
        }
    }

    private static void permute(List<Slot> pool, SplittableRandom random) {
        for (int i = pool.size() - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            JsonNode x = pool.get(i).get();
            pool.get(i).set(pool.get(j).get());
            pool.get(j).set(x);
        }
    }

    private static <T> void swap(List<T> list, int a, int b) {
        T x = list.get(a);
        list.set(a, list.get(b));
        list.set(b, x);
    }
}
