package dev.kaisen.env.osaka;

import com.fasterxml.jackson.databind.JsonNode;
import dev.kaisen.env.GameView;
import dev.kaisen.env.RandomPlay;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The view and the text board a seat is shown ({@link OsakaView}, {@link OsakaText}): the table as
 * that seat sees it, another seat's hand as its size only, the draw pile and face-down VP cards as
 * nobody's; a spectator sees everything.
 */
class OsakaViewTest {
    private final OsakaGame game = new OsakaGame(3);

    /** A 3-player game after {@code moves} random legal moves from seed 5 (or at its end). */
    private OsakaState after(int moves) {
        List<OsakaState> states = RandomPlay.states(game, 5);
        return states.get(Math.min(moves, states.size() - 1));
    }

    @Test
    void aSeatsBoardShowsItsOwnHandAndTheOthersSizesOnly() {
        OsakaState s = after(40);
        String[] spectator = game.render(s, GameView.SPECTATOR).split("\n");
        String[] seat0 = game.render(s, 0).split("\n");
        assertEquals(5 + 3, seat0.length, "a header, the track, Market, Farm, piles, and a line per seat");
        assertEquals(spectator[5], seat0[5], "its own hand in full");
        for (int p = 1; p < 3; p++) {
            assertTrue(seat0[5 + p].contains(" hand " + s.handSize(p) + " cards | "), seat0[5 + p]);
            assertFalse(spectator[5 + p].contains(" cards | "), spectator[5 + p]);
        }
        assertEquals(spectator[0] + ", seen by P0", seat0[0], "the header names the observer");
        for (int line = 1; line < 5; line++) {
            assertEquals(spectator[line], seat0[line], "the table's public lines");
        }
        assertEquals(game.render(s), game.render(s, GameView.SPECTATOR));
    }

    @Test
    void theHeaderSaysWhoActsAndOnceOverHowItEndedAndWhoWon() {
        OsakaState s = after(40);
        assertTrue(game.render(s).startsWith("Traders of Osaka, 3 players, decision 40, phase " + s.phase + ", player "
                + s.currentPlayer() + " to act"), game.render(s));
        OsakaState end = after(Integer.MAX_VALUE);
        StringBuilder won = new StringBuilder();
        for (int p : end.winners()) {
            won.append(won.length() == 0 ? "won by P" : " and P").append(p);
        }
        String header = game.render(end, 2).split("\n")[0];
        assertEquals("Traders of Osaka, 3 players, decision " + end.decisions + ", phase GAME_OVER, game over ("
                + end.endReason.name().toLowerCase(java.util.Locale.ROOT) + "), " + won + ", seen by P2", header);
    }

    @Test
    void aSeatsViewHidesTheDrawPileTheOtherHandsAndEveryFaceDownCard() {
        OsakaState s = after(400);
        JsonNode view = GameView.tree(game.viewJson(s, 1));
        JsonNode state = view.get("state");
        assertFalse(state.has("rng"));
        assertEquals(s.drawSize, state.get("drawPile").size());
        state.get("drawPile").forEach(c -> assertTrue(c.isNull()));
        for (int p = 0; p < 3; p++) {
            JsonNode seat = state.get("seats").get(p);
            assertEquals(p == 1, view.get("handsShown").get(p).asBoolean());
            assertEquals(s.handSize(p), view.get("handSizes").get(p).asInt());
            assertEquals(s.handSize(p), seat.get("hand").size());
            boolean hidden = p != 1;
            seat.get("hand").forEach(c -> assertEquals(hidden, c.isNull()));
            seat.get("vpCardsFaceDown").forEach(e -> assertTrue(e.get("card").isNull(), "nobody sees a face-down card"));
        }
        JsonNode all = GameView.tree(game.viewJson(s, GameView.SPECTATOR)).get("state");
        assertTrue(all.has("rng"));
        all.get("drawPile").forEach(c -> assertFalse(c.isNull()));
    }
}
