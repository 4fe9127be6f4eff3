package dev.kaisen.training.eval;

import dev.kaisen.env.Agent;
import dev.kaisen.env.ParallelGames;
import dev.kaisen.env.SplitMix64;
import dev.kaisen.env.osaka.OsakaAgents;
import dev.kaisen.env.osaka.OsakaState;
import dev.kaisen.observation.RewardMode;
import dev.kaisen.observation.osaka.EnvInfo;
import dev.kaisen.observation.osaka.OsakaSingleEnv;

import java.util.List;

/**
 * One agent against copies of one opponent, the agent's seat rotated: game i puts it at seat
 * {@code i mod players} of a single-learner env reset with {@code SplitMix64.derive(seed, i)}
 * (which deals the game and seeds the opponents), and seeds the agent with
 * {@code derive(derive(seed, i), 0)}. Python's {@code kaisen.evaluate} plays a Python policy
 * in exactly the same games, so a named agent (e.g. {@code dl4j:...}) and a Python policy
 * evaluated with the same seed meet the same deals and opponents.
 */
public final class SeatEvaluation {
    /**
     * @param wins        the agent's win shares (a win shared by k players counts 1/k)
     * @param seatGames   games played at each seat
     * @param seatWins    win shares at each seat
     */
    public record Result(String agent, String opponent, int players, int games, long seed, double wins,
                         double winRate, double winRateLow, double winRateHigh, int[] seatGames, double[] seatWins,
                         double meanVp, double opponentMeanVp, double meanDecisions) {
    }

    private SeatEvaluation() {
    }

    public static Result run(String agent, String opponent, int players, int games, long seed, int threads) {
        OsakaAgents.validate(List.of(agent, opponent));
        if (games < 1 || threads < 1) {
            throw new IllegalArgumentException("games and threads must be positive");
        }
        double[] share = new double[games];
        double[] vp = new double[games];
        double[] oppVp = new double[games];
        int[] decisions = new int[games];
        OsakaSingleEnv.Config[] configs = new OsakaSingleEnv.Config[players];
        for (int s = 0; s < players; s++) {
            configs[s] = new OsakaSingleEnv.Config(players, s, List.of(opponent), RewardMode.TERMINAL);
        }
        ParallelGames.run(games, threads, i -> {
            int seat = i % players;
            long gameSeed = SplitMix64.derive(seed, i);
            OsakaSingleEnv env = new OsakaSingleEnv(configs[seat]);
            env.reset(gameSeed);
            Agent<OsakaState> me = OsakaAgents.create(agent, SplitMix64.derive(gameSeed, 0));
            while (!env.done()) {
                env.step(me.chooseAction(env.state()));
            }
            EnvInfo info = env.info();
            int winners = info.winners().length;
            for (int w : info.winners()) {
                if (w == seat) {
                    share[i] = 1.0 / winners;
                }
            }
            vp[i] = info.vp()[seat];
            double others = 0;
            for (int p = 0; p < players; p++) {
                others += p == seat ? 0 : info.vp()[p];
            }
            oppVp[i] = others / (players - 1);
            decisions[i] = info.decisions();
        });
        int[] seatGames = new int[players];
        double[] seatWins = new double[players];
        double wins = 0;
        double sumVp = 0;
        double sumOpp = 0;
        double sumDecisions = 0;
        for (int i = 0; i < games; i++) {
            seatGames[i % players]++;
            seatWins[i % players] += share[i];
            wins += share[i];
            sumVp += vp[i];
            sumOpp += oppVp[i];
            sumDecisions += decisions[i];
        }
        double[] ci = Wilson.interval95(wins, games);
        return new Result(agent, opponent, players, games, seed, wins, wins / games, ci[0], ci[1], seatGames, seatWins,
                sumVp / games, sumOpp / games, sumDecisions / games);
    }
}
