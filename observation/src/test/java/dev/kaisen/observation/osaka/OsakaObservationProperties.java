package dev.kaisen.observation.osaka;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kaisen.env.Json;
import dev.kaisen.env.osaka.Cards;
import dev.kaisen.env.osaka.OsakaConfig;
import dev.kaisen.env.osaka.OsakaJson;
import dev.kaisen.env.osaka.OsakaState;
import dev.kaisen.env.osaka.Phase;
import dev.kaisen.env.osaka.Space;
import dev.kaisen.observation.Segment;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.UnaryOperator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

class OsakaObservationProperties {

    /** A random reachable state: the deal from {@code seed}, then random legal decisions. */
    static OsakaState reachable(int players, long seed, int decisions) {
        OsakaState s = OsakaState.newGame(new OsakaConfig(players), seed);
        SplittableRandom r = new SplittableRandom(seed ^ 0xC0FFEE);
        while (!s.isTerminal() && s.decisions() < decisions) {
            int[] legal = s.legalActions();
            s.applyInPlace(legal[r.nextInt(legal.length)]);
        }
        return s;
    }

    static float[] observe(OsakaObservation encoder, OsakaState s, int observer) {
        float[] buf = new float[encoder.size() + 3];
        Arrays.fill(buf, 7f); // the encoder must overwrite its whole range, and only it
        encoder.encode(s, observer, buf, 2);
        assertEquals(7f, buf[0]);
        assertEquals(7f, buf[1]);
        assertEquals(7f, buf[buf.length - 1]);
        return Arrays.copyOfRange(buf, 2, 2 + encoder.size());
    }

    static float[] observe(OsakaState s, int observer) {
        return observe(OsakaObservation.informationState(), s, observer);
    }

    static float[] table(OsakaState s, int observer) {
        return observe(OsakaObservation.observation(), s, observer);
    }

    /**
     * The memoryless view shows what lies on the table now: another seat's hand is face down, so
     * swapping one of its cards with a draw-pile card of another type (an edit of the JSON form)
     * changes nothing in that view, while the information state, which remembers every hand, changes.
     */
    @Property(tries = 60)
    void theMemorylessViewNeverShowsAnotherSeatsHand(@ForAll @IntRange(min = 2, max = 4) int players,
                                                     @ForAll long seed,
                                                     @ForAll @IntRange(min = 0, max = 300) int decisions,
                                                     @ForAll @IntRange(min = 0, max = 3) int observerPick) {
        OsakaState s = reachable(players, seed, decisions);
        int observer = observerPick % players;
        int other = (observer + 1) % players;
        OsakaJson.StateJson j = OsakaJson.toDto(s);
        List<String> hand = j.seats().get(other).hand();
        for (int h = 0; h < hand.size(); h++) {
            for (int k = 0; k < j.drawPile().size(); k++) {
                String mine = hand.get(h);
                String pile = j.drawPile().get(k);
                if (mine.charAt(0) != pile.charAt(0) || mine.charAt(1) != pile.charAt(1)) {
                    int at = h;
                    int pos = k;
                    OsakaState swapped = edited(s, x -> {
                        ArrayNode cards = (ArrayNode) x.get("seats").get(other).get("hand");
                        cards.set(at, x.textNode(pile));
                        ((ArrayNode) x.get("drawPile")).set(pos, x.textNode(mine));
                    });
                    assertArrayEquals(table(s, observer), table(swapped, observer), "the memoryless view shows "
                            + "another seat's hand");
                    assertFalse(Arrays.equals(observe(s, observer), observe(swapped, observer)),
                            "the information state holds every hand");
                    return;
                }
            }
        }
    }

