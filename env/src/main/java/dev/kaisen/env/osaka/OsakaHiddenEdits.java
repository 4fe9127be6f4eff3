package dev.kaisen.env.osaka;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.kaisen.env.GameFormatException;
import dev.kaisen.env.HiddenEdits;
import dev.kaisen.env.Json;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;

/**
 * Variations of a Traders of Osaka state that no player with perfect recall can tell apart from
 * it (section "Hidden and public information" of the rules), made on the state JSON
 * ({@code kaisen.osaka.state/2}) alone, never through {@link OsakaState#determinize}, so the
 * no-leak checks of determinizations and observations do not rest on the code they check.
 *
 * <p>The unknown positions fall into groups whose cards may be exchanged freely:
 * <ul>
 *   <li>the current pile: every draw pile position and every VP card drawn face down with the
 *       current {@code pileGeneration};</li>
 *   <li>each earlier pile generation: the VP cards drawn face down from it.</li>
 * </ul>
 * An edit moves card names between positions of one group: reordering the draw pile, swapping
 * a draw pile card with a face-down VP card of the current pile (the face-down mark and its
 * generation stay with the position, the VP pile's {@code vpCards} follows the card), or
 * swapping face-down VP cards of one generation, possibly between seats. Every variation also
 * gets a new {@code rng} (the random stream decides future shuffles, which nobody knows). Hands
 * are known to every player who remembers and are never edited. These unknowns are the same
 * for every player, so the observer does not matter.
 */
public final class OsakaHiddenEdits implements HiddenEdits {

    /** One unknown position: a draw pile index, or seat {@code seat}'s face-down entry {@code index}. */
    private record Slot(int seat, int index) {
        static Slot draw(int index) {
            return new Slot(-1, index);
        }
    }

    @Override
    public String game() {
        return OsakaGameProvider.INSTANCE.id();
    }

    @Override
    public List<String> variations(String stateJson, int observer, long seed, int count) {
        ObjectNode root = parse(stateJson);
        List<List<Slot>> groups = groups(root);
        List<String> out = new ArrayList<>();
        SplittableRandom random = new SplittableRandom(seed);
        for (int attempt = 0; out.size() < count && attempt < 4 * count; attempt++) {
            ObjectNode edited = root.deepCopy();
            edited.put("rng", Long.toHexString(random.nextLong()));
            switch (groups.isEmpty() ? -1 : attempt % 3) {
                case -1: // no two unknown cards to exchange: the random stream alone
                    break;
                case 0: // every group shuffled
                    for (List<Slot> group : groups) {
                        permute(edited, group, random);
                    }
                    break;
                case 1: { // one swap within one group
                    List<Slot> group = groups.get(random.nextInt(groups.size()));
                    int a = random.nextInt(group.size());
                    int b = (a + 1 + random.nextInt(group.size() - 1)) % group.size();
                    swap(edited, group.get(a), group.get(b));
                    break;
                }
                default: { // the draw pile reordered, or else one group shuffled
                    List<Slot> drawOnly = new ArrayList<>();
                    for (Slot s : groups.get(0)) {
                        if (s.seat() < 0) {
                            drawOnly.add(s);
                        }
                    }
                    permute(edited, drawOnly.size() >= 2 ? drawOnly : groups.get(random.nextInt(groups.size())), random);
                    break;
                }
            }
            resortVpCards(root, edited);
            if (!edited.equals(root)) {
                out.add(edited.toString());
            }
        }
        return out;
    }

    private static ObjectNode parse(String json) {
        try {
            JsonNode node = Json.mapper().readTree(json);
            if (!(node instanceof ObjectNode o) || !o.path("drawPile").isArray() || !o.path("seats").isArray()) {
                throw new GameFormatException("not an Osaka state: expected an object with drawPile and seats");
            }
            return o;
        } catch (JsonProcessingException e) {
            throw new GameFormatException("malformed JSON: " + e.getOriginalMessage(), e);
        }
    }

