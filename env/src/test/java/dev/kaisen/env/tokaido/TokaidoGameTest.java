package dev.kaisen.env.tokaido;

import dev.kaisen.env.Agent;
import dev.kaisen.env.GameProvider;
import dev.kaisen.env.Games;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Tokaido in the registry: id, players, the travellers option, the action table and the bot. */
class TokaidoGameTest {
    @Test
    void theGameIsRegisteredWithTwoToFivePlayersAndTheTravellersOptionOnByDefault() {
        GameProvider p = Games.provider("tokaido");
        assertEquals("Tokaido", p.title());
        assertEquals(2, p.minPlayers());
        assertEquals(5, p.maxPlayers());
        assertEquals(2, p.defaultPlayers());
        assertEquals(List.of("travellers"), p.options().stream().map(o -> o.name()).toList());
        TokaidoGame standard = (TokaidoGame) Games.create("tokaido", "{\"players\": 4}");
        assertTrue(standard.powers());
        TokaidoGame seedOnly = (TokaidoGame) Games.create("tokaido", "{\"players\": 3, \"travellers\": false}");
        assertFalse(seedOnly.powers());
        assertFalse(seedOnly.newGame(1).powers());
        assertThrows(IllegalArgumentException.class, () -> Games.create("tokaido", "{\"travellers\": \"no\"}"));
        assertThrows(IllegalArgumentException.class, () -> Games.create("tokaido", "{\"players\": 6}"));
    }

    @Test
    void theActionTableNamesEveryIdOnce() {
        TokaidoGame g = new TokaidoGame(2);
        assertEquals(94, g.numDistinctActions());
        assertEquals("keep:first", g.actionName(0));
        assertEquals("keep:second", g.actionName(1));
        assertEquals("move:1", g.actionName(TokaidoAction.move(1)));
        assertEquals("move:54", g.actionName(55));
        assertEquals("meal:donburi", g.actionName(81));
        assertEquals("pass", g.actionName(93));
        assertEquals("invalid:94", g.actionName(94));
        assertEquals(94, g.actionTable().stream().map(e -> e.name()).distinct().count());
    }

    @Test
    void theGreedyBotIsTheRolloutBotAndPlaysLegally() {
        TokaidoGame g = new TokaidoGame(3);
        assertEquals("greedy", g.rolloutBot());
        assertThrows(IllegalArgumentException.class, () -> g.bot("clever", 1));
        Agent<TokaidoState> bot = g.bot("greedy", 1);
        TokaidoState s = g.newGame(3);
        while (!s.isTerminal()) {
            s.applyInPlace(bot.chooseAction(s));
        }
        assertTrue(s.points(0) > 0);
    }

    @Test
    void gourmetGoesToEveryPlayerTiedOnCoinsPaidForMeals() {
        TokaidoState s = Table.of(3).at(0, 54).at(1, 54).at(2, 53).start();
        s.mealSpent[0] = 4;
        s.mealSpent[2] = 4;
        s.coins[2] = 0;
        s.applyInPlace(TokaidoAction.move(54));
        s.applyInPlace(TokaidoAction.PASS);
        assertTrue(s.hasAchievement(0, TokaidoState.GOURMET));
        assertTrue(s.hasAchievement(2, TokaidoState.GOURMET));
        assertFalse(s.hasAchievement(1, TokaidoState.GOURMET));
    }

    /** The rules file's board, "Board (55 positions, 0..54)", copied stretch by stretch. */
    @Test
    void theRoadIsTheRulesFilesBoard() {
        String[] stretches = {
            "V*, T, E, P, H*, M*, F*, V, T*, E, S*, M, H",
            "S, T, F*, P*, M*, E*, T, H*, M, S*, V, F",
            "P, V, E*, F, M*, H, S*, P, T*, F*, E, S, V*",
            "H, T*, E, V*, S, F*, H*, E, M, P*, S*, V"};
        int position = 0;
        for (int i = 0; i < stretches.length; i++) {
            assertEquals("I", Board.key(position), "an inn at " + position);
            for (String key : stretches[i].split(", ")) {
                position++;
                assertEquals(key, Board.key(position), "position " + position);
            }
            position++;
        }
        assertEquals(Board.EDO, position);
        assertEquals("I", Board.key(Board.EDO));
    }
}