    /** Perfect recall: every hand is known exactly, so another seat's hand is in the information state. */
    @Property(tries = 60)
    void theInformationStateHoldsEveryHandAndTheMemorylessViewOnlyTheObserversOwn(
            @ForAll @IntRange(min = 2, max = 4) int players, @ForAll long seed,
            @ForAll @IntRange(min = 0, max = 300) int decisions, @ForAll @IntRange(min = 0, max = 3) int observerPick) {
        OsakaState s = reachable(players, seed, decisions);
        int observer = observerPick % players;
        OsakaObservation info = OsakaObservation.informationState();
        float[] o = observe(s, observer);
        Segment hands = OsakaObservation.INFORMATION_STATE_SPEC.segment("hands");
        Segment own = OsakaObservation.OBSERVATION_SPEC.segment("hand");
        float[] t = table(s, observer);
        for (int p = 0; p < players; p++) {
            int r = OsakaObservation.rel(p, observer, players);
            for (int type = 0; type < Cards.TYPES; type++) {
                assertEquals(s.handCount(p, type), o[hands.offset() + r * Cards.TYPES + type]);
                if (r == 0) {
                    assertEquals(s.handCount(p, type), t[own.offset() + type]);
                }
            }
        }
        assertEquals(OsakaObservation.INFORMATION_STATE_SPEC.size(), info.size());
    }

    /** The state with its JSON form edited (a public fact changed), read back through the validating reader. */
    private static OsakaState edited(OsakaState s, java.util.function.Consumer<ObjectNode> change) {
        ObjectNode root = (ObjectNode) Json.mapper().valueToTree(OsakaJson.toDto(s));
        change.accept(root);
        return OsakaJson.fromJson(root.toString());
    }

    @Property(tries = 100)
    void changingAPublicFactChangesTheObservation(@ForAll @IntRange(min = 2, max = 4) int players, @ForAll long seed,
                                                  @ForAll @IntRange(min = 0, max = 300) int decisions,
                                                  @ForAll @IntRange(min = 0, max = 3) int observerPick) {
        OsakaState s = reachable(players, seed, decisions);
        int observer = observerPick % players;
        for (OsakaObservation encoder : List.of(OsakaObservation.informationState(), OsakaObservation.observation())) {
            publicFactsShow(encoder, s, players, observer);
        }
    }

    private static void publicFactsShow(OsakaObservation encoder, OsakaState s, int players, int observer) {
        float[] base = observe(encoder, s, observer);

        // A ship moves (staying off Edo, where only a payout may leave it).
        OsakaState shipMoved = edited(s, j -> {
            ObjectNode ships = (ObjectNode) j.get("ships");
            int pos = Space.valueOf(ships.get("blue").asText()).ordinal();
            ships.put("blue", Space.of(pos == Space.EDO.ordinal() ? pos : (pos + 1) % Space.EDO.ordinal()).name());
        });
        if (shipMoved.ship(dev.kaisen.env.osaka.Colour.BLUE) != s.ship(dev.kaisen.env.osaka.Colour.BLUE)) {
            assertFalse(Arrays.equals(base, observe(encoder, shipMoved, observer)), "a ship moved");
        }

        // A Market card is swapped with a draw pile card of another type.
        OsakaJson.StateJson j = OsakaJson.toDto(s);
        if (!j.market().isEmpty() && s.reservedBy(dev.kaisen.env.osaka.Cards.parse(j.market().get(0))) < 0) {
            for (int k = 0; k < j.drawPile().size(); k++) {
                String m = j.market().get(0);
                String d = j.drawPile().get(k);
                if (!m.substring(0, 2).equals(d.substring(0, 2))) {
                    int at = k;
                    OsakaState swapped = edited(s, x -> {
                        ((ArrayNode) x.get("market")).set(0, x.textNode(d));
                        ((ArrayNode) x.get("drawPile")).set(at, x.textNode(m));
                    });
                    assertFalse(Arrays.equals(base, observe(encoder, swapped, observer)), "a Market card changed");
                    break;
                }
            }
        }

        // A player gains an achievement token (while the game is still far from ending).
        int seat = (observer + 1) % players;
        if (s.totalTokens(seat) < 6 && s.phase() != Phase.GAME_OVER) {
            OsakaState token = edited(s, x -> {
                ObjectNode tokens = (ObjectNode) x.get("seats").get(seat).get("tokens");
                tokens.put("red", tokens.get("red").asInt() + 1);
            });
            assertFalse(Arrays.equals(base, observe(encoder, token, observer)), "a token was gained");
        }
    }

}
