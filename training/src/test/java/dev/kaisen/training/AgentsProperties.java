package dev.kaisen.training;

import dev.kaisen.env.Agent;
import dev.kaisen.env.osaka.OsakaAgents;
import dev.kaisen.env.osaka.OsakaConfig;
import dev.kaisen.env.osaka.OsakaState;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AgentsProperties {
    static final List<String> NAMES = List.of("random", "greedy", "ismcts:30", "ismcts:30:random");

    /** A random reachable state (random legal play from the deal). */
    static OsakaState reachable(int players, long seed, int decisions) {
        OsakaState s = OsakaState.newGame(new OsakaConfig(players), seed);
        SplittableRandom r = new SplittableRandom(seed + 1);
        while (!s.isTerminal() && s.decisions() < decisions) {
            int[] legal = s.legalActions();
            s.applyInPlace(legal[r.nextInt(legal.length)]);
        }
        return s;
    }

    @Property(tries = 30)
    void everyAgentOnlyChoosesLegalActionsInRandomStates(@ForAll @IntRange(min = 2, max = 4) int players,
                                                        @ForAll long seed,
                                                        @ForAll @IntRange(min = 0, max = 250) int decisions) {
        OsakaState s = reachable(players, seed, decisions);
        if (s.isTerminal()) {
            return;
        }
        for (String name : NAMES) {
            Agent<OsakaState> agent = OsakaAgents.create(name, seed);
            OsakaState before = s.copy();
            int action = agent.chooseAction(s);
            assertTrue(s.isLegal(action), name + " chose an illegal action");
            assertEquals(before, s, name + " changed the state it was shown");
        }
    }

    @Property(tries = 6)
    void agentsPlayWholeGamesWithLegalActionsOnly(@ForAll @IntRange(min = 2, max = 4) int players, @ForAll long seed) {
        List<Agent<OsakaState>> seats = new ArrayList<>();
        for (int p = 0; p < players; p++) {
            seats.add(OsakaAgents.create(NAMES.get(Math.floorMod(p + (int) seed, NAMES.size())), seed + p));
        }
        OsakaState s = OsakaState.newGame(new OsakaConfig(players), seed);
        while (!s.isTerminal()) {
            int action = seats.get(s.currentPlayer()).chooseAction(s);
            assertTrue(s.isLegal(action));
            s.applyInPlace(action);
        }
    }

    @Property(tries = 25)
    void ismctsNeverPeeksItsChoiceIsTheSameForStatesDifferingOnlyInHiddenInformation(
            @ForAll @IntRange(min = 2, max = 4) int players, @ForAll long seed,
            @ForAll @IntRange(min = 0, max = 250) int decisions) {
        OsakaState s = reachable(players, seed, decisions);
        if (s.isTerminal()) {
            return;
        }
        int me = s.currentPlayer();
        // Same public facts and own hand; other hands, the draw pile order and the random stream differ.
        OsakaState other = s.determinize(me, ~seed);
        for (String name : List.of("ismcts:40", "ismcts:40:random")) {
            int a = OsakaAgents.create(name, seed).chooseAction(s);
            int b = OsakaAgents.create(name, seed).chooseAction(other);
            assertEquals(a, b, name);
        }
    }
}