    /** The groups of exchangeable positions with at least two members; the current pile first (when it has two). */
    private static List<List<Slot>> groups(ObjectNode root) {
        int current = root.path("pileGeneration").asInt();
        List<Slot> currentPile = new ArrayList<>();
        for (int i = 0; i < root.get("drawPile").size(); i++) {
            currentPile.add(Slot.draw(i));
        }
        TreeMap<Integer, List<Slot>> earlier = new TreeMap<>();
        JsonNode seats = root.get("seats");
        for (int p = 0; p < seats.size(); p++) {
            JsonNode faceDown = seats.get(p).path("vpCardsFaceDown");
            for (int j = 0; j < faceDown.size(); j++) {
                int generation = faceDown.get(j).path("pileGeneration").asInt();
                if (generation == current) {
                    currentPile.add(new Slot(p, j));
                } else {
                    earlier.computeIfAbsent(generation, g -> new ArrayList<>()).add(new Slot(p, j));
                }
            }
        }
        List<List<Slot>> groups = new ArrayList<>();
        if (currentPile.size() >= 2) {
            groups.add(currentPile);
        }
        for (List<Slot> g : earlier.values()) {
            if (g.size() >= 2) {
                groups.add(g);
            }
        }
        return groups;
    }

    private static String get(ObjectNode root, Slot s) {
        return s.seat() < 0 ? root.get("drawPile").get(s.index()).asText()
                : root.get("seats").get(s.seat()).get("vpCardsFaceDown").get(s.index()).get("card").asText();
    }

    private static void set(ObjectNode root, Slot s, String card) {
        if (s.seat() < 0) {
            ((ArrayNode) root.get("drawPile")).set(s.index(), TextNode.valueOf(card));
        } else {
            ((ObjectNode) root.get("seats").get(s.seat()).get("vpCardsFaceDown").get(s.index())).put("card", card);
        }
    }

    private static void swap(ObjectNode root, Slot a, Slot b) {
        String x = get(root, a);
        set(root, a, get(root, b));
        set(root, b, x);
    }

    /** Fisher-Yates over the cards at the given positions. */
    private static void permute(ObjectNode root, List<Slot> slots, SplittableRandom random) {
        for (int i = slots.size() - 1; i > 0; i--) {
            swap(root, slots.get(i), slots.get(random.nextInt(i + 1)));
        }
    }

    /**
     * Each seat's {@code vpCards} follows its face-down entries: the cards that were face down
     * in {@code original} are replaced by those face down now; both lists are kept in card-id
     * order, as the state writer gives them.
     */
    private static void resortVpCards(ObjectNode original, ObjectNode edited) {
        Comparator<String> byId = Comparator.comparingInt(Cards::parse);
        JsonNode seats = edited.get("seats");
        for (int p = 0; p < seats.size(); p++) {
            ObjectNode seat = (ObjectNode) seats.get(p);
            Set<String> wasFaceDown = new HashSet<>();
            for (JsonNode f : original.get("seats").get(p).path("vpCardsFaceDown")) {
                wasFaceDown.add(f.get("card").asText());
            }
            List<String> vpCards = new ArrayList<>();
            for (JsonNode c : seat.path("vpCards")) {
                if (!wasFaceDown.contains(c.asText())) {
                    vpCards.add(c.asText());
                }
            }
            List<JsonNode> faceDown = new ArrayList<>();
            for (JsonNode f : seat.path("vpCardsFaceDown")) {
                vpCards.add(f.get("card").asText());
                faceDown.add(f);
            }
            vpCards.sort(byId);
            faceDown.sort(Comparator.comparing(f -> f.get("card").asText(), byId));
            ArrayNode vpArray = seat.putArray("vpCards");
            vpCards.forEach(vpArray::add);
            seat.putArray("vpCardsFaceDown").addAll(faceDown);
        }
    }
}
