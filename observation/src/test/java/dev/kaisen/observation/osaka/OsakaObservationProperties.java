package dev.kaisen.observation.osaka;

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

    private static OsakaState withDto(OsakaState s, UnaryOperator<OsakaJson.StateJson> change) {
        return OsakaJson.fromDto(change.apply(OsakaJson.toDto(s)));
    }

    private static OsakaJson.StateJson withShips(OsakaJson.StateJson j, Map<String, String> ships) {
        return new OsakaJson.StateJson(j.format(), j.players(), j.phase(), j.currentPlayer(), j.activePlayer(),
                j.startPlayer(), j.tokenPicksLeft(), j.paymentDue(), j.sunkColours(), j.insuranceOffset(), j.passStreak(),
                j.decisions(), j.endReason(), j.rng(), ships, j.market(), j.farm(), j.drawPile(), j.discardPile(),
                j.outOfGame(), j.seats());
    }

    private static OsakaJson.StateJson withMarketAndDraw(OsakaJson.StateJson j, List<String> market, List<String> draw) {
        return new OsakaJson.StateJson(j.format(), j.players(), j.phase(), j.currentPlayer(), j.activePlayer(),
                j.startPlayer(), j.tokenPicksLeft(), j.paymentDue(), j.sunkColours(), j.insuranceOffset(), j.passStreak(),
                j.decisions(), j.endReason(), j.rng(), j.ships(), market, j.farm(), draw, j.discardPile(),
                j.outOfGame(), j.seats());
    }

    private static OsakaJson.StateJson withSeats(OsakaJson.StateJson j, List<OsakaJson.SeatJson> seats) {
        return new OsakaJson.StateJson(j.format(), j.players(), j.phase(), j.currentPlayer(), j.activePlayer(),
                j.startPlayer(), j.tokenPicksLeft(), j.paymentDue(), j.sunkColours(), j.insuranceOffset(), j.passStreak(),
                j.decisions(), j.endReason(), j.rng(), j.ships(), j.market(), j.farm(), j.drawPile(), j.discardPile(),
                j.outOfGame(), seats);
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
        OsakaState shipMoved = withDto(s, j -> {
            Map<String, String> ships = new LinkedHashMap<>(j.ships());
            int pos = Space.valueOf(ships.get("blue")).ordinal();
            ships.put("blue", Space.of(pos == Space.EDO.ordinal() ? pos : (pos + 1) % Space.EDO.ordinal()).name());
            return withShips(j, ships);
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
                    List<String> market = new ArrayList<>(j.market());
                    List<String> draw = new ArrayList<>(j.drawPile());
                    market.set(0, d);
                    draw.set(k, m);
                    OsakaState swapped = OsakaJson.fromDto(withMarketAndDraw(j, market, draw));
                    assertFalse(Arrays.equals(base, observe(encoder, swapped, observer)), "a Market card changed");
                    break;
                }
            }
        }

        // A player gains an achievement token (while the game is still far from ending).
        int seat = (observer + 1) % players;
        if (s.totalTokens(seat) < 6 && s.phase() != Phase.GAME_OVER) {
            OsakaState token = withDto(s, x -> {
                List<OsakaJson.SeatJson> seats = new ArrayList<>(x.seats());
                OsakaJson.SeatJson old = seats.get(seat);
                Map<String, Integer> tokens = new LinkedHashMap<>(old.tokens());
                tokens.merge("red", 1, Integer::sum);
                seats.set(seat, new OsakaJson.SeatJson(old.hand(), old.goods(), old.insuredGoods(), old.vp(),
                        old.vpCards(), old.vpWithoutCard(), tokens, old.reservedCard()));
                return withSeats(x, seats);
            });
            assertFalse(Arrays.equals(base, observe(encoder, token, observer)), "a token was gained");
        }
    }

}
