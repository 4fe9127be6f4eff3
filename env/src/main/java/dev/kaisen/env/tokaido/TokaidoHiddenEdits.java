package dev.kaisen.env.tokaido;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kaisen.env.GameFormatException;
import dev.kaisen.env.HiddenEdits;
import dev.kaisen.env.Json;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Variations of a Tokaido state that no player can tell apart from it, made on the state JSON
 * ({@value TokaidoJson#STATE_FORMAT}) alone, never through {@link TokaidoState#determinize}.
 * What nobody knows is the order of each deck's unseen top (every card above its
 * {@code knownBottom}; see {@link TokaidoState}'s class comment): an edit reorders the unseen
 * top of one deck or of all, and every variation gets a new {@code rng}. These unknowns are the
 * same for every player, so the observer does not matter.
 */
public final class TokaidoHiddenEdits implements HiddenEdits {

    @Override
    public String game() {
        return TokaidoGameProvider.INSTANCE.id();
    }

    @Override
    public List<String> variations(String stateJson, int observer, long seed, int count) {
        ObjectNode root;
        try {
            JsonNode node = Json.mapper().readTree(stateJson);
            if (!(node instanceof ObjectNode o) || !o.path("decks").isObject()) {
                throw new GameFormatException("not a Tokaido state: expected an object with decks");
            }
            root = o;
        } catch (JsonProcessingException e) {
            throw new GameFormatException("malformed JSON: " + e.getOriginalMessage(), e);
        }
        List<ArrayNode> tops = new ArrayList<>();
        List<Integer> unknown = new ArrayList<>();
        root.get("decks").fields().forEachRemaining(e -> {
            ArrayNode cards = (ArrayNode) e.getValue().get("cards");
            int k = cards.size() - e.getValue().get("knownBottom").asInt();
            if (k >= 2) {
                tops.add(cards);
                unknown.add(k);
            }
        });
        List<String> out = new ArrayList<>();
        SplittableRandom random = new SplittableRandom(seed);
        for (int attempt = 0; out.size() < count && attempt < 4 * count; attempt++) {
            ObjectNode edited = root.deepCopy();
            edited.put("rng", Long.toHexString(random.nextLong()));
            if (!tops.isEmpty()) {
                List<ArrayNode> editedTops = new ArrayList<>();
                edited.get("decks").fields().forEachRemaining(e -> {
                    ArrayNode cards = (ArrayNode) e.getValue().get("cards");
                    if (cards.size() - e.getValue().get("knownBottom").asInt() >= 2) {
                        editedTops.add(cards);
                    }
                });
                if (attempt % 2 == 0) {
                    for (int d = 0; d < editedTops.size(); d++) {
                        permute(editedTops.get(d), unknown.get(d), random);
                    }
                } else {
                    int d = random.nextInt(editedTops.size());
                    int a = random.nextInt(unknown.get(d));
                    int b = (a + 1 + random.nextInt(unknown.get(d) - 1)) % unknown.get(d);
                    swap(editedTops.get(d), a, b);
                }
            }
            if (!edited.equals(root)) {
                out.add(edited.toString());
            }
        }
        return out;
    }

    private static void permute(ArrayNode cards, int size, SplittableRandom random) {
        for (int i = size - 1; i > 0; i--) {
            swap(cards, i, random.nextInt(i + 1));
        }
    }

    private static void swap(ArrayNode cards, int a, int b) {
        JsonNode x = cards.get(a);
        cards.set(a, cards.get(b));
        cards.set(b, x);
    }
}
