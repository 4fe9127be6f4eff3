package dev.kaisen.bridge.gateway;

import dev.kaisen.env.Games;
import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The JVM's named agents asked for one move at a time, and the names a seat reads for others' moves. */
class AgentHandleTest {
    private final KaisenGateway gateway = new KaisenGateway();

    /** Plays {@code state} to the end with {@code agents[seat]}, checking every move is legal and leaves the state alone. */
    private static int playToTheEnd(StateHandle state, AgentHandle... agents) {
        int moves = 0;
        while (!state.isTerminal()) {
            String before = state.toJson(false);
            int a = agents[state.currentPlayer()].act(state);
            assertEquals(before, state.toJson(false), "act leaves the state unchanged");
            assertTrue(Arrays.binarySearch(state.legalActions(), a) >= 0, "a legal action");
            state.apply(a);
            moves++;
        }
        return moves;
    }

    @Test
    void everyGamesBotAndRandomPlayAWholeGameWithLegalMovesOnly() {
        for (String game : Games.ids()) {
            String bot = Games.create(game).botNames().isEmpty() ? "random" : Games.create(game).botNames().get(0);
            AgentHandle first = gateway.newAgent(game, null, bot, 1);
            AgentHandle second = gateway.newAgent(game, null, " random ", 2);
            assertEquals(bot, first.name());
            assertEquals("random", second.name(), "the name as given, trimmed");
            assertEquals(game, first.gameId());
            assertEquals(2, first.numPlayers());
            StateHandle s = gateway.newState(game, null, null, 5);
            assertTrue(playToTheEnd(s, first, second) > 0, game);
            IllegalStateException over = assertThrows(IllegalStateException.class, () -> first.act(s));
            assertTrue(over.getMessage().contains("the game is over"), over.getMessage());
        }
    }

    @Test
    void theSameSeedMakesTheSameMoves() {
        StateHandle s = gateway.newState("osaka", null, null, 9);
        AgentHandle a = gateway.newAgent("osaka", null, "random", 4);
        AgentHandle b = gateway.newAgent("osaka", null, "random", 4);
        for (int i = 0; i < 10; i++) {
            int x = a.act(s);
            assertEquals(x, b.act(s));
            s.apply(x);
        }
    }

    @Test
    void searchAndZooAgentsAnswerTooWithTheNamesEvalTakes() {
        StateHandle s = gateway.newState("osaka", null, null, 3);
        String before = s.toJson(false);
        for (String name : new String[] {"ismcts:20", "zoo:osaka-2p"}) {
            AgentHandle agent = gateway.newAgent("osaka", "{\"players\": 2}", name, 7);
            assertEquals(name, agent.name());
            int a = agent.act(s);
            assertTrue(Arrays.binarySearch(s.legalActions(), a) >= 0, name);
            assertEquals(before, s.toJson(false), name + " left the state alone");
        }
    }

    @Test
    void anUnknownNameListsTheKnownOnesAndAStateOfAnotherGameOrConfigIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> gateway.newAgent("osaka", null, "nobody", 0));
        assertTrue(e.getMessage().contains("unknown agent 'nobody'") && e.getMessage().contains("random")
                && e.getMessage().contains("ismcts"), e.getMessage());
        IllegalArgumentException blank = assertThrows(IllegalArgumentException.class,
                () -> gateway.newAgent("osaka", null, " ", 0));
        assertTrue(blank.getMessage().contains("known: random"), blank.getMessage());
        assertThrows(IllegalArgumentException.class, () -> gateway.newAgent("chess", null, "random", 0));

        AgentHandle osaka2 = gateway.newAgent("osaka", null, "random", 0);
        IllegalArgumentException game = assertThrows(IllegalArgumentException.class,
                () -> osaka2.act(gateway.newState("tokaido", null, null, 0)));
        assertTrue(game.getMessage().contains("plays osaka") && game.getMessage().contains("tokaido"), game.getMessage());
        IllegalArgumentException players = assertThrows(IllegalArgumentException.class,
                () -> osaka2.act(gateway.newState("osaka", "{\"players\": 3}", null, 0)));
        assertTrue(players.getMessage().contains("\"players\":3"), players.getMessage());
        assertThrows(IllegalArgumentException.class, () -> osaka2.act(null));
    }

    @Test
    void aSealedBidReadsInFullForTheBidderAndAsCommittedForTheOthers() {
        // a Merchants game played by random moves until a sealed bid is due
        StateHandle s = gateway.newState("merchants", null, null, 2);
        AgentHandle random = gateway.newAgent("merchants", null, "random", 3);
        int guard = 0;
        while (!s.isTerminal() && !s.actionName(s.legalActions()[0]).startsWith("bid:")) {
            s.apply(random.act(s));
            assertTrue(guard++ < 10_000, "a bid comes up");
        }
        int bidder = s.currentPlayer();
        int other = 1 - bidder;
        int bid = s.legalActions()[s.legalActions().length - 1];
        assertEquals(s.actionName(bid), s.actionNameFor(bidder, bid));
        assertEquals("commits a sealed bid", s.actionNameFor(other, bid));

        StateHandle osaka = gateway.newState("osaka", null, null, 1);
        int a = osaka.legalActions()[0];
        assertEquals(osaka.actionName(a), osaka.actionNameFor(1 - osaka.currentPlayer(), a), "public moves in full");
        IllegalArgumentException seat = assertThrows(IllegalArgumentException.class, () -> osaka.actionNameFor(2, a));
        assertTrue(seat.getMessage().contains("seat 2 is out of range"), seat.getMessage());
        IllegalArgumentException action = assertThrows(IllegalArgumentException.class,
                () -> osaka.actionNameFor(0, osaka.numDistinctActions()));
        assertTrue(action.getMessage().contains("out of range"), action.getMessage());
    }
}
