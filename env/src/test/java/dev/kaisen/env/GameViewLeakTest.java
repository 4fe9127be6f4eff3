package dev.kaisen.env;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The view the renderers draw ({@link Game#viewJson}) and the text board ({@link Game#render(GameState, int)})
 * as the no-leak suite checks the observation: states that differ only in what the observer cannot
 * know give that observer the same view and the same board, the
 * variations made by the game's {@link HiddenEdits} (edits of the JSON form, never the view code
 * nor {@code determinize}), and a determinization gives the same view too. The view's winners are
 * the state's ({@link GameState#winners}) once the game is over, none before; the view of a state's
 * JSON is the view of the state; an observer outside the game is refused.
 */
class GameViewLeakTest {
    /** Random games played per game and player count. */
    static final int GAMES = 3;

    static Stream<Arguments> games() {
        return Games.everyPlayerCount().stream().map(g -> Arguments.of(g.game(), g.players()));
    }

    @SuppressWarnings("unchecked")
    static <S extends GameState<S>> Game<S> typed(String id, int players) {
        return (Game<S>) Games.create(id, GameConfig.of(players));
    }

    @ParameterizedTest
    @MethodSource("games")
    <S extends GameState<S>> void changingOnlyWhatTheObserverCannotKnowChangesNotTheirView(String id, int players) {
        Game<S> g = typed(id, players);
        HiddenEdits edits = HiddenEdits.forGame(id).orElseThrow(() -> new AssertionError(id + " has no HiddenEdits"));
        int varied = 0;
        int spectatorSawIt = 0;
        for (int k = 0; k < GAMES; k++) {
            long seed = SplitMix64.derive(players * 17L, k);
            S s = g.newGame(seed);
            SplittableRandom r = new SplittableRandom(seed);
            int step = 0;
            while (!s.isTerminal()) {
                if (step++ % 4 == 0) {
                    int observer = r.nextInt(players);
                    String mine = g.viewJson(s, observer);
                    String myBoard = g.render(s, observer);
                    for (String json : edits.variations(g.toJson(s, false), observer, r.nextLong(), 3)) {
                        S other = g.fromJson(json);
                        varied++;
                        assertEquals(mine, g.viewJson(other, observer), () -> id + " view leaks to seat " + observer);
                        assertEquals(mine, g.viewJson(json, observer), "the view of the JSON is the view of the state");
                        assertEquals(myBoard, g.render(other, observer), () -> id + " text board leaks to seat " + observer);
                        assertEquals(myBoard, g.render(json, observer), "the board of the JSON is the board of the state");
                        spectatorSawIt += g.viewJson(other, GameView.SPECTATOR)
                                .equals(g.viewJson(s, GameView.SPECTATOR)) ? 0 : 1;
                    }
                    S d = s.determinize(observer, r.nextLong());
                    assertEquals(mine, g.viewJson(d, observer), () -> id + " view differs on a determinization");
                    assertEquals(myBoard, g.render(d, observer), () -> id + " text board differs on a determinization");
                }
                s.applyInPlace(RandomPlay.action(s, r));
            }
        }
        assertTrue(varied > 0, "the generator made variations");
        if (GameView.tree(g.viewJson(g.newGame(1), GameView.SPECTATOR)).has("state")
                && !id.equals("floating-market")) { // all public there: its variations change only the random stream
            assertTrue(spectatorSawIt > 0, "a spectator sees what the variations change");
        }
    }

    @ParameterizedTest
    @MethodSource("games")
    <S extends GameState<S>> void theViewsWinnersAreTheStatesOnceTheGameIsOver(String id, int players) {
        Game<S> g = typed(id, players);
        for (int k = 0; k < GAMES; k++) {
            S s = g.newGame(SplitMix64.derive(players * 23L, k));
            SplittableRandom r = new SplittableRandom(k);
            while (!s.isTerminal()) {
                assertEquals(List.of(), winners(g.viewJson(s, GameView.SPECTATOR)), "no winner before the end");
                s.applyInPlace(RandomPlay.action(s, r));
            }
            List<Integer> expected = new ArrayList<>();
            for (int p : s.winners()) {
                expected.add(p);
            }
            assertNotEquals(List.of(), expected);
            for (int o = -1; o < players; o++) {
                assertEquals(expected, winners(g.viewJson(s, o)), "observer " + o);
            }
            S end = s;
            assertThrows(IllegalArgumentException.class, () -> g.viewJson(end, players));
            assertThrows(IllegalArgumentException.class, () -> g.viewJson(end, -2));
            assertThrows(IllegalArgumentException.class, () -> g.render(end, players));
            assertThrows(IllegalArgumentException.class, () -> g.render(end, -2));
            assertEquals(g.render(end), g.render(end, GameView.SPECTATOR), "render(state) is the spectator's board");
        }
    }

    private static List<Integer> winners(String view) {
        List<Integer> out = new ArrayList<>();
        for (JsonNode p : GameView.tree(view).get("winners")) {
            out.add(p.asInt());
        }
        return out;
    }
}
